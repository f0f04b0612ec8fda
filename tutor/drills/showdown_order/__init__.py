"""Who shows first, and who may muck: the engine plays a hand of no-limit 50/100 to the
river (or to an all-in); the learner picks the hand shown first, or all hands at once after
an all-in, and ticks the players who may give up their hands without showing them. The
answer is the engine's own show and muck events, in its showdown order, and whether it
turned the hands face up before the rest of the board; ``concepts_of`` reads them alone.

The package: ``question.py`` (the question and what the engine did with it), ``deal.py``
(dealing and aiming), ``concepts.py``, ``grade.py`` (grading, the right answer and label);
here the page and ``DRILL``.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from django.utils.translation import gettext_lazy

from tutor.core.locales import current_language
from tutor.engine import events as ev
from tutor.words.narrate import narrate
from tutor.words.terms import seat_name

from ..drill import QuestionDrill
from .concepts import CONCEPTS, concepts_of
from .deal import AIMED, SHAPES, Shape, generate, target
from .grade import Grade, answer_label, for_class, grade, right_answer
from .question import ALL, ALL_IN, RULES, SLUG, Cards, Facts, Question, facts, play, right_first

__all__ = [
    "AIMED",
    "ALL",
    "ALL_IN",
    "CONCEPTS",
    "DRILL",
    "RULES",
    "SHAPES",
    "Facts",
    "Grade",
    "Question",
    "Shape",
    "answer_label",
    "concepts_of",
    "context",
    "facts",
    "for_class",
    "generate",
    "grade",
    "play",
    "right_answer",
    "right_first",
    "target",
]


@dataclass(frozen=True)
class SeatRow:
    index: int
    label: str
    stack: int
    button: bool
    folded: bool
    all_in: bool
    cards: Cards | None  # folded hands stay hidden


def context(question: Question) -> dict[str, object]:
    """The betting told, the board dealt before the showdown, the seats and the choices."""
    found = facts(question)
    live = set(found.turns.order)
    board = tuple(c for e in found.betting if isinstance(e, ev.DealBoard) for c in e.cards)
    rows = [
        SeatRow(
            index=s,
            label=seat_name(s),
            stack=stack,
            button=s == question.button,
            folded=s not in live,
            all_in=s in found.all_in,
            cards=question.holes[s] if s in live else None,
        )
        for s, stack in enumerate(question.stacks)
    ]
    return {
        "seat_rows": rows,
        "choices": [row for row in rows if not row.folded],
        "log": narrate([e.to_dict() for e in found.betting], seat_name, current_language()),
        "board_so_far": board,
        "to_come": len(question.board) - len(board),
    }


DRILL = QuestionDrill(
    slug=SLUG,
    title=gettext_lazy("Who shows first?"),
    summary=gettext_lazy(
        "The betting is over: pick the player who must show first, or all hands at once "
        "after an all-in, and the players who may muck without showing."
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    right_answer=right_answer,
    answer_label=answer_label,
    context=context,
    for_class=for_class,
    concepts=MappingProxyType(CONCEPTS),
    concepts_of=concepts_of,
    target=target,
)
