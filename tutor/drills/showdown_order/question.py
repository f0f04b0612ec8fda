"""The question: a hand as the engine plays it, and what the engine did with it (its
showdown order, the hands it mucked, whether it turned them face up before the board)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tutor.engine import events as ev
from tutor.engine import showdown
from tutor.engine.betting import Action
from tutor.engine.cards import Card
from tutor.engine.hand import Hand, HandSetup
from tutor.engine.rules import Rules

from ..codec import Record

SLUG = "showdown-order"
RULES = Rules.no_limit(50, 100)
#: The answer "every hand face up at once" (an all-in), beside a seat's number.
ALL = "all"
#: The scenario of a hand whose betting ends all-in before the river.
ALL_IN = "all_in"
Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Question(Record):
    """A hand as the engine plays it: the seats' stacks (all seated), the button, the hole
    cards of every seat, the five board cards and the actions in order (``"raise 300"``)."""

    stacks: tuple[int, ...]
    button: int
    holes: tuple[Cards, ...]
    board: Cards
    actions: tuple[str, ...]


def start(stacks: tuple[int, ...], button: int, holes: tuple[Cards, ...], board: Cards) -> Hand:
    """The hand dealt as given (every seat's hole cards, the board), before any action."""
    dealt = {s: " ".join(c.code for c in cards) for s, cards in enumerate(holes)}
    setup = HandSetup.stacked(RULES, stacks, button, dealt, " ".join(c.code for c in board))
    return Hand(setup)


def play(question: Question) -> Hand:
    """The hand played by the engine (raises its errors for a question it refuses)."""
    hand = start(question.stacks, question.button, question.holes, question.board)
    for text in question.actions:
        hand.do(Action.parse(text))
    return hand


@dataclass(frozen=True)
class Facts:
    """The engine's showdown, the events before it and from it, the river's last
    aggressor and the players all-in."""

    turns: showdown.ShowdownTurns
    betting: tuple[ev.Event, ...]
    showdown: tuple[ev.Event, ...]
    river_aggressor: int | None
    all_in: frozenset[int]


# Kept per process, bounded. Key: the question itself (frozen: stacks, cards, actions);
# nothing of a learner is in it, and the value is immutable (events are frozen).
@lru_cache(maxsize=512)
def facts(question: Question) -> Facts:
    hand = play(question)
    turns = showdown.showdown_turns(hand.events)
    return Facts(
        turns=turns,
        betting=tuple(hand.events[: turns.start]),
        showdown=tuple(hand.events[turns.start :]),
        river_aggressor=hand.river_aggressor,
        all_in=frozenset(s for s in hand.in_hand() if hand.committed[s] == question.stacks[s]),
    )


def right_first(question: Question) -> str:
    """The engine's answer to "who shows first": a seat's number, or ``ALL``."""
    found = facts(question)
    return ALL if found.turns.face_up else str(found.turns.order[0])
