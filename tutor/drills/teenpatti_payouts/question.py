"""A payouts question: the bet slip and the dealt round, and the engine's settlement of it."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from tutor.engine import tp2020
from tutor.engine.cards import Card, ensure_unique
from tutor.words import payouts

from ..codec import Record
from ..money import CENT

__all__ = ["CENT", "SLUG", "Cards", "Question", "settlement"]

SLUG = "teenpatti-payouts"
#: How many bets a slip holds at each level.
BET_COUNTS = {"easy": (1, 2), "medium": (3, 4), "hard": (6, 6)}
#: How often an untargeted question's round is stopped during the deal (void).
VOID_SHARE = {"easy": 0.0, "medium": 0.04, "hard": 0.06}
MAIN_BETS = ("player_a", "player_b", "tie")
SIDE_BETS = ("pair_plus_a", "pair_plus_b", "six_card_bonus")
#: Deals tried for a round that pays a side bet (a 6 Card Bonus hand comes one deal in 14).
DEAL_TRIES = 400

Cards = tuple[Card, ...]


def _odds_of(bet: str) -> tuple[Fraction, ...]:
    """Every odds a bet can be paid at in the engine's paytables."""
    table = tp2020.DEFAULT
    rows = {
        "main": (table.main,),
        "tie": (table.tie,),
        "pair_plus": table.pair_plus,
        "bonus": table.six_card_bonus,
    }
    return tuple(row.odds for row in rows[payouts.BET_KINDS[bet]])


def pays_whole_cents(bet: str, stake: Decimal) -> bool:
    """Whether every payout of ``bet`` on ``stake`` is a whole number of cents.

    >>> [pays_whole_cents("player_a", Decimal(s)) for s in ("7.40", "7.35")]
    [True, False]
    >>> pays_whole_cents("tie", Decimal("7.35"))
    True
    """
    cents = Fraction(stake) * 100
    return all((cents * (1 + odds)).denominator == 1 for odds in _odds_of(bet))


@dataclass(frozen=True)
class Question(Record):
    #: (bet code, stake with two decimals) in the order of ``tp2020.BETS``.
    slip: tuple[tuple[str, str], ...]
    hand_a: Cards
    hand_b: Cards
    #: A round stopped (void) after this many cards of A1, B1, A2, B2, A3, B3; None: dealt.
    stopped_after: int | None = None

    def __post_init__(self) -> None:
        """Refuse a question the engine cannot settle to whole cents (``ValueError``)."""
        codes = [bet for bet, _stake in self.slip]
        if not codes or len(set(codes)) != len(codes):
            raise ValueError("a slip holds each bet at most once, and at least one")
        stakes = tp2020.parse_bets(dict(self.slip))  # the engine's own checks
        if len(stakes) != len(codes):
            raise ValueError("every bet on the slip has a stake")
        if not all(pays_whole_cents(bet, stake) for bet, stake in stakes.items()):
            raise ValueError("a stake whose payout is not whole cents")
        if len(self.hand_a) != 3 or len(self.hand_b) != 3:
            raise ValueError("each hand has three cards")
        ensure_unique(self.hand_a + self.hand_b)
        if self.stopped_after is not None and not 1 <= self.stopped_after <= 5:
            raise ValueError("a void round stops after one to five cards")

    @property
    def stakes(self) -> dict[str, Decimal]:
        return {bet: Decimal(stake) for bet, stake in self.slip}

    @property
    def deal_order(self) -> Cards:
        """A1, B1, A2, B2, A3, B3."""
        return tuple(c for pair in zip(self.hand_a, self.hand_b, strict=True) for c in pair)


def settlement(question: Question) -> tp2020.Settlement:
    """The engine's settlement of the slip: a void round returns every stake."""
    if question.stopped_after is not None:
        return tp2020.void_round(question.stakes)
    return tp2020.settle(question.hand_a, question.hand_b, question.stakes)
