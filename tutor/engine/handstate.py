"""What a hand of Hold'em is at one moment: seats, stacks, cards, the round and the history.

:class:`HandState` holds the state and answers questions about it; its subclass
:class:`tutor.engine.hand.Hand` changes it (verify / can / do). The showdown
(:mod:`tutor.engine.showdown`) and the per-seat views (:mod:`tutor.engine.seatview`)
only read a hand, so they take a ``HandState`` and never import the machine.

Heads-up the button posts the small blind (Robert's Rules, TDA). Under the dead
button the table places the blinds (``HandSetup.blinds``); a dead small blind sits
on an empty seat and nobody posts it.

>>> from .deal import HandSetup
>>> from .rules import Rules
>>> state = HandState(HandSetup.new(Rules(), [1000, None, 1000], button=0))
>>> state.small_blind_seat, state.big_blind_seat, state.in_hand()
(0, 2, [0, 2])
"""

from __future__ import annotations

from enum import StrEnum, unique

from . import events as ev
from .betting import BettingRound, Options, Reason
from .cards import Card
from .deal import HandSetup, clockwise
from .errors import IllegalAction
from .pots import Award
from .rules import FreeFold

__all__ = ["HandState", "Street"]


@unique
class Street(StrEnum):
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    COMPLETE = "complete"


class HandState:
    """The state of one hand. Read it here; :class:`tutor.engine.hand.Hand` changes it."""

    def __init__(self, setup: HandSetup) -> None:
        self.setup = setup
        self.rules = setup.rules
        self.level = setup.level
        n = len(setup.stacks)
        self.stacks = [s or 0 for s in setup.stacks]
        self.committed = [0] * n
        self.folded = [s is None for s in setup.stacks]
        self.holes: dict[int, tuple[Card, ...]] = {}
        self.board: list[Card] = []
        self.street = Street.PREFLOP
        self.round: BettingRound | None = None
        self.events: list[ev.Event] = []
        self.result: Award | None = None
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.river_aggressor: int | None = None
        self.dead_ante = 0  # the big-blind ante: dead money for the main pot
        order = clockwise(setup.stacks, setup.button)
        if setup.blinds is not None:  # placed by the table (dead button)
            self.small_blind_seat, self.big_blind_seat = setup.blinds
        elif len(order) == 2:  # heads-up: the button posts the small blind
            self.small_blind_seat, self.big_blind_seat = setup.button, order[0]
        else:
            self.small_blind_seat, self.big_blind_seat = order[0], order[1]

    @property
    def button(self) -> int:
        return self.setup.button

    @property
    def seats(self) -> int:
        return len(self.stacks)

    @property
    def is_over(self) -> bool:
        return self.street is Street.COMPLETE

    @property
    def to_act(self) -> int | None:
        if self.round is None or not self.round.pending:
            return None
        return self.round.pending[0]

    @property
    def pot(self) -> int:
        """All chips in the middle, bets of the current round included (0 once awarded)."""
        return 0 if self.is_over else sum(self.committed)

    @property
    def bets(self) -> tuple[int, ...]:
        return tuple(self.round.bets) if self.round else (0,) * self.seats

    def in_hand(self) -> list[int]:
        return [s for s in range(self.seats) if not self.folded[s]]

    def can_act(self, seat: int) -> bool:
        return not self.folded[seat] and self.stacks[seat] > 0

    def options(self) -> Options:
        """The legal actions of the seat to act, with their limits."""
        seat = self.to_act
        if seat is None or self.round is None:
            raise IllegalAction(Reason.HAND_OVER)
        rnd = self.round
        others = any(
            s != seat and not self.folded[s] and rnd.bets[s] + self.stacks[s] > rnd.high
            for s in range(self.seats)
        )
        uncapped = self.rules.uncapped_heads_up and self.heads_up() and not rnd.capped
        earlier = self.pot - sum(rnd.bets)
        free_fold = self.rules.free_fold is FreeFold.BINDING
        return rnd.options(seat, self.stacks[seat], earlier, others, uncapped, free_fold)

    def heads_up(self) -> bool:
        """At most two players still in the hand have chips: all-in players do not count
        toward the fixed-limit cap (Robert's Rules)."""
        return sum(self.can_act(s) for s in range(self.seats)) <= 2
