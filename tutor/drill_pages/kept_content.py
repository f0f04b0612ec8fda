"""A drill page's content for a kept page (``kept_pages``): a new question's parts, or the
whole content of a page with anything else of its own.

A drill page's content (``drills/base_drill.html`` rendered alone, ``drill_layout``) is
the same for every new question of a drill at a level, in a language, but for a few
parts: the question's and the answer's partials (``#question``, ``#answer``), the signed
token, the question's link and the next one's, the "peek" box of its rules and the
visitor's tally. For a new question, the content is rendered with a stand-in for each
(:func:`with_stand_ins`: ``kept_parts``, ``token``, ``permalink``, ``next_url``,
``peek``), and the page around it is kept and typeset once, per drill, language, level
and concept; each request renders only those parts (:func:`slots`, with the page's own
context, its context processors run once), typeset like the text around them, and they
are put in, escaped as the template would have escaped them.

A page with anything else of its own (a notice, an answer, its feedback) has its content
rendered whole (:func:`whole`). Either way the page's HTML is the page rendered as usual
(``tests/drills/test_kept_drill_page.py`` compares them).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.context import make_context
from django.template.loader import get_template, render_to_string
from django.utils.safestring import SafeString

from tutor.core import kept_pages
from tutor.drills.drill import QuestionDrill
from tutor.drills.parts import part_template

CONTENT_ONLY = "drills/content_only.html"
#: The partials put in per question.
PARTS = ("question", "answer")
TALLY = "drills/_tally.html"
#: What a page of its own shows besides a new question: its content is rendered whole.
OWN = ("notice", "answer", "answer_error", "feedback", "reopened")
#: The context's values put in per request as slots of text (typeset), and as values
#: of attributes; by their slots' names (letters only, as the stand-ins).
TEXTS = {"peek": "peek"}
VALUES = {"token": "token", "permalink": "permalink", "nexturl": "next_url"}


def is_new(context: dict[str, Any]) -> bool:
    """Whether the page shows a new question and nothing else of its own."""
    return not any(context.get(name) for name in OWN)


def key(context: dict[str, Any]) -> tuple[object, ...]:
    """What a new question's kept page shows besides its slots, for ``kept_pages.render``
    (with the template, the language and the address): the level, the concept aimed at
    and the drill's address (the next question's has a new seed each time: a slot);
    nothing of a visitor (the tally and the CSRF token are slots)."""
    concept = context.get("concept")
    return ("new question", context["level"], concept.id if concept else None, context["drill_url"])


def _own(context: dict[str, Any]) -> dict[str, Any]:
    return {**context, "drill_layout": CONTENT_ONLY, "csrf_token": kept_pages.TOKEN}


def whole(request: HttpRequest, drill: QuestionDrill[Any, Any], context: dict[str, Any]) -> str:
    """The drill's content for ``context``, with the CSRF token's stand-in."""
    return render_to_string(drill.template, _own(context), request)


def with_stand_ins(
    request: HttpRequest, drill: QuestionDrill[Any, Any], context: dict[str, Any]
) -> SafeString:
    """A new question's content with the stand-ins of :func:`slots` (letters only, which
    escaping and typesetting leave as they are)."""
    parts = {name: SafeString(kept_pages.stand_in(name)) for name in (*PARTS, "tally")}
    made: dict[str, Any] = {
        field: SafeString(kept_pages.stand_in(name)) for name, field in {**TEXTS, **VALUES}.items()
    }
    return SafeString(whole(request, drill, {**context, **made, "kept_parts": parts}))


def slots(
    request: HttpRequest, drill: QuestionDrill[Any, Any], context: dict[str, Any]
) -> dict[str, kept_pages.Slot]:
    """A new question's own parts, rendered as the content renders them."""
    bound = make_context(_own(context), request)
    parts = {name: _template(part_template(drill, name)) for name in PARTS}
    tally = _template(TALLY)
    with bound.bind_template(tally):  # the context processors run once, as for a page
        rendered = {name: part.render(bound) for name, part in parts.items()}
        rendered["tally"] = tally.render(bound)
    made = {name: kept_pages.Slot(SafeString(html), text=True) for name, html in rendered.items()}
    made.update({name: kept_pages.Slot(context[field], text=True) for name, field in TEXTS.items()})
    made.update({name: kept_pages.Slot(context[field]) for name, field in VALUES.items()})
    return made


def _template(name: str) -> Any:
    """The engine's own template (a partial's too), rendered with a context of its own."""
    return get_template(name).template  # type: ignore[attr-defined]
