"""Grading a tournament: each player's place and the blinds of the hand asked about, beside
the engine's, with the reason for each (why a seat finishes where it does, which level of
the schedule a hand is in)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tutor.core.locales import current_language, format_number
from tutor.core.numbers import whole_number
from tutor.engine.rules import Rules
from tutor.engine.table import Elimination
from tutor.words import tournament as words
from tutor.words.picked_figures import figure_line
from tutor.words.terms import seat_name

from ..answers import amount, value
from ..base import AnswerError
from ..codec import Record
from ..drill import Answer
from .question import Question
from .replay import Run, run

# -- the reasons -----------------------------------------------------------------------


def finish_code(seat: int, eliminations: Sequence[Elimination]) -> str:
    """Why a seat finishes where it does, as a code of :func:`words.finish_reason`."""
    for out in eliminations:
        chips = dict(out.seats)
        if seat not in chips:
            continue
        others = [c for s, c in out.seats if s != seat]
        if not others:
            return "out"
        mine = chips[seat]
        if mine in others:
            return "out_tied"
        if all(mine > c for c in others):
            return "out_more"
        if all(mine < c for c in others):
            return "out_fewer"
        return "out_between"
    return "winner"


def _why(the_run: Run, seat: int, language: str) -> str:
    code = finish_code(seat, the_run.eliminations)
    out = next((e for e in the_run.eliminations if seat in dict(e.seats)), None)
    others = [seat_name(s) for s, _chips in out.seats if s != seat] if out else []
    return words.finish_reason(
        code,
        player=seat_name(seat),
        place=the_run.places[seat],
        language=language,
        hand=out.hand_no if out else 0,
        chips=dict(out.seats)[seat] if out else 0,
        others=others,
    )


def blinds_code(rules: Rules, hand: int) -> str:
    """Whether hand ``hand`` is inside the schedule or after its last level."""
    inside = (hand - 1) // rules.hands_per_level < len(rules.schedule)
    return "level" if inside else "last_level"


def _blinds_why(rules: Rules, hand: int, language: str) -> str:
    index = rules.level_index(hand)
    blinds = rules.level_for_hand(hand)
    return words.blinds_reason(
        blinds_code(rules, hand),
        hand=hand,
        level=index + 1,
        first=index * rules.hands_per_level + 1,
        last=(index + 1) * rules.hands_per_level,
        small=blinds.small,
        big=blinds.big,
        language=language,
    )


# -- grading ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PlaceRow(Record):
    seat: int
    label: str
    place: int
    mine: int
    ok: bool
    why: str


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    rows: tuple[PlaceRow, ...]  # in the engine's finishing order
    places_ok: bool
    together: bool  # two or more players knocked out in one hand
    asked: int
    small: int
    big: int
    mine_small: int | None
    mine_big: int | None
    blinds_ok: bool
    blinds_why: str
    #: What the learner picked and why it is wrong ("" for a right answer).
    picked: str = ""


def _places(question: Question, answer: Answer) -> list[int]:
    places = []
    for seat in range(question.players):
        text = value(answer, f"place{seat}")
        if text.strip() == "":
            raise AnswerError(_("Choose a place for every player."))
        place = whole_number(text, 2)
        if place is None or not 1 <= place <= question.players:
            raise AnswerError(
                _("A place is a whole number from 1 (the winner) to %(count)s.")
                % {"count": question.players}
            )
        places.append(place)
    return places


def _blinds_answer(question: Question, answer: Answer) -> tuple[int | None, int | None]:
    if not question.asked:
        return None, None
    small, big = amount(value(answer, "small")), amount(value(answer, "big"))
    if small is None or big is None:
        raise AnswerError(
            _("Enter the small blind and the big blind of hand %(hand)s.")
            % {"hand": format_number(question.asked, current_language())}
        )
    return small, big


def grade(question: Question, answer: Answer) -> Grade:
    mine = _places(question, answer)
    small, big = _blinds_answer(question, answer)
    the_run = run(question)
    language = current_language()
    rows = tuple(
        PlaceRow(
            seat=seat,
            label=seat_name(seat),
            place=the_run.places[seat],
            mine=mine[seat],
            ok=mine[seat] == the_run.places[seat],
            why=_why(the_run, seat, language),
        )
        for seat in the_run.order
    )
    blinds = the_run.rules.level_for_hand(question.asked or 1)
    blinds_ok = not question.asked or (small, big) == (blinds.small, blinds.big)
    places_ok = all(row.ok for row in rows)
    blinds_why = _blinds_why(the_run.rules, question.asked, language) if question.asked else ""
    return Grade(
        correct=places_ok and blinds_ok,
        rows=rows,
        places_ok=places_ok,
        together=any(len(e.seats) > 1 for e in the_run.eliminations),
        asked=question.asked,
        small=blinds.small if question.asked else 0,
        big=blinds.big if question.asked else 0,
        mine_small=small,
        mine_big=big,
        blinds_ok=blinds_ok,
        blinds_why=blinds_why,
        picked=_picked(rows, (small, big), question.asked, blinds_ok, blinds_why, language),
    )


def _picked(
    rows: tuple[PlaceRow, ...],
    blinds: tuple[int | None, int | None],
    hand: int,
    blinds_ok: bool,
    blinds_why: str,
    language: str,
) -> str:
    """The first player placed wrongly (in the engine's finishing order), with why that
    player finishes where they do; else the blinds given, with the schedule's level."""
    wrong = next((row for row in rows if not row.ok), None)
    if wrong is not None:
        return figure_line("place", language, mine=wrong.mine, player=wrong.label, why=wrong.why)
    if blinds_ok:
        return ""
    small, big = blinds
    return figure_line("blinds", language, small=small, big=big, hand=hand, why=blinds_why)
