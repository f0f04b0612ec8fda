"""Hold'em hand values as plain numbers: categories, the ranks that decide, and the packed
strength integer. Shared by the exact evaluator (:mod:`tutor.engine.holdem`) and the
table-driven fast path (:mod:`tutor.engine.fast`), which builds its tables from here.

>>> value_of_counts([0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0])
(<Category.FULL_HOUSE: 6>, (3, 13))
>>> hex(pack(*value_of_suited(sum(1 << r for r in (14, 13, 12, 11, 10)))))
'0x8e0000'
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum, unique

__all__ = [
    "CATEGORY_SHIFT",
    "Category",
    "pack",
    "straight_top",
    "value_of_counts",
    "value_of_suited",
]

#: ``pack(...) >> CATEGORY_SHIFT`` is the :class:`Category` value (five 4-bit rank slots).
CATEGORY_SHIFT = 20

ACE = 14


@unique
class Category(IntEnum):
    """Hold'em hand categories, weakest first."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def code(self) -> str:
        return self.name.lower()


def pack(category: int, ranks: Sequence[int]) -> int:
    """The strength integer: the category above five 4-bit rank slots (unused slots 0).

    It orders exactly like ``(category, ranks)`` because every category has a fixed
    number of ranks.

    >>> hex(pack(Category.FULL_HOUSE, (10, 14)))
    '0x6ae000'
    """
    value = int(category)
    for i in range(5):
        value = value << 4 | (ranks[i] if i < len(ranks) else 0)
    return value


def straight_top(rank_mask: int) -> int:
    """The top rank of the highest straight in a set of ranks (bit ``r`` for rank ``r``), or 0.

    >>> straight_top(sum(1 << r for r in (14, 2, 3, 4, 5)))
    5
    >>> straight_top(sum(1 << r for r in (13, 14, 2, 3, 4)))
    0
    """
    if rank_mask >> ACE & 1:
        rank_mask |= 2  # the ace also plays low, as rank 1
    for top in range(ACE, 4, -1):
        if rank_mask >> (top - 4) & 0b11111 == 0b11111:
            return top
    return 0


def value_of_counts(counts: Sequence[int]) -> tuple[Category, tuple[int, ...]]:
    """Category and ranks of the best five from rank counts (``counts[r]``, r = 2..14), no flush.

    >>> value_of_counts([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0])
    (<Category.STRAIGHT: 4>, (10,))
    """
    present = [r for r in range(ACE, 1, -1) if counts[r]]
    by_count = sorted(present, key=lambda r: -counts[r])  # stable: ranks stay high to low
    first = by_count[0]
    top_count = counts[first]
    if top_count == 4:
        return Category.FOUR_OF_A_KIND, (first, *_kickers(present, (first,), 1))
    if top_count == 3:
        pair = next((r for r in present if r != first and counts[r] >= 2), 0)
        if pair:
            return Category.FULL_HOUSE, (first, pair)
    top = straight_top(sum(1 << r for r in present))
    if top:
        return Category.STRAIGHT, (top,)
    if top_count == 3:
        return Category.THREE_OF_A_KIND, (first, *_kickers(present, (first,), 2))
    if top_count == 2:
        second = by_count[1]
        if counts[second] == 2:
            return Category.TWO_PAIR, (first, second, *_kickers(present, (first, second), 1))
        return Category.ONE_PAIR, (first, *_kickers(present, (first,), 3))
    return Category.HIGH_CARD, tuple(present[:5])


def value_of_suited(rank_mask: int) -> tuple[Category, tuple[int, ...]]:
    """Category and ranks of the best five among five or more cards of one suit.

    >>> value_of_suited(sum(1 << r for r in (12, 11, 10, 4, 2, 3)))
    (<Category.FLUSH: 5>, (12, 11, 10, 4, 3))
    """
    top = straight_top(rank_mask)
    if top:
        return Category.STRAIGHT_FLUSH, (top,)
    ranks = tuple(r for r in range(ACE, 1, -1) if rank_mask >> r & 1)
    return Category.FLUSH, ranks[:5]


def _kickers(present: list[int], used: tuple[int, ...], n: int) -> list[int]:
    return [r for r in present if r not in used][:n]
