"""Per-seat views of a hand: what one learner may see, as JSON data.

A view never holds another seat's hole cards before they are shown at
showdown, nor the deck or burnt cards. The site only ever sends a learner
their own view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import events as ev

if TYPE_CHECKING:
    from .hand import Hand


def _visible(hand: Hand, viewer: int | None, seat: int) -> bool:
    return seat == viewer or seat in hand.shown


def event_for(hand: Hand, viewer: int | None, event: ev.Event) -> dict[str, Any]:
    """One history event as ``viewer`` may see it."""
    if isinstance(event, ev.DealHole) and not _visible(hand, viewer, event.seat):
        return ev.hide_cards(event)
    if isinstance(event, ev.Burn):
        return ev.hide_cards(event)
    return event.to_dict()


def public_view(hand: Hand, viewer: int | None) -> dict[str, Any]:
    """The state of ``hand`` as seen from seat ``viewer`` (``None``: a spectator)."""
    bets = hand.bets
    seats = []
    for seat in range(hand.seats):
        seated = hand.setup.stacks[seat] is not None
        cards = hand.holes.get(seat)
        seats.append(
            {
                "seat": seat,
                "seated": seated,
                "stack": hand.stacks[seat],
                "bet": bets[seat],
                "committed": hand.committed[seat],
                "folded": seated and hand.folded[seat],
                "all_in": seated and not hand.folded[seat] and hand.stacks[seat] == 0,
                "has_cards": cards is not None and not hand.folded[seat],
                "cards": (
                    [c.code for c in cards]
                    if cards is not None and _visible(hand, viewer, seat)
                    else None
                ),
            }
        )
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
        "seats": seats,
        "to_act": to_act,
        "options": hand.options().to_dict() if to_act is not None and to_act == viewer else None,
        "history": [event_for(hand, viewer, e) for e in hand.events],
        "payouts": list(hand.result.payouts) if hand.result else None,
    }
