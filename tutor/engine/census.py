"""How many hands of each category there are: every five-card Hold'em hand and every
three-card Teen Patti hand, counted with the engine's own evaluators.

Hold'em has 2,598,960 five-card hands; evaluating each one takes about three seconds in
Python, too slow for a page. So the hands are counted by class instead, which is exact:
a hand's category depends only on its multiset of ranks and on whether all five cards
share a suit. Each rank multiset is one class (two when its five ranks are distinct:
the four one-suit hands and the rest), its multiplicity is the number of ways to give
its cards suits, and :func:`tutor.engine.fast.strength` evaluates one representative.
Teen Patti's 22,100 hands are few enough to evaluate one by one.

Both functions take the deck's ranks, so that a test can check the class counts
against brute force on a smaller deck (all four suits of each listed rank).

>>> counts = holdem_counts()
>>> counts["royal_flush"], counts["full_house"], sum(counts.values())
(4, 3744, 2598960)
>>> list(teenpatti_counts())[:2], teenpatti_counts()["sequence"]
(['trail', 'pure_sequence'], 720)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb, prod

from . import tp_rtp
from .cards import Card, Rank, Suit
from .fast import strength
from .packing import ACE, CATEGORY_SHIFT, Category, pack
from .teenpatti import TPCategory, value_of

__all__ = [
    "ALL_RANKS",
    "HOLDEM_ORDER",
    "TEENPATTI_ORDER",
    "HandClass",
    "holdem_classes",
    "holdem_code",
    "holdem_counts",
    "holdem_example",
    "teenpatti_counts",
    "teenpatti_example",
]

ALL_RANKS: tuple[Rank, ...] = tuple(Rank)
_SUITS: tuple[Suit, ...] = tuple(Suit)
_ROYAL = pack(Category.STRAIGHT_FLUSH, (ACE,))

#: Hold'em category codes, strongest first, the royal flush apart from the straight flush.
HOLDEM_ORDER: tuple[str, ...] = (
    "royal_flush",
    *(category.code for category in sorted(Category, reverse=True)),
)
#: Teen Patti category codes, strongest first.
TEENPATTI_ORDER: tuple[str, ...] = tuple(c.code for c in sorted(TPCategory, reverse=True))


def holdem_code(value: int) -> str:
    """The category code of a :func:`~tutor.engine.fast.strength` integer, royal flush apart.

    >>> from .cards import parse_cards
    >>> holdem_code(strength([c.index for c in parse_cards("Ah Kh Qh Jh Th")]))
    'royal_flush'
    """
    if value == _ROYAL:
        return "royal_flush"
    return Category(value >> CATEGORY_SHIFT).code


@dataclass(frozen=True, slots=True)
class HandClass:
    """Five-card hands that share a category: one representative and how many there are.

    ``counts`` is the rank multiset (rank -> cards of that rank) and ``suited`` says
    whether the five cards are of one suit.
    """

    code: str
    counts: tuple[tuple[Rank, int], ...]
    suited: bool
    representative: tuple[Card, ...]
    multiplicity: int


def _multisets(ranks: tuple[Rank, ...], size: int) -> Iterator[tuple[tuple[Rank, int], ...]]:
    """Every multiset of ``size`` cards over ``ranks``, at most four cards of a rank, as
    (rank, count) pairs in rank order: the Teen Patti counter's walk, shared."""
    return (tuple(counts.items()) for counts in tp_rtp.multisets(ranks, size))


def _representative(counts: tuple[tuple[Rank, int], ...], suited: bool) -> tuple[Card, ...]:
    """Cards of the multiset: all spades when ``suited``, else suits taken in turn (five
    cards so dealt never share one suit)."""
    if suited:
        return tuple(Card(rank, Suit.SPADES) for rank, _ in counts)
    cards: list[Card] = []
    turn = 0
    for rank, k in counts:
        cards.extend(Card(rank, _SUITS[(turn + j) % 4]) for j in range(k))
        turn += k
    return tuple(cards)


def _class(counts: tuple[tuple[Rank, int], ...], suited: bool, ways: int) -> HandClass:
    cards = _representative(counts, suited)
    code = holdem_code(strength([c.index for c in cards]))
    return HandClass(code, counts, suited, cards, ways)


@cache
def holdem_classes(ranks: tuple[Rank, ...] = ALL_RANKS) -> tuple[HandClass, ...]:
    """Every class of five-card hands over ``ranks`` (7,462 + 1,287 for the full deck)."""
    classes: list[HandClass] = []
    for counts in _multisets(tuple(sorted(ranks, reverse=True)), 5):
        ways = prod(comb(4, k) for _, k in counts)
        if len(counts) == 5:  # five distinct ranks: one suit (4 ways) or not
            classes.append(_class(counts, True, len(_SUITS)))
            ways -= len(_SUITS)
        classes.append(_class(counts, False, ways))
    return tuple(classes)


@cache
def holdem_counts(ranks: tuple[Rank, ...] = ALL_RANKS) -> dict[str, int]:
    """Five-card hands over ``ranks`` by category code, strongest first (zeros kept)."""
    counts = dict.fromkeys(HOLDEM_ORDER, 0)
    for hand_class in holdem_classes(ranks):
        counts[hand_class.code] += hand_class.multiplicity
    return counts


def holdem_example(code: str, seed: int | str) -> tuple[Card, ...]:
    """Five cards of category ``code``: a class of that category chosen by ``seed``, its
    suits dealt at random and the hand evaluated again (a deal that leaves the category,
    say by making a flush of a straight, is dealt again).

    >>> cards = holdem_example("straight", "doctest")
    >>> holdem_code(strength([c.index for c in cards]))
    'straight'
    """
    rng = random.Random(seed)
    # ALL_RANKS spelled out: @cache keys ``holdem_classes()`` apart from the
    # ``holdem_classes(ALL_RANKS)`` that holdem_counts makes, and the table is 5 MB.
    chosen = rng.choice([c for c in holdem_classes(ALL_RANKS) if c.code == code])
    while True:
        if chosen.suited:
            suit = rng.choice(_SUITS)
            cards = tuple(Card(rank, suit) for rank, _ in chosen.counts)
        else:
            cards = tuple(
                Card(rank, suit) for rank, k in chosen.counts for suit in rng.sample(_SUITS, k)
            )
        if holdem_code(strength([c.index for c in cards])) == code:
            return cards


def _deck(ranks: tuple[Rank, ...]) -> tuple[Card, ...]:
    return tuple(Card(rank, suit) for rank in sorted(ranks) for suit in _SUITS)


@cache
def _teenpatti_hands(ranks: tuple[Rank, ...]) -> dict[str, tuple[tuple[Card, ...], ...]]:
    """Every three-card hand over ``ranks`` by category code, strongest first."""
    hands: dict[str, list[tuple[Card, ...]]] = {code: [] for code in TEENPATTI_ORDER}
    for trio in combinations(_deck(ranks), 3):
        hands[value_of(trio).code].append(trio)
    return {code: tuple(found) for code, found in hands.items()}


def teenpatti_counts(ranks: tuple[Rank, ...] = ALL_RANKS) -> dict[str, int]:
    """Three-card hands over ``ranks`` by category code, strongest first (three aces are
    counted with the other trails)."""
    return {code: len(found) for code, found in _teenpatti_hands(ranks).items()}


def teenpatti_example(code: str, seed: int | str) -> tuple[Card, ...]:
    """Three cards of category ``code``, chosen by ``seed`` among all such hands.

    >>> value_of(teenpatti_example("color", "doctest")).code
    'color'
    """
    return random.Random(seed).choice(_teenpatti_hands(ALL_RANKS)[code])
