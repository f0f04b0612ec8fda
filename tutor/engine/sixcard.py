"""The Teen Patti 20-20 "6 Card Bonus" hand: the best five of Player A's and B's six cards.

The side bet only pays three of a kind or better (source 004): royal flush,
straight flush, four of a kind, full house, flush, straight, three of a kind.
Two pair, one pair and high card are :attr:`BonusCategory.NONE`. The best five
come from the Hold'em evaluator (:func:`tutor.engine.holdem.evaluate`).

>>> evaluate_bonus("As Ks Qs Js Ts 2d").code
'royal_flush'
>>> evaluate_bonus("Kh Kd 7c 7s 2h 3d").category
<BonusCategory.NONE: 0>
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, unique

from . import holdem
from .cards import Card
from .teenpatti import parse_hand

__all__ = ["BonusCategory", "BonusHand", "evaluate_bonus"]


@unique
class BonusCategory(IntEnum):
    """6 Card Bonus categories, weakest first; ``NONE`` is every hand that does not pay."""

    NONE = 0
    THREE_OF_A_KIND = 1
    STRAIGHT = 2
    FLUSH = 3
    FULL_HOUSE = 4
    FOUR_OF_A_KIND = 5
    STRAIGHT_FLUSH = 6
    ROYAL_FLUSH = 7

    @property
    def code(self) -> str:
        """A stable code for the site and the paytables (``"full_house"`` ...)."""
        return self.name.lower()


_FROM_HOLDEM_CODE: dict[str, BonusCategory] = {
    "royal_flush": BonusCategory.ROYAL_FLUSH,
    "straight_flush": BonusCategory.STRAIGHT_FLUSH,
    "four_of_a_kind": BonusCategory.FOUR_OF_A_KIND,
    "full_house": BonusCategory.FULL_HOUSE,
    "flush": BonusCategory.FLUSH,
    "straight": BonusCategory.STRAIGHT,
    "three_of_a_kind": BonusCategory.THREE_OF_A_KIND,
}


@dataclass(frozen=True, slots=True)
class BonusHand:
    """The bonus category and the five cards that make the best hand, in display order."""

    category: BonusCategory
    best_five: tuple[Card, ...]

    @property
    def code(self) -> str:
        return self.category.code


def bonus_of(cards: tuple[Card, ...]) -> BonusHand:
    """Classify six distinct, already parsed cards (no validation)."""
    value = holdem.evaluate(cards)
    return BonusHand(_FROM_HOLDEM_CODE.get(value.code, BonusCategory.NONE), value.best_five)


def evaluate_bonus(cards6: str | Iterable[str | Card]) -> BonusHand:
    """The 6 Card Bonus hand of exactly six distinct cards (A's three and B's three).

    Raises :class:`~tutor.engine.errors.InvalidCards` (codes ``invalid_card``,
    ``card_count``, ``duplicate``).
    """
    return bonus_of(parse_hand(cards6, 6))
