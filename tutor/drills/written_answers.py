"""A written question's right answer and a short readable text of any answer: what a
quiz's results, the reveal on the projector, the printed key and the CSV show, and a
lesson's summary.

The right answer was stored with the question when the session started, as a filled-in
form (``{field: [values]}``, the shape in which a student's answer is stored), so the
drill's own ``grade`` checks both alike. Every answer is read as that one type
(``drill.Answer``), every field with all its values: a key of three pots, or of two
winners, is worded whole. Each drill words an answer its own way (``answer_label``), in
the active language: a teacher reads the results in their own page language whatever
language the quiz was given in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import own_question
from .answers import form_data
from .base import AnswerError
from .drill import Grade
from .written import WrittenQuestion


def reveal_feedback(q: WrittenQuestion) -> Grade:
    """The drill's feedback for the right answer: what the teacher shows on reveal."""
    return q.drill.revealed(q.data, q.right_answer)


def question_title(q: WrittenQuestion) -> str:
    """What a question is called in the results, the charts, the printed key and the CSV:
    a teacher's own question by its prompt (in the active language when the teacher wrote
    it in that language), any other by its drill's title."""
    if isinstance(q.data, own_question.Question):
        return q.data.text().prompt
    return str(q.drill.title)


def title_language(q: WrittenQuestion) -> str:
    """The language :func:`question_title` is in when it is a teacher's own prompt (it may
    be another than the page's); "" for a drill's title, which is the page's."""
    if isinstance(q.data, own_question.Question):
        return q.data.text().language
    return ""


def key_label(q: WrittenQuestion) -> str:
    """The right answer in words: the one text the console's reveal, the charts, the
    results page and the printed key show."""
    return answer_label(q, q.right_answer)


def answer_label(q: WrittenQuestion, answer: Mapping[str, Any] | None) -> str:
    """A short, readable text of an answer (as stored: ``{field: [values]}``), in the
    active language."""
    if not answer:
        return ""
    fields = form_data(answer)
    try:
        label = q.drill.answer_label(q.data, fields)
    except (AnswerError, KeyError, TypeError, ValueError):
        label = ""
    if not label:
        label = "; ".join(f"{key}: {', '.join(fields[key])}" for key in sorted(fields))
    return label or "—"
