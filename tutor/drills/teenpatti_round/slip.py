"""The bet slip: reading a typed bet, adding a chip, and what is wrong with a bet.

A bet is read the way the learner writes numbers in their language (the question bank's
reader, :func:`tutor.drills.own_question.read_number`: ``1 000`` in Czech, Bengali and
Devanagari digits), then held to the table's rules (:mod:`.limits`). What is wrong is a
:class:`BetError` with a code; :func:`error_text` words it in the page language.

>>> read_bet("1 000", "cs"), read_bet("১০০", "bn"), read_bet("", "en")
(Decimal('1000'), Decimal('100'), Decimal('0'))
>>> read_bet("0.01", "en")
Traceback (most recent call last):
...
tutor.drills.teenpatti_round.slip.BetError: not_whole_chips
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from decimal import Decimal

from django.utils.translation import gettext as _

from tutor.core.locales import format_number
from tutor.core.numbers import OUR_DIGITS
from tutor.drills.base import AnswerError
from tutor.drills.own_question import read_number
from tutor.engine import tp2020

from .limits import CHIPS, SMALLEST_CHIP, TABLE_MAX, TABLE_MIN

MAX_TYPED = 40

Slip = dict[str, Decimal]


class BetError(ValueError):
    """A bet (or a press on the layout) the table refuses; ``code`` names why."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def _our_digits(text: str) -> bool:
    return all(
        unicodedata.category(ch) != "Nd" or unicodedata.name(ch, "").startswith(OUR_DIGITS)
        for ch in text
    )


def read_bet(raw: object, language: str) -> Decimal:
    """A typed bet as a whole number of play-money units within the table's limits; an
    empty box is no bet (0)."""
    text = str(raw if raw is not None else "").strip()
    if not text:
        return Decimal(0)
    if len(text) > MAX_TYPED or not _our_digits(text) or "e" in text.casefold():
        raise BetError("unreadable")
    try:
        value = read_number(text, language)
    except AnswerError:
        raise BetError("unreadable") from None
    if value < 0:
        raise BetError("negative")
    if value % SMALLEST_CHIP:
        raise BetError("not_whole_chips")
    value = Decimal(int(value))
    check_limits(value)
    return value


def check_limits(value: Decimal) -> None:
    """The table minimum and maximum of one spot (0 is no bet)."""
    if 0 < value < TABLE_MIN:
        raise BetError("below_minimum")
    if value > TABLE_MAX:
        raise BetError("above_maximum")


def read_chip(raw: object) -> int:
    """The chip chosen in the rack (a forged value is refused)."""
    chip = {str(c): c for c in CHIPS}.get(str(raw if raw is not None else "").strip())
    if chip is None:
        raise BetError("unknown_chip")
    return chip


def read_spot(raw: object) -> str:
    """A bet spot's code as posted by a spot's button (a forged one is refused)."""
    spot = str(raw if raw is not None else "")
    if spot not in tp2020.BETS:
        raise BetError("unknown_spot")
    return spot


def add_chip(slip: Slip, spot: str, chip: int, balance: Decimal) -> Slip:
    """The slip with one more ``chip`` on ``spot``: still within the spot's limits, and all
    bets together within the balance."""
    value = slip.get(spot, Decimal(0)) + chip
    check_limits(value)
    total = sum(slip.values(), Decimal(0)) + chip
    if total > balance:
        raise BetError("over_balance", total=total, balance=balance)
    return {**slip, spot: value}


def check_total(slip: Mapping[str, Decimal], balance: Decimal) -> None:
    """All the bets of a slip together are no more than the balance."""
    total = sum(slip.values(), Decimal(0))
    if total > balance:
        raise BetError("over_balance", total=total, balance=balance)


def _messages() -> dict[str, str]:
    return {
        "unreadable": _("Write the bet in digits, such as %(example)s."),
        "negative": _("A bet cannot be negative."),
        "not_whole_chips": _(
            "Bets are made of whole chips: use a multiple of %(chip)s, such as %(example)s."
        ),
        "below_minimum": _("The table minimum on a bet spot is %(minimum)s."),
        "above_maximum": _("The table maximum on a bet spot is %(maximum)s."),
        "over_balance": _(
            "Not enough play money: your bets would come to %(total)s, and your balance is "
            "%(balance)s."
        ),
        "unknown_chip": _("Choose one of the chips in the rack."),
        "unknown_spot": _("There is no such bet spot on this table."),
    }


def error_text(error: BetError, language: str) -> str:
    """What is wrong with a bet, as a whole sentence in the page language."""
    money = {
        key: format_number(Decimal(str(value)), language, decimals=2)
        for key, value in error.params.items()
    }
    params = {
        "example": format_number(50, language),
        "chip": format_number(SMALLEST_CHIP, language),
        "minimum": format_number(TABLE_MIN, language, decimals=2),
        "maximum": format_number(TABLE_MAX, language, decimals=2),
        **money,
    }
    return _messages()[error.code] % params
