"""Cards, decks and a reproducible shuffle.

>>> Card.parse("As")
Card.parse('As')
>>> Card.parse("10♥").code
'Th'
>>> parse_cards("Ah kd 2c")
(Card.parse('Ah'), Card.parse('Kd'), Card.parse('2c'))
>>> shuffled_deck(7)[:3] == shuffled_deck(7)[:3]
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, IntEnum, unique

from .errors import InvalidCards


@unique
class Rank(IntEnum):
    """Card ranks; the integer value is the rank's strength (ace high = 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """The one-character notation: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_CHARS[self]

    @property
    def code(self) -> str:
        """A stable lower-case code for the site to translate (``"ace"``, ``"ten"`` ...)."""
        return self.name.lower()


@unique
class Suit(Enum):
    """The four suits. Suits never rank in Hold'em or Teen Patti."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    # A member is its own only equal (Enum compares by identity), so the identity's hash
    # will do: Enum's own hashes the name in Python, a call that every card hashed (a set,
    # a dict, a cache's key) and every ``Card.index`` paid.
    __hash__ = object.__hash__

    @property
    def char(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def code(self) -> str:
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_RANK_CHARS = {r: (str(r.value) if r.value < 10 else "TJQKA"[r.value - 10]) for r in Rank}
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

_RANK_BY_TOKEN: dict[str, Rank] = {r.char: r for r in Rank}
_RANK_BY_TOKEN["10"] = Rank.TEN
_SUIT_BY_TOKEN: dict[str, Suit] = {}
for _s in Suit:
    _SUIT_BY_TOKEN[_s.char] = _s
    _SUIT_BY_TOKEN[_s.symbol] = _s
# The outline symbols are accepted too (♤ ♡ ♢ ♧).
_SUIT_BY_TOKEN.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """A playing card. Cards compare equal by rank and suit and are hashable.

    ``index`` is a dense number 0..51 (rank-major), handy for fast evaluators.
    """

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse ``As``, ``Td``, ``10d``, ``ah`` or ``A♠``; raise :class:`InvalidCards`."""
        if not isinstance(token, str):
            raise InvalidCards(repr(token))
        card = _PARSE_CACHE.get(token)
        if card is not None:
            return card
        text = token.strip()
        if len(text) < 2:
            raise InvalidCards(token)
        rank = _RANK_BY_TOKEN.get(text[:-1].upper())
        suit = _SUIT_BY_TOKEN.get(text[-1].lower())
        if rank is None or suit is None:
            raise InvalidCards(token)
        return _CARDS[(rank, suit)]

    @property
    def code(self) -> str:
        """The canonical two-character notation, e.g. ``"Th"``."""
        return self.rank.char + self.suit.char

    @property
    def index(self) -> int:
        return (self.rank - 2) * 4 + _SUIT_ORDER[self.suit]  # an IntEnum's int, not .value

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


_SUIT_ORDER = {s: i for i, s in enumerate(Suit)}
_CARDS: dict[tuple[Rank, Suit], Card] = {}
for _r in Rank:
    for _s in Suit:
        _CARDS[(_r, _s)] = object.__new__(Card)
        object.__setattr__(_CARDS[(_r, _s)], "rank", _r)
        object.__setattr__(_CARDS[(_r, _s)], "suit", _s)

#: The standard 52-card deck in a fixed order (twos first, spades first within a rank).
DECK: tuple[Card, ...] = tuple(sorted(_CARDS.values(), key=lambda c: c.index))

_PARSE_CACHE: dict[str, Card] = {}
for _c in DECK:
    for _rt in [_c.rank.char, _c.rank.char.lower()] + (["10"] if _c.rank is Rank.TEN else []):
        for _st in {_c.suit.char, _c.suit.char.upper(), _c.suit.symbol}:
            _PARSE_CACHE[_rt + _st] = _c


def parse_cards(cards: str | Iterable[str | Card], *, unique: bool = True) -> tuple[Card, ...]:
    """Parse a space- or comma-separated string or an iterable of tokens/cards.

    Raises :class:`InvalidCards` naming the first bad token, or (with ``unique``)
    the first card that appears twice.
    """
    if isinstance(cards, str):
        tokens: Iterable[str | Card] = cards.replace(",", " ").split()
    else:
        tokens = cards
    parsed = tuple(t if isinstance(t, Card) else Card.parse(t) for t in tokens)
    if unique:
        ensure_unique(parsed)
    return parsed


def ensure_unique(cards: Iterable[Card]) -> None:
    """Raise :class:`InvalidCards` (code ``duplicate``) if any card appears twice."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InvalidCards(card.code, code="duplicate")
        seen.add(card)


#: For each position ``i`` of the deck, the bits a draw below ``i + 1`` takes.
_DRAW_BITS = tuple((i + 1).bit_length() for i in range(52))


def shuffled_deck(seed: int | str) -> list[Card]:
    """A new list of the 52 cards shuffled by a seed; the same seed gives the same order.

    The order is ``random.Random(seed).shuffle``'s (every golden deal depends on it), drawn
    as that method draws, without its two Python calls per card (a drill page deals a
    new question, and redeals, on every request); the tests compare the two."""
    deck = list(DECK)
    draw = random.Random(seed).getrandbits
    bits = _DRAW_BITS
    for i in range(51, 0, -1):
        k = bits[i]
        j = draw(k)
        while j > i:  # below i + 1, as Random._randbelow_with_getrandbits
            j = draw(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck
