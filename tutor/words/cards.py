"""Names of ranks, suits and cards in the page language, and cards written as codes.

Each card has its own message so that every language can build the name its own way
(Czech adjectives agree with the rank's gender, Bengali puts the suit first in the
genitive ...). The strings are literal so that ``makemessages`` finds them.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import pgettext, pgettext_lazy

from tutor.engine.cards import Card, Rank, Suit

from .base import lookup

# Translators: the accessible name of a playing card, read by screen readers.
CARD_NAMES = {
    "2s": pgettext_lazy("card", "Two of spades"),
    "2h": pgettext_lazy("card", "Two of hearts"),
    "2d": pgettext_lazy("card", "Two of diamonds"),
    "2c": pgettext_lazy("card", "Two of clubs"),
    "3s": pgettext_lazy("card", "Three of spades"),
    "3h": pgettext_lazy("card", "Three of hearts"),
    "3d": pgettext_lazy("card", "Three of diamonds"),
    "3c": pgettext_lazy("card", "Three of clubs"),
    "4s": pgettext_lazy("card", "Four of spades"),
    "4h": pgettext_lazy("card", "Four of hearts"),
    "4d": pgettext_lazy("card", "Four of diamonds"),
    "4c": pgettext_lazy("card", "Four of clubs"),
    "5s": pgettext_lazy("card", "Five of spades"),
    "5h": pgettext_lazy("card", "Five of hearts"),
    "5d": pgettext_lazy("card", "Five of diamonds"),
    "5c": pgettext_lazy("card", "Five of clubs"),
    "6s": pgettext_lazy("card", "Six of spades"),
    "6h": pgettext_lazy("card", "Six of hearts"),
    "6d": pgettext_lazy("card", "Six of diamonds"),
    "6c": pgettext_lazy("card", "Six of clubs"),
    "7s": pgettext_lazy("card", "Seven of spades"),
    "7h": pgettext_lazy("card", "Seven of hearts"),
    "7d": pgettext_lazy("card", "Seven of diamonds"),
    "7c": pgettext_lazy("card", "Seven of clubs"),
    "8s": pgettext_lazy("card", "Eight of spades"),
    "8h": pgettext_lazy("card", "Eight of hearts"),
    "8d": pgettext_lazy("card", "Eight of diamonds"),
    "8c": pgettext_lazy("card", "Eight of clubs"),
    "9s": pgettext_lazy("card", "Nine of spades"),
    "9h": pgettext_lazy("card", "Nine of hearts"),
    "9d": pgettext_lazy("card", "Nine of diamonds"),
    "9c": pgettext_lazy("card", "Nine of clubs"),
    "Ts": pgettext_lazy("card", "Ten of spades"),
    "Th": pgettext_lazy("card", "Ten of hearts"),
    "Td": pgettext_lazy("card", "Ten of diamonds"),
    "Tc": pgettext_lazy("card", "Ten of clubs"),
    "Js": pgettext_lazy("card", "Jack of spades"),
    "Jh": pgettext_lazy("card", "Jack of hearts"),
    "Jd": pgettext_lazy("card", "Jack of diamonds"),
    "Jc": pgettext_lazy("card", "Jack of clubs"),
    "Qs": pgettext_lazy("card", "Queen of spades"),
    "Qh": pgettext_lazy("card", "Queen of hearts"),
    "Qd": pgettext_lazy("card", "Queen of diamonds"),
    "Qc": pgettext_lazy("card", "Queen of clubs"),
    "Ks": pgettext_lazy("card", "King of spades"),
    "Kh": pgettext_lazy("card", "King of hearts"),
    "Kd": pgettext_lazy("card", "King of diamonds"),
    "Kc": pgettext_lazy("card", "King of clubs"),
    "As": pgettext_lazy("card", "Ace of spades"),
    "Ah": pgettext_lazy("card", "Ace of hearts"),
    "Ad": pgettext_lazy("card", "Ace of diamonds"),
    "Ac": pgettext_lazy("card", "Ace of clubs"),
}

# Translators: a rank on its own, e.g. in "high card: king".
RANK_NAMES = {
    "2": pgettext_lazy("rank", "two"),
    "3": pgettext_lazy("rank", "three"),
    "4": pgettext_lazy("rank", "four"),
    "5": pgettext_lazy("rank", "five"),
    "6": pgettext_lazy("rank", "six"),
    "7": pgettext_lazy("rank", "seven"),
    "8": pgettext_lazy("rank", "eight"),
    "9": pgettext_lazy("rank", "nine"),
    "T": pgettext_lazy("rank", "ten"),
    "J": pgettext_lazy("rank", "jack"),
    "Q": pgettext_lazy("rank", "queen"),
    "K": pgettext_lazy("rank", "king"),
    "A": pgettext_lazy("rank", "ace"),
}

# Translators: a rank in the plural, e.g. in "a pair of kings", "three queens".
RANK_PLURALS = {
    "2": pgettext_lazy("rank, plural", "twos"),
    "3": pgettext_lazy("rank, plural", "threes"),
    "4": pgettext_lazy("rank, plural", "fours"),
    "5": pgettext_lazy("rank, plural", "fives"),
    "6": pgettext_lazy("rank, plural", "sixes"),
    "7": pgettext_lazy("rank, plural", "sevens"),
    "8": pgettext_lazy("rank, plural", "eights"),
    "9": pgettext_lazy("rank, plural", "nines"),
    "T": pgettext_lazy("rank, plural", "tens"),
    "J": pgettext_lazy("rank, plural", "jacks"),
    "Q": pgettext_lazy("rank, plural", "queens"),
    "K": pgettext_lazy("rank, plural", "kings"),
    "A": pgettext_lazy("rank, plural", "aces"),
}

SUIT_NAMES = {
    "s": pgettext_lazy("suit", "spades"),
    "h": pgettext_lazy("suit", "hearts"),
    "d": pgettext_lazy("suit", "diamonds"),
    "c": pgettext_lazy("suit", "clubs"),
}


def card_name(card: Card | None) -> str:
    """The accessible name of a card, or of a face-down card for ``None``."""
    if card is None:
        return pgettext("card", "Face-down card")
    return str(lookup(CARD_NAMES, "card", card.code))


def rank_name(rank: Rank | int, *, plural: bool = False) -> str:
    """'king', or 'kings' with ``plural``, for the rank 13."""
    char = Rank(rank).char
    return str(lookup(RANK_PLURALS if plural else RANK_NAMES, "rank", char))


def suit_name(suit: Suit) -> str:
    return str(lookup(SUIT_NAMES, "suit", suit.char))


def holdem_rank_char(rank: int) -> str:
    """The rank's letter in a card code: ``T`` for ten, ``A`` for ace (14, or 1 when low)."""
    return "23456789TJQKA"[rank - 2]


def rank_text(rank: int) -> str:
    """The rank as written in a sequence: ``10`` for ten, else the code's letter."""
    return "10" if rank == 10 else holdem_rank_char(rank)


def cards_text(codes: Sequence[str | None]) -> str:
    """Cards as a line of text shows them, rank and suit symbol, ``?`` for a hidden card:
    ``A♠ 10♦ ?`` (never the codes ``As Td``)."""
    return " ".join(_card_text(Card.parse(c)) if c else "?" for c in codes)


def _card_text(card: Card) -> str:
    return rank_text(card.rank) + card.suit.symbol
