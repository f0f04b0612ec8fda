"""The summary of a finished sitting, read from what it stored: the score, the concepts
that moved up (what recording each answer returned, kept with the answer), each mistake
with the learner's answer and the right one in words, and the next step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise

from tutor.concepts import CONCEPTS, Concept
from tutor.drills.answers import form_data
from tutor.drills.drill import Grade
from tutor.drills.written import WrittenQuestion
from tutor.drills.written_answers import answer_label
from tutor.learning.mastery import MASTERY_NAMES, Mastery

from .courses import Unit, needed, next_unit, unit
from .models import Sitting, SittingAnswer
from .sittings import read


@dataclass(frozen=True)
class Moved:
    concept: Concept
    before: Promise
    after: Promise


@dataclass(frozen=True)
class Mistake:
    number: int  # from 1
    q: WrittenQuestion
    answer: dict[str, list[str]]  # as the learner sent it
    given: str  # their answer in words
    right: str  # the right answer in words


@dataclass(frozen=True)
class Summary:
    sitting: Sitting
    unit: Unit | None
    total: int
    right: int
    moved: tuple[Moved, ...]
    mistakes: tuple[Mistake, ...]

    @property
    def ratio(self) -> float:
        return self.right / self.total if self.total else 0.0

    @property
    def needed(self) -> int:
        """Right answers a check of this size needs."""
        return needed(self.total)

    @property
    def passed(self) -> bool:
        return self.sitting.passed

    @property
    def next_unit(self) -> Unit | None:
        return next_unit(self.unit) if self.unit is not None else None


def moved_up(answers: list[SittingAnswer]) -> tuple[Moved, ...]:
    """Each concept whose mastery is higher after the sitting than before it: the level
    before its first answer here and after its last, in the order first met."""
    first: dict[str, int] = {}
    last: dict[str, int] = {}
    for row in answers:
        for concept, pair in (row.changes or {}).items():
            if concept in CONCEPTS and _is_pair(pair):
                first.setdefault(concept, int(pair[0]))
                last[concept] = int(pair[1])
    return tuple(
        Moved(CONCEPTS[c], MASTERY_NAMES[Mastery(first[c])], MASTERY_NAMES[Mastery(last[c])])
        for c in first
        if last[c] > first[c]
    )


def _is_pair(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and v in tuple(Mastery) for v in value)
    )


def summarize(sitting: Sitting) -> Summary:
    answers = list(sitting.answers.all())
    mistakes = []
    for row in answers:
        if row.correct or row.index >= sitting.total:
            continue
        q = read(sitting, row.index)
        mistakes.append(
            Mistake(
                row.index + 1,
                q,
                row.answer,
                answer_label(q, row.answer) or "—",
                answer_label(q, q.right_answer),
            )
        )
    return Summary(
        sitting,
        unit(sitting.course, sitting.unit),
        sitting.total,
        sum(row.correct for row in answers),
        moved_up(answers),
        tuple(mistakes),
    )


def regrade(q: WrittenQuestion, answer: dict[str, list[str]]) -> Grade:
    """The drill's feedback on a stored answer (the explanation of a mistake)."""
    return q.drill.grade(q.data, form_data(answer))
