"""One hand of Texas Hold'em as a state machine: verify / can / do, with a history.

The order of play follows the Japanese guide (pre-flop from UTG, big blind
last; later rounds from the first seat left of the button, button last) and
the Czech text (a betting round only while two players still have chips);
heads-up the button posts the small blind, acts first before the flop and
last after it (Robert's Rules, TDA). When players all-in end the betting before
the river, every hand still in is turned face up before the rest of the board
is dealt (TDA 16).

>>> from .rules import Rules
>>> hand = Hand(HandSetup.new(Rules.no_limit(50, 100), [1000, 1000, 1000], button=0, seed=1))
>>> hand.to_act, hand.options().min_to
(0, 200)
>>> [e.kind for e in hand.raise_to(300)]
['raise']
>>> hand.fold()[0].kind, hand.call()[-1].kind
('fold', 'deal_board')
>>> Hand.from_dict(hand.to_dict()) == hand
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, TypedDict

from . import events as ev
from . import showdown
from .betting import (
    Action,
    ActionKind,
    BettingRound,
    Reason,
    check_amount,
    preset_bet_to,
    preset_raise_to,
)
from .cards import Card
from .deal import HandSetup, SetupData, clockwise
from .errors import IllegalAction, InvalidInput
from .handstate import HandState, Street
from .rules import AnteMode, BigBlindAnteOrder, Structure
from .seatview import SeatView, public_view

__all__ = ["Hand", "HandData", "HandSetup", "HandState", "Street"]

_NEXT = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN, Street.TURN: Street.RIVER}
_BOARD_COUNT = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}


class HandData(TypedDict):
    """The JSON form of a hand (:meth:`Hand.to_dict`): its setup and its history."""

    format: int
    setup: SetupData
    history: list[ev.EventData]


class Hand(HandState):
    """A hand in progress. Read its state (:class:`HandState`); change it only through :meth:`do`."""

    def __init__(self, setup: HandSetup) -> None:
        super().__init__(setup)
        self._next_card = 0
        self._begin(clockwise(setup.stacks, setup.button))

    # -- verify / can / do ---------------------------------------------------
    def verify(self, action: Action, seat: int | None = None) -> Action:
        """Return the action if legal now, else raise :class:`IllegalAction` with a reason."""
        if self.is_over or self.to_act is None:
            raise IllegalAction(Reason.HAND_OVER)
        if seat is not None and seat != self.to_act:
            raise IllegalAction(Reason.NOT_YOUR_TURN, seat=seat, to_act=self.to_act)
        if not isinstance(action, Action) or not isinstance(action.kind, ActionKind):
            raise IllegalAction(Reason.UNKNOWN_ACTION)
        opts = self.options()
        kind = action.kind
        if kind is ActionKind.FOLD and not opts.can_fold:
            raise IllegalAction(Reason.CHECK_AVAILABLE)
        if kind is ActionKind.CHECK and not opts.can_check:
            raise IllegalAction(Reason.CANNOT_CHECK, to_call=opts.to_call)
        if kind is ActionKind.CALL and opts.can_check:
            raise IllegalAction(Reason.NOTHING_TO_CALL)
        if kind in (ActionKind.BET, ActionKind.RAISE):
            return Action(kind, check_amount(opts, kind, action.to))
        return Action(kind)

    def can(self, action: Action, seat: int | None = None) -> bool:
        try:
            self.verify(action, seat)
        except IllegalAction:
            return False
        return True

    def do(self, action: Action, seat: int | None = None) -> tuple[ev.Event, ...]:
        """Play ``action`` for the seat to act; return the events it caused."""
        action = self.verify(action, seat)
        start = len(self.events)
        self._apply(action)
        self._advance()
        return tuple(self.events[start:])

    # Conveniences, all through :meth:`do`.
    def fold(self) -> tuple[ev.Event, ...]:
        return self.do(Action(ActionKind.FOLD))

    def check(self) -> tuple[ev.Event, ...]:
        return self.do(Action(ActionKind.CHECK))

    def call(self) -> tuple[ev.Event, ...]:
        return self.do(Action(ActionKind.CALL))

    def check_or_call(self) -> tuple[ev.Event, ...]:
        return self.check() if self.options().can_check else self.call()

    def bet(self, to: int) -> tuple[ev.Event, ...]:
        return self.do(Action(ActionKind.BET, to))

    def raise_to(self, to: int) -> tuple[ev.Event, ...]:
        return self.do(Action(ActionKind.RAISE, to))

    def all_in(self) -> tuple[ev.Event, ...]:
        """Put the whole stack in: a bet or raise if one that size is allowed, else a call."""
        opts = self.options()
        if opts.aggression is not None and opts.max_to == opts.all_in_to:
            return self.do(Action(opts.aggression, opts.all_in_to))
        if opts.call_is_all_in:
            return self.call()
        raise IllegalAction(Reason.ABOVE_MAX_RAISE, amount=opts.all_in_to, maximum=opts.max_to)

    def preset_action(self, preset: str) -> Action:
        """The seed game's preset sizes as a legal action: ``"2x"``/``"3x"`` raise to a
        multiple of the current bet, ``"33"``/``"50"``/``"100"`` bet that percent of the pot."""
        opts = self.options()
        assert self.round is not None
        if opts.aggression is None:
            raise opts.blocked_error()
        lo, hi = opts.min_to, opts.max_to
        assert lo is not None and hi is not None
        text = preset.strip().lower().rstrip("%")
        try:
            number = Fraction(text[:-1] if text.endswith("x") else text)
        except ValueError:
            raise InvalidInput("unknown_preset", preset=preset) from None
        if number <= 0:
            raise InvalidInput("unknown_preset", preset=preset)
        if text.endswith("x"):
            if opts.aggression is not ActionKind.RAISE:
                raise IllegalAction(Reason.RAISE_NOT_ALLOWED)
            to = preset_raise_to(number, high=self.round.high, minimum=lo, maximum=hi)
        else:
            if opts.aggression is not ActionKind.BET:
                raise IllegalAction(Reason.BET_NOT_ALLOWED)
            to = preset_bet_to(number / 100, pot=self.pot, minimum=lo, maximum=hi)
        return Action(opts.aggression, to)

    def play_preset(self, preset: str) -> tuple[ev.Event, ...]:
        """Play :meth:`preset_action` (``"3x"``, ``"50"`` ...)."""
        return self.do(self.preset_action(preset))

    # -- the machine ---------------------------------------------------------
    def _emit(self, event: ev.Event) -> None:
        self.events.append(event)

    def _pay(self, seat: int, amount: int) -> int:
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        self.committed[seat] += paid
        return paid

    def _draw(self) -> Card:
        card = self.setup.deck[self._next_card]
        self._next_card += 1
        return card

    def _begin(self, order: list[int]) -> None:
        level, rules = self.level, self.rules
        sb, bb = self.small_blind_seat, self.big_blind_seat
        self._emit(
            ev.HandStart(
                self.setup.hand_no, self.button, sb, bb, level.small, level.big,
                level.ante if rules.ante_mode is not AnteMode.NONE else 0, self.setup.stacks,
            )
        )  # fmt: skip
        bets = [0] * self.seats
        ante_first = rules.big_blind_ante_order is BigBlindAnteOrder.ANTE_FIRST
        if rules.ante_mode is AnteMode.EACH and level.ante:
            for seat in order:  # antes first, then blinds (Robert's Rules)
                self._post_ante(seat, level.ante)
        if rules.ante_mode is AnteMode.BIG_BLIND and level.ante and ante_first:
            self._post_ante(bb, level.ante)
        for seat, blind, amount in ((sb, "small", level.small), (bb, "big", level.big)):
            if amount and self.stacks[seat]:
                paid = self._pay(seat, amount)
                bets[seat] = paid
                self._emit(ev.PostBlind(seat, blind, paid, self.stacks[seat] == 0))
        if rules.ante_mode is AnteMode.BIG_BLIND and level.ante and not ante_first:
            self._post_ante(bb, level.ante)
        dealt: dict[int, list[Card]] = {seat: [] for seat in order}
        for _ in range(2):
            for seat in order:
                dealt[seat].append(self._draw())
        for seat in order:
            self.holes[seat] = tuple(dealt[seat])
            self._emit(ev.DealHole(seat, self.holes[seat]))
        # Players must call the full big blind even if it was posted short.
        high = max(level.big, *bets)
        self._open_round(bets, high, raises=1, first_after=bb)
        self._advance()

    def _post_ante(self, seat: int, amount: int) -> None:
        if self.stacks[seat]:
            paid = self._pay(seat, amount)
            if self.rules.ante_mode is AnteMode.BIG_BLIND:
                self.dead_ante = paid
            self._emit(ev.PostAnte(seat, paid, self.stacks[seat] == 0))

    def _open_round(self, bets: list[int], high: int, raises: int, first_after: int) -> None:
        rules = self.rules
        fixed = rules.structure is Structure.FIXED_LIMIT
        small_bet, big_bet = rules.bet_sizes(self.level)
        size = big_bet if self.street in (Street.TURN, Street.RIVER) else small_bet
        self.round = BettingRound(
            structure=rules.structure,
            reopen=rules.reopen,
            bet_size=size if fixed else self.level.big,
            bets=bets,
            high=high,
            full_raise=size if fixed else self.level.big,
            full_level=high,
            raises=raises,
            cap=rules.raise_cap if fixed else None,
        )
        self.round.pending = [s for s in clockwise(self.setup.stacks, first_after)
                              if self.can_act(s)]  # fmt: skip

    def _apply(self, action: Action) -> None:
        rnd = self.round
        assert rnd is not None
        seat = rnd.pending.pop(0)
        if action.kind is ActionKind.FOLD:
            self.folded[seat] = True
            self._emit(ev.Fold(seat))
        elif action.kind is ActionKind.CHECK:
            rnd.record_passive(seat)
            self._emit(ev.Check(seat))
        elif action.kind is ActionKind.CALL:
            to = min(rnd.high, rnd.bets[seat] + self.stacks[seat])
            added = self._pay(seat, rnd.put(seat, to))
            rnd.record_passive(seat)
            self._emit(ev.Call(seat, added, self.stacks[seat] == 0))
        else:
            assert action.to is not None
            added = self._pay(seat, rnd.put(seat, action.to))
            full = rnd.record_aggressive(seat, action.to)
            if rnd.cap_reached() and not self.heads_up():
                rnd.capped = True  # a later fold leaving two does not lift it (Robert's Rules)
            event = ev.Bet if action.kind is ActionKind.BET else ev.Raise
            self._emit(event(seat, action.to, added, self.stacks[seat] == 0, full))
            rnd.pending = [s for s in clockwise(self.setup.stacks, seat)
                           if s != seat and self.can_act(s)]  # fmt: skip

    def _advance(self) -> None:
        """Skip seats with nothing to decide; close rounds, deal streets, end the hand."""
        while self.round is not None:
            rnd = self.round
            rnd.pending = [s for s in rnd.pending if self.can_act(s)]
            if len(self.in_hand()) == 1:
                self._close_round()
                self._finish(showdown_needed=False)
                return
            while rnd.pending:
                opts = self.options()
                if not (opts.can_check and opts.aggression is None):
                    return  # a real decision is waiting
                rnd.pending.pop(0)  # only a check is possible: nothing to decide
            self._close_round()
            if self.street is Street.RIVER:
                self._finish(showdown_needed=True)
                return
            if sum(self.can_act(s) for s in range(self.seats)) < 2:
                for event in showdown.table_hands(self):  # face up first (TDA 16)
                    self._emit(event)
                    self.shown[event.seat] = event.cards
                while self.street in _NEXT:  # run the board out to the river
                    self._deal_street(False)
                self._finish(showdown_needed=True)
                return
            self._deal_street(True)
            self._open_round([0] * self.seats, 0, raises=0, first_after=self.button)

    def _close_round(self) -> None:
        rnd = self.round
        assert rnd is not None
        uncalled = rnd.uncalled()
        if uncalled is not None:
            seat, amount = uncalled
            rnd.bets[seat] -= amount
            self.stacks[seat] += amount
            self.committed[seat] -= amount
            self._emit(ev.ReturnUncalled(seat, amount))
        if self.street is Street.RIVER:
            self.river_aggressor = rnd.aggressor
        self.round = None

    def _deal_street(self, betting: bool) -> None:
        self.street = _NEXT[self.street]
        if self.rules.burn_cards:
            self._emit(ev.Burn(self._draw()))
        cards = tuple(self._draw() for _ in range(_BOARD_COUNT[self.street]))
        self.board += cards
        self._emit(ev.DealBoard(self.street.value, cards, betting))

    def _finish(self, showdown_needed: bool) -> None:
        outcome = showdown.settle(self, showdown_needed)
        for event in outcome.events:
            self._emit(event)
        self.shown = dict(outcome.shown)
        self.result = outcome.award
        for seat, chips in enumerate(outcome.award.payouts):
            self.stacks[seat] += chips
        self.street = Street.COMPLETE
        seated = enumerate(self.setup.stacks)
        final = tuple(None if s is None else self.stacks[i] for i, s in seated)
        self._emit(ev.HandEnd(outcome.award.payouts, final))

    # -- history, JSON, views ------------------------------------------------
    @classmethod
    def replay(cls, setup: HandSetup, history: Sequence[ev.Event]) -> Hand:
        """Rebuild a hand from its setup and history; :class:`InvalidInput` if they disagree."""
        hand = cls(setup)
        for event in history:
            played = _action_of(event)
            if played is not None:
                seat, action = played
                try:
                    hand.do(action, seat=seat)
                except IllegalAction as error:
                    raise InvalidInput("history_mismatch", at=len(hand.events)) from error
        if hand.events != list(history):
            mismatch = next(
                (i for i, (a, b) in enumerate(zip(hand.events, history, strict=False)) if a != b),
                min(len(hand.events), len(history)),
            )
            raise InvalidInput("history_mismatch", at=mismatch)
        return hand

    def to_dict(self) -> HandData:
        """The full state as JSON data (server side only: it holds the deck)."""
        return {
            "format": 1,
            "setup": self.setup.to_dict(),
            "history": [e.to_dict() for e in self.events],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Hand:
        if not isinstance(data, Mapping) or data.get("format") != 1:
            raise InvalidInput("unknown_format")
        history = [ev.event_from_dict(e) for e in data.get("history", [])]
        return cls.replay(HandSetup.from_dict(data["setup"]), history)

    def __eq__(self, other: object) -> bool:
        # Defining __eq__ alone leaves __hash__ None: a hand changes, so it is unhashable.
        if not isinstance(other, Hand):
            return NotImplemented
        return self.setup == other.setup and self.events == other.events

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may see (``None``: a spectator): no other hole cards before showdown."""
        return public_view(self, seat)


def _action_of(event: ev.Event) -> tuple[int, Action] | None:
    """The seat and decision behind an action event; ``None`` for any other event."""
    if isinstance(event, ev.Bet | ev.Raise):
        return event.seat, Action(ActionKind(event.kind), event.to)
    if isinstance(event, ev.Fold | ev.Check | ev.Call):
        return event.seat, Action(ActionKind(event.kind))
    return None
