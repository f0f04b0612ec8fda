"""The rows of a showdown as the feedback shows them: one per hand, with its cards, best
five, category, and whether it wins and whether the learner chose it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tutor.core.terms import category_name
from tutor.engine import holdem, teenpatti
from tutor.engine.cards import Card

from .codec import Record


@dataclass(frozen=True)
class ShowdownRow(Record):
    name: str
    cards: tuple[Card, ...]
    best: tuple[Card, ...]
    category: str
    winner: bool
    chosen: bool = False


def holdem_rows(
    result: holdem.Showdown, hands: Sequence[Sequence[Card]], names: Sequence[str]
) -> tuple[ShowdownRow, ...]:
    return tuple(
        ShowdownRow(
            name=names[i],
            cards=tuple(hands[i]),
            best=tuple(value.best_five),
            category=str(category_name("holdem", value.code)),
            winner=i in result.winners,
        )
        for i, value in enumerate(result.values)
    )


def teenpatti_rows(result: teenpatti.TPShowdown, names: Sequence[str]) -> tuple[ShowdownRow, ...]:
    """Player A's and Player B's rows (both win on a tie; Teen Patti has no best five)."""
    return tuple(
        ShowdownRow(
            name=names[i],
            cards=tuple(value.cards),
            best=(),
            category=str(
                category_name("teenpatti", "three_aces" if value.is_three_aces else value.code)
            ),
            winner=result.result in ("tie", ("player_a", "player_b")[i]),
        )
        for i, value in enumerate(result.values)
    )


def chosen(rows: tuple[ShowdownRow, ...], picked: set[int]) -> tuple[ShowdownRow, ...]:
    """The rows with the learner's choices marked."""
    return tuple(replace(row, chosen=i in picked) for i, row in enumerate(rows))
