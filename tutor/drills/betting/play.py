"""How the seats act while a hand is played up to the question: one way of playing for each
key of ``PLAYS`` (a level's or an aimed question's ``Shape.play``)."""

from __future__ import annotations

import random
from collections.abc import Callable

from tutor.engine import events as ev
from tutor.engine.betting import Action, ActionKind
from tutor.engine.hand import Hand

from .question import round_actions

#: A stack this small shoves when the "shove" play can (every other stack is 2,000 or more).
SHORT = 600


def _random_action(rng: random.Random, hand: Hand, aggressive: float) -> Action:
    opts = hand.options()
    roll = rng.random()
    if opts.aggression is not None and roll < aggressive:
        lo, hi = opts.min_to or 0, opts.max_to or 0
        to = hi if rng.random() < 0.15 else rng.randint(lo, max(lo, min(hi, lo * 3)))
        return Action(opts.aggression, to)
    if not opts.can_check and roll > 0.85:
        return Action(ActionKind.FOLD)
    return Action(ActionKind.CHECK) if opts.can_check else Action(ActionKind.CALL)


def _passive(rng: random.Random, hand: Hand, aggressive: float) -> Action:
    """Check or call, now and then fold: rounds end without a raise."""
    opts = hand.options()
    if opts.can_check:
        return Action(ActionKind.CHECK)
    return Action(ActionKind.FOLD) if rng.random() < 0.15 else Action(ActionKind.CALL)


def _raise(rng: random.Random, hand: Hand, aggressive: float) -> Action:
    """Raise whenever allowed (the smallest size), else call: a round runs into its cap."""
    opts = hand.options()
    if opts.aggression is not None and rng.random() < 0.9:
        return Action(opts.aggression, opts.min_to)
    return Action(ActionKind.CHECK) if opts.can_check else Action(ActionKind.CALL)


def _shove(rng: random.Random, hand: Hand, aggressive: float) -> Action:
    """Once someone has raised, a short stack puts its chips in; the first raise is sized
    so that such an all-in falls short of a full raise; everyone else checks or calls: the
    raiser then faces a short all-in."""
    opts, rnd = hand.options(), hand.round
    assert rnd is not None
    passive = Action(ActionKind.CHECK) if opts.can_check else Action(ActionKind.CALL)
    if opts.aggression is None or opts.min_to is None or opts.max_to is None:
        return passive
    raised = any(isinstance(e, ev.Bet | ev.Raise) for e in round_actions(hand))
    if hand.stacks[opts.seat] <= SHORT:  # shove only for less than a full raise
        short = opts.all_in_to - rnd.high < rnd.threshold() and opts.all_in_to <= opts.max_to
        return Action(opts.aggression, opts.all_in_to) if raised and short else passive
    if raised:
        return passive
    shorts = [
        all_in
        for s in range(hand.seats)
        if s != opts.seat and hand.can_act(s) and hand.stacks[s] <= SHORT
        if (all_in := rnd.bets[s] + hand.stacks[s]) > opts.min_to
    ]
    if shorts:  # size the raise so that the next short all-in is less than a full raise
        low = max(opts.min_to, (min(shorts) + rnd.high) // 2 + 1)
        top = min(min(shorts) - 1, opts.max_to)
        if low <= top:
            return Action(opts.aggression, rng.randint(low, top))
    return Action(opts.aggression, opts.min_to)


PLAYS: dict[str, Callable[[random.Random, Hand, float], Action]] = {
    "random": _random_action,
    "passive": _passive,
    "raise": _raise,
    "shove": _shove,
}
