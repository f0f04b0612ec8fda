"""The table kept in the learner's session, and dealing a round on it.

The session holds only what the engine cannot work out again: the balance, the round
counter (also the one-time token of the Deal button: a slip sent twice names a round that
was already dealt), the bets on the layout, the chip in hand, the exact expected result so
far, and the rounds played as (seed, stakes). A round is dealt again from its seed and
settled again by the engine whenever it is shown, so the engine stays the one answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import NotRequired, TypedDict, cast

from django.contrib.sessions.backends.base import SessionBase

from tutor.engine import tp2020
from tutor.engine.tp2020 import Round, Settlement

from .limits import CHIPS, HISTORY_KEEP, START_BALANCE
from .slip import Slip

SESSION_KEY = "teenpatti_round"
#: Bump when the stored shape changes: an older table starts afresh instead of failing.
VERSION = 2


class Played(TypedDict):
    """A round written down: dealt again from its seed, settled again from its stakes."""

    round: int
    seed: int
    stakes: dict[str, str]  # bet -> stake (Decimal as text)
    result: NotRequired[str]  # the round's result code (tp2020)
    staked: NotRequired[str]
    net: NotRequired[str]


class Table(TypedDict):
    """The table as the session keeps it (JSON: amounts as text)."""

    version: int
    balance: str
    round: int  # the next round's number: the Deal button's one-time token
    history: list[Played]  # newest first, at most HISTORY_KEEP
    slip: dict[str, str]  # the bets on the layout: bet -> stake
    chip: int  # the chip in hand
    expected: str  # the exact expected result so far (a Fraction as text)
    show_last: bool  # the last round stays on the table


def new_state(chip: int = CHIPS[0]) -> Table:
    """A fresh table: the starting balance, round 1, no bets, no history."""
    return {
        "version": VERSION,
        "balance": str(START_BALANCE),
        "round": 1,
        "history": [],
        "slip": {},
        "chip": chip,
        "expected": "0",
        "show_last": False,
    }


def load_state(session: SessionBase) -> Table:
    """This learner's table (a copy: it is saved back whole with :func:`save_state`)."""
    state = session.get(SESSION_KEY)
    if not isinstance(state, dict) or state.get("version") != VERSION:
        return new_state()
    return cast(Table, dict(state))  # written by save_state in this version's shape


def save_state(session: SessionBase, state: Table) -> None:
    session[SESSION_KEY] = state


def slip_of(state: Table) -> Slip:
    """The bets on the layout, in the engine's order of the spots."""
    stored = state.get("slip") or {}
    return {bet: Decimal(stored[bet]) for bet in tp2020.BETS if bet in stored}


def set_slip(state: Table, slip: Slip) -> None:
    state["slip"] = {bet: str(value) for bet, value in slip.items() if value}


def expected_so_far(state: Table) -> Fraction:
    return Fraction(state.get("expected") or "0")


def expected_net(stakes: Slip) -> Fraction:
    """The engine's exact expected result of these stakes (return to player minus one)."""
    rtp = tp2020.return_to_player()
    return sum((Fraction(stake) * (rtp[bet] - 1) for bet, stake in stakes.items()), Fraction(0))


@dataclass(frozen=True)
class Dealt:
    """A round as the engine deals and settles it again from what was written down."""

    number: int
    seed: int
    dealt: Round
    settlement: Settlement


def replay(entry: Played) -> Dealt:
    """Deal a written-down round again from its seed and settle its stakes."""
    dealt = tp2020.deal_round(int(entry["seed"]))
    settlement = tp2020.settle(dealt.hand_a, dealt.hand_b, entry["stakes"])
    return Dealt(int(entry["round"]), int(entry["seed"]), dealt, settlement)


def deal(state: Table, seed: int, stakes: Slip) -> Dealt:
    """Deal round ``seed`` on the table, settle the slip, and move the table on: balance,
    round counter, expected result and history."""
    entry: Played = {
        "round": state["round"],
        "seed": seed,
        "stakes": {bet: str(value) for bet, value in stakes.items()},
    }
    played = replay(entry)
    settlement = played.settlement
    entry["result"] = settlement.result
    entry["staked"] = str(settlement.total_staked)
    entry["net"] = str(settlement.net)
    state["balance"] = str(Decimal(state["balance"]) + settlement.net)
    state["round"] += 1
    state["expected"] = str(expected_so_far(state) + expected_net(stakes))
    state["history"] = [entry, *state["history"]][:HISTORY_KEEP]
    state["show_last"] = True
    return played
