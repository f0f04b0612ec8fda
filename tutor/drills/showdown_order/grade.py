"""Grading: the learner's first hand and mucks beside the engine's, with the sentences
saying why each hand was shown or may be mucked."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tutor.core.numbers import whole_number
from tutor.words.base import join_names
from tutor.words.narrate import narrate
from tutor.words.showdown_order import ShowdownStep, answer_text, first_reason, showdown_steps
from tutor.words.terms import seat_name

from ..answers import value, values
from ..base import AnswerError
from ..codec import Record
from ..drill import Answer
from .question import ALL, Question, facts, right_first


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    first_ok: bool
    muck_ok: bool
    all_at_once: bool
    first: str  # the seat shown first ("" when every hand is face up at once)
    reason: str
    steps: tuple[ShowdownStep, ...]
    mucks: str  # the players who may muck, joined as the language lists names ("" if none)
    answer: str  # the learner's answer in words ("" for a whole class)
    log: tuple[str, ...]  # the engine's showdown, told


def _live(question: Question) -> tuple[int, ...]:
    return tuple(sorted(facts(question).turns.order))


def _read(question: Question, answer: Answer) -> tuple[str, set[int]]:
    """The learner's first (a seat's number or ``ALL``) and the seats ticked as mucking."""
    live = _live(question)
    first = value(answer, "first").strip()
    if first != ALL and whole_number(first, 2) not in live:
        raise AnswerError(
            _("Choose who shows first: a player still in the hand, or all hands at once.")
        )
    ticked = set()
    for text in values(answer, "muck"):
        seat = whole_number(text, 2)
        if seat is None or seat not in live:
            raise AnswerError(_("Tick only players who are still in the hand."))
        ticked.add(seat)
    return (first if first == ALL else str(whole_number(first, 2))), ticked


def grade(question: Question, answer: Answer) -> Grade:
    first, ticked = _read(question, answer)
    found = facts(question)
    first_ok = first == right_first(question)
    muck_ok = ticked == set(found.turns.mucked)
    return Grade(
        correct=first_ok and muck_ok,
        first_ok=first_ok,
        muck_ok=muck_ok,
        all_at_once=found.turns.face_up,
        first="" if found.turns.face_up else seat_name(found.turns.order[0]),
        reason=first_reason(found.turns, found.river_aggressor, seat_name),
        steps=showdown_steps(question.board, question.holes, found.turns, seat_name, ticked),
        mucks=join_names([seat_name(s) for s in sorted(found.turns.mucked)]),
        answer=answer_label(question, answer),
        log=tuple(
            narrate([e.to_dict() for e in found.showdown], seat_name, get_language() or "en")
        ),
    )


def for_class(right: Grade) -> Grade:
    """The right answer as a whole class sees it: nobody's choice is marked."""
    return replace(right, steps=tuple(replace(s, ticked=False) for s in right.steps), answer="")


def answer_key(question: Question) -> dict[str, list[str]]:
    mucked = sorted(facts(question).turns.mucked)
    return {"first": [right_first(question)], "muck": [str(s) for s in mucked]}


def answer_label(question: Question, answer: Answer) -> str:
    live = _live(question)
    first = value(answer, "first").strip()
    seat = whole_number(first, 2)
    named = seat_name(seat) if seat is not None and seat in live else None
    ticked = sorted({n for t in values(answer, "muck") if (n := whole_number(t, 2)) in live})
    return answer_text(named, first == ALL, [seat_name(s) for s in ticked])
