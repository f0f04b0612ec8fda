"""Grading side pots in two stages: the pots built and who can win each (stage 1), then
the chips each seat gets (stage 2), each beside the engine's, with the first wrong step."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tutor.core.locales import current_language
from tutor.core.numbers import whole_number
from tutor.engine import holdem, pots
from tutor.engine.cards import Card
from tutor.words.odd_chips import pot_name
from tutor.words.picked_figures import figure_line, off_by, plural_line
from tutor.words.terms import category_name, seat_name

from ..answers import amount, value, values
from ..base import AnswerError
from ..codec import Record
from ..drill import Answer
from .question import Question, breakdown, the_award


@dataclass(frozen=True)
class PotFigures(Record):
    amount: int
    layer: int
    level: int


@dataclass(frozen=True)
class PotRow(Record):
    index: int
    pot: PotFigures | None  # None: the learner entered a pot that does not exist
    exact: bool
    contributors: int
    eligible: tuple[str, ...]
    mine_amount: int | None
    mine_eligible: tuple[str, ...]
    amount_ok: bool
    eligible_ok: bool


@dataclass(frozen=True)
class HandRow(Record):
    label: str
    folded: bool
    cards: tuple[Card, ...] = ()
    best: tuple[Card, ...] = ()
    category: str = ""


@dataclass(frozen=True)
class PotsGrade(Record):
    """Stage 1: the pots built, beside the engine's."""

    correct: bool
    rows: tuple[PotRow, ...]
    first_wrong: int | None
    returned: tuple[tuple[str, int], ...]
    hands: tuple[HandRow, ...]
    stage: int = 1
    #: What the learner picked and why it is wrong ("" for a right answer).
    picked: str = ""


@dataclass(frozen=True)
class SeatPayout(Record):
    label: str
    mine: int
    engine: int
    ok: bool


@dataclass(frozen=True)
class PotAward(Record):
    index: int
    amount: int
    winners: tuple[str, ...]
    shares: tuple[tuple[str, int], ...]
    odd_chips: int


@dataclass(frozen=True)
class PayoutsGrade(Record):
    """Stage 2: the chips each seat gets, beside the engine's."""

    correct: bool
    seats: tuple[SeatPayout, ...]
    first_wrong: int | None
    pots: tuple[PotAward, ...]
    hands: tuple[HandRow, ...]
    total: int
    stage: int = 2
    #: What the learner picked and why it is wrong ("" for a right answer).
    picked: str = ""


def grade(question: Question, answer: Answer) -> PotsGrade | PayoutsGrade:
    if value(answer, "stage") == "2":
        return grade_payouts(question, answer)
    return grade_pots(question, answer)


def seats_ticked(answer: Answer, row: int, seats: int) -> set[int]:
    return {
        n
        for text in values(answer, f"eligible{row}")
        if (n := whole_number(text, 2)) is not None and n < seats
    }


def _learner_pots(question: Question, answer: Answer) -> list[tuple[int, set[int]]]:
    seats = len(question.contributions)
    learner = []
    for row in range(seats):
        chips, ticked = amount(value(answer, f"pot{row}")), seats_ticked(answer, row, seats)
        if chips is not None or ticked:
            learner.append((chips or 0, ticked))
    if not learner:
        raise AnswerError(
            _("Enter the main pot in the first row, then each side pot in the rows below it.")
        )
    return learner


def seat_labels(seats: set[int]) -> tuple[str, ...]:
    return tuple(seat_name(s) for s in sorted(seats))


