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

import hashlib
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from django.core.cache import caches
from django.http import HttpRequest
from django.template import Context, engines
from django.template.context import make_context
from django.template.loader import get_template, render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from tutor.core import kept_pages
from tutor.core.locales import current_language
from tutor.drills.drill import QuestionDrill
from tutor.drills.parts import part_template

CONTENT_ONLY = "drills/content_only.html"
#: The partials put in per question.
PARTS = ("question", "answer")
TALLY = "drills/_tally.html"
#: A row of cards as a partial shows it, and an empty one: where a frame's rows go.
ROW = "{% cards row %}"
EMPTY_ROW = '<ul class="cards"></ul>'
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
    """A new question's own parts, rendered as the content renders them: from its
    partials' frames when the drill gives its rows of cards (:func:`from_frames`)."""
    framed = from_frames(drill, context["question"])
    rendered = _rendered(request, drill, context) if framed is None else framed
    if framed is not None:
        rendered["tally"] = tally(context["tally"])
    # The tally panel is the same for a language and figures, and the rules box for a set
    # of games and a language (``peek``): both typeset once and kept.
    made = {
        name: kept_pages.Slot(SafeString(html), text=True, kept=name == "tally")
        for name, html in rendered.items()
    }
    made.update(
        {
            name: kept_pages.Slot(context[field], text=True, kept=True)
            for name, field in TEXTS.items()
        }
    )
    made.update({name: kept_pages.Slot(context[field]) for name, field in VALUES.items()})
    return made


def _rendered(
    request: HttpRequest, drill: QuestionDrill[Any, Any], context: dict[str, Any]
) -> dict[str, str]:
    bound = make_context(_own(context), request)
    parts = {name: _template(part_template(drill, name)) for name in PARTS}
    tally = _template(TALLY)
    with bound.bind_template(tally):  # the context processors run once, as for a page
        rendered = {name: part.render(bound) for name, part in parts.items()}
        rendered["tally"] = tally.render(bound)
    return rendered


def tally(figures: Any) -> str:
    """The visitor's tally as ``drills/_tally.html`` shows it, which keeps it per language
    and figures (all the panel shows): kept here under the same key, without a template
    rendered around the copy."""
    language = get_language()
    shown = (figures.answered, figures.right, figures.streak, figures.best_streak)
    key = "drill-tally-panel:" + ":".join(map(str, (language, *shown)))
    # Kept per process. Key: the language and the four figures, as the template's own.
    html: str | None = caches["local"].get(key)
    if html is None:
        context = Context({"tally": figures, "LANGUAGE_CODE": language})
        html = str(_template(TALLY).render(context))
        caches["local"].set(key, html, None)
    return html


def from_frames(drill: QuestionDrill[Any, Any], question: Any) -> dict[str, str] | None:
    """A new question's partials as their frames (:func:`frame`) with its rows of cards
    put in, or None when the drill gives no rows (or a frame does not fit them)."""
    if drill.rows is None:
        return None
    blank, rows = drill.rows(question)
    language = current_language()
    rendered = {}
    for part in PARTS:
        pieces = frame(drill, part, blank, language)
        if len(pieces) != len(rows[part]) + 1:  # the partial shows an empty row of its own
            return None
        shown = [_row(row) for row in rows[part]]
        rendered[part] = "".join(
            piece for pair in zip(pieces, [*shown, ""], strict=True) for piece in pair
        )
    return rendered


def frame(drill: QuestionDrill[Any, Any], part: str, blank: Any, language: str) -> tuple[str, ...]:
    """A partial rendered for ``blank`` (a question whose rows of cards are empty), cut
    where each empty row is: the same markup for every question of its shape, in which
    a question's rows go between the pieces (in their order)."""
    key = _frame_key(drill.template, part, language, blank)
    # Kept per process. Key: the drill's template, the partial, the language and the blank
    # question (its shape: the count of each row); nothing of a visitor or a question.
    pieces: tuple[str, ...] | None = caches["local"].get(key)
    if pieces is None:
        html = _template(part_template(drill, part)).render(
            Context({**drill.context(blank), "question": blank})
        )
        pieces = tuple(html.split(EMPTY_ROW))
        caches["local"].set(key, pieces, None)
    return pieces


# Kept per process. Key: what the frame's cache key is made of (the blank question has no
# cards: its shape only); bounded: drills x partials x languages x shapes.
@lru_cache(maxsize=512)
def _frame_key(template: str, part: str, language: str, blank: Any) -> str:
    """The ``local`` cache's key of a frame (hashed once: ``frame`` asks on every page)."""
    shape = hashlib.sha256(repr((template, part, language, blank)).encode()).hexdigest()
    return f"drill-frame:{shape}"


def _row(row: tuple[Any, ...]) -> str:
    """One row of cards as the partials show it (``{% cards row %}``): the tag's own
    function, as the template engine has it (this package sits below the site's tags)."""
    return str(_cards_tag()(row))


@lru_cache(maxsize=1)
def _cards_tag() -> Callable[[tuple[Any, ...]], str]:
    """The function behind ``{% cards %}`` (kept per process: one, compiled once), or the
    one-tag template rendered when a node does not hold it."""
    template = engines["django"].from_string(ROW)
    node = template.template.nodelist[0]  # type: ignore[attr-defined]
    function = getattr(node, "func", None)
    if callable(function):
        return function  # type: ignore[no-any-return]
    return lambda row: str(template.render({"row": row}))


def _template(name: str) -> Any:
    """The engine's own template (a partial's too), rendered with a context of its own."""
    return get_template(name).template  # type: ignore[attr-defined]
