"""Exact outcome counts behind the Teen Patti 20-20 returns (no sampling, no stored tables).

* :func:`main_outcome_counts`: over every ordered deal (A's three cards, then B's
  three from the other 49), how often A wins, they tie, B wins. Each of the
  22,100 A hands is counted against the B hands that avoid its cards by
  inclusion-exclusion over the cards A uses, with sorted strength lists per
  card and per pair of cards and :mod:`bisect`.
* :func:`three_card_counts`: every three-card hand by Pair Plus row code.
* :func:`bonus_counts`: every six-card set by 6 Card Bonus category, grouped by
  rank multiset. Within a group the category depends only on whether a suit
  holds five or more of the cards and which ranks those are, so one
  representative per class is evaluated and weighted by its number of suit
  assignments.

Each function takes the deck's ranks so that tests can compare it with brute
force on a reduced deck (all four suits of each listed rank).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb, prod

from .cards import Card, Rank, Suit
from .sixcard import BonusCategory, bonus_of
from .teenpatti import value_of

__all__ = ["MainCounts", "bonus_counts", "main_outcome_counts", "three_card_counts"]

ALL_RANKS: tuple[Rank, ...] = tuple(Rank)
_SUITS: tuple[Suit, ...] = tuple(Suit)


def deck_of(ranks: tuple[Rank, ...]) -> tuple[Card, ...]:
    """All four suits of each rank, in index order."""
    return tuple(Card.parse(r.char + s.char) for r in sorted(ranks) for s in _SUITS)


@dataclass(frozen=True, slots=True)
class MainCounts:
    """Ordered deals (A's hand, B's hand) by result; ``total`` = C(n,3) * C(n-3,3)."""

    player_a: int
    tie: int
    player_b: int

    @property
    def total(self) -> int:
        return self.player_a + self.tie + self.player_b


def _hands(ranks: tuple[Rank, ...]) -> list[tuple[tuple[int, ...], int]]:
    """(position triple into the deck, strength) for every three-card hand."""
    deck = deck_of(ranks)
    return [
        (trio, value_of((deck[trio[0]], deck[trio[1]], deck[trio[2]])).strength)
        for trio in combinations(range(len(deck)), 3)
    ]


@cache
def main_outcome_counts(ranks: tuple[Rank, ...] = ALL_RANKS) -> MainCounts:
    """Count A wins / ties / B wins over every ordered deal of two disjoint hands."""
    hands = _hands(ranks)
    everything = sorted(s for _, s in hands)
    by_card: dict[int, list[int]] = {}
    by_pair: dict[tuple[int, int], list[int]] = {}
    for (a, b, c), s in hands:
        for card in (a, b, c):
            by_card.setdefault(card, []).append(s)
        for pair in ((a, b), (a, c), (b, c)):
            by_pair.setdefault(pair, []).append(s)
    for lists in (by_card, by_pair):
        for strengths in lists.values():
            strengths.sort()

    def below(strengths: list[int], s: int) -> tuple[int, int]:
        return bisect_left(strengths, s), bisect_right(strengths, s)

    n = 4 * len(ranks)
    others = comb(n - 3, 3)
    a_wins = ties = b_wins = 0
    for (a, b, c), s in hands:
        # Hands avoiding {a, b, c} = sum over subsets T of (-1)^|T| * hands containing T.
        lt, le = below(everything, s)
        for card in (a, b, c):
            x, y = below(by_card[card], s)
            lt, le = lt - x, le - y
        for pair in ((a, b), (a, c), (b, c)):
            x, y = below(by_pair[pair], s)
            lt, le = lt + x, le + y
        le -= 1  # the hand containing all three cards is this hand, of strength s
        a_wins += lt
        ties += le - lt
        b_wins += others - le
    return MainCounts(a_wins, ties, b_wins)


@cache
def three_card_counts(ranks: tuple[Rank, ...] = ALL_RANKS) -> dict[str, int]:
    """Every three-card hand counted by its Pair Plus row code (``three_aces`` apart)."""
    deck = deck_of(ranks)
    return dict(Counter(value_of(trio).paytable_code for trio in combinations(deck, 3)))


def multisets(ranks: tuple[Rank, ...], size: int) -> Iterator[dict[Rank, int]]:
    """Yield rank -> count dicts (counts 1..4) of ``size`` cards over ``ranks``."""

    def walk(i: int, left: int, chosen: dict[Rank, int]) -> Iterator[dict[Rank, int]]:
        if left == 0:
            yield dict(chosen)
            return
        if i == len(ranks):
            return
        yield from walk(i + 1, left, chosen)
        for k in range(1, min(4, left) + 1):
            chosen[ranks[i]] = k
            yield from walk(i + 1, left - k, chosen)
            del chosen[ranks[i]]

    yield from walk(0, size, {})


def _cards(counts: dict[Rank, int], flush_ranks: frozenset[Rank]) -> tuple[Card, ...]:
    """A representative six-card set: spades on exactly ``flush_ranks`` if given,
    else suits dealt round-robin (no suit then holds more than two of six cards)."""
    cards: list[Card] = []
    turn = 0
    for rank, k in counts.items():
        if flush_ranks:
            suits = ((Suit.SPADES,) if rank in flush_ranks else ()) + _SUITS[1:]
            suits = suits[:k]
        else:
            suits = tuple(_SUITS[(turn + j) % 4] for j in range(k))
            turn += k
        cards.extend(Card.parse(rank.char + s.char) for s in suits)
    return tuple(cards)


@cache
def bonus_counts(ranks: tuple[Rank, ...] = ALL_RANKS) -> dict[BonusCategory, int]:
    """Every six-card set of the deck counted by its 6 Card Bonus category."""
    counts: Counter[BonusCategory] = Counter()
    for multiset in multisets(tuple(sorted(ranks)), 6):
        assignments = prod(comb(4, k) for k in multiset.values())
        flush_assignments = 0
        for size in range(5, len(multiset) + 1):
            for flush_ranks in map(frozenset, combinations(multiset, size)):
                # One suit (4 choices) on exactly these ranks; every other card off it.
                ways = 4 * prod(
                    comb(3, k - 1) if r in flush_ranks else comb(3, k) for r, k in multiset.items()
                )
                if ways:
                    counts[bonus_of(_cards(multiset, flush_ranks)).category] += ways
                    flush_assignments += ways
        if assignments > flush_assignments:
            no_flush = bonus_of(_cards(multiset, frozenset())).category
            counts[no_flush] += assignments - flush_assignments
    return {category: counts[category] for category in BonusCategory}
