"""A new question's drill content, from a copy kept per drill, language, level and concept.

A drill page's content (``drills/base_drill.html`` rendered alone, ``drill_layout``) is
the same for every new question of a drill at a level, in a language, but for a few
parts: the question's and the answer's partials (``#question``, ``#answer``), the signed
token, the question's link and the next one's, the "peek" box of its rules and the
visitor's tally. The copy is rendered once with a stand-in for each (``kept_parts``,
``token``, ``permalink``, ``next_url``, ``peek``: letters only, which escaping leaves as
they are) and kept; each request renders only those parts, with the page's own context
(its context processors run once), and puts them in, escaped as the template would have
escaped them.

A page with anything else of its own (a notice, an answer, its feedback) has its content
rendered whole, as before. The content is typeset with the layout around it
(``kept_pages``), so the page's HTML is the same either way
(``tests/drills/test_kept_drill_page.py`` compares them).
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from django.core.cache import caches
from django.http import HttpRequest
from django.template.context import make_context
from django.template.loader import get_template, render_to_string
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString

from tutor.core import kept_pages
from tutor.core.locales import current_language
from tutor.drills.drill import QuestionDrill
from tutor.drills.parts import part_template

CONTENT_ONLY = "drills/content_only.html"
#: The partials put in per question, and the tally (per visitor) beside them.
PARTS = ("question", "answer")
TALLY = "drills/_tally.html"
#: What a page of its own shows besides the question: its content is rendered whole.
OWN = ("notice", "answer", "answer_error", "feedback", "reopened")
#: The values put in per request, by their stand-ins' names.
FILLED = (*PARTS, "tally", "token", "permalink", "next_url", "peek")
ADDRESSES = ("token", "permalink", "next_url", "peek")  # the values escaped when put in
_STAND_INS = {kept_pages.stand_in(f"content{name}"): name for name in FILLED}
_FIND = re.compile("|".join(map(re.escape, _STAND_INS)))
SECONDS = kept_pages.SECONDS


def content(
    request: HttpRequest, drill: QuestionDrill[Any, Any], context: dict[str, Any]
) -> SafeString:
    """The drill's content for ``context`` (the page's), with the CSRF token's stand-in
    (:data:`kept_pages.TOKEN`): from the kept copy for a new question."""
    own = {**context, "drill_layout": CONTENT_ONLY, "csrf_token": kept_pages.TOKEN}
    if any(context.get(name) for name in OWN):
        return render_to_string(drill.template, own, request)
    kept = _kept(request, drill, own)
    bound = make_context(own, request)
    parts = {name: _template(part_template(drill, name)) for name in PARTS}
    tally = _template(TALLY)
    with bound.bind_template(tally):  # the context processors run once, as for a page
        values: dict[str, str] = {name: part.render(bound) for name, part in parts.items()}
        values["tally"] = tally.render(bound)
    for name in ADDRESSES:
        values[name] = str(conditional_escape(context[name]))
    return SafeString(_FIND.sub(lambda found: values[_STAND_INS[found[0]]], kept))


def _template(name: str) -> Any:
    """The engine's own template (a partial's too), rendered with a context of its own."""
    return get_template(name).template  # type: ignore[attr-defined]


def _kept(request: HttpRequest, drill: QuestionDrill[Any, Any], own: dict[str, Any]) -> str:
    """The content with stand-ins, made if missing.

    Kept per process (the ``local`` cache, as the kept layouts). Key: the drill's template,
    the language, the level, the concept aimed at and the drill's address, all that the
    content shows besides the stand-ins (the next question's address has a new seed each
    time: a stand-in); nothing of a visitor is inside (the tally and the CSRF token are
    stand-ins)."""
    concept = own.get("concept")
    where = (
        drill.template,
        current_language(),
        own.get("level"),
        concept.id if concept else None,
        own.get("drill_url"),
    )
    key = "kept-drill-content:" + hashlib.sha256(repr(where).encode()).hexdigest()
    html: str | None = caches["local"].get(key)
    if html is None:
        stand_ins = {name: SafeString(kept_pages.stand_in(f"content{name}")) for name in FILLED}
        kept_parts = {name: stand_ins[name] for name in (*PARTS, "tally")}
        made = {**own, **{name: stand_ins[name] for name in ADDRESSES}}
        html = render_to_string(drill.template, {**made, "kept_parts": kept_parts}, request)
        caches["local"].set(key, html, SECONDS)
    return html
