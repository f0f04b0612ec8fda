"""The four partials of a question drill's template, and the one way to render them.

``templates/drills/<name>.html`` defines, with ``{% partialdef %}``:

- ``question``: what is dealt (the cards, the table, the situation);
- ``answer``: the answer form's fields;
- ``feedback``: the verdict and the explanation, as the drill page shows them after an
  answer (an htmx answer gets only this part);
- ``feedback_body``: the explanation alone, which quizzes, lessons and printables put
  under their own verdict.

Python renders them with :func:`render_part`; a template includes one by its name,
``{% include q.drill|part_template:"question" %}`` (``{% load drill_parts %}``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, get_args

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from .codec import Record
from .drill import Drill, QuestionDrill

Part = Literal["question", "answer", "feedback", "feedback_body"]
PARTS: tuple[Part, ...] = get_args(Part)


def part_template(drill: Drill, part: str) -> str:
    """The template name of one of ``drill``'s partials (``drills/side_pots.html#answer``)."""
    if part not in PARTS:
        raise ValueError(f"a drill has no part {part!r}: {', '.join(PARTS)}")
    return f"{drill.template}#{part}"


def part_context(
    drill: QuestionDrill[Any, Any], question: Record, **extra: object
) -> dict[str, Any]:
    """What a drill's partials read: ``question``, what its template needs besides it
    (``drill.context``), and ``extra`` (the feedback, the answer given ...)."""
    return {**drill.context(question), "question": question, **extra}


def render_part(
    drill: Drill,
    part: Part,
    context: Mapping[str, Any],
    request: HttpRequest | None = None,
) -> SafeString:
    """One of ``drill``'s four partials, rendered with ``context`` (:func:`part_context`)
    and, when given, the request's context processors."""
    return render_to_string(part_template(drill, part), dict(context), request)
