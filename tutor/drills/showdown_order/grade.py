"""Grading: the learner's first hand and mucks beside the engine's, with the sentences
saying why each hand was shown or may be mucked."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

from tutor.core.locales import current_language
from tutor.core.numbers import whole_number
from tutor.words.base import join_names
from tutor.words.narrate import narrate
from tutor.words.picked import first_shown_line, muck_line
from tutor.words.showdown_order import ShowdownStep, answer_text, first_reason, showdown_steps
from tutor.words.terms import seat_name

from ..answers import value, values
from ..base import AnswerError
from ..codec import Record
from ..drill import Answer
from .question import ALL, Facts, Question, facts, right_first


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
    #: What the learner picked and why it is wrong ("" for a right answer).
    picked: str = ""


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
    steps = showdown_steps(question.board, question.holes, found.turns, seat_name, ticked)
    return Grade(
        correct=first_ok and muck_ok,
        first_ok=first_ok,
        muck_ok=muck_ok,
        all_at_once=found.turns.face_up,
        first="" if found.turns.face_up else seat_name(found.turns.order[0]),
        reason=first_reason(found.turns, found.river_aggressor, seat_name),
        steps=steps,
        mucks=join_names([seat_name(s) for s in sorted(found.turns.mucked)]),
        answer=answer_label(question, answer),
        log=tuple(narrate([e.to_dict() for e in found.showdown], seat_name, current_language())),
        picked=_picked(found, first, ticked, steps),
    )


def _picked(found: Facts, first: str, ticked: set[int], steps: tuple[ShowdownStep, ...]) -> str:
    """Who the learner said shows first against the engine's, with the rule that decides;
    else the first player wrongly said to muck or not, with the engine's step for them."""
    turns = found.turns
    shown_first = seat_name(turns.order[0])
    if first == ALL and not turns.face_up:
        return first_shown_line("all_not_face_up", "", shown_first)
    if first != ALL and (turns.face_up or int(first) != turns.order[0]):
        code = "seat_face_up" if turns.face_up else "seat_first_left"
        if not turns.face_up and found.river_aggressor is not None:
            code = "seat_last_aggressor"
        return first_shown_line(code, seat_name(int(first)), shown_first)
    mucked = set(turns.mucked)
    wrong = sorted(ticked - mucked) or sorted(mucked - ticked)
    if not wrong:
        return ""
    seat = wrong[0]
    code = "muck_not_allowed" if seat in ticked else "muck_missed" if ticked else "muck_missed_none"
    why = next(step.sentence for step in steps if step.name == seat_name(seat))
    return muck_line(code, [seat_name(s) for s in sorted(ticked)], seat_name(seat), why)


def for_class(right: Grade) -> Grade:
    """The right answer as a whole class sees it: nobody's choice is marked."""
    return replace(right, steps=tuple(replace(s, ticked=False) for s in right.steps), answer="")


def right_answer(question: Question) -> dict[str, list[str]]:
    mucked = sorted(facts(question).turns.mucked)
    return {"first": [right_first(question)], "muck": [str(s) for s in mucked]}


def answer_label(question: Question, answer: Answer) -> str:
    live = _live(question)
    first = value(answer, "first").strip()
    seat = whole_number(first, 2)
    named = seat_name(seat) if seat is not None and seat in live else None
    ticked = sorted({n for t in values(answer, "muck") if (n := whole_number(t, 2)) in live})
    return answer_text(named, first == ALL, [seat_name(s) for s in ticked])
