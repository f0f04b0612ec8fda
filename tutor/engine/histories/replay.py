"""A hand history played again through the engine, move by move.

Every betting decision of the file goes to :meth:`Hand.do`, which checks it by the rules
(whose turn, the minimum bet and raise, a short all-in that does not reopen the betting,
the fixed-limit sizes and cap); the first illegal one stops the replay with its line and
the engine's reason. The engine then closes the rounds, returns the uncalled bet, builds
the main and side pots, decides the showdown order and who may muck, and awards the pots
with the odd chip. What the log says (uncalled bets, collected amounts and rake) is
compared with that, and every difference is reported in :attr:`Replay.checks`.

Hole cards the file does not show are filled with the weakest cards left, so a hand
mucked at the showdown does not win in the engine what it lost at the table.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from .. import events as ev
from .. import fast
from ..betting import Action, ActionKind, Options
from ..cards import DECK, Card
from ..deal import HandSetup
from ..errors import IllegalAction
from ..hand import Hand
from ..handstate import Street
from ..rules import AnteMode, FreeFold, Rules
from ..showdown import ShowdownTurns, showdown_turns
from .record import History, HistoryError, Move, MoveKind, Where

__all__ = ["Check", "Replay", "Step", "hand_at", "replay", "rules_of", "setup_of"]


@dataclass(frozen=True, slots=True)
class Step:
    """One decision as the engine took it: the seat, why it was that seat's turn, the
    options it had (minimum and maximum, what a call costs, why it could not raise) and
    the events the decision caused."""

    move: Move
    seat: int
    turn: str  # first_after_big_blind, button_first_heads_up, first_after_button, next_in_turn
    street: Street
    options: Options
    high: int  # the bet to match before the move
    full_raise: int  # the last full bet or raise (the minimum raise's increment)
    events: tuple[ev.Event, ...]

    @property
    def decision(self) -> ev.Event:
        return next(e for e in self.events if e.is_action)


@dataclass(frozen=True, slots=True)
class Check:
    """The log compared with the engine: ``code`` and its numbers (``*_match`` or a difference)."""

    code: str
    ok: bool
    details: dict[str, Any] = field(default_factory=dict)
    where: Where | None = None


@dataclass(frozen=True, slots=True)
class Replay:
    history: History
    setup: HandSetup
    steps: tuple[Step, ...]
    hand: Hand
    checks: tuple[Check, ...]

    @property
    def showdown(self) -> ShowdownTurns:
        return showdown_turns(self.hand.events)

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def rake(self) -> int:
        """The rake the log takes from the pots (0 when none, or when the log does not agree)."""
        for check in self.checks:
            if check.code in ("pots_match", "pots_match_implied_rake") and self.ok:
                return int(check.details["rake"])
        return 0

    @property
    def won(self) -> tuple[int, ...]:
        """What each seat took from the pots by the rules, before any rake."""
        award = self.hand.result
        assert award is not None
        won = [0] * self.hand.seats
        for pot in award.pots:
            for seat, chips in pot.shares:
                won[seat] += chips
        return tuple(won)

    @property
    def collected(self) -> tuple[int, ...]:
        """What each seat took home: the log's collected amounts when a rake came off the
        pots (and the log agrees with the rules), else the engine's shares."""
        if self.rake and self.history.collected is not None:
            return self.history.collected
        return self.won


def rules_of(history: History) -> Rules:
    """The engine's rules for the file's game: its structure, blinds and ante, folds allowed
    when a check is free (online sites take them), no raise cap heads-up."""
    small_bet, big_bet = history.bets or (None, None)
    return Rules(
        name=f"replay_{history.structure.code}",
        structure=history.structure,
        small_blind=history.small_blind,
        big_blind=history.big_blind,
        ante=history.ante,
        ante_mode=AnteMode.EACH if history.ante else AnteMode.NONE,
        small_bet=small_bet,
        big_bet=big_bet,
        uncapped_heads_up=True,
        free_fold=FreeFold.BINDING,
    )


def setup_of(history: History) -> HandSetup:
    """The hand's start: stacks, button, blinds, and a deck that deals the file's cards."""
    rules = rules_of(history)
    holes = dict(history.holes)
    board = history.board[:5]
    folded = {m.seat for m in history.moves if m.kind is MoveKind.FOLD}
    used = set(board) | {c for cards in holes.values() for c in cards}
    for seat, stack in enumerate(history.stacks):
        if stack is not None and seat not in holes:
            holes[seat] = _weakest(board, used, seat in folded)
            used |= set(holes[seat])
    return HandSetup.stacked(
        rules,
        history.stacks,
        history.button,
        {seat: " ".join(c.code for c in cards[:2]) for seat, cards in holes.items()},
        board=" ".join(c.code for c in board),
        blinds=history.blinds,
    )


def _weakest(board: tuple[Card, ...], used: set[Card], folded: bool) -> tuple[Card, ...]:
    """Two cards left in the deck that make the weakest hand with the whole board."""
    left = sorted((c for c in DECK if c not in used), key=lambda c: c.rank)
    if folded or len(board) < 5:
        first = left[0]
        return first, next(c for c in left if c.rank != first.rank and c.suit != first.suit)
    indices = [c.index for c in board]
    pair = min(
        combinations(left[:16], 2), key=lambda p: fast.strength(indices + [c.index for c in p])
    )
    return pair


