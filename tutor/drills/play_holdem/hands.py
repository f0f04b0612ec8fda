"""The learner's last hands, kept in their session (at most :data:`LIMIT`), each with its
decisions as recorded when they were made, and a hand stepped through action by action.

A kept hand is the engine's JSON form of the hand (its setup and history), the
learner's :class:`~tutor.engine.review.Choice` records, their answer to "show or muck",
and what the hand did to their stack. The review is read from the records: nothing is
recomputed from the cards that came later.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest

from tutor.engine import events as ev
from tutor.engine.errors import EngineError
from tutor.engine.hand import Hand
from tutor.engine.review import Choice

from .state import YOU, Game

HANDS_KEY = "play_holdem_hands"
LIMIT = 20
_ACTIONS = (ev.Fold, ev.Check, ev.Call, ev.Bet, ev.Raise)


@dataclass(frozen=True, slots=True)
class KeptHand:
    hand_id: str
    number: int
    hand: Hand
    choices: tuple[Choice, ...]
    shown: bool | None
    net: int

    @property
    def actions(self) -> tuple[int, ...]:
        return action_marks(self.hand)

    def at(self, step: int) -> Hand:
        """The hand as it stood after ``step`` actions (0: once the cards were dealt)."""
        marks = self.actions
        cut = marks[step] if step < len(marks) else len(self.hand.events)
        return Hand.replay(self.hand.setup, self.hand.events[:cut])


def action_marks(hand: Hand) -> tuple[int, ...]:
    """Where each action of the hand sits in its events: step ``k`` of a kept hand is the
    hand as it stood at ``marks[k]``, after ``k`` actions."""
    return tuple(i for i, e in enumerate(hand.events) if isinstance(e, _ACTIONS))


def _net(hand: Hand) -> int:
    start = hand.setup.stacks[YOU] or 0
    return hand.stacks[YOU] - start


def keep(request: HttpRequest, game: Game) -> None:
    """Put the finished hand of ``game`` first in the learner's kept hands."""
    entry = {
        "id": game.hand_id,
        "number": game.hand.setup.hand_no,
        "hand": game.hand.to_dict(),
        "choices": [c.to_dict() for c in game.choices],
        "shown": game.shown,
        "net": _net(game.hand),
    }
    kept = [e for e in _stored(request) if e.get("id") != game.hand_id]
    request.session[HANDS_KEY] = [entry, *kept][:LIMIT]


def _stored(request: HttpRequest) -> list[dict[str, Any]]:
    stored = request.session.get(HANDS_KEY)
    if not isinstance(stored, list):
        return []
    return [e for e in stored if isinstance(e, dict)][:LIMIT]


def _read(entry: dict[str, Any]) -> KeptHand | None:
    try:
        shown = entry.get("shown")
        return KeptHand(
            str(entry["id"]),
            int(entry["number"]),
            Hand.from_dict(entry["hand"]),
            tuple(Choice.from_dict(c) for c in entry["choices"]),
            shown if isinstance(shown, bool) else None,
            int(entry["net"]),
        )
    except (EngineError, KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError):
        return None


def kept_hands(request: HttpRequest) -> list[dict[str, Any]]:
    """The kept hands' ids, numbers and results, newest first (not replayed)."""
    out = []
    for entry in _stored(request):
        fields = (entry.get("id"), entry.get("number"), entry.get("net"))
        if isinstance(fields[0], str) and all(isinstance(f, int) for f in fields[1:]):
            out.append(dict(zip(("id", "number", "net"), fields, strict=True)))
    return out


def kept_hand(request: HttpRequest, hand_id: str) -> KeptHand | None:
    """One kept hand, replayed; ``None`` when there is no such hand or it does not load."""
    entry = next((e for e in _stored(request) if e.get("id") == hand_id), None)
    return _read(entry) if entry is not None else None
