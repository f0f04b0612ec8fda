"""What the layout shows, worked out before the template: every figure from the engine,
every amount through :mod:`.money`, every name from :mod:`tutor.words`.

The template only places these: a spot's payout, its bet and its chips, the hands dealt
into the A and B areas, each spot settled, the running result and the history.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tutor.core.locales import format_number, format_percentage
from tutor.engine import holdem, tp2020
from tutor.words import terms
from tutor.words.hands import describe_holdem, describe_teenpatti
from tutor.words.payouts import payout_rule

from . import money
from .limits import CHIPS, START_BALANCE, TABLE_MAX, TABLE_MIN, chip_stack
from .play import Dealt, Table, expected_so_far, slip_of


@dataclass
class Outcome:
    """What one request did: errors (per spot and for the whole slip), what was typed
    that could not be read, the round dealt now, and a line for the live region."""

    general: str = ""
    spots: dict[str, str] = field(default_factory=dict)
    typed: dict[str, str] = field(default_factory=dict)
    played: Dealt | None = None
    show_last: bool = False
    announce: str = ""

    @property
    def failed(self) -> bool:
        return bool(self.general or self.spots)


#: The spots in the layout's reading order, which is also the keyboard's: Player A's side
#: (its main bet, then its Pair Plus) beside Player B's, then the two bets on both hands.
#: The CSS places them in this order, so tabbing never jumps across the felt.
LAYOUT = ("player_a", "player_b", "pair_plus_a", "pair_plus_b", "tie", "six_card_bonus")
assert sorted(LAYOUT) == sorted(tp2020.BETS)


def pays(bet: str, language: str) -> str:
    """What a spot pays, from the engine's paytable: ``0.95 to 1``, ``up to 50 to 1``."""
    table = tp2020.DEFAULT
    if bet in ("player_a", "player_b"):
        odds, most = table.main.odds, False
    elif bet == "tie":
        odds, most = table.tie.odds, False
    else:
        rows = table.pair_plus if bet.startswith("pair_plus") else table.six_card_bonus
        odds, most = max(row.odds for row in rows), True
    shown = format_number(odds, language)
    if most:
        return pgettext("payout", "up to %(odds)s to 1") % {"odds": shown}
    return pgettext("payout", "%(odds)s to 1") % {"odds": shown}


def _spot(bet: str, stake: Decimal, outcome: Outcome, language: str) -> dict[str, Any]:
    name, payout, shown = str(terms.TEENPATTI_BETS[bet]), pays(bet, language), ""
    if stake:
        shown = money.plain(stake, language)
        label = _("%(spot)s, pays %(payout)s, your bet %(bet)s")
    else:
        label = _("%(spot)s, pays %(payout)s, no bet")
    return {
        "code": bet,
        "name": name,
        "pays": payout,
        "bet": shown,
        "typed": outcome.typed.get(bet, str(int(stake)) if stake else ""),
        "chips": chip_stack(stake),
        "error": outcome.spots.get(bet, ""),
        "label": label % {"spot": name, "payout": payout, "bet": shown},
        "clear_label": _("Clear the %(spot)s bet") % {"spot": name},
        "input_label": _("%(spot)s: your bet") % {"spot": name},
    }


def _settled(played: Dealt, language: str) -> dict[str, dict[str, str]]:
    """Each bet of the round settled: outcome, the amount won or lost, and why."""
    lines = {}
    for line in played.settlement.lines:
        result = line.returned - line.stake
        lines[line.bet] = {
            "outcome": line.outcome,
            "outcome_name": str(terms.SETTLEMENT_OUTCOMES[line.outcome]),
            "stake": money.plain(line.stake, language),
            "amount": money.signed(result, language),
            "tone": money.tone(result),
            "why": payout_rule(line, played.settlement, language),
        }
    return lines


def _hands(played: Dealt) -> list[dict[str, Any]]:
    """Player A's and B's hands, with their names and the winner marked."""
    settlement = played.settlement
    assert settlement.showdown is not None
    if settlement.result == "tie":
        mark = str(terms.TEENPATTI_RESULTS["tie"])
    else:
        mark = pgettext("teen patti hand", "Wins")
    return [
        {
            "code": code,
            "name": terms.TEENPATTI_BETS[code],
            "cards": [card.code for card in cards],
            "hand": describe_teenpatti(value),
            "category": terms.TEENPATTI_CATEGORIES[value.paytable_code],
            "wins": settlement.result in (code, "tie"),
            "mark": mark if settlement.result in (code, "tie") else "",
        }
        for code, cards, value in zip(
            ("player_a", "player_b"),
            (played.dealt.hand_a, played.dealt.hand_b),
            settlement.showdown.values,
            strict=True,
        )
    ]


