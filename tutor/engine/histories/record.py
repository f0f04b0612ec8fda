"""One hand history, read: a neutral description the parsers give and the replay reads.

A parser (:mod:`.pokerstars`, :mod:`.phh`) turns a file into a :class:`History`: the
betting structure, the forced bets, the seats with names and stacks, the button, the hole
cards the file shows, every move in order with its amount, the board, and what the log
says each player collected and the rake. Amounts are whole numbers of the file's smallest
unit (cents for a cash game in dollars: ``unit`` is 100).

Errors are :class:`HistoryError`: a code, the line (and column when known) and the text
there, never a sentence; the site words them.

>>> read_amount("$1.25", 100, Where(3, None, "x"))
125
>>> read_amount("-5", 1, Where(3, None, "x"))
Traceback (most recent call last):
...
tutor.engine.histories.record.HistoryError: ('bad_amount', {'line': 3, 'column': None, 'text': 'x', 'amount': '-5'})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from enum import StrEnum, unique
from typing import Any

from ..cards import Card
from ..errors import EngineError
from ..rules import MAX_SEATS, Structure

__all__ = [
    "MAX_CHARS",
    "MAX_SEATS",
    "History",
    "HistoryError",
    "Move",
    "MoveKind",
    "Where",
    "read_amount",
]

#: The longest history read (a real hand is a few thousand characters).
MAX_CHARS = 20_000
#: The largest amount accepted, in the file's smallest unit.
MAX_AMOUNT = 10**12


@dataclass(frozen=True, slots=True)
class Where:
    """A place in the file: the line (from 1), the column (from 1) when known, its text."""

    line: int
    column: int | None
    text: str


class HistoryError(EngineError):
    """A history that cannot be read or replayed: ``code`` with the place and the numbers."""

    default_code = "bad_history"

    def __init__(self, code: str | None = None, where: Where | None = None, **details: Any) -> None:
        self.where = where
        place = {"line": where.line, "column": where.column, "text": where.text} if where else {}
        super().__init__(code, **place, **details)


@unique
class MoveKind(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"  # ``amount``: the player's total bet this round after it
    RAISE = "raise"  # ``amount``: the total it raises to
    CHECK_OR_CALL = "check_or_call"  # PHH's ``cc``
    BET_OR_RAISE = "bet_or_raise"  # PHH's ``cbr``: to ``amount``
    BOARD = "board"  # ``cards``: the new board cards
    SHOW = "show"  # ``cards``: the hand shown (empty when the file hides it)
    MUCK = "muck"
    RETURNED = "returned"  # the log's uncalled bet given back: ``amount``


#: The kinds that are a player's betting decision.
DECISIONS = frozenset(
    {
        MoveKind.FOLD,
        MoveKind.CHECK,
        MoveKind.CALL,
        MoveKind.BET,
        MoveKind.RAISE,
        MoveKind.CHECK_OR_CALL,
        MoveKind.BET_OR_RAISE,
    }
)


@dataclass(frozen=True, slots=True)
class Move:
    """One line of the hand: a seat's move (``seat`` None for the board) and where it is."""

    kind: MoveKind
    seat: int | None
    where: Where
    amount: int | None = None
    all_in: bool = False
    cards: tuple[Card, ...] = ()

    @property
    def is_decision(self) -> bool:
        return self.kind in DECISIONS


@dataclass(frozen=True, slots=True)
class History:
    """A hand as its file tells it. Seats are the table's (``None``: empty), numbered from 0.

    ``blinds``: the (small blind, big blind) seats; ``collected``: per seat, what the log
    says it took from the pots (``None`` when the file does not say); ``rake``: ``None``
    when the file does not say.
    """

    source: str  # "pokerstars" or "phh"
    structure: Structure
    small_blind: int
    big_blind: int
    ante: int
    stacks: tuple[int | None, ...]
    names: tuple[str, ...]
    button: int
    blinds: tuple[int, int]
    moves: tuple[Move, ...]
    holes: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    collected: tuple[int, ...] | None = None
    rake: int | None = None
    unit: int = 1
    currency: str = ""
    label: str = ""  # the hand's number or title, as the file gives it
    bets: tuple[int, int] | None = None  # fixed limit: the small bet and the big bet
    dealt: frozenset[int] = frozenset()  # seats whose hole cards the file gives at the deal

    @property
    def board(self) -> tuple[Card, ...]:
        return tuple(c for m in self.moves if m.kind is MoveKind.BOARD for c in m.cards)

    def seat_named(self, name: str) -> int | None:
        for seat, (stack, own) in enumerate(zip(self.stacks, self.names, strict=True)):
            if stack is not None and own == name:
                return seat
        return None


def read_amount(text: str, unit: int, where: Where) -> int:
    """An amount as written (``$1.25``, ``1,000``, ``0.50``) in the file's smallest unit."""
    cleaned = text.strip().lstrip("$€£¥₹").replace(",", "")
    try:
        value = Decimal(cleaned) * unit
    except InvalidOperation:
        raise HistoryError("bad_amount", where, amount=text) from None
    if not value.is_finite() or value < 0 or value != value.to_integral_value():
        raise HistoryError("bad_amount", where, amount=text)
    if value > MAX_AMOUNT:
        raise HistoryError("bad_amount", where, amount=text)
    return int(value)


def decimals(text: str) -> int:
    """How many digits an amount has after its decimal point (``"0.05"``: 2)."""
    cleaned = text.strip().lstrip("$€£¥₹").replace(",", "")
    _, dot, tail = cleaned.partition(".")
    return len(tail) if dot else 0
