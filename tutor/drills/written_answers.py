"""A written question's right answer and a short readable text of any answer: what a
quiz's results, the reveal on the projector and the CSV show, and a lesson's summary.

The right answer was stored with the question when the session started, as a filled-in
form (the shape in which a student's answer is stored), so the drill's own ``grade``
checks both alike. Each drill words an answer its own way (``answer_label``), in the
active language: a teacher reads the results in their own page language whatever
language the quiz was given in.
"""

from __future__ import annotations

from django.http import QueryDict

from .base import AnswerError
from .drill import Answer, Grade
from .written import WrittenQuestion


def as_querydict(answer: Answer | None) -> QueryDict:
    """A stored answer ({field: [values]}) as the form data the drill's ``grade`` reads."""
    data = QueryDict(mutable=True)
    for key, values in (answer or {}).items():
        data.setlist(key, [str(v) for v in values] if isinstance(values, list) else [str(values)])
    return data


def right_answer_form(q: WrittenQuestion) -> QueryDict:
    """The answer the engine counted as right when the session started, as form data."""
    return as_querydict(q.right_answer)


def reveal_feedback(q: WrittenQuestion) -> Grade:
    """The drill's feedback for the right answer: what the teacher shows on reveal."""
    return q.drill.revealed(q.data, right_answer_form(q))


def answer_label(q: WrittenQuestion, answer: Answer | None) -> str:
    """A short, readable text of an answer, in the active language."""
    if not answer:
        return ""
    try:
        label = q.drill.answer_label(q.data, as_querydict(answer))
    except (AnswerError, KeyError, TypeError, ValueError):
        label = ""
    if not label:
        label = "; ".join(
            f"{key}: {', '.join(as_querydict(answer).getlist(key))}" for key in sorted(answer)
        )
    return label or "—"
