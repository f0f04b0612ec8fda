"""Betting arithmetic: one betting round, its legal actions and their limits.

The table (``table.py``) owns the order of play and the cards; this module
knows what a seat may do and for how much under no-limit, pot-limit and
fixed-limit, and records the bets of one round.

Sizes (chips are integers; ``to`` is the seat's total bet in the round):

* no-limit: the minimum bet is the big blind; a raise is at least the largest
  full bet or raise of the round (TDA 43, Czech text), at most the stack.
* pot-limit: the maximum raise is the pot after the call.
* fixed-limit: exactly one small bet (first two rounds) or big bet (last two);
  a bet and three raises (Czech text), the big blind counts as the bet. An
  all-in of at least half a bet counts as a raise (TDA 47B); the next raise
  is one bet above the last full bet or raise. A cap reached with three players
  holding chips stays on though a fold leaves two (Robert's Rules).
* Reopening: a short all-in does not reopen the betting for a player who has
  already acted (WSOP 96, TDA 47); with :attr:`ReopenRule.CUMULATIVE`, short
  all-ins that add up to a full raise since that player acted do (WSOP 96a).

>>> preset_raise_to(3, high=100, minimum=200, maximum=5000)
300
>>> preset_bet_to(POT_SHARES["33"], pot=450, minimum=100, maximum=5000)
149
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum, unique
from fractions import Fraction
from typing import TypedDict

from .errors import IllegalAction
from .rules import ReopenRule, Structure


@unique
class Reason(StrEnum):
    """Every code an illegal action (or a betting narration) can carry.

    The site translates these; the numbers travel in the error's details.
    """

    HAND_OVER = "hand_over"
    NOT_YOUR_TURN = "not_your_turn"
    UNKNOWN_ACTION = "unknown_action"
    NOTHING_TO_CALL = "nothing_to_call"
    CANNOT_CHECK = "cannot_check"
    # A fold with nothing to call under FreeFold.NOT_OFFERED (Japanese guide).
    CHECK_AVAILABLE = "check_available"
    BET_NOT_ALLOWED = "bet_not_allowed"  # a bet is already in: raise instead
    RAISE_NOT_ALLOWED = "raise_not_allowed"  # nothing to raise: bet instead
    AMOUNT_REQUIRED = "amount_required"
    AMOUNT_NOT_INTEGER = "amount_not_integer"
    BELOW_MIN_BET = "below_min_bet"
    BELOW_MIN_RAISE = "below_min_raise"
    ABOVE_MAX_BET = "above_max_bet"
    ABOVE_MAX_RAISE = "above_max_raise"
    FIXED_LIMIT_AMOUNT = "fixed_limit_amount"
    AMOUNT_EXCEEDS_STACK = "amount_exceeds_stack"
    NOT_ENOUGH_TO_RAISE = "not_enough_to_raise"  # the stack does not cover the call
    NO_OPPONENT_CAN_CALL = "no_opponent_can_call"  # everyone else is all-in
    RAISE_CAP_REACHED = "raise_cap_reached"
    BETTING_NOT_REOPENED = "betting_not_reopened"
    # For narration: a bet or raise event with ``full`` False (an all-in short of a full raise).
    SHORT_ALL_IN_DOES_NOT_REOPEN = "short_all_in_does_not_reopen"


@unique
class ActionKind(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


class ActionData(TypedDict):
    """The JSON form of an :class:`Action`."""

    kind: str
    to: int | None


class OptionsData(TypedDict):
    """The JSON form of :class:`Options` (in a seat's view, for the seat to act)."""

    seat: int
    to_call: int
    can_check: bool
    can_fold: bool
    can_call: bool
    call_is_all_in: bool
    aggression: str | None
    min_to: int | None
    max_to: int | None
    blocked: str | None
    blocked_details: dict[str, int]
    all_in_to: int


@dataclass(frozen=True, slots=True)
class Action:
    """A player's decision. ``to`` is the total bet in this round after a bet or raise.

    >>> Action.parse("raise 300")
    Action(kind=<ActionKind.RAISE: 'raise'>, to=300)
    """

    kind: ActionKind
    to: int | None = None

    @classmethod
    def parse(cls, text: str) -> Action:
        parts = text.split()
        try:
            kind = ActionKind(parts[0].lower())
            to = int(parts[1]) if len(parts) > 1 else None
        except (ValueError, IndexError):
            raise IllegalAction(Reason.UNKNOWN_ACTION) from None
        return cls(kind, to)

    def to_dict(self) -> ActionData:
        return {"kind": self.kind.value, "to": self.to}


@dataclass(frozen=True, slots=True)
class Options:
    """What the seat to act may do now, with the limits.

    ``to_call`` is the chips a call adds (already capped by the stack);
    ``aggression`` is ``bet`` or ``raise`` when one is allowed, with ``min_to``
    and ``max_to`` (equal in fixed-limit or for an all-in below the minimum);
    ``blocked`` says why betting or raising is not allowed, ``blocked_details``
    the numbers behind it (e.g. the increase faced and the full raise needed);
    ``free_fold``: a fold is allowed even when a check is free (TDA, Robert's Rules).
    """

    seat: int
    to_call: int
    stack: int
    can_check: bool
    aggression: ActionKind | None
    min_to: int | None
    max_to: int | None
    blocked: Reason | None
    all_in_to: int
    blocked_details: tuple[tuple[str, int], ...] = ()
    free_fold: bool = False

    def blocked_error(self) -> IllegalAction:
        """The error a bet or raise gets now, with its numbers."""
        return IllegalAction(self.blocked or Reason.RAISE_NOT_ALLOWED, **dict(self.blocked_details))

    @property
    def can_fold(self) -> bool:
        return not self.can_check or self.free_fold

    @property
    def can_call(self) -> bool:
        return not self.can_check

    @property
    def call_is_all_in(self) -> bool:
        return self.can_call and self.to_call >= self.stack

    def legal(self) -> tuple[Action, ...]:
        """One representative action per legal kind (bets and raises at the minimum)."""
        out: list[Action] = []
        if self.can_check:
            out.append(Action(ActionKind.CHECK))
        else:
            out.append(Action(ActionKind.CALL))
        if self.can_fold:
            out.insert(0, Action(ActionKind.FOLD))
        if self.aggression is not None:
            out.append(Action(self.aggression, self.min_to))
        return tuple(out)

    def to_dict(self) -> OptionsData:
        return {
            "seat": self.seat,
            "to_call": self.to_call,
            "can_check": self.can_check,
            "can_fold": self.can_fold,
            "can_call": self.can_call,
            "call_is_all_in": self.call_is_all_in,
            "aggression": self.aggression.value if self.aggression else None,
            "min_to": self.min_to,
            "max_to": self.max_to,
            "blocked": self.blocked.value if self.blocked else None,
            "blocked_details": dict(self.blocked_details),
            "all_in_to": self.all_in_to,
        }


@dataclass(slots=True)
class BettingRound:
    """The bets of one round. Mutable; owned and driven by the table.

    ``full_raise`` is the size of the largest full bet or raise so far (the
    minimum raise increment); ``full_level`` the highest total that counted as
    a full bet or raise; ``raises`` counts those (the big blind counts as the
    bet before the flop); ``acted`` maps a seat to the (high, full-raise mark)
    when it last acted; ``capped``: the fixed-limit cap was reached while more
    than two players had chips, so it stays on for the round.
    """

    structure: Structure
    reopen: ReopenRule
    bet_size: int
    bets: list[int]
    high: int
    full_raise: int
    full_level: int
    raises: int
    cap: int | None
    pending: list[int] = field(default_factory=list)
    acted: dict[int, tuple[int, int]] = field(default_factory=dict)
    marks: int = 0
    aggressor: int | None = None
    capped: bool = False

    # -- legal actions -------------------------------------------------------
    def options(
        self, seat: int, stack: int, pot: int, others_can_call: bool, uncapped: bool,
        free_fold: bool = False,
    ) -> Options:  # fmt: skip
        """Options of ``seat`` holding ``stack`` behind; ``pot`` is the chips in
        earlier rounds (antes included); ``others_can_call``: someone else still
        in has chips to answer a raise; ``uncapped``: the fixed-limit cap is lifted;
        ``free_fold``: a fold is allowed when a check is free."""
        own = self.bets[seat]
        owed = max(0, self.high - own)
        all_in_to = own + stack
        aggression = ActionKind.BET if self.high == 0 else ActionKind.RAISE
        blocked, details = self._blocked(seat, stack, owed, others_can_call, uncapped)
        min_to = max_to = None
        if blocked is None:
            min_to, max_to = self._limits(owed, pot)
            if all_in_to <= min_to:
                min_to = max_to = all_in_to
            else:
                max_to = min(max_to, all_in_to)
        return Options(
            seat=seat,
            to_call=min(owed, stack),
            stack=stack,
            can_check=owed == 0,
            aggression=None if blocked else aggression,
            min_to=min_to,
            max_to=max_to,
            blocked=blocked,
            all_in_to=all_in_to,
            blocked_details=details,
            free_fold=free_fold,
        )

    def _blocked(
        self, seat: int, stack: int, owed: int, others_can_call: bool, uncapped: bool
    ) -> tuple[Reason | None, tuple[tuple[str, int], ...]]:
        if stack <= owed:
            return Reason.NOT_ENOUGH_TO_RAISE, (("stack", stack), ("to_call", owed))
        if not others_can_call:
            return Reason.NO_OPPONENT_CAN_CALL, ()
        if seat in self.acted and not self.reopened_for(seat):
            faced = self.high - self.acted[seat][0]
            return Reason.BETTING_NOT_REOPENED, (("faced", faced), ("full_raise", self.threshold()))
        if not uncapped and self.cap_reached():
            assert self.cap is not None
            return Reason.RAISE_CAP_REACHED, (("raises", self.raises - 1), ("cap", self.cap))
        return None, ()

    def _limits(self, owed: int, pot: int) -> tuple[int, int]:
        if self.structure is Structure.FIXED_LIMIT:
            target = max(self.full_level + self.bet_size, self.high + 1)
            return target, target
        minimum = self.high + self.full_raise
        if self.structure is Structure.POT_LIMIT:
            pot_after_call = pot + sum(self.bets) + owed
            return minimum, max(minimum, self.high + pot_after_call)
        return minimum, 1 << 62

    def cap_reached(self) -> bool:
        """A bet and ``cap`` raises are in (fixed-limit; never in the other structures)."""
        fixed = self.structure is Structure.FIXED_LIMIT
        return fixed and self.cap is not None and self.raises >= 1 + self.cap

    def threshold(self) -> int:
        """The increase that counts as a full raise (TDA 47: 50 % of a bet in limit)."""
        if self.structure is Structure.FIXED_LIMIT:
            return (self.bet_size + 1) // 2
        return self.full_raise

    def reopened_for(self, seat: int) -> bool:
        """Whether a seat that already acted may raise again (WSOP 96 / 96a, TDA 47)."""
        high_then, mark_then = self.acted[seat]
        if self.reopen is ReopenRule.CUMULATIVE:
            return self.high - high_then >= self.threshold()
        return self.marks > mark_then

    # -- applying actions ----------------------------------------------------
    def put(self, seat: int, to: int) -> int:
        """Raise ``seat``'s bet to ``to`` (a call, bet or raise); return the chips added."""
        added = to - self.bets[seat]
        self.bets[seat] = to
        return added

    def record_passive(self, seat: int) -> None:
        self.acted[seat] = (self.high, self.marks)

    def record_aggressive(self, seat: int, to: int) -> bool:
        """Book a bet or raise to ``to`` above the high; return whether it counts as full."""
        increase = to - self.high
        threshold = self.threshold()
        if increase >= threshold:
            self.marks += 1
        if self.reopen is ReopenRule.CUMULATIVE:
            full = to - self.full_level >= threshold
        else:
            full = increase >= threshold
        if self.structure is not Structure.FIXED_LIMIT:
            self.full_raise = max(self.full_raise, increase)
        if full:
            self.full_level = to
            self.raises += 1
        self.high = to
        self.aggressor = seat
        self.acted[seat] = (self.high, self.marks)
        return full

    def uncalled(self) -> tuple[int, int] | None:
        """(seat, chips) of the part of the largest bet nobody matched, if any."""
        if not self.bets:
            return None
        ordered = sorted(range(len(self.bets)), key=lambda s: self.bets[s], reverse=True)
        top = ordered[0]
        second = self.bets[ordered[1]] if len(ordered) > 1 else 0
        excess = self.bets[top] - second
        return (top, excess) if excess > 0 else None


def check_amount(options: Options, kind: ActionKind, to: object) -> int:
    """Validate a bet/raise amount against ``options``; raise :class:`IllegalAction`."""
    if options.aggression is None:
        raise options.blocked_error()
    if kind is not options.aggression:
        code = Reason.BET_NOT_ALLOWED if kind is ActionKind.BET else Reason.RAISE_NOT_ALLOWED
        raise IllegalAction(code)
    if to is None:
        raise IllegalAction(Reason.AMOUNT_REQUIRED, minimum=options.min_to, maximum=options.max_to)
    if isinstance(to, bool) or not isinstance(to, int):
        raise IllegalAction(Reason.AMOUNT_NOT_INTEGER)
    assert options.min_to is not None and options.max_to is not None
    if to > options.all_in_to:
        raise IllegalAction(Reason.AMOUNT_EXCEEDS_STACK, amount=to, stack=options.all_in_to)
    if options.min_to == options.max_to and to != options.min_to:
        raise IllegalAction(Reason.FIXED_LIMIT_AMOUNT, amount=to, required=options.min_to)
    if to < options.min_to:
        code = Reason.BELOW_MIN_BET if kind is ActionKind.BET else Reason.BELOW_MIN_RAISE
        raise IllegalAction(code, amount=to, minimum=options.min_to)
    if to > options.max_to:
        code = Reason.ABOVE_MAX_BET if kind is ActionKind.BET else Reason.ABOVE_MAX_RAISE
        raise IllegalAction(code, amount=to, maximum=options.max_to)
    return to


# -- the seed game's presets (Japanese guide) ---------------------------------
def clamp(value: int, minimum: int, maximum: int) -> int:
    return max(minimum, min(value, maximum))


def preset_raise_to(multiple: int | Fraction, *, high: int, minimum: int, maximum: int) -> int:
    """A raise named as a multiple of the current bet (2x, 3x), clamped to the limits."""
    return clamp(int(Fraction(multiple) * high), minimum, maximum)


def preset_bet_to(share: Fraction | int, *, pot: int, minimum: int, maximum: int) -> int:
    """A bet named as a share of the pot (33 %, 50 %, 100 %), clamped to the limits.

    Rounded half up to a whole chip: 33 % of 450 (148.5) is 149.
    """
    raw = Fraction(share) * pot
    return clamp(int(raw + Fraction(1, 2)), minimum, maximum)


#: The shares the seed game offers, taken literally (33 % is 33/100, not one third).
POT_SHARES: dict[str, Fraction] = {
    "33": Fraction(33, 100),
    "50": Fraction(1, 2),
    "100": Fraction(1),
}
RAISE_MULTIPLES: tuple[int, ...] = (2, 3)
