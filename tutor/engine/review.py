"""A player's decisions in a hand, as they saw them, and what the numbers say of each.

:func:`record` writes down, before the action is played, what the seat knew then: the
street, the board, the pot, what a call would cost, how many opponents were still in, the
options it had, the action it chose, and its equity against every hand those opponents
could hold (:mod:`tutor.engine.range_equity`, seeded by the hand and the moment). Nothing
later goes in, so :func:`judge` (a :class:`Verdict` code from those numbers only) can
never be swayed by cards revealed afterwards.

The verdict compares the equity with the share of the final pot a call pays for
(``call / (pot + call)``): a call or a fold is right or wrong by that, within
:data:`CLOSE` points (or twice the sampling error) it is close. A free check is fine;
far ahead of a fair share (:data:`WELL_AHEAD`) the verdict adds that a bet was there. A
bet or a raise is measured against what the numbers can show: whether calling would have paid, and
whether the hand was ahead of a fair share (1 / players); whether the others would fold
or pay is not in them, and the words say so.

>>> from .deal import HandSetup
>>> from .hand import Hand
>>> from .rules import Rules
>>> hand = Hand(HandSetup.stacked(Rules(), [1000, 1000], 0, {0: "7c 2d", 1: "As Ah"}))
>>> choice = record(hand, 0, Action(ActionKind.CALL), seed="doc")
>>> choice.to_call, choice.pot, choice.need
(50, 150, Fraction(1, 4))
>>> judge(choice).value
'call_right'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum, unique
from fractions import Fraction
from typing import Any, TypedDict

from .betting import Action, ActionData, ActionKind
from .handstate import HandState
from .range_equity import Estimate, EstimateData, estimate

__all__ = ["CLOSE", "WELL_AHEAD", "Choice", "ChoiceData", "Verdict", "judge", "record"]

#: Within this share of the price either way a decision is close (3 percentage points).
CLOSE = Fraction(3, 100)
#: A check this far above a fair share (25 points) left a bet on the table.
WELL_AHEAD = Fraction(1, 4)


@unique
class Verdict(StrEnum):
    CALL_RIGHT = "call_right"  # the equity beat the price of the call
    CALL_WRONG = "call_wrong"  # the equity was below the price
    FOLD_RIGHT = "fold_right"  # the price was too high for the equity
    FOLD_WRONG = "fold_wrong"  # the price was good: folding gave it up
    CLOSE_CALL = "close"  # equity and price within the margin: either is fine
    CHECK_FREE = "check_free"  # nothing to call: a free look
    CHECK_STRONG = "check_strong"  # a free look, but far ahead of a fair share: a bet was there
    FOLD_FREE = "fold_free"  # folded although checking was free
    BET_AHEAD = "bet_ahead"  # bet with more than a fair share
    BET_BEHIND = "bet_behind"  # bet with less than a fair share: it needs folds
    RAISE_PRICED = "raise_priced"  # raised with enough to call: staying in was right
    RAISE_UNPRICED = "raise_unpriced"  # raised without the price of a call: it needs folds


class ChoiceData(TypedDict):
    """The JSON form of a :class:`Choice`."""

    step: int
    street: str
    board: list[str]
    pot: int
    to_call: int
    opponents: int
    can_check: bool
    aggression: str | None
    min_to: int | None
    max_to: int | None
    action: ActionData
    estimate: EstimateData


@dataclass(frozen=True, slots=True)
class Choice:
    """One decision as the seat saw it: ``step`` is the number of events before it."""

    step: int
    street: str
    board: tuple[str, ...]
    pot: int  # every chip in the middle, this round's bets included
    to_call: int  # what a call adds (capped by the stack); 0 when checking is free
    opponents: int
    can_check: bool
    aggression: str | None  # "bet", "raise" or None
    min_to: int | None
    max_to: int | None
    action: Action
    estimate: Estimate

    @property
    def need(self) -> Fraction | None:
        """The share of the pot after a call that the call pays for; ``None`` when free."""
        if self.can_check or not self.to_call:
            return None
        return Fraction(self.to_call, self.pot + self.to_call)

    @property
    def fair_share(self) -> Fraction:
        return Fraction(1, self.opponents + 1)

    def to_dict(self) -> ChoiceData:
        return {
            "step": self.step, "street": self.street, "board": list(self.board),
            "pot": self.pot, "to_call": self.to_call, "opponents": self.opponents,
            "can_check": self.can_check, "aggression": self.aggression,
            "min_to": self.min_to, "max_to": self.max_to,
            "action": self.action.to_dict(), "estimate": self.estimate.to_dict(),
        }  # fmt: skip

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Choice:
        action = data["action"]
        return cls(
            int(data["step"]), str(data["street"]), tuple(str(c) for c in data["board"]),
            int(data["pot"]), int(data["to_call"]), int(data["opponents"]),
            bool(data["can_check"]), data["aggression"], data["min_to"], data["max_to"],
            Action(ActionKind(action["kind"]), action["to"]),
            Estimate.from_dict(data["estimate"]),
        )  # fmt: skip


def record(hand: HandState, seat: int, action: Action, seed: str) -> Choice:
    """What ``seat``, about to play ``action``, knows now, with its equity (see the module)."""
    opts = hand.options()
    hole = tuple(c.index for c in hand.holes[seat])
    board = tuple(c.index for c in hand.board)
    opponents = len(hand.in_hand()) - 1
    step = len(hand.events)
    found = estimate(hole, board, opponents, seed=f"{seed}/{step}")
    return Choice(
        step, hand.street.value, tuple(c.code for c in hand.board), hand.pot,
        0 if opts.can_check else opts.to_call, opponents, opts.can_check,
        opts.aggression.value if opts.aggression else None, opts.min_to, opts.max_to,
        action, found,
    )  # fmt: skip


def _margin(choice: Choice) -> Fraction:
    return max(CLOSE, Fraction(2 * choice.estimate.error).limit_denominator(10_000))


def judge(choice: Choice) -> Verdict:
    """What the numbers of ``choice`` say of it (see the module)."""
    kind, equity, need = choice.action.kind, choice.estimate.equity, choice.need
    if need is None:
        if kind is ActionKind.FOLD:
            return Verdict.FOLD_FREE
        if kind is ActionKind.CHECK:
            # A sampled figure must clear the mark by the error it has beyond CLOSE too.
            ahead = equity - choice.fair_share >= WELL_AHEAD + _margin(choice) - CLOSE
            return Verdict.CHECK_STRONG if ahead and choice.aggression else Verdict.CHECK_FREE
        return Verdict.BET_AHEAD if equity > choice.fair_share else Verdict.BET_BEHIND
    if kind is ActionKind.RAISE:
        return Verdict.RAISE_PRICED if equity >= need else Verdict.RAISE_UNPRICED
    if abs(equity - need) <= _margin(choice):
        return Verdict.CLOSE_CALL
    if kind is ActionKind.CALL:
        return Verdict.CALL_RIGHT if equity > need else Verdict.CALL_WRONG
    return Verdict.FOLD_RIGHT if equity < need else Verdict.FOLD_WRONG
