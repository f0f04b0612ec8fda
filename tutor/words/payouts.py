"""Sentences for a settled Teen Patti 20-20 bet slip: why each bet returns what it returns.

The engine settles a slip line by line (:func:`tutor.engine.tp2020.settle`): the bet's
code, its outcome (``win``, ``lose``, ``push``, ``void``), the paytable row that paid and
its odds, and what comes back. This module words each line from those codes and numbers:
which rule produced the figure, with the stake, the odds and the winnings in the page
language. A rule is chosen by (kind of bet, outcome); a Pair Plus bet paid on a hand that
loses the round has its own sentence, since that is the point learners miss.

It also words what the learner typed that cannot be read as an amount of money.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tutor.core.locales import current_language, format_number
from tutor.engine import holdem
from tutor.engine.tp2020 import Settlement, SettlementLine

from .base import fill, lookup
from .hands import describe_holdem, describe_teenpatti
from .terms import bet_name

__all__ = ["BET_KINDS", "amount_error", "money", "payout_rule", "rule_key", "void_notice"]

#: Which rule settles a bet: the main bets on a hand, the Tie bet, Pair Plus, the bonus.
BET_KINDS = {
    "player_a": "main",
    "player_b": "main",
    "tie": "tie",
    "pair_plus_a": "pair_plus",
    "pair_plus_b": "pair_plus",
    "six_card_bonus": "bonus",
}

#: The hand a bet looks at (index into the showdown's values: Player A 0, Player B 1).
_HAND_OF = {"player_a": 0, "player_b": 1, "pair_plus_a": 0, "pair_plus_b": 1}


def _rules() -> dict[tuple[str, str], str]:
    """(kind of bet, outcome) -> the rule that produced the figure, as a whole sentence."""
    return {
        ("main", "win"): pgettext(
            "payout rule",
            "%(hand)s wins the round, so the bet is paid %(odds)s to 1: the stake of "
            "%(stake)s plus %(winnings)s makes %(returned)s.",
        ),
        ("main", "lose"): pgettext(
            "payout rule",
            "%(hand)s loses the round, so the bet loses its stake and returns nothing.",
        ),
        ("main", "push"): pgettext(
            "payout rule",
            "The round is a tie, so a bet on %(hand)s is neither won nor lost: the stake of "
            "%(stake)s comes back.",
        ),
        ("tie", "win"): pgettext(
            "payout rule",
            "The two hands tie, so the Tie bet is paid %(odds)s to 1: the stake of %(stake)s "
            "plus %(winnings)s makes %(returned)s.",
        ),
        ("tie", "lose"): pgettext(
            "payout rule",
            "%(winner)s wins the round, so there is no tie: the Tie bet loses its stake.",
        ),
        ("pair_plus", "win"): pgettext(
            "payout rule",
            "%(hand)s has %(hand_words)s, so Pair Plus pays %(odds)s to 1: the stake of "
            "%(stake)s plus %(winnings)s makes %(returned)s.",
        ),
        ("pair_plus", "win_hand_loses"): pgettext(
            "payout rule",
            "%(hand)s loses the round but has %(hand_words)s, and Pair Plus pays on the hand's "
            "own strength, %(odds)s to 1: the stake of %(stake)s plus %(winnings)s makes "
            "%(returned)s.",
        ),
        ("pair_plus", "lose"): pgettext(
            "payout rule",
            "%(hand)s has only %(hand_words)s, less than a pair, so the Pair Plus bet loses its "
            "stake.",
        ),
        ("bonus", "win"): pgettext(
            "payout rule",
            "The best five of the six cards make %(bonus_words)s, so the 6 Card Bonus pays "
            "%(odds)s to 1: the stake of %(stake)s plus %(winnings)s makes %(returned)s.",
        ),
        ("bonus", "lose"): pgettext(
            "payout rule",
            "The best five of the six cards make only %(bonus_words)s, less than three of a "
            "kind, so the 6 Card Bonus loses its stake.",
        ),
        ("any", "void"): pgettext(
            "payout rule",
            "The round is void, and a void round returns every bet: the stake of %(stake)s "
            "comes back.",
        ),
    }


def rule_key(line: SettlementLine, settlement: Settlement) -> tuple[str, str]:
    """Which rule settled ``line``: (kind of bet, outcome), read from the engine's codes.

    >>> from tutor.engine.tp2020 import settle
    >>> s = settle("Ks Kh 2c", "As Ah Ac", {"pair_plus_a": 5, "six_card_bonus": 1})
    >>> [rule_key(line, s) for line in s.lines]
    [('pair_plus', 'win_hand_loses'), ('bonus', 'win')]
    """
    if line.outcome == "void":
        return "any", "void"
    kind = lookup(BET_KINDS, "teen patti bet", line.bet)
    if kind == "pair_plus" and line.outcome == "win" and _hand_loses(line.bet, settlement):
        return kind, "win_hand_loses"
    return kind, line.outcome


def _hand_loses(bet: str, settlement: Settlement) -> bool:
    hand = ("player_a", "player_b")[_HAND_OF[bet]]
    return settlement.result not in ("tie", hand)


def money(value: Decimal, language: str) -> str:
    """An amount of money as the language writes it, always with two decimals.

    >>> money(Decimal("14.43"), "en"), money(Decimal("1050"), "cs")
    ('14.43', '1\\xa0050,00')
    """
    return format_number(value, language, decimals=2)


def _params(line: SettlementLine, settlement: Settlement, language: str) -> dict[str, str]:
    """Every placeholder a rule may name, from the line and the settlement."""
    params = {
        "bet": bet_name(line.bet),
        "stake": money(line.stake, language),
        "returned": money(line.returned, language),
        "winnings": money(line.returned - line.stake, language),
    }
    if line.odds is not None:
        params["odds"] = format_number(line.odds, language)
    if settlement.result in ("player_a", "player_b"):
        params["winner"] = bet_name(settlement.result)
    if line.bet in _HAND_OF:
        index = _HAND_OF[line.bet]
        params["hand"] = bet_name(("player_a", "player_b")[index])
        if settlement.showdown is not None:
            params["hand_words"] = describe_teenpatti(settlement.showdown.values[index])
    if settlement.bonus is not None:
        params["bonus_words"] = describe_holdem(holdem.evaluate(settlement.bonus.best_five))
    return params


def payout_rule(line: SettlementLine, settlement: Settlement, language: str | None = None) -> str:
    """The rule that produced one line's figure, with its numbers, in the page language."""
    language = language or current_language()
    text = lookup(_rules(), "payout rule", rule_key(line, settlement))
    return fill(text, _params(line, settlement, language))


def void_notice() -> str:
    """Why a round the learner is shown was stopped (the rule page's error handling)."""
    return pgettext(
        "payout rule",
        "A problem stopped this round during the deal and could not be solved straight "
        "away, so the round is void.",
    )


def _amount_errors() -> dict[str, str]:
    """What the learner typed for one bet that cannot be read as an amount of money."""
    return {
        "missing": _("%(bet)s: enter what this bet returns, stake included, or 0 if it loses."),
        "unreadable": _("%(bet)s: enter an amount of money, such as 19.50 or 0."),
        "negative": _("%(bet)s: what a bet returns is never negative."),
        # The same sentence as for a stake with too many decimals.
        "too_many_decimals": _("%(bet)s: use at most two decimal places."),
        "too_large": _("%(bet)s: that amount is far too large."),
    }


def amount_error(code: str, bet: str) -> str:
    """The sentence for an amount that cannot be read (``code``), naming the bet."""
    return fill(lookup(_amount_errors(), "amount error", code), {"bet": bet_name(bet)})
