"""An engine drill's stored question as a snapshot: the cards as text, the right answer.

The text is the drill's own ``#question`` partial read as plain text (same facts, same
translated sentences, cards as ``10♦``), then what the drill's answer form adds to the
situation (each player's hole cards beside the tick boxes, the pots to share) and the
questions its form asks. The parts are the form's fields, each with its right answer read
from the answer key the quiz stored, never worked out again; each drill's parts are built
in ``engine_holdem``, ``engine_pots``, ``engine_table`` and ``engine_teenpatti``.

Everything is in the active language: the caller picks it (``translation.override``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext

from tutor.core.locales import current_language
from tutor.drills.base import LEVEL_NAMES
from tutor.drills.parts import render_part
from tutor.drills.written import WrittenQuestion

from . import engine_holdem, engine_pots, engine_table, engine_teenpatti
from .engine_parts import Form
from .engine_text import html_text
from .snapshot import Snapshot

__all__ = ["BUILDERS", "engine_form", "engine_snapshot", "question_text"]

#: Drill slug -> the parts its form asks (every quiz drill has one; a test checks).
BUILDERS: dict[str, Callable[[WrittenQuestion, dict[str, Any]], Form]] = {
    **engine_holdem.BUILDERS,
    **engine_pots.BUILDERS,
    **engine_table.BUILDERS,
    **engine_teenpatti.BUILDERS,
}


def engine_form(q: WrittenQuestion, context: dict[str, Any] | None = None) -> Form:
    """What question ``q`` asks, each part tied to its field of the drill's form
    (``KeyError`` for a question of no engine drill, such as a teacher's own)."""
    build = BUILDERS[q.drill.slug]
    form = build(q, q.context() if context is None else context)
    if len(form.asked) == 1 and form.asked[0].part.label:
        # A question of one part asks it in the text, as the snapshot's parts expect.
        only = form.asked[0]
        unlabelled = replace(only, part=replace(only.part, label=""))
        return replace(form, asked=(unlabelled,), lines=(*form.lines, only.part.label))
    return form


def question_text(q: WrittenQuestion, context: dict[str, Any]) -> str:
    """The drill's ``#question`` partial as plain text."""
    html = render_part(q.drill, "question", {"question": q.data, **context})
    return html_text(html)


def _name(q: WrittenQuestion) -> str:
    """The drill's title, its level and a short fingerprint of the question dealt (two
    questions of one drill and level are told apart in a question bank)."""
    stored = json.dumps(q.entry["question"], sort_keys=True, ensure_ascii=False)
    level = q.entry["level"]
    # Translators: the name of an exported quiz question: the drill's title, its level and
    # a short code telling questions of the same drill apart, e.g. "Name the hand (Easy, 3f2a9c)".
    return gettext("%(drill)s (%(level)s, %(code)s)") % {
        "drill": q.drill.title,
        "level": LEVEL_NAMES.get(level, level),
        "code": hashlib.sha256(stored.encode()).hexdigest()[:6],
    }


def engine_snapshot(q: WrittenQuestion, points: int) -> Snapshot:
    """Question ``q`` of an engine drill, fixed as it was dealt, in the active language."""
    context = q.context()
    form = engine_form(q, context)
    return Snapshot(
        name=_name(q),
        language=current_language(),
        text="\n".join([question_text(q, context), *form.lines]),
        parts=tuple(asked.part for asked in form.asked),
        explanation="\n".join(line for line in form.explanation if line),
        points=points,
    )
