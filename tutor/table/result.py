"""The end of a hand for the result banner: who won which pot, with which hand.

The pots, winners and shares are the engine's award (``hand.result``); a winner's hand
is the engine's evaluation of their two cards and the board (the same value the
showdown compared), with its best five to highlight.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tutor.engine.handstate import HandState
from tutor.engine.holdem import HandValue, evaluate
from tutor.words.hands import describe_holdem
from tutor.words.table import hand_name, pot_name

__all__ = ["PotResult", "Result", "WinnerLine", "result_of"]


@dataclass(frozen=True, slots=True)
class WinnerLine:
    seat: int
    name: str
    chips: int
    hand: str  # 'Full house' ('' when everyone else folded)
    description: str  # 'a full house, kings full of fives'
    cards: tuple[str, ...]  # the winner's two cards
    best: tuple[str, ...]  # the best five


@dataclass(frozen=True, slots=True)
class PotResult:
    name: str
    amount: int
    winners: tuple[WinnerLine, ...]


@dataclass(frozen=True, slots=True)
class Result:
    pots: tuple[PotResult, ...]
    uncontested: bool  # everyone else folded: no cards were shown
    best: dict[int, tuple[str, ...]]  # per seat (board: -1), the cards to highlight


def _value(hand: HandState, seat: int) -> HandValue | None:
    if len(hand.board) < 3 or seat not in hand.holes:
        return None
    return evaluate(tuple(hand.board) + hand.holes[seat])


def result_of(hand: HandState, name: Callable[[int], str]) -> Result | None:
    """The banner of a finished hand (``None`` while it is going on)."""
    if not hand.is_over or hand.result is None:
        return None
    uncontested = len(hand.in_hand()) == 1
    board = {c.code for c in hand.board}
    best: dict[int, tuple[str, ...]] = {}
    pots = []
    for index, award in enumerate(hand.result.pots):
        lines = []
        for seat, chips in award.shares:
            value = None if uncontested else _value(hand, seat)
            five = tuple(c.code for c in value.best_five) if value else ()
            if value and index == 0:  # the main pot's winners are highlighted on the table
                best[seat] = tuple(c for c in five if c not in board)
                best[-1] = tuple(sorted(set(best.get(-1, ())) | (set(five) & board)))
            lines.append(
                WinnerLine(
                    seat=seat,
                    name=name(seat),
                    chips=chips,
                    hand=hand_name(value.code) if value else "",
                    description=describe_holdem(value) if value else "",
                    cards=tuple(c.code for c in hand.holes.get(seat, ())) if value else (),
                    best=five,
                )
            )
        pots.append(PotResult(pot_name(index), award.pot.amount, tuple(lines)))
    return Result(tuple(pots), uncontested, best)
