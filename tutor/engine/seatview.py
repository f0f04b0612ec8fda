"""Per-seat views of a hand: what one learner may see, as JSON data.

A view never holds another seat's hole cards before they are shown at
showdown, nor the deck or burnt cards. The site only ever sends a learner
their own view.

>>> from .deal import HandSetup
>>> from .hand import Hand
>>> from .rules import Rules
>>> hand = Hand(HandSetup.stacked(Rules(), [1000, 1000], 0, {0: "As Ad", 1: "Kc Kd"}))
>>> [s["cards"] for s in public_view(hand, 0)["seats"]]
[['As', 'Ad'], None]
>>> [e["cards"] for e in public_view(hand, None)["history"] if e["kind"] == "deal_hole"]
[[None, None], [None, None]]
"""

from __future__ import annotations

from typing import TypedDict

from . import events as ev
from .betting import OptionsData
from .handstate import HandState
from .rules import LevelData, RulesSummary

__all__ = ["SeatInfo", "SeatView", "event_for", "public_view"]


class SeatInfo(TypedDict):
    """One seat as every viewer sees it; ``cards`` only when the viewer may see them."""

    seat: int
    seated: bool
    stack: int
    bet: int
    committed: int
    folded: bool
    all_in: bool
    has_cards: bool
    cards: list[str] | None


class SeatView(TypedDict):
    """The state of a hand as one seat (or a spectator, ``viewer`` ``None``) may see it."""

    viewer: int | None
    rules: RulesSummary
    hand_no: int
    level: LevelData
    button: int
    small_blind_seat: int
    big_blind_seat: int
    street: str
    board: list[str]
    pot: int
    seats: list[SeatInfo]
    to_act: int | None
    options: OptionsData | None
    history: list[ev.EventData]
    payouts: list[int] | None


def _visible(hand: HandState, viewer: int | None, seat: int) -> bool:
    return seat == viewer or seat in hand.shown


def event_for(hand: HandState, viewer: int | None, event: ev.Event) -> ev.EventData:
    """One history event as ``viewer`` may see it."""
    if isinstance(event, ev.DealHole) and not _visible(hand, viewer, event.seat):
        return ev.hide_cards(event)
    if isinstance(event, ev.Burn):
        return ev.hide_cards(event)
    return event.to_dict()


def _seat(hand: HandState, viewer: int | None, seat: int, bet: int) -> SeatInfo:
    seated = hand.setup.stacks[seat] is not None
    cards = hand.holes.get(seat)
    return {
        "seat": seat,
        "seated": seated,
        "stack": hand.stacks[seat],
        "bet": bet,
        "committed": hand.committed[seat],
        "folded": seated and hand.folded[seat],
        "all_in": seated and not hand.folded[seat] and hand.stacks[seat] == 0,
        "has_cards": cards is not None and not hand.folded[seat],
        "cards": (
            [c.code for c in cards] if cards is not None and _visible(hand, viewer, seat) else None
        ),
    }


def public_view(hand: HandState, viewer: int | None) -> SeatView:
    """The state of ``hand`` as seen from seat ``viewer`` (``None``: a spectator)."""
    bets = hand.bets
    to_act = hand.to_act
    return {
        "viewer": viewer,
        "rules": hand.rules.summary(),
        "hand_no": hand.setup.hand_no,
        "level": hand.level.to_dict(),
        "button": hand.button,
        "small_blind_seat": hand.small_blind_seat,
        "big_blind_seat": hand.big_blind_seat,
        "street": hand.street.value,
        "board": [c.code for c in hand.board],
        "pot": hand.pot,
        "seats": [_seat(hand, viewer, seat, bets[seat]) for seat in range(hand.seats)],
        "to_act": to_act,
        "options": hand.options().to_dict() if to_act is not None and to_act == viewer else None,
        "history": [event_for(hand, viewer, e) for e in hand.events],
        "payouts": list(hand.result.payouts) if hand.result else None,
    }
