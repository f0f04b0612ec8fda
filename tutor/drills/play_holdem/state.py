"""The game in the learner's session: the table, the hand, the computer players' styles
and reasons, and the learner's own decisions of this hand as they saw them.

The engine's JSON form of the hand holds the deck: it never leaves the server.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from django.http import HttpRequest
from django.utils.translation import pgettext

from tutor.engine import bots
from tutor.engine.bots import DecisionData
from tutor.engine.errors import EngineError
from tutor.engine.hand import Hand
from tutor.engine.review import Choice
from tutor.engine.table import Table
from tutor.words.terms import seat_name

from ..betting import RULES

SESSION_KEY = "play_holdem"
YOU = 0
START_STACK = 10_000
STYLE_CYCLE = (bots.Style.TIGHT, bots.Style.LOOSE, bots.Style.AGGRESSIVE, bots.Style.PASSIVE)


def you_name(seat: int) -> str:
    if seat == YOU:
        return pgettext("play", "Seat %(number)s (you)") % {"number": seat + 1}
    return seat_name(seat)


@dataclass(slots=True)
class Game:
    """A game in progress. ``choices``: the learner's decisions in this hand (the
    engine's records, equity included); ``shown``: the learner's answer to "show or
    muck" at a showdown they lost (``None`` until they give one)."""

    table: Table
    hand: Hand
    styles: dict[int, str]
    decisions: list[DecisionData] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    shown: bool | None = None

    @property
    def hand_id(self) -> str:
        """The hand's name in the learner's history: the table's seed and the hand number."""
        return f"{self.table.seed:x}-{self.hand.setup.hand_no}"


def new_game(structure: str, opponents: int) -> Game:
    rules = RULES[structure](50, 100)
    seats = opponents + 1
    table = Table(
        rules, [START_STACK] * seats, button=secrets.randbelow(seats), seed=secrets.randbelow(2**53)
    )
    styles = {seat: STYLE_CYCLE[(seat - 1) % len(STYLE_CYCLE)].value for seat in range(1, seats)}
    game = Game(table, table.new_hand(), styles)
    run_bots(game)
    return game


def next_hand(game: Game) -> None:
    game.hand = game.table.new_hand()
    game.decisions, game.choices, game.shown = [], [], None
    run_bots(game)


def run_bots(game: Game) -> None:
    styles = {s: bots.Style(v) for s, v in game.styles.items()}
    for decision in bots.play_bots(game.hand, styles):
        game.decisions.append(decision.to_dict())


def load(request: HttpRequest) -> Game | None:
    state = request.session.get(SESSION_KEY)
    if not isinstance(state, dict):
        return None
    try:
        shown = state.get("shown")
        return Game(
            Table.from_dict(state["table"]),
            Hand.from_dict(state["hand"]),
            {int(k): str(v) for k, v in state["styles"].items()},
            list(state.get("decisions", [])),
            [Choice.from_dict(c) for c in state.get("choices", [])],
            shown if isinstance(shown, bool) else None,
        )
    except (EngineError, KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError):
        return None


def save(request: HttpRequest, game: Game) -> None:
    request.session[SESSION_KEY] = {
        "table": game.table.to_dict(),
        "hand": game.hand.to_dict(),
        "styles": {str(k): v for k, v in game.styles.items()},
        "decisions": game.decisions[-60:],
        "choices": [c.to_dict() for c in game.choices],
        "shown": game.shown,
    }