def replay(history: History) -> Replay:
    """Play the file's decisions through the engine; :class:`HistoryError` at the first
    one the rules refuse, or when the file ends before the hand does."""
    try:
        setup = setup_of(history)
    except Exception as error:  # the engine refuses the setup: say which part
        code = getattr(error, "code", "bad_setup")
        raise HistoryError("bad_setup", None, reason=str(code)) from None
    hand = Hand(setup)
    steps: list[Step] = []
    dealt = 0
    last: Where | None = None
    for move in history.moves:
        last = move.where
        if move.kind is MoveKind.BOARD:
            dealt += len(move.cards)
            if len(hand.board) < dealt:
                raise HistoryError("round_not_over", move.where, seat=hand.to_act)
        elif move.is_decision:
            steps.append(_decide(hand, move))
    if not hand.is_over:
        raise HistoryError("hand_incomplete", last, seat=hand.to_act)
    checks = _uncalled(history, hand) + _pots(history, hand)
    return Replay(history, setup, tuple(steps), hand, tuple(checks))


def _turn(hand: Hand, seat: int) -> str:
    rnd = hand.round
    assert rnd is not None
    if rnd.acted:
        return "next_in_turn"
    if hand.street is not Street.PREFLOP:
        return "first_after_button"
    if seat == hand.small_blind_seat and seat == hand.button:
        return "button_first_heads_up"
    return "first_after_big_blind"


def _decide(hand: Hand, move: Move) -> Step:
    if hand.is_over or hand.to_act is None:
        raise HistoryError("after_end", move.where)
    assert move.seat is not None and hand.round is not None
    if move.seat != hand.to_act:
        raise HistoryError(
            "illegal", move.where, reason="not_your_turn", seat=move.seat, to_act=hand.to_act
        )
    options = hand.options()
    high, full_raise = hand.round.high, hand.round.full_raise
    turn, street = _turn(hand, move.seat), hand.street
    action = _action(move, options, high)
    try:
        events = hand.do(action, seat=move.seat)
    except IllegalAction as error:
        raise HistoryError("illegal", move.where, reason=error.code, **error.details) from None
    step = Step(move, move.seat, turn, street, options, high, full_raise, events)
    decision = step.decision
    if (
        move.kind is MoveKind.CALL
        and isinstance(decision, ev.Call)
        and decision.added != move.amount
    ):
        raise HistoryError("call_amount", move.where, logged=move.amount, amount=decision.added)
    return step


def _action(move: Move, options: Options, high: int) -> Action:
    kind = move.kind
    if kind is MoveKind.CHECK_OR_CALL:
        return Action(ActionKind.CHECK if options.can_check else ActionKind.CALL)
    if kind is MoveKind.BET_OR_RAISE:
        return Action(ActionKind.BET if high == 0 else ActionKind.RAISE, move.amount)
    if kind in (MoveKind.BET, MoveKind.RAISE):
        return Action(ActionKind(kind.value), move.amount)
    return Action(ActionKind(kind.value))


def _uncalled(history: History, hand: Hand) -> list[Check]:
    logged = [(m.seat, m.amount) for m in history.moves if m.kind is MoveKind.RETURNED]
    if history.source != "pokerstars":
        return []
    engine = [(e.seat, e.amount) for e in hand.events if isinstance(e, ev.ReturnUncalled)]
    if Counter(logged) == Counter(engine):
        return [Check("uncalled_match", True, {"count": len(engine)})] if engine else []
    seat, amount = engine[0] if engine else (None, 0)
    logged_amount = logged[0][1] if logged else 0
    return [
        Check("uncalled_mismatch", False, {"seat": seat, "amount": amount, "logged": logged_amount})
    ]


def _pots(history: History, hand: Hand) -> list[Check]:
    """The engine's pots against the log's collected amounts, less the rake."""
    award = hand.result
    assert award is not None
    total = sum(p.pot.amount for p in award.pots)
    won = [0] * hand.seats
    for pot in award.pots:
        for seat, chips in pot.shares:
            won[seat] += chips
    collected = history.collected
    if collected is None or not any(collected):
        return [Check("not_logged", True, {"total": total})]
    logged = sum(collected)
    if history.source == "phh" and logged > total:  # the file counts a walk's blind as won
        for event in hand.events:
            if isinstance(event, ev.ReturnUncalled):
                won[event.seat] += event.amount
                total += event.amount
    rake = history.rake if history.rake is not None else total - logged
    numbers = {"total": total, "logged": logged, "rake": rake}
    if rake < 0 or logged + rake != total:
        return [Check("pots_mismatch", False, numbers)]
    checks = [
        Check(
            "pots_match" if history.rake is not None else "pots_match_implied_rake", True, numbers
        )
    ]
    winners = {s for s, c in enumerate(won) if c}
    if rake == 0:
        for seat, (mine, theirs) in enumerate(zip(won, collected, strict=True)):
            if mine != theirs:
                checks.append(
                    Check("share_mismatch", False, {"seat": seat, "amount": mine, "logged": theirs})
                )
    elif winners != {s for s, c in enumerate(collected) if c}:
        checks.append(
            Check(
                "winners_mismatch",
                False,
                {"seat": min(winners ^ {s for s, c in enumerate(collected) if c})},
            )
        )
    return checks


def hand_at(replay_: Replay, count: int) -> Hand:
    """The hand after the first ``count`` decisions (0: the blinds posted, the cards dealt)."""
    hand = Hand(replay_.setup)
    for step in replay_.steps[:count]:
        hand.do(_action(step.move, step.options, step.high), seat=step.seat)
    return hand
