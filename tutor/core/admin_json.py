"""Stored JSON on the operators' admin pages: a session's questions, an answer as it was
sent, a review card. Shown indented and read-only, never as an editable text box: a past
quiz's results are read from what it stored, so editing it would rewrite what was asked.

    class SessionAdmin(admin.ModelAdmin):
        exclude = ("questions",)
        readonly_fields = ("questions_json",)

        @admin.display(description="questions")
        def questions_json(self, session: Session) -> SafeString:
            return json_block(session.questions)
"""

from __future__ import annotations

import json

from django.utils.html import format_html
from django.utils.safestring import SafeString


def json_block(value: object) -> SafeString:
    """``value`` as indented JSON in a ``<pre>``, escaped, non-ASCII text kept readable."""
    text = json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True, default=str)
    return format_html("<pre>{}</pre>", text)
