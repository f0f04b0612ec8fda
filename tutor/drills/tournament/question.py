"""A tournament question: what was played, hand by hand (the seats that went all-in and
their cards), under a blind schedule; and the engine's rules for it."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import Card
from tutor.engine.rules import BlindLevel, Mode, Rules

from ..codec import Record

__all__ = ["SLUG", "Blinds", "Played", "Question", "rules_of"]

SLUG = "tournament"


@dataclass(frozen=True)
class Blinds(Record):
    small: int
    big: int


@dataclass(frozen=True)
class Played(Record):
    """One hand: the seats that put all their chips in (every other player folds), their
    hole cards in the same order, and the board. No seats: everyone folds to the big
    blind."""

    seats: tuple[int, ...] = ()
    holes: tuple[tuple[Card, ...], ...] = ()
    board: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Question(Record):
    players: int
    chips: int  # every player's stack at the start
    button: int  # in hand 1
    schedule: tuple[Blinds, ...]
    every: int  # hands per blind level
    hands: tuple[Played, ...]
    asked: int  # the hand whose blinds are asked; 0: not asked


def rules_of(question: Question) -> Rules:
    levels = tuple(BlindLevel(b.small, b.big) for b in question.schedule)
    return Rules(
        name="sit_and_go",
        small_blind=levels[0].small,
        big_blind=levels[0].big,
        mode=Mode.TOURNAMENT,
        schedule=levels,
        hands_per_level=question.every,
    )
