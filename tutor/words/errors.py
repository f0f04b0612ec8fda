"""Sentences for the engine's input errors (bad cards, seats, stakes, saved hands ...).

The engine raises :class:`~tutor.engine.errors.InvalidCards` and
:class:`~tutor.engine.errors.InvalidInput` with a code and its details; each code has a
message here. A detail fills a placeholder of the same name: a seat index becomes the
seat's name, a bet code the bet's name, a whole number is written in the language's way.
An :class:`~tutor.engine.errors.IllegalAction` is worded by :mod:`tutor.words.reasons`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import cast

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tutor.core.locales import current_language
from tutor.engine.errors import EngineError, IllegalAction, InvalidInput
from tutor.engine.histories import HistoryError

from .base import MissingWords, fill, lookup, number
from .histories import history_error_text
from .reasons import reason_text
from .terms import bet_name, seat_name


def _slip_messages() -> dict[str, str]:
    """A Teen Patti bet slip's errors (:func:`tutor.engine.tp2020.parse_bets`)."""
    unreadable = _(
        "The bet slip could not be read. Enter a number of chips for each bet you want to place."
    )
    return {
        "negative_stake": _("%(bet)s: a stake cannot be negative."),
        "stake_too_large": _("%(bet)s: that stake is far too large."),
        "too_many_decimals": _("%(bet)s: use at most two decimal places."),
        "invalid_stake": _("%(bet)s: enter a number of chips, such as 10 or 2.50."),
        "invalid_bets": unreadable,
        "unknown_bet": unreadable,
    }


def _card_messages() -> dict[str, str]:
    return {
        "invalid_card": pgettext(
            "engine error", "That is not a card: write a rank and a suit, such as As or 10d."
        ),
        "card_count": pgettext("engine error", "Give exactly %(min)s cards (you gave %(got)s)."),
        "card_count_range": pgettext(
            "engine error", "Give from %(min)s to %(max)s cards (you gave %(got)s)."
        ),
        "duplicate": pgettext(
            "engine error", "A card appears twice: each card is in the deck only once."
        ),
        "bad_deck": pgettext("engine error", "The deck must hold each of the 52 cards once."),
        "no_hands": pgettext("engine error", "Give at least one hand."),
        "missing_hand": pgettext("engine error", "%(seat)s has no hand to show."),
        "hand_count": pgettext(
            "engine error", "Give from %(min)s to %(max)s hands (you gave %(got)s)."
        ),
        "hand_size": pgettext(
            "engine error", "Each hand has %(expected)s cards (you gave one with %(got)s)."
        ),
        "board_size": pgettext(
            "engine error",
            "A board has no cards, or three, four or five cards (you gave %(got)s).",
        ),
        "too_few_cards": pgettext(
            "engine error",
            "Too few cards are left to finish the board: %(needed)s needed, %(left)s left.",
        ),
    }


def _table_messages() -> dict[str, str]:
    return {
        "seat_count": pgettext(
            "engine error", "A table has at least two seats and at most %(maximum)s."
        ),
        "too_few_players": pgettext("engine error", "At least %(minimum)s players are needed."),
        "no_players": pgettext("engine error", "Nobody is seated at the table."),
        "bad_stack": pgettext("engine error", "%(seat)s needs a stack of at least one chip."),
        "bad_button": pgettext("engine error", "The dealer button must be at an occupied seat."),
        "bad_hand_no": pgettext("engine error", "Hands are numbered from 1 up."),
        "seat_taken": pgettext("engine error", "%(seat)s is not free."),
        "seat_empty": pgettext("engine error", "%(seat)s is already empty."),
        "tournament_seating_closed": pgettext(
            "engine error", "In a tournament nobody sits down or leaves between hands."
        ),
        "hand_not_over": pgettext("engine error", "The hand is not over yet."),
        "hand_not_from_this_table": pgettext(
            "engine error", "That hand was not dealt at this table."
        ),
        "unknown_preset": pgettext("betting rule", "That preset size does not exist."),
    }


def _rules_messages() -> dict[str, str]:
    unknown_setting = pgettext("engine error", "The rules name a setting that does not exist.")
    return {
        "rules_missing": pgettext("engine error", "The table has no rules."),
        "rules_name_missing": pgettext("engine error", "The rules need a name."),
        "big_blind_not_positive": pgettext(
            "engine error", "The big blind must be at least one chip."
        ),
        "not_an_integer": pgettext(
            "engine error", "Blinds, antes and bet sizes are whole numbers."
        ),
        "below_minimum": pgettext(
            "engine error", "A number in the rules is below its smallest value, %(minimum)s."
        ),
        "ante_without_mode": pgettext("engine error", "An ante is set, but not who posts it."),
        "bad_schedule": pgettext("engine error", "The blind schedule must list blind levels."),
        "unknown_rule_field": unknown_setting,
        "unknown_rule_value": unknown_setting,
    }


