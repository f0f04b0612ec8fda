"""Compute the side pots: first the pots and who can win each, then, with the hands shown,
how many chips each seat gets. Feedback compares the learner's numbers with the engine's,
layer by layer, and points at the first wrong step."""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from tutor.core.locales import format_number
from tutor.core.numbers import whole_number
from tutor.engine import holdem, pots
from tutor.engine.cards import DECK, Card, shuffled_deck
from tutor.words.terms import category_name, seat_name

from .answers import amount, value, values
from .base import AnswerError
from .codec import Record
from .drill import Answer, QuestionDrill

SEATS = {"easy": (3, 3), "medium": (4, 4), "hard": (5, 6)}
ALL_INS = {"easy": (1, 1), "medium": (2, 2), "hard": (2, 3)}
FOLDS = {"easy": (0, 0), "medium": (0, 1), "hard": (1, 1)}
UNITS = {"easy": 50, "medium": 10, "hard": 5}

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Question(Record):
    contributions: tuple[int, ...]
    stacks: tuple[int, ...]
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    board: Cards
    hands: tuple[Cards | None, ...]  # None: the seat folded, its cards are not shown
    button: int


def _roles(rng: random.Random, n: int, level: str) -> tuple[list[int], list[int], list[int]]:
    """Which seats are all-in, folded and calling (someone must have matched the top bet)."""
    seats = list(range(n))
    rng.shuffle(seats)
    all_in = sorted(seats[: rng.randint(*ALL_INS[level])])
    folded = sorted(seats[len(all_in) : len(all_in) + rng.randint(*FOLDS[level])])
    callers = [s for s in range(n) if s not in all_in and s not in folded]
    if not callers:
        callers, all_in = [all_in[-1]], all_in[:-1]
    return all_in, folded, callers


def _contributions(
    rng: random.Random, level: str, n: int, roles: tuple[list[int], list[int], list[int]]
) -> list[int]:
    all_in, folded, callers = roles
    unit = UNITS[level]
    top = unit * rng.randint(12, 40)
    levels = sorted(rng.sample(range(2, 12), len(all_in)))
    contributions = [0] * n
    for seat, lvl in zip(all_in, levels, strict=True):
        contributions[seat] = unit * lvl + (rng.randint(1, 9) if level == "hard" else 0)
    for seat in callers:
        contributions[seat] = top
    for seat in folded:
        contributions[seat] = unit * rng.randint(1, 10)
    if level == "hard" and len(callers) == 1 and rng.random() < 0.5:
        contributions[callers[0]] = top + unit * rng.randint(5, 20)  # an uncalled bet
    return contributions


def generate(seed: int, level: str) -> Question:
    rng = random.Random(f"side-pots/{level}/{seed}")
    n = rng.randint(*SEATS[level])
    roles = _roles(rng, n, level)
    all_in, folded, _callers = roles
    contributions = _contributions(rng, level, n, roles)
    unit = UNITS[level]
    stacks = [
        c if s in all_in else c + unit * rng.randint(0, 60) for s, c in enumerate(contributions)
    ]
    deck = shuffled_deck(rng.randrange(2**63))
    board = tuple(deck[:5])
    hands: list[Cards | None] = [
        None if seat in folded else tuple(deck[5 + 2 * seat : 7 + 2 * seat]) for seat in range(n)
    ]
    if level == "hard":
        a, b = rng.sample([s for s in range(n) if s not in folded], 2)
        hands[b] = _twin(hands[a], board, [h for h in hands if h]) or hands[b]
    return Question(
        contributions=tuple(contributions),
        stacks=tuple(stacks),
        folded=tuple(s in folded for s in range(n)),
        all_in=tuple(s in all_in for s in range(n)),
        board=board,
        hands=tuple(hands),
        button=rng.randrange(n),
    )


def _twin(hand: Cards | None, board: Cards, used_hands: list[Cards]) -> Cards | None:
    """Two cards of the same ranks as ``hand`` in other suits, if free: a likely split."""
    if hand is None:
        return None
    used = set(board) | {c for h in used_hands for c in h}
    twin: list[Card] = []
    for card in hand:
        match = next(
            (c for c in DECK if c.rank == card.rank and c not in used and c not in twin), None
        )
        if match is None:
            return None
        twin.append(match)
    return tuple(twin)


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


def breakdown(question: Question) -> pots.PotBreakdown:
    return pots.build_pots(list(question.contributions), list(question.folded))


def the_award(question: Question) -> pots.Award:
    strengths = [
        None if h is None else holdem.evaluate(question.board + h).strength for h in question.hands
    ]
    return pots.award(
        list(question.contributions), list(question.folded), strengths, question.button
    )


def grade(question: Question, answer: Answer) -> PotsGrade | PayoutsGrade:
    if value(answer, "stage") == "2":
        return grade_payouts(question, answer)
    return grade_pots(question, answer)


def _seats_ticked(answer: Answer, row: int, seats: int) -> set[int]:
    return {
        n
        for text in values(answer, f"eligible{row}")
        if (n := whole_number(text, 2)) is not None and n < seats
    }


def _learner_pots(question: Question, answer: Answer) -> list[tuple[int, set[int]]]:
    seats = len(question.contributions)
    learner = []
    for row in range(seats):
        chips, ticked = amount(value(answer, f"pot{row}")), _seats_ticked(answer, row, seats)
        if chips is not None or ticked:
            learner.append((chips or 0, ticked))
    if not learner:
        raise AnswerError(
            _("Enter the main pot in the first row, then each side pot in the rows below it.")
        )
    return learner


def _labels(seats: set[int]) -> tuple[str, ...]:
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
                mine_eligible=_labels(mine[1]) if mine else (),
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
    )


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
    return PayoutsGrade(
        correct=all(s.ok for s in seats),
        seats=tuple(seats),
        first_wrong=next((i for i, s in enumerate(seats) if not s.ok), None),
        pots=awards,
        hands=hand_rows(question),
        total=sum(question.contributions),
    )


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
    """The table of seats and one form row per possible pot."""
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
    return {"seat_rows": seat_rows, "pot_rows": range(len(question.contributions))}


def answer_key(question: Question) -> dict[str, list[str]]:
    key: dict[str, list[str]] = {"stage": ["1"]}
    for i, pot in enumerate(breakdown(question).pots):
        key[f"pot{i}"] = [str(pot.amount)]
        key[f"eligible{i}"] = [str(s) for s in pot.eligible]
    return key


def _chips(text: str) -> int | None:
    cleaned = text.replace(" ", "").replace(",", "").replace("\xa0", "")
    return whole_number(cleaned)


def answer_label(question: Question, answer: Answer) -> str:
    seats = len(question.contributions)
    language = get_language() or "en"
    if value(answer, "stage") == "2":
        return "; ".join(
            f"{seat_name(s)}: {format_number(chips, language)}"
            for s in range(seats)
            if (chips := _chips(value(answer, f"payout{s}"))) is not None
        )
    parts: list[str] = []
    for row in range(seats):
        ticked = _seats_ticked(answer, row, seats)
        if value(answer, f"pot{row}").strip() == "" and not ticked:
            continue
        pot = format_number(_chips(value(answer, f"pot{row}")) or 0, language)
        names = ", ".join(_labels(ticked))
        parts.append(f"{pot} ({names})" if names else pot)
    return "; ".join(parts)


DRILL = QuestionDrill(
    slug="side-pots",
    title=gettext_lazy("Compute the side pots"),
    summary=gettext_lazy(
        "Players all-in for different amounts: build the main pot and the side pots, then pay the winners."
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    answer_key=answer_key,
    answer_label=answer_label,
    context=context,
)
