"""Dealing a side-pots question from a level's shape (seats, all-ins, folds, the chip
unit), and aiming one at a concept by changing that shape."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from tutor.engine import holdem
from tutor.engine.cards import DECK, Card, shuffled_deck

from .concepts import concepts_of
from .question import SLUG, Cards, Question


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
    return _deal(random.Random(f"{SLUG}/{level}/{seed}"), SHAPES[level])


def target(seed: int, level: str, concept: str) -> Question:
    """A question whose pots exercise ``concept``: dealt from the level's shape changed as
    ``AIMED`` says, until :func:`concepts_of` finds the concept (the last one tried if
    none does)."""
    rng = random.Random(f"{SLUG}/{level}/{concept}/{seed}")
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
