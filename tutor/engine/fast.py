"""The fast path: a Hold'em strength integer from 5 to 7 card indices, by table look-up.

Input is a sequence of ``Card.index`` values (0..51, rank-major: rank = 2 + i // 4,
suit = i % 4); nothing is validated. The result is the same integer as
``holdem.evaluate(cards).strength``: the category in bits 20 and up, then five 4-bit
tie-break ranks, so a higher number is a stronger hand and equal numbers tie.

Each card has an integer key. Its high part is ``5 ** (rank - 2)``: a base-5 digit per
rank, and as a rank has at most four cards the digits of a sum never carry, so the sum
names the rank multiset. Its low 16 bits hold a 4-bit counter per suit; summed from
``0x3333``, a counter sets its top bit exactly when its suit has five or more cards. Seven
cards cannot hold a flush and a full house (or quads) at once, so a flush settles the
hand, and its rank bit mask is looked up in a second table. The tables are built from
the value functions of :mod:`tutor.engine.packing` on first use (well under a second).

>>> from tutor.engine.cards import parse_cards
>>> hand = [c.index for c in parse_cards("As Ks Qs Js Ts 2c 3d")]
>>> hex(strength(hand))
'0x8e0000'
>>> category_of(strength([c.index for c in parse_cards("7c 7d 7h 2s 2d")]))
6
"""

from __future__ import annotations

from collections.abc import Sequence

from .packing import CATEGORY_SHIFT, pack, value_of_counts, value_of_suited

__all__ = ["CATEGORY_SHIFT", "build_tables", "category_of", "strength", "table_sizes"]

_SUIT_BASE = 0x3333  # each suit counter starts at 3, so five cards reach 8 (bit 3)
_FLUSH_BITS = 0x8888
_KEYS: tuple[int, ...] = tuple((5 ** (i >> 2)) << 16 | 1 << 4 * (i & 3) for i in range(52))
_FLUSH_SUIT = {0x8 << 4 * s: s for s in range(4)}

# Filled by build_tables(): rank-digit sum -> strength, and 13-bit rank mask -> strength.
_NONFLUSH: dict[int, int] = {}
_FLUSH: list[int] = []


def strength(indices: Sequence[int]) -> int:
    """The strength of the best five of 5, 6 or 7 distinct card indices. No validation."""
    key = _SUIT_BASE
    for i in indices:
        key += _KEYS[i]
    flush = key & _FLUSH_BITS
    try:
        if not flush:
            return _NONFLUSH[key >> 16]
        suit = _FLUSH_SUIT[flush]
        mask = 0
        for i in indices:
            if i & 3 == suit:
                mask |= 1 << (i >> 2)
        return _FLUSH[mask]
    except LookupError:
        if _FLUSH:
            raise  # the tables exist: the input was not 5 to 7 distinct cards
    build_tables()
    return strength(indices)


def category_of(value: int) -> int:
    """The category number (``holdem.Category``) of a strength integer."""
    return value >> CATEGORY_SHIFT


def build_tables() -> None:
    """Build the look-up tables now (they are otherwise built on the first call)."""
    if _FLUSH:
        return
    nonflush: dict[int, int] = {}
    counts = [0] * 15

    def fill(rank: int, left: int, key: int) -> None:
        # Every multiset of 5..7 ranks with at most four cards of a rank.
        if rank > 14:
            if left <= 2:
                nonflush[key] = pack(*value_of_counts(counts))
            return
        for n in range(min(4, left) + 1):
            counts[rank] = n
            fill(rank + 1, left - n, key + n * 5 ** (rank - 2))
        counts[rank] = 0

    fill(2, 7, 0)
    flush = [0] * (1 << 13)
    for mask in range(1 << 13):
        if 5 <= mask.bit_count() <= 7:
            flush[mask] = pack(*value_of_suited(mask << 2))
    _NONFLUSH.update(nonflush)
    _FLUSH[:] = flush


def table_sizes() -> tuple[int, int]:
    """Entries in the two tables (building them if needed): non-flush, flush masks."""
    build_tables()
    return len(_NONFLUSH), sum(1 for v in _FLUSH if v)
