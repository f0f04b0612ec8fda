"""An odd-chip question: the seats, the pot, the tied winners and the rule in force, and
the engine's award of it."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import holdem, pots
from tutor.engine.cards import Card, ensure_unique
from tutor.words import odd_chips as words

from ..codec import Record

SLUG = "odd-chips"
SEATS = {"easy": (3, 4), "medium": (4, 6), "hard": (6, 9)}
WINNERS = {"easy": 2, "medium": 3, "hard": 3}
#: Seats that stay to the showdown and lose it.
LOSERS = {"easy": (0, 1), "medium": (0, 1), "hard": (1, 2)}
#: Seats that fold, at least (hard: one before the short all-in amount, one after).
FOLDED = {"easy": 1, "medium": 1, "hard": 2}
#: The chips left over in a single pot (hard: any, as long as every pot has some).
ODD = {"easy": (1, 1), "medium": (1, 2)}
RULES = {
    "easy": (pots.OddChipRule.LEFT_OF_BUTTON,),
    "medium": tuple(pots.OddChipRule),
    "hard": tuple(pots.OddChipRule),
}
#: Hands a losing seat is dealt, at most, before the whole deal starts again.
LOSER_TRIES = 60

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Question(Record):
    contributions: tuple[int, ...]
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    board: Cards
    hands: tuple[Cards | None, ...]  # None: the seat folded, its cards are not shown
    button: int
    rule: str  # an OddChipRule value

    def __post_init__(self) -> None:
        """Refuse a question the engine cannot award (``ValueError``)."""
        seats = len(self.contributions)
        if not 2 <= seats <= 10:
            raise ValueError("two to ten seats")
        if not len(self.folded) == len(self.all_in) == len(self.hands) == seats:
            raise ValueError("one entry per seat")
        if self.rule not in words.RULES:
            raise ValueError(f"unknown odd-chip rule {self.rule!r}")
        if not 0 <= self.button < seats:
            raise ValueError("the button is not a seat")
        if any(
            (hand is None) != folded for hand, folded in zip(self.hands, self.folded, strict=True)
        ):
            raise ValueError("a hand for every seat that did not fold, and only for those")
        if len(self.board) != 5 or any(len(hand) != 2 for hand in self.hands if hand):
            raise ValueError("five board cards and two cards a hand")
        if self.folded.count(False) < 2:
            raise ValueError("two seats at least stay in to share a pot")
        ensure_unique(self.board + tuple(c for hand in self.hands if hand for c in hand))
        # The engine's own checks (amounts, a hand for every pot), and a pot to share.
        if not the_award(self).pots:
            raise ValueError("no pot to share")

    @property
    def odd_chip(self) -> pots.OddChipRule:
        return pots.OddChipRule(self.rule)


def the_award(question: Question) -> pots.Award:
    """The engine's award of every pot under the question's rule."""
    strengths = [
        None if hand is None else holdem.strength([c.index for c in question.board + hand])
        for hand in question.hands
    ]
    return pots.award(
        question.contributions,
        question.folded,
        strengths,
        question.button,
        odd_chip=question.odd_chip,
    )


def field(pot: int, seat: int) -> str:
    """The form field of one winner's chips from one pot."""
    return f"share{pot}_{seat}"
