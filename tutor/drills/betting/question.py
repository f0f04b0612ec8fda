"""A betting question: the hand as the engine keeps it, and what reads the hand's state
(the actions of the round under way, the table's antes)."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import events as ev
from tutor.engine.hand import Hand
from tutor.engine.rules import AnteMode

from ..codec import Record

__all__ = ["SLUG", "Question", "ante_mode", "round_actions"]

SLUG = "betting"


@dataclass(frozen=True)
class Question(Record):
    """The hand as the engine keeps it (server side only: it holds the deck)."""

    hand: Hand
    structure: str


def round_actions(hand: Hand) -> list[ev.Event]:
    """The players' actions in the betting round under way, read from the history."""
    actions = []
    for event in reversed(hand.events):
        if isinstance(event, ev.DealHole | ev.DealBoard):
            break
        if event.is_action:
            actions.append(event)
    return actions[::-1]


def ante_mode(hand: Hand) -> str | None:
    """The code of the table's antes, ``None`` when there are none."""
    mode = hand.rules.ante_mode
    return None if mode is AnteMode.NONE or not hand.level.ante else mode.code
