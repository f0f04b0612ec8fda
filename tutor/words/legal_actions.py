"""Sentences for the legal-actions drill: the table's house rule on folding, the actions'
names, and why each action is allowed now.

The drill asks the engine about each action (``Hand.verify``); an action it refuses comes
with the engine's reason code (worded in :mod:`tutor.words.reasons`), an action it accepts
with a code of this module. An unknown code raises :class:`~tutor.words.base.MissingWords`.

>>> from django.utils import translation
>>> with translation.override("en"):
...     allowed_text("check")
'Allowed: nobody has bet in this round, so checking costs nothing.'
"""

from __future__ import annotations

from django.utils.translation import pgettext, pgettext_lazy

from .base import lookup

__all__ = ["ACTIONS", "action_name", "allowed_text", "house_rule_text"]

#: The actions asked about, in the order the page lists them (``ActionKind`` codes).
ACTIONS = {
    "fold": pgettext_lazy("poker action", "Fold"),
    "check": pgettext_lazy("poker action", "Check"),
    "call": pgettext_lazy("poker action", "Call"),
    "bet": pgettext_lazy("poker action", "Bet"),
    "raise": pgettext_lazy("poker action", "Raise"),
}


def action_name(code: str) -> str:
    return str(lookup(ACTIONS, "action", code))


def _house_rules() -> dict[str, str]:
    """The table's rule on folding when a check is free (``FreeFold`` codes)."""
    return {
        "not_offered": pgettext(
            "legal actions",
            "House rule: a player may fold only when facing a bet (as in the Japanese guide).",
        ),
        "binding": pgettext(
            "legal actions",
            "House rule: a player may fold at any turn, even when checking is free, and the "
            "fold stands (tournament rules, TDA).",
        ),
    }


def house_rule_text(code: str) -> str:
    return lookup(_house_rules(), "house rule", code)


def _allowed() -> dict[str, str]:
    """Why an action the engine accepts is allowed; ``free_fold``: a fold when a check is
    free, under the house rule that allows it; ``check_option`` and ``raise_blind``: a check
    or a raise before the flop when checking is free (the big blind's option)."""
    return {
        "fold": pgettext(
            "legal actions", "Allowed: facing a bet, a player may always give up the hand."
        ),
        "free_fold": pgettext(
            "legal actions",
            "Allowed by this table's house rule, though checking is free; the fold stands: "
            "the player gives up the hand.",
        ),
        "check": pgettext(
            "legal actions", "Allowed: nobody has bet in this round, so checking costs nothing."
        ),
        "call": pgettext("legal actions", "Allowed: the player faces a bet and may match it."),
        "check_option": pgettext(
            "legal actions",
            "Allowed: everyone has only called the big blind, so the big blind may check.",
        ),
        "bet": pgettext("legal actions", "Allowed: nobody has bet in this round yet."),
        "raise": pgettext(
            "legal actions", "Allowed: the player faces a bet and the betting is open to raises."
        ),
        "raise_blind": pgettext(
            "legal actions",
            "Allowed: before the flop the big blind counts as a bet, so the player may raise it.",
        ),
    }


def allowed_text(code: str) -> str:
    return lookup(_allowed(), "allowed action", code)
