"""A showdown question: the board and each player's hole cards, and the engine's showdown
of them (which decides who wins, and which concepts the question exercises)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from tutor.engine import holdem
from tutor.engine.cards import Card, parse_cards
from tutor.engine.errors import InvalidInput

from ..codec import Record

__all__ = ["SLUG", "Cards", "Question", "custom", "showdown"]

SLUG = "holdem-showdown"

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Question(Record):
    board: Cards
    hands: tuple[Cards, ...]


# Key: the question (its cards), the whole input of the engine's showdown; nothing of a
# learner. The value is a frozen dataclass of tuples, shared safely. A page asks for the
# showdown of its question several times (the deal's check, its concepts, the grade);
# bounded at 256: only the questions being dealt and answered now come back.
@lru_cache(maxsize=256)
def showdown(question: Question) -> holdem.Showdown:
    """The engine's showdown of the question's hands over its board."""
    return holdem.showdown(question.board, question.hands)


def custom(params: Mapping[str, str], level: str) -> Question:
    """``board=Kh Kd 7c 4s 2h&hands=As Qd|Ac Jd`` (checked by the engine)."""
    board = parse_cards(params.get("board", ""))
    hands = tuple(parse_cards(h) for h in params.get("hands", "").split("|"))
    if not 2 <= len(hands) <= 9:
        raise InvalidInput("hand_count", min=2, max=9, got=len(hands))
    holdem.showdown(board, hands)  # validates counts and duplicates
    return Question(board, hands)
