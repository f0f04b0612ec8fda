"""Compute the side pots: first the pots and who can win each, then, with the hands shown,
how many chips each seat gets. Feedback compares the learner's numbers with the engine's,
layer by layer, and points at the first wrong step.

The package: ``question.py`` (the question and the engine's pots and award for it),
``deal.py`` (dealing and aiming), ``concepts.py`` (what the pots exercise), ``grade.py``
(both stages of grading); here the page, the right answer and label, and ``DRILL``.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from django.utils.translation import gettext_lazy

from tutor.core.locales import current_language, format_number
from tutor.core.numbers import read_chips
from tutor.table.picture import from_contributions
from tutor.words.base import answer_parts, join_names, labelled, parenthetical
from tutor.words.terms import seat_name

from ..answers import value
from ..drill import Answer, QuestionDrill
from .concepts import CONCEPT_TESTS, CONCEPTS, concepts_of
from .deal import AIMED, SHAPES, Shape, generate, target
from .grade import (
    PayoutsGrade,
    PotsGrade,
    grade,
    grade_payouts,
    grade_pots,
    hand_rows,
    seat_labels,
    seats_ticked,
)
from .question import SLUG, Question, breakdown, the_award

__all__ = [
    "AIMED",
    "CONCEPTS",
    "CONCEPT_TESTS",
    "DRILL",
    "SHAPES",
    "PayoutsGrade",
    "PotsGrade",
    "Question",
    "Shape",
    "answer_label",
    "breakdown",
    "concepts_of",
    "context",
    "generate",
    "grade",
    "grade_payouts",
    "grade_pots",
    "hand_rows",
    "right_answer",
    "target",
    "the_award",
]


@dataclass(frozen=True)
class SeatRow:
    index: int
    label: str
    stack: int
    contribution: int
    folded: bool
    all_in: bool
    button: bool


def context(question: Question) -> dict[str, object]:
    """The table of seats (drawn, each seat's whole contribution in front of it; the pots,
    which are the question, not shown) and one form row per possible pot."""
    seat_rows = [
        SeatRow(
            index=s,
            label=seat_name(s),
            stack=question.stacks[s],
            contribution=question.contributions[s],
            folded=question.folded[s],
            all_in=question.all_in[s],
            button=s == question.button,
        )
        for s in range(len(question.contributions))
    ]
    picture = from_contributions(
        question.contributions,
        [
            stack - chips
            for stack, chips in zip(question.stacks, question.contributions, strict=True)
        ],
        question.folded,
        question.all_in,
        question.button,
        seat_name,
        current_language(),
    )
    return {
        "seat_rows": seat_rows,
        "pot_rows": range(len(question.contributions)),
        "picture": picture,
    }


def right_answer(question: Question) -> dict[str, list[str]]:
    key: dict[str, list[str]] = {"stage": ["1"]}
    for i, pot in enumerate(breakdown(question).pots):
        key[f"pot{i}"] = [str(pot.amount)]
        key[f"eligible{i}"] = [str(s) for s in pot.eligible]
    return key


def answer_label(question: Question, answer: Answer) -> str:
    seats = len(question.contributions)
    language = current_language()
    if value(answer, "stage") == "2":
        return answer_parts(
            [
                labelled(seat_name(s), format_number(chips, language))
                for s in range(seats)
                if (chips := read_chips(value(answer, f"payout{s}"))) is not None
            ]
        )
    parts: list[str] = []
    for row in range(seats):
        ticked = seats_ticked(answer, row, seats)
        if value(answer, f"pot{row}").strip() == "" and not ticked:
            continue
        pot = format_number(read_chips(value(answer, f"pot{row}")) or 0, language)
        names = seat_labels(ticked)
        parts.append(parenthetical(pot, join_names(names)) if names else pot)
    return answer_parts(parts)


DRILL = QuestionDrill(
    slug=SLUG,
    title=gettext_lazy("Compute the side pots"),
    summary=gettext_lazy(
        "Players all-in for different amounts: build the main pot and the side pots, then pay the winners."
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    right_answer=right_answer,
    answer_label=answer_label,
    context=context,
    concepts=MappingProxyType(CONCEPTS),
    concepts_of=concepts_of,
    target=target,
)