def last_round(played: Dealt, balance: Decimal, language: str) -> dict[str, Any]:
    """The round just dealt: the two hands, the 6 Card Bonus, every bet settled."""
    settlement = played.settlement
    assert settlement.bonus is not None
    lines = _settled(played, language)
    return {
        "number": format_number(played.number, language),
        "result": terms.TEENPATTI_RESULTS[settlement.result],
        "hands": _hands(played),
        "six": [card.code for card in played.dealt.deal_order],
        "best_five": [card.code for card in settlement.bonus.best_five],
        "bonus_name": terms.BONUS_CATEGORIES_IN_SENTENCE[settlement.bonus.code],
        "bonus_hand": describe_holdem(holdem.evaluate(settlement.bonus.best_five)),
        "lines": [{"bet": terms.TEENPATTI_BETS[bet], **line} for bet, line in lines.items()],
        "by_spot": lines,
        "staked": money.plain(settlement.total_staked, language),
        "returned": money.plain(settlement.total_returned, language),
        "net": money.signed(settlement.net, language),
        "net_tone": money.tone(settlement.net),
        "balance": money.plain(balance, language),
    }


def paytables(language: str) -> dict[str, list[tuple[str, str]]]:
    """The Pair Plus and 6 Card Bonus paytables, best row first, as the engine has them."""
    table = tp2020.DEFAULT

    def rows(found: tuple[tp2020.PaytableRow, ...]) -> list[tuple[str, str]]:
        ordered = sorted(found, key=lambda row: row.odds, reverse=True)
        return [
            (
                str(terms.PAYTABLE_ROWS[row.code]),
                pgettext("payout", "%(odds)s to 1") % {"odds": format_number(row.odds, language)},
            )
            for row in ordered
        ]

    return {"pair_plus": rows(table.pair_plus), "six_card_bonus": rows(table.six_card_bonus)}


def _history(state: Table, language: str) -> list[dict[str, str]]:
    return [
        {
            "round": format_number(int(entry["round"]), language),
            "result": str(terms.TEENPATTI_RESULTS.get(entry["result"], entry["result"])),
            "staked": money.plain(Decimal(entry["staked"]), language),
            "net": money.signed(Decimal(entry["net"]), language),
            "tone": money.tone(Decimal(entry["net"])),
        }
        for entry in state["history"]
    ]


def context(state: Table, outcome: Outcome, language: str) -> dict[str, Any]:
    """Everything the layout shows for this table and this request."""
    slip = slip_of(state)
    balance = Decimal(state["balance"])
    result_so_far = balance - START_BALANCE
    expected = expected_so_far(state)
    rtp = tp2020.return_to_player()
    shown = outcome.played
    return {
        "state": state,
        "next_round": state["round"],
        "face_down": (None, None, None),
        "chips": [(chip, format_number(chip, language), chip == state["chip"]) for chip in CHIPS],
        "spots": [_spot(bet, slip.get(bet, Decimal(0)), outcome, language) for bet in LAYOUT],
        "last": last_round(shown, balance, language) if shown else None,
        "outcome": outcome,
        "balance": money.plain(balance, language),
        "on_table": money.plain(sum(slip.values(), Decimal(0)), language),
        "limits": {
            "minimum": money.plain(TABLE_MIN, language),
            "maximum": money.plain(TABLE_MAX, language),
            "start": money.plain(START_BALANCE, language),
        },
        "broke": balance < TABLE_MIN,
        "rounds_played": format_number(int(state["round"]) - 1, language),
        "result_so_far": money.signed(result_so_far, language),
        "result_tone": money.tone(result_so_far),
        "expected_so_far": money.signed(expected, language),
        "expected_tone": money.tone(expected),
        "rtp_rows": [
            (terms.TEENPATTI_BETS[bet], format_percentage(rtp[bet], language, decimals=2))
            for bet in tp2020.BETS
        ],
        "paytables": paytables(language),
        "history": _history(state, language),
    }
