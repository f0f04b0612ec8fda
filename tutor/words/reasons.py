"""Sentences for the engine's reason codes: illegal actions and blocked raises.

Every :class:`~tutor.engine.betting.Reason` has a message here, with the numbers the
engine sends in the error's details as named placeholders (``%(minimum)s``). So do
``unknown_preset`` (a preset size the play drill does not offer) and ``illegal_action``
(the code of an :class:`~tutor.engine.errors.IllegalAction` raised without a reason).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.translation import pgettext

from .base import fill, lookup, number


def _messages() -> dict[str, str]:
    return {
        "hand_over": pgettext("betting rule", "The hand is over."),
        "not_your_turn": pgettext("betting rule", "It is not your turn to act."),
        "unknown_action": pgettext("betting rule", "That is not a poker action."),
        "nothing_to_call": pgettext("betting rule", "There is no bet to call: you can check."),
        "cannot_check": pgettext(
            "betting rule", "There is a bet to you: you cannot check; call, raise or fold."
        ),
        "check_available": pgettext(
            "betting rule", "Nobody has bet, so you can check for free instead of folding."
        ),
        "bet_not_allowed": pgettext(
            "betting rule", "A bet has already been made in this round: raise instead."
        ),
        "raise_not_allowed": pgettext(
            "betting rule", "Nobody has bet yet in this round: bet instead of raising."
        ),
        "amount_required": pgettext("betting rule", "Say how many chips to bet or raise to."),
        "amount_not_integer": pgettext("betting rule", "Chips are whole numbers."),
        "below_min_bet": pgettext("betting rule", "The smallest bet allowed is %(minimum)s."),
        "below_min_raise": pgettext(
            "betting rule", "The smallest raise allowed is to %(minimum)s."
        ),
        "above_max_bet": pgettext("betting rule", "The largest bet allowed is %(maximum)s."),
        "above_max_raise": pgettext("betting rule", "The largest raise allowed is to %(maximum)s."),
        "fixed_limit_amount": pgettext(
            "betting rule", "In fixed-limit the bet or raise must be exactly to %(required)s."
        ),
        "amount_exceeds_stack": pgettext("betting rule", "You do not have that many chips."),
        "not_enough_to_raise": pgettext(
            "betting rule", "Your chips do not cover more than a call, so you cannot raise."
        ),
        "no_opponent_can_call": pgettext(
            "betting rule", "Every other player is all-in, so there is nobody to raise against."
        ),
        "raise_cap_reached": pgettext(
            "betting rule",
            "The round is capped: a bet and three raises have been made, so you can only call or fold.",
        ),
        "betting_not_reopened": pgettext(
            "betting rule",
            "The betting was not reopened for you: since your last action there has been no full raise, only a short all-in, so you may call or fold but not raise.",
        ),
        "short_all_in_does_not_reopen": pgettext(
            "betting rule",
            "An all-in for less than a full raise does not reopen the betting for players who have already acted.",
        ),
        "unknown_preset": pgettext("betting rule", "That preset size does not exist."),
        "illegal_action": pgettext("betting rule", "That action is not allowed now."),
    }


def reason_codes() -> frozenset[str]:
    """Every code :func:`reason_text` words."""
    return frozenset(_messages())


def reason_text(
    code: str,
    details: Mapping[str, object] | None = None,
    language: str = "en",
    amount: Callable[[int], str] | None = None,
) -> str:
    """The sentence for a reason code; whole-number details (amounts of chips) fill its
    placeholders, written by ``amount`` when given (a hand history's own money)."""
    text = lookup(_messages(), "reason", code)
    write = amount or (lambda value: number(value, language))
    numbers = {
        key: write(value)
        for key, value in (details or {}).items()
        if isinstance(value, int) and not isinstance(value, bool)
    }
    return fill(text, numbers)