def _pot_messages() -> dict[str, str]:
    return {
        "wrong_type": pgettext("engine error", "Part of the input is not of the right kind."),
        "length_mismatch": pgettext(
            "engine error", "Expected %(expected)s entries, one for each seat, got %(got)s."
        ),
        "not_integer": pgettext("engine error", "%(seat)s: chips are whole numbers."),
        "negative": pgettext("engine error", "%(seat)s: a number of chips cannot be negative."),
        "too_large": pgettext("engine error", "%(seat)s: at most %(limit)s chips."),
        "not_bool": pgettext("engine error", "%(seat)s: say whether the player folded."),
        "unknown_odd_chip_rule": pgettext("engine error", "That odd-chip rule does not exist."),
        "no_eligible_hand": pgettext(
            "engine error", "Nobody still in the hand can win a pot of %(amount)s."
        ),
    }


def _saved_messages() -> dict[str, str]:
    """A saved hand or table (the session's JSON) that cannot be read back, and the engine's
    command-line requests."""
    saved_hand = pgettext("engine error", "The saved hand could not be read.")
    unreadable = pgettext("engine error", "The request could not be read as JSON.")
    return {
        "unknown_event": saved_hand,
        "malformed_event": saved_hand,
        "malformed_setup": saved_hand,
        "history_mismatch": saved_hand,
        "unknown_format": saved_hand,
        "malformed_table": pgettext("engine error", "The saved table could not be read."),
        "invalid_paytable": pgettext("engine error", "The paytable is not valid."),
        "invalid_seed": pgettext("engine error", "The deal's seed is not valid."),
        "unknown_game": pgettext("engine error", "That game does not exist."),
        "missing_field": pgettext("engine error", "A required field is missing."),
        "unknown_op": pgettext("engine error", "The engine does not know that request."),
        "unavailable": pgettext("engine error", "That part of the engine is not installed."),
        "invalid_encoding": unreadable,
        "invalid_json": unreadable,
        "empty_line": pgettext("engine error", "The request is empty."),
        "internal_error": pgettext("engine error", "The engine failed on this request."),
        "invalid_input": pgettext("engine error", "The engine cannot use this input."),
        "engine_error": pgettext("engine error", "The engine cannot use this input."),
    }


_TABLES: tuple[Callable[[], dict[str, str]], ...] = (
    _slip_messages,
    _card_messages,
    _table_messages,
    _rules_messages,
    _pot_messages,
    _saved_messages,
)


def _messages() -> dict[str, str]:
    return {code: text for table in _TABLES for code, text in table().items()}


class _Details(Mapping[str, str]):
    """An error's details as a message's placeholders, each written when a message uses
    it: a seat as its name, a bet as its name, a whole number in the language's way."""

    def __init__(self, details: Mapping[str, object], language: str) -> None:
        self._details = details
        self._language = language

    def __getitem__(self, key: str) -> str:
        if key not in self._details:
            raise MissingWords("error detail", key)
        value = self._details[key]
        if key == "seat":
            return seat_name(cast(int, value))
        if key == "bet":
            return bet_name(str(value).strip("'"))
        if isinstance(value, int) and not isinstance(value, bool):
            return number(value, self._language)
        return str(value)

    def __iter__(self) -> Iterator[str]:
        return iter(self._details)

    def __len__(self) -> int:
        return len(self._details)


def _variant(code: str, details: Mapping[str, object]) -> str:
    """``card_count`` has its own sentence for a range (``min`` below ``max``)."""
    if code == "card_count" and details.get("min") != details.get("max"):
        return "card_count_range"
    return code


def input_error_text(
    code: str, details: Mapping[str, object] | None = None, language: str = "en"
) -> str:
    """The sentence for an input-error code, its details filling the placeholders."""
    details = details or {}
    text = lookup(_messages(), "input error", _variant(code, details))
    return fill(text, _Details(details, language))


def error_text(error: EngineError, language: str = "en") -> str:
    """The sentence for any engine error: a reason for an illegal action, else the input
    error's."""
    if isinstance(error, IllegalAction):
        return reason_text(error.code, error.details, language)
    if isinstance(error, HistoryError):
        return history_error_text(error, language)
    return input_error_text(error.code, error.details, language)


def stake_error(error: InvalidInput) -> str:
    """A bet slip's error, naming the bet it is about."""
    text = lookup(_slip_messages(), "bet slip error", error.code)
    return fill(text, _Details(error.details, current_language()))
