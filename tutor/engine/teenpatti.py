"""Teen Patti three-card hands as ranked in the Teen Patti 20-20 rules (source 004).

Categories, strongest first: trail (three of a kind, three aces on top), pure
sequence (straight flush), sequence (straight), color (flush), pair, high card.
Sequences rank A-K-Q, A-2-3, K-Q-J, Q-J-10 ... 4-3-2 (:data:`SEQUENCE_ORDER`).
Suits never decide: two hands of the same category and ranks tie.

>>> evaluate("Ah 2c 3d").code, evaluate("Ah 2c 3d").sequence_index
('sequence', 1)
>>> evaluate("Ks Kh Qc") > evaluate("Kd Kc 9s")
True
>>> showdown("Ks Kh Kc", "Qs Qh Qc").result
'player_a'
>>> showdown("9h 7h 5h", "9s 7s 5s").decided_by.kind
'tie'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, unique

from .cards import Card, Rank, ensure_unique, parse_cards
from .errors import InvalidCards

__all__ = [
    "SEQUENCE_ORDER",
    "TPCategory",
    "TPDecision",
    "TPHandValue",
    "TPShowdown",
    "evaluate",
    "parse_hand",
    "showdown",
]


@unique
class TPCategory(IntEnum):
    """Teen Patti categories, weakest first (the integer order is the strength order)."""

    HIGH_CARD = 0
    PAIR = 1
    COLOR = 2
    SEQUENCE = 3
    PURE_SEQUENCE = 4
    TRAIL = 5

    @property
    def code(self) -> str:
        """A stable code for the site to translate (``"pure_sequence"`` ...)."""
        return self.name.lower()


_A, _K, _Q, _J, _T = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN

#: Every sequence, strongest first, written as the source writes it (A-2-3 is second).
SEQUENCE_ORDER: tuple[tuple[Rank, Rank, Rank], ...] = (
    (_A, _K, _Q),
    (_A, Rank.TWO, Rank.THREE),
    (_K, _Q, _J),
    (_Q, _J, _T),
    (_J, _T, Rank.NINE),
    (_T, Rank.NINE, Rank.EIGHT),
    (Rank.NINE, Rank.EIGHT, Rank.SEVEN),
    (Rank.EIGHT, Rank.SEVEN, Rank.SIX),
    (Rank.SEVEN, Rank.SIX, Rank.FIVE),
    (Rank.SIX, Rank.FIVE, Rank.FOUR),
    (Rank.FIVE, Rank.FOUR, Rank.THREE),
    (Rank.FOUR, Rank.THREE, Rank.TWO),
)

_SEQUENCE_INDEX: dict[frozenset[Rank], int] = {
    frozenset(ranks): i for i, ranks in enumerate(SEQUENCE_ORDER)
}
_SEQUENCE_CATEGORIES = (TPCategory.SEQUENCE, TPCategory.PURE_SEQUENCE)


@dataclass(frozen=True, eq=False, slots=True)
class TPHandValue:
    """The value of a three-card hand; ordered, equal and hashed by strength only.

    ``ranks`` are the tie-break ranks in order of significance: the trail's rank;
    the pair then the odd card; the three cards high to low; for a sequence its
    entry of :data:`SEQUENCE_ORDER` (so A-2-3 is ``(14, 2, 3)``), whose position
    there, not the ranks, decides. ``cards`` are in display order (pair first,
    sequences as the source writes them).
    """

    category: TPCategory
    ranks: tuple[int, ...]
    cards: tuple[Card, ...]

    @property
    def code(self) -> str:
        """The category code; three aces are a ``"trail"`` too (see :attr:`is_three_aces`)."""
        return self.category.code

    @property
    def is_three_aces(self) -> bool:
        """Three aces, the top trail, which Pair Plus pays apart."""
        return self.category is TPCategory.TRAIL and self.ranks[0] == Rank.ACE

    @property
    def paytable_code(self) -> str:
        """The Pair Plus row code: ``"three_aces"`` or the category code."""
        return "three_aces" if self.is_three_aces else self.category.code

    @property
    def sequence_index(self) -> int | None:
        """Position in :data:`SEQUENCE_ORDER` (0 = A-K-Q) for (pure) sequences, else None."""
        if self.category in _SEQUENCE_CATEGORIES:
            return _SEQUENCE_INDEX[frozenset(Rank(r) for r in self.ranks)]
        return None

    @property
    def strength(self) -> int:
        """An integer that orders hands exactly as the rules do (higher is stronger)."""
        index = self.sequence_index
        if index is not None:
            key = len(SEQUENCE_ORDER) - index
        else:
            key = 0
            for r in self.ranks:
                key = key * 16 + r
            key <<= 4 * (3 - len(self.ranks))
        return (int(self.category) << 12) | key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TPHandValue):
            return NotImplemented
        return self.strength == other.strength

    def __hash__(self) -> int:
        return hash(self.strength)

    def __lt__(self, other: TPHandValue) -> bool:
        if not isinstance(other, TPHandValue):
            return NotImplemented
        return self.strength < other.strength

    def __le__(self, other: TPHandValue) -> bool:
        if not isinstance(other, TPHandValue):
            return NotImplemented
        return self.strength <= other.strength

    def __gt__(self, other: TPHandValue) -> bool:
        if not isinstance(other, TPHandValue):
            return NotImplemented
        return self.strength > other.strength

    def __ge__(self, other: TPHandValue) -> bool:
        if not isinstance(other, TPHandValue):
            return NotImplemented
        return self.strength >= other.strength


def parse_hand(cards: str | Iterable[str | Card], count: int) -> tuple[Card, ...]:
    """Parse exactly ``count`` distinct cards; raise :class:`InvalidCards` otherwise.

    Codes: ``invalid_card`` (a bad token), ``card_count`` (with ``min`` = ``max`` and
    ``got``), ``duplicate`` (a card twice).
    """
    try:
        parsed = parse_cards(cards, unique=False)
    except TypeError:
        raise InvalidCards(repr(cards)) from None
    if len(parsed) != count:
        raise InvalidCards("", code="card_count", min=count, max=count, got=len(parsed))
    ensure_unique(parsed)
    return parsed


def _display_key(card: Card) -> tuple[int, int]:
    return (-card.rank, card.index)


def value_of(cards: tuple[Card, ...]) -> TPHandValue:
    """Evaluate three distinct, already parsed cards (no validation; see :func:`evaluate`)."""
    by_rank = sorted(cards, key=_display_key)
    r0, r1, r2 = (c.rank for c in by_rank)
    flush = by_rank[0].suit is by_rank[1].suit is by_rank[2].suit
    if r0 == r2:
        return TPHandValue(TPCategory.TRAIL, (int(r0),), tuple(by_rank))
    if r0 == r1 or r1 == r2:
        pair, odd = (r1, r2) if r0 == r1 else (r1, r0)
        ordered = sorted(cards, key=lambda c: (c.rank != pair, _display_key(c)))
        return TPHandValue(TPCategory.PAIR, (int(pair), int(odd)), tuple(ordered))
    index = _SEQUENCE_INDEX.get(frozenset((r0, r1, r2)))
    if index is not None:
        order = SEQUENCE_ORDER[index]
        ordered = sorted(cards, key=lambda c: order.index(c.rank))
        category = TPCategory.PURE_SEQUENCE if flush else TPCategory.SEQUENCE
        return TPHandValue(category, tuple(int(r) for r in order), tuple(ordered))
    category = TPCategory.COLOR if flush else TPCategory.HIGH_CARD
    return TPHandValue(category, (int(r0), int(r1), int(r2)), tuple(by_rank))


def evaluate(cards: str | Iterable[str | Card]) -> TPHandValue:
    """Evaluate exactly three cards (tokens, a string, or :class:`Card` objects).

    >>> evaluate("Qs Js Ts")
    TPHandValue(category=<TPCategory.PURE_SEQUENCE: 4>, ranks=(12, 11, 10), cards=(Card.parse('Qs'), Card.parse('Js'), Card.parse('Ts')))
    >>> evaluate("4d 2s 4h").cards
    (Card.parse('4h'), Card.parse('4d'), Card.parse('2s'))
    """
    return value_of(parse_hand(cards, 3))


@dataclass(frozen=True, slots=True)
class TPDecision:
    """Why the showdown went the way it did (data only; the site words it).

    ``kind`` is ``"category"`` (a higher category), ``"rank"`` (the first
    tie-break rank: trail rank, pair rank or highest card), ``"kicker"`` (a
    later card: the odd card of a pair, the second or third card),
    ``"sequence_order"`` (two sequences of the same category: the position in
    :data:`SEQUENCE_ORDER` decided, see ``winner_sequence``/``loser_sequence``)
    or ``"tie"`` (same category and ranks; suits never decide).
    ``position`` indexes ``ranks`` for ``"rank"``/``"kicker"``.
    """

    kind: str
    position: int | None = None
    winner_rank: int | None = None
    loser_rank: int | None = None
    winner_sequence: int | None = None
    loser_sequence: int | None = None


@dataclass(frozen=True, slots=True)
class TPShowdown:
    """Player A's and Player B's values, the result and the reason."""

    values: tuple[TPHandValue, TPHandValue]
    result: str  # "player_a" | "player_b" | "tie"
    decided_by: TPDecision


def _decide(winner: TPHandValue, loser: TPHandValue) -> TPDecision:
    if winner.category != loser.category:
        return TPDecision("category")
    if winner.category in _SEQUENCE_CATEGORIES:
        return TPDecision(
            "sequence_order",
            winner_sequence=winner.sequence_index,
            loser_sequence=loser.sequence_index,
        )
    for position, (w, lo) in enumerate(zip(winner.ranks, loser.ranks, strict=True)):
        if w != lo:
            kind = "rank" if position == 0 else "kicker"
            return TPDecision(kind, position, w, lo)
    raise AssertionError("unequal values with equal ranks")  # pragma: no cover


def showdown(hand_a: str | Iterable[str | Card], hand_b: str | Iterable[str | Card]) -> TPShowdown:
    """Compare Player A's and Player B's three cards; no card may appear twice."""
    cards_a = parse_hand(hand_a, 3)
    cards_b = parse_hand(hand_b, 3)
    ensure_unique(cards_a + cards_b)
    a = value_of(cards_a)
    b = value_of(cards_b)
    if a == b:
        return TPShowdown((a, b), "tie", TPDecision("tie"))
    if a > b:
        return TPShowdown((a, b), "player_a", _decide(a, b))
    return TPShowdown((a, b), "player_b", _decide(b, a))