def grade_pots(question: Question, answer: Answer) -> PotsGrade:
    learner = _learner_pots(question, answer)
    engine = breakdown(question)
    rows = []
    for i in range(max(len(learner), len(engine.pots))):
        pot = engine.pots[i] if i < len(engine.pots) else None
        mine = learner[i] if i < len(learner) else None
        rows.append(
            PotRow(
                index=i,
                pot=PotFigures(pot.amount, pot.layer, pot.level) if pot else None,
                exact=bool(pot and pot.amount == pot.layer * len(pot.contributors)),
                contributors=len(pot.contributors) if pot else 0,
                eligible=tuple(seat_name(s) for s in pot.eligible) if pot else (),
                mine_amount=mine[0] if mine else None,
                mine_eligible=seat_labels(mine[1]) if mine else (),
                amount_ok=bool(pot and mine and mine[0] == pot.amount),
                eligible_ok=bool(pot and mine and mine[1] == set(pot.eligible)),
            )
        )
    first_wrong = next((r.index for r in rows if not (r.amount_ok and r.eligible_ok)), None)
    return PotsGrade(
        correct=first_wrong is None,
        rows=tuple(rows),
        first_wrong=first_wrong,
        returned=tuple((seat_name(s), r) for s, r in enumerate(engine.returned) if r),
        hands=hand_rows(question),
        picked="" if first_wrong is None else _pot_picked(question, learner, engine, first_wrong),
    )


def _pot_picked(
    question: Question, learner: list[tuple[int, set[int]]], engine: pots.PotBreakdown, row: int
) -> str:
    """The first wrong pot: one too many, one left empty, its amount off (by how much), or a
    seat wrongly in or out of it (folded, or short of the pot's level)."""
    language = current_language()
    if row >= len(engine.pots):
        count = len(engine.pots)
        return plural_line("extra_pot", count, language, mine=learner[row][0], count=count)
    pot, name = engine.pots[row], pot_name(row)
    if row >= len(learner):
        return figure_line("missing_pot", language, pot=name, amount=pot.amount)
    mine, ticked = learner[row]
    if mine != pot.amount:
        return off_by("pot_amount", mine, pot.amount, language, pot=name)
    chips = question.contributions
    extra = sorted(ticked - set(pot.eligible))
    if extra:
        seat = extra[0]
        code = "folded_seat" if question.folded[seat] else "short_seat"
        return figure_line(
            code, language, seat=seat_name(seat), pot=name, chips=chips[seat], level=pot.level
        )
    seat = min(set(pot.eligible) - ticked)
    return figure_line("missed_seat", language, seat=seat_name(seat), pot=name, chips=chips[seat])


def grade_payouts(question: Question, answer: Answer) -> PayoutsGrade:
    award = the_award(question)
    seats = []
    for seat, engine in enumerate(award.payouts):
        mine = amount(value(answer, f"payout{seat}")) or 0
        seats.append(SeatPayout(seat_name(seat), mine, engine, mine == engine))
    awards = tuple(
        PotAward(
            index=i,
            amount=pa.pot.amount,
            winners=tuple(seat_name(s) for s in pa.winners),
            shares=tuple((seat_name(s), chips) for s, chips in pa.shares),
            odd_chips=pa.odd_chips,
        )
        for i, pa in enumerate(award.pots)
    )
    first_wrong = next((i for i, s in enumerate(seats) if not s.ok), None)
    return PayoutsGrade(
        correct=first_wrong is None,
        seats=tuple(seats),
        first_wrong=first_wrong,
        pots=awards,
        hands=hand_rows(question),
        total=sum(question.contributions),
        picked="" if first_wrong is None else _payout_picked(seats[first_wrong]),
    )


def _payout_picked(seat: SeatPayout) -> str:
    """The first seat whose chips are wrong: by how much, or that it wins no pot."""
    language = current_language()
    if seat.engine == 0:
        return figure_line("no_winnings", language, mine=seat.mine, seat=seat.label)
    return off_by("payout", seat.mine, seat.engine, language, seat=seat.label)


def hand_rows(question: Question) -> tuple[HandRow, ...]:
    rows = []
    for seat, hand in enumerate(question.hands):
        if hand is None:
            rows.append(HandRow(seat_name(seat), folded=True))
            continue
        best = holdem.evaluate(question.board + hand)
        rows.append(
            HandRow(
                seat_name(seat),
                folded=False,
                cards=hand,
                best=tuple(best.best_five),
                category=str(category_name("holdem", best.code)),
            )
        )
    return tuple(rows)
