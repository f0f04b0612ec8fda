"""A hand history's errors in words: the code of a :class:`HistoryError` as a sentence
naming the line ("Line 14: “Bob: raises 50 to 40” — …").

Every code the readers and the replay raise has a message here (a test walks them);
``illegal`` carries the engine's own reason, worded by :mod:`tutor.words.reasons`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal

from django.utils.translation import pgettext

from tutor.core.locales import format_number
from tutor.engine.histories import HistoryError

from .base import fill, lookup, number
from .reasons import reason_codes, reason_text

#: The longest part of a line quoted in a message.
QUOTE = 80


def _messages() -> dict[str, str]:
    c = "hand history"
    return {
        "empty": pgettext(c, "Paste a hand history or choose a file: the box is empty."),
        "bad_history": pgettext(c, "This hand history cannot be read."),
        "too_large": pgettext(
            c, "That is too long for one hand: at most %(limit)s characters are read."
        ),
        "not_text": pgettext(c, "That is not text: paste the hand history as the client saved it."),
        "unknown_format": pgettext(
            c,
            "This is neither a PokerStars hand history (its first line starts “PokerStars Hand #”) nor a PHH file (it has a “variant = ” line).",
        ),
        "not_holdem": pgettext(
            c, "This is not a Texas Hold'em hand (%(game)s): only Hold'em can be replayed here."
        ),
        "toml_syntax": pgettext(c, "The PHH file is not valid TOML here."),
        "missing_field": pgettext(c, "The PHH file has no “%(field)s”."),
        "bad_field": pgettext(c, "“%(field)s” must be a list with one number for each player."),
        "bad_amount": pgettext(
            c, "“%(amount)s” is not an amount: amounts are zero or more, in chips or money."
        ),
        "bad_card": pgettext(
            c,
            "“%(card)s” is not a card: a card is a rank (2–9, T, J, Q, K, A) and a suit (s, h, d, c).",
        ),
        "duplicate_card": pgettext(c, "The card %(card)s appears twice in this hand."),
        "too_many_seats": pgettext(
            c, "A Hold'em table has at most %(maximum)s seats; this one has %(seats)s."
        ),
        "too_few_players": pgettext(c, "A hand needs at least two players with chips."),
        "duplicate_seat": pgettext(c, "%(name)s is seated twice."),
        "unknown_player": pgettext(c, "%(name)s is not seated at this table."),
    } | _line_messages()


def _line_messages() -> dict[str, str]:
    c = "hand history"
    return {
        "bad_action": pgettext(c, "This action cannot be read."),
        "bad_line": pgettext(c, "This line cannot be read."),
        "unsupported_line": pgettext(
            c, "This line is not one of a Hold'em hand's (a second board is not replayed)."
        ),
        "missing_stakes": pgettext(
            c, "The first line does not give the blinds, like “($0.05/$0.10)”."
        ),
        "missing_table": pgettext(
            c,
            "The second line must name the table and the button, as PokerStars writes it (“Table '…' 6-max …”).",
        ),
        "blinds_unsupported": pgettext(
            c,
            "Only hands with one small blind and one big blind, posted in turn, can be replayed (no straddles, dead or missed blinds).",
        ),
        "antes_unsupported": pgettext(
            c, "Only hands where every player posts the same ante can be replayed."
        ),
        "raise_not_above": pgettext(c, "A raise must be to more than the bet before it."),
        "round_not_over": pgettext(
            c,
            "The cards are dealt here, but the betting round is not over by the rules: a player still has to act.",
        ),
        "hand_incomplete": pgettext(
            c, "The history ends before the hand does: a player still has to act."
        ),
        "after_end": pgettext(c, "This action comes after the hand is over."),
        "call_amount": pgettext(
            c, "The log says this call is %(logged)s, but by the rules it is %(amount)s."
        ),
        "bad_setup": pgettext(
            c, "The seats, stacks and blinds of this hand do not make a table the rules can play."
        ),
        "not_their_turn": pgettext(c, "By the rules it is %(to_act)s's turn here, not %(seat)s's."),
    }


def _places() -> dict[str, str]:
    c = "hand history"
    return {
        "line": pgettext(c, "Line %(line)s: “%(text)s” — %(message)s"),
        "column": pgettext(c, "Line %(line)s, column %(column)s: “%(text)s” — %(message)s"),
    }


def history_codes() -> frozenset[str]:
    """Every code :func:`history_error_text` words (besides ``illegal``, the engine's)."""
    return frozenset(_messages()) | {"illegal"}


def _numbers(details: Mapping[str, object], language: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in details.items():
        if isinstance(value, int) and not isinstance(value, bool):
            out[key] = number(value, language)
        else:
            out[key] = str(value)[:QUOTE]
    return out


def amount_text(value: int, unit: int, currency: str, language: str) -> str:
    """An amount in the file's own money (``unit`` of the smallest amount to one):
    cents are written as dollars, with cents only when there are some.

    >>> amount_text(300, 100, "$", "en"), amount_text(20, 100, "$", "en")
    ('$3', '$0.20')
    """
    if unit == 1:
        return number(value, language)
    places = 0 if value % unit == 0 else len(str(unit)) - 1
    return currency + format_number(Decimal(value) / unit, language, decimals=places)


def history_error_text(
    error: HistoryError,
    language: str,
    name: Callable[[int], str] | None = None,
    *,
    unit: int = 1,
    currency: str = "",
) -> str:
    """The error as a sentence, naming its line (and column) and quoting it; ``name``
    names a seat (for a move out of turn); the engine's amounts are written in the file's
    money (``unit`` smallest amounts make one ``currency``)."""
    details = dict(error.details)
    if error.code == "illegal" and details.get("reason") == "not_your_turn" and name:
        seat, to_act = details.get("seat"), details.get("to_act")
        turn = lookup(_messages(), "history error", "not_their_turn")
        message = fill(turn, {"seat": name(int(seat or 0)), "to_act": name(int(to_act or 0))})
    elif error.code == "illegal":
        reason = str(details.pop("reason", ""))
        reason = reason if reason in reason_codes() else "illegal_action"
        numbers = {k: v for k, v in details.items() if k not in ("line", "column", "text")}
        message = reason_text(
            reason, numbers, language, lambda value: amount_text(value, unit, currency, language)
        )
    else:
        message = fill(
            lookup(_messages(), "history error", error.code), _numbers(details, language)
        )
    if error.where is None:
        return message
    where = error.where
    text = where.text.strip()
    quoted = text if len(text) <= QUOTE else text[: QUOTE - 1] + "…"
    place = "column" if where.column is not None else "line"
    params = {
        "line": number(where.line, language),
        "column": number(where.column or 0, language),
        "text": quoted,
        "message": message,
    }
    return _places()[place] % params
