"""Real engine hands for the table tests: a hand in progress and one at a side-pot
showdown, for any number of seats."""

from __future__ import annotations

from tutor.engine.deal import HandSetup
from tutor.engine.errors import IllegalAction
from tutor.engine.hand import Hand
from tutor.engine.rules import Rules


def mid_hand(seats: int, seed: int = 3) -> Hand:
    """Before the flop: the first player raises, a short stack goes all-in (four seats
    or more), the next folds, the rest call; seat 0 is to act."""
    stacks = [10_000] * seats
    if seats > 3:
        stacks[3] = 700  # a short stack
    hand = Hand(HandSetup.new(Rules.no_limit(50, 100), stacks, button=seats - 1, seed=seed))
    hand.raise_to(300)
    if seats > 3:
        hand.all_in()  # the short stack
    if seats > 2 and hand.to_act not in (None, 0):
        hand.fold()
    while hand.to_act not in (None, 0):
        hand.call()
    return hand


def side_pot_showdown(seats: int, seed: int = 5) -> Hand:
    """Everyone all-in for different amounts: a finished hand with side pots."""
    stacks = [400 * (k % 3 + 1) for k in range(seats)]
    hand = Hand(HandSetup.new(Rules.no_limit(50, 100), stacks, button=0, seed=seed))
    while not hand.is_over:
        try:
            hand.all_in()
        except IllegalAction:  # nobody left to raise against: call
            hand.call()
    return hand
