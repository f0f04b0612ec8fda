"""Your equity when you cannot see the others' cards: against every hand they could hold.

At a decision you know your two cards and the board; each live opponent's two cards are
unknown, so every way to deal them from the unseen cards counts alike (a uniform range:
no guess about how people play), and so does every way to finish the board. Ties count
as a share (1/k of a k-way tie).

:func:`estimate` counts every deal exactly when there are few enough of them
(:data:`EXACT_LIMIT` hand evaluations: heads-up on the turn or the river), else samples
:data:`SAMPLES` deals with a random generator seeded by the caller, so the same decision
gets the same figure, and states the standard error of that mean.

>>> from .cards import parse_cards
>>> cards = lambda text: tuple(c.index for c in parse_cards(text))
>>> river = estimate(cards("As Ah"), cards("Ad Kc 7h 2s 2d"), opponents=1, seed="doc")
>>> river.exact, river.deals, round(float(river.equity), 4)
(True, 990, 0.999)
>>> flop = estimate(cards("7c 8c"), cards("9c Tc 2d"), opponents=2, seed="doc")
>>> flop.exact, flop.deals, 0 < flop.error < 0.01
(False, 4000, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb, lcm, sqrt
from typing import TypedDict

from .fast import strength

__all__ = ["EXACT_LIMIT", "SAMPLES", "Estimate", "EstimateData", "estimate", "exact", "sampled"]

#: Count exactly when the deals need at most this many evaluations (heads-up on the turn:
#: 44 rivers x 990 opposing hands; about 60 ms on one core of the machine it was measured on).
EXACT_LIMIT = 50_000
#: Deals sampled otherwise: a standard error of at most 0.8 percentage points.
SAMPLES = 4_000


class EstimateData(TypedDict):
    """The JSON form of an :class:`Estimate`."""

    equity: str
    exact: bool
    deals: int
    error: float


@dataclass(frozen=True, slots=True)
class Estimate:
    """Your share of the pot on average: exact (``error`` 0) or the mean of ``deals``
    random deals with its standard error (a share, 0.012 is 1.2 percentage points)."""

    equity: Fraction
    exact: bool
    deals: int
    error: float

    def to_dict(self) -> EstimateData:
        equity = f"{self.equity.numerator}/{self.equity.denominator}"
        return {"equity": equity, "exact": self.exact, "deals": self.deals, "error": self.error}

    @classmethod
    def from_dict(cls, data: EstimateData) -> Estimate:
        return cls(Fraction(data["equity"]), bool(data["exact"]), int(data["deals"]),
                   float(data["error"]))  # fmt: skip


def _unseen(hole: Sequence[int], board: Sequence[int], dead: Sequence[int]) -> list[int]:
    known = {*hole, *board, *dead}
    if len(known) != len(hole) + len(board) + len(dead) or len(hole) != 2 or len(board) > 5:
        raise ValueError("two hole cards, at most five on the board, no card twice")
    return [i for i in range(52) if i not in known]


def evaluations(unseen: int, need: int, opponents: int) -> int:
    """The hand evaluations an exact count takes: yours once per board, then each
    opponent's in every deal of their hands.

    >>> evaluations(45, 0, 1), evaluations(46, 1, 1), evaluations(47, 2, 1)
    (991, 45586, 1071271)
    """
    boards = comb(unseen, need)
    deals, left = 1, unseen - need
    for _ in range(opponents):
        deals *= comb(left, 2)
        left -= 2
    return boards * (1 + deals * opponents)


def _share(mine: int, theirs: Iterator[int], whole: int) -> int:
    """Your share of one deal in units of ``whole`` (divisible by every tie's size)."""
    tied = 1
    for value in theirs:
        if value > mine:
            return 0
        tied += value == mine
    return whole // tied


def _hands(cards: Sequence[int], opponents: int) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every way to deal ``opponents`` two-card hands from ``cards``, seat by seat."""
    if opponents == 1:
        yield from ((pair,) for pair in combinations(cards, 2))
        return
    for pair in combinations(cards, 2):
        rest = [c for c in cards if c not in pair]
        for others in _hands(rest, opponents - 1):
            yield (pair, *others)


def exact(
    hole: Sequence[int], board: Sequence[int], opponents: int, dead: Sequence[int] = ()
) -> Estimate:
    """Every completion of the board and every deal of the opponents' hands, counted."""
    unseen = _unseen(hole, board, dead)
    need = 5 - len(board)
    whole = lcm(*range(1, opponents + 2))
    total = deals = 0
    for extra in combinations(unseen, need):
        full = (*board, *extra)
        mine = strength((*hole, *full))
        rest = [c for c in unseen if c not in extra]
        for hands in _hands(rest, opponents):
            total += _share(mine, (strength((a, b, *full)) for a, b in hands), whole)
            deals += 1
    return Estimate(Fraction(total, deals * whole), True, deals, 0.0)


def sampled(
    hole: Sequence[int],
    board: Sequence[int],
    opponents: int,
    seed: str,
    samples: int = SAMPLES,
    dead: Sequence[int] = (),
) -> Estimate:
    """The mean share over ``samples`` random deals from ``random.Random(seed)``."""
    unseen = _unseen(hole, board, dead)
    need = 5 - len(board)
    rng = random.Random(seed)
    whole = lcm(*range(1, opponents + 2))
    total = squares = 0
    for _ in range(samples):
        drawn = rng.sample(unseen, need + 2 * opponents)
        full = (*board, *drawn[:need])
        theirs = (strength((drawn[k], drawn[k + 1], *full)) for k in range(need, len(drawn), 2))
        share = _share(strength((*hole, *full)), theirs, whole)
        total += share
        squares += share * share
    # The sample variance of the shares, then the standard error of their mean.
    variance = Fraction(samples * squares - total * total, samples * (samples - 1) * whole**2)
    return Estimate(Fraction(total, samples * whole), False, samples, sqrt(variance / samples))


def estimate(
    hole: Sequence[int],
    board: Sequence[int],
    opponents: int,
    seed: str,
    dead: Sequence[int] = (),
) -> Estimate:
    """Exact when it takes at most :data:`EXACT_LIMIT` evaluations, else sampled."""
    if not 1 <= opponents <= 9:
        raise ValueError("one to nine opponents")
    unseen = len(_unseen(hole, board, dead))
    if evaluations(unseen, 5 - len(board), opponents) <= EXACT_LIMIT:
        return exact(hole, board, opponents, dead)
    return sampled(hole, board, opponents, seed, dead=dead)
