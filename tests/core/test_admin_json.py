"""Stored JSON on the admin pages: indented, escaped, non-ASCII text as written."""

from __future__ import annotations

from tutor.core.admin_json import json_block


def test_json_block_indents_and_escapes() -> None:
    html = json_block({"nickname": "<b>Bálint</b>", "answer": {"winners": ["0", "2"]}})
    assert html.startswith("<pre>{\n") and html.endswith("}</pre>")
    assert "&lt;b&gt;Bálint&lt;/b&gt;" in html and "<b>" not in html
    assert '    "winners": [\n' in html.replace("&quot;", '"')
