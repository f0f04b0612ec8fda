"""A side-pots question: each seat's chips in, stack, fold and all-in, the board and the
hands shown; and the engine's pots and award for it."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import holdem, pots
from tutor.engine.cards import Card

from ..codec import Record

__all__ = ["SLUG", "Cards", "Question", "breakdown", "the_award"]

SLUG = "side-pots"

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Question(Record):
    contributions: tuple[int, ...]
    stacks: tuple[int, ...]
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    board: Cards
    hands: tuple[Cards | None, ...]  # None: the seat folded, its cards are not shown
    button: int


def breakdown(question: Question) -> pots.PotBreakdown:
    return pots.build_pots(list(question.contributions), list(question.folded))


def the_award(question: Question) -> pots.Award:
    strengths = [
        None if h is None else holdem.evaluate(question.board + h).strength for h in question.hands
    ]
    return pots.award(
        list(question.contributions), list(question.folded), strengths, question.button
    )
