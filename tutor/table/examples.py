"""Tables for the rule pages: the blinds and the order of action, and a side-pot example.

Both are played or computed by the engine: the order of action is the order in which the
engine asks the seats to act when everyone calls or checks; the pots are
:func:`tutor.engine.pots.build_pots`.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.hand import Hand
from tutor.engine.pots import build_pots
from tutor.engine.rules import Rules
from tutor.engine.table import Street, Table
from tutor.words.terms import seat_name

from .picture import TablePicture, from_contributions, from_hand

__all__ = ["action_order", "blinds_picture", "sidepots_picture"]


def action_order(hand: Hand, street: Street) -> list[int]:
    """The seats in the order they act on ``street`` when everyone checks or calls (plays
    ``hand`` on to the end of that street)."""
    order: list[int] = []
    while hand.street is street and hand.to_act is not None:
        order.append(hand.to_act)
        hand.check_or_call()
    return order


def blinds_picture(small: int, big: int, seats: int, language: str) -> TablePicture:
    """A table before the flop with the button and blinds, each seat numbered with its
    place in the order of action before the flop and from the flop on."""
    table = Table(Rules.no_limit(small, big), [big * 100] * seats, button=0)
    played = table.new_hand(seed=0)
    before = action_order(played, Street.PREFLOP)
    after = action_order(played, Street.FLOP)
    orders = {seat: (before.index(seat) + 1, after.index(seat) + 1) for seat in before}
    return from_hand(
        table.new_hand(seed=0), None, seat_name, language, show_to_act=False, orders=orders
    )


def sidepots_picture(
    contributions: Sequence[int], folded: Sequence[bool], all_in: Sequence[bool], language: str
) -> TablePicture:
    """Each seat's contribution in front of it and the engine's pots in the middle (the
    example gives no stacks, so none are shown)."""
    pots = build_pots(list(contributions), list(folded)).pots
    return from_contributions(
        contributions,
        None,
        folded,
        all_in,
        None,
        seat_name,
        language,
        pots=[p.amount for p in pots],
    )
