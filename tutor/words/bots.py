"""Why a computer player acted: its style and its :class:`~tutor.engine.bots.BotReason`,
with the estimated chance to win, the fair share and the pot odds behind it."""

from __future__ import annotations

from django.utils.translation import pgettext

from tutor.engine.bots import DecisionData

from .base import fill, lookup, number
from .terms import seat_name


def _styles() -> dict[str, str]:
    return {
        "tight": pgettext("bot style", "tight"),
        "loose": pgettext("bot style", "loose"),
        "aggressive": pgettext("bot style", "aggressive"),
        "passive": pgettext("bot style", "passive"),
    }


def style_name(style: str) -> str:
    """A bot style's name: 'tight', 'loose', 'aggressive', 'passive'."""
    return lookup(_styles(), "bot style", style)


def _reasons() -> dict[str, str]:
    return {
        "value_bet": pgettext(
            "bot reason",
            "%(seat)s (%(style)s) bets for value: an estimated %(equity)s %% chance to win, above a fair share of %(share)s %%.",
        ),
        "value_raise": pgettext(
            "bot reason",
            "%(seat)s (%(style)s) raises for value: an estimated %(equity)s %% chance to win, above a fair share of %(share)s %%.",
        ),
        "bluff": pgettext(
            "bot reason",
            "%(seat)s (%(style)s) bluffs: a weak hand, betting to make the others fold.",
        ),
        "pot_odds_call": pgettext(
            "bot reason",
            "%(seat)s (%(style)s) calls: an estimated %(equity)s %% chance to win is worth the price, pot odds of %(odds)s %%.",
        ),
        "pot_odds_fold": pgettext(
            "bot reason",
            "%(seat)s (%(style)s) folds: an estimated %(equity)s %% chance to win is below the price, pot odds of %(odds)s %%.",
        ),
        "check_weak": pgettext(
            "bot reason", "%(seat)s (%(style)s) checks: not strong enough to bet."
        ),
        "check_nothing_to_gain": pgettext(
            "bot reason", "%(seat)s (%(style)s) checks: betting is not possible or gains nothing."
        ),
    }


def bot_reason(decision: DecisionData, language: str) -> str:
    """The sentence for a bot's decision (the engine's JSON form of it)."""
    text = lookup(_reasons(), "bot reason", decision["reason"])
    params = {
        "seat": seat_name(decision["seat"]),
        "style": style_name(decision["style"]),
        "equity": number(decision["equity"], language),
        "share": number(decision["fair_share"], language),
    }
    if decision["pot_odds"] is not None:  # None when there was nothing to call
        params["odds"] = number(decision["pot_odds"], language)
    return fill(text, params)
