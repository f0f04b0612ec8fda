"""Compute the side pots: first the pots and who can win each, then, with the hands shown,
how many chips each seat gets. Feedback compares the learner's numbers with the engine's,
layer by layer, and points at the first wrong step."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

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


@dataclass(frozen=True)
class Shape:
    """How a level lays out the table: seats, all-ins and folds, the chip unit, and what
    makes the hard level hard (odd amounts, an uncalled bet, two hands alike)."""

    seats: tuple[int, int]
    all_ins: tuple[int, int]
    folds: tuple[int, int]
    unit: int
    odd_amounts: bool = False  # all-in amounts off the unit: odd chips when pots split
    uncalled: float = 0.0  # the chance of an uncalled top bet when one player called
    #: Hands alike, for a likely split: "" none, "random" two seats, "best" the best hand
    #: and another seat.
    twin: str = ""
    #: Aimed only: at most this many seats call the top bet (the rest go all-in).
    callers: int | None = None


SHAPES = {
    "easy": Shape((3, 3), (1, 1), (0, 0), 50),
    "medium": Shape((4, 4), (2, 2), (0, 1), 10),
    "hard": Shape((5, 6), (2, 3), (1, 1), 5, odd_amounts=True, uncalled=0.5, twin="random"),
}

#: What a question aimed at a concept changes in its level's shape.
AIMED: dict[str, dict[str, Any]] = {
    "main-and-side-pots": {},
    "side-pot-folded-contributor": {"folds": (1, 1)},
    "odd-chip": {"odd_amounts": True, "twin": "best"},
    "uncalled-bet": {"uncalled": 1.0, "callers": 1},
}
#: Questions dealt for an aimed one before giving up (the last one is kept).
AIM_TRIES = 60

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


def _roles(rng: random.Random, n: int, shape: Shape) -> tuple[list[int], list[int], list[int]]:
    """Which seats are all-in, folded and calling (someone must have matched the top bet)."""
    seats = list(range(n))
    rng.shuffle(seats)
    all_in = sorted(seats[: rng.randint(*shape.all_ins)])
    folded = sorted(seats[len(all_in) : len(all_in) + rng.randint(*shape.folds)])
    callers = [s for s in range(n) if s not in all_in and s not in folded]
    if not callers:
        callers, all_in = [all_in[-1]], all_in[:-1]
    if shape.callers is not None and len(callers) > shape.callers:
        all_in = sorted(all_in + callers[shape.callers :])
        callers = callers[: shape.callers]
    return all_in, folded, callers


def _contributions(
    rng: random.Random, shape: Shape, n: int, roles: tuple[list[int], list[int], list[int]]
) -> list[int]:
    all_in, folded, callers = roles
    unit = shape.unit
    top = unit * rng.randint(12, 40)
    levels = sorted(rng.sample(range(2, 12), len(all_in)))
    contributions = [0] * n
    for seat, lvl in zip(all_in, levels, strict=True):
        contributions[seat] = unit * lvl + (rng.randint(1, 9) if shape.odd_amounts else 0)
    for seat in callers:
        contributions[seat] = top
    for seat in folded:
        contributions[seat] = unit * rng.randint(1, 10)
    if shape.uncalled and len(callers) == 1 and rng.random() < shape.uncalled:
        contributions[callers[0]] = top + unit * rng.randint(5, 20)  # an uncalled bet
    return contributions


def generate(seed: int, level: str) -> Question:
    return _deal(random.Random(f"side-pots/{level}/{seed}"), SHAPES[level])


def target(seed: int, level: str, concept: str) -> Question:
    """A question whose pots exercise ``concept``: dealt from the level's shape changed as
    ``AIMED`` says, until :func:`concepts_of` finds the concept (the last one tried if
    none does)."""
    rng = random.Random(f"side-pots/{level}/{concept}/{seed}")
    shape = replace(SHAPES[level], **AIMED.get(concept, {}))
    question = _deal(rng, shape)
    for _attempt in range(AIM_TRIES):
        if concept in concepts_of(question):
            break
        question = _deal(rng, shape)
    return question


def _deal(rng: random.Random, shape: Shape) -> Question:
    n = rng.randint(*shape.seats)
    roles = _roles(rng, n, shape)
    all_in, folded, _callers = roles
    contributions = _contributions(rng, shape, n, roles)
    unit = shape.unit
    stacks = [
        c if s in all_in else c + unit * rng.randint(0, 60) for s, c in enumerate(contributions)
    ]
    deck = shuffled_deck(rng.randrange(2**63))
    board = tuple(deck[:5])
    hands: list[Cards | None] = [
        None if seat in folded else tuple(deck[5 + 2 * seat : 7 + 2 * seat]) for seat in range(n)
    ]
    if shape.twin:
        a, b = rng.sample([s for s in range(n) if s not in folded], 2)
        if shape.twin == "best":
            a = max(
                (s for s in range(n) if s not in folded and s != b),
                key=lambda s: holdem.evaluate(board + (hands[s] or ())).strength,
            )
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


#: Concept id -> whether the engine's pots and award for a question exercise it.
CONCEPT_TESTS: dict[str, Callable[[pots.PotBreakdown, pots.Award, Question], bool]] = {
    "main-and-side-pots": lambda split, award, q: len(split.pots) > 1,
    # A folded seat's chips sit in a pot it cannot win, among several pots.
    "side-pot-folded-contributor": lambda split, award, q: (
        len(split.pots) > 1 and any(q.folded[s] for pot in split.pots for s in pot.contributors)
    ),
    "odd-chip": lambda split, award, q: any(pa.odd_chips for pa in award.pots),
    "uncalled-bet": lambda split, award, q: any(split.returned),
}
CONCEPTS: dict[str, tuple[str, ...]] = {
    "main-and-side-pots": ("easy", "medium", "hard"),
    "side-pot-folded-contributor": ("medium", "hard"),
    "odd-chip": ("medium", "hard"),
    "uncalled-bet": ("medium", "hard"),
}


def concepts_of(question: Question) -> frozenset[str]:
    """The concepts the engine's pots and award for ``question`` exercise."""
    split, award = breakdown(question), the_award(question)
    return frozenset(c for c, test in CONCEPT_TESTS.items() if test(split, award, question))


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
    concepts=MappingProxyType(CONCEPTS),
    concepts_of=concepts_of,
    target=target,
)
