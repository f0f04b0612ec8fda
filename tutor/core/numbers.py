"""Reading whole numbers from forms and links, and amounts of chips as learners type them.

``str.isdigit`` accepts superscripts and other digits ``int`` cannot read, and ``int``
refuses strings past 4,300 digits: both were 500s. Everything typed or posted goes
through :func:`whole_number`; an amount of chips a learner types (a drill's answer, a
bet on the play page) through :func:`read_chips`, which takes it in any of the site's
languages.

>>> whole_number("42"), whole_number(" 7 "), whole_number("²"), whole_number("9" * 20)
(42, 7, None, None)
>>> read_chips("1,000"), read_chips("1\u00a0000"), read_chips("১,০০০"), read_chips("१२"), read_chips("2.5")
(1000, 1000, 1000, 12, None)
"""

from __future__ import annotations

import unicodedata

#: Digits a learner of this site's languages types: ASCII, full-width (Japanese input),
#: Bengali and Devanagari. Any other script's digits are not read.
OUR_DIGITS = ("DIGIT ", "FULLWIDTH DIGIT ", "BENGALI DIGIT ", "DEVANAGARI DIGIT ")
#: Group separators dropped from an amount of chips besides any space (a no-break space in
#: Czech ``1 000``, a narrow one, an ideographic one): the comma, ASCII and full-width.
_GROUPING = frozenset(",\uff0c")


def whole_number(value: object, max_digits: int = 12) -> int | None:
    """The non-negative integer written in ASCII digits, or ``None``."""
    text = str(value if value is not None else "").strip()
    if not text or len(text) > max_digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def chip_digits(value: object) -> str:
    """An amount of chips as typed, without its group separators and spaces, its digits
    ASCII (``"১ ০০০"`` is ``"1000"``); anything else in it is left for the reader to
    refuse. ``""`` when nothing but separators was typed."""
    return "".join(
        str(unicodedata.decimal(ch)) if _our_digit(ch) else ch
        for ch in str(value if value is not None else "")
        if not (ch.isspace() or ch in _GROUPING)
    )


def _our_digit(ch: str) -> bool:
    return (
        not ch.isascii()
        and unicodedata.category(ch) == "Nd"
        and unicodedata.name(ch, "").startswith(OUR_DIGITS)
    )


def read_chips(value: object, max_digits: int = 12) -> int | None:
    """A whole number of chips as a learner types it in any of the site's five languages,
    or ``None``: ``1000``, ``1,000``, ``1,00,000``, Czech ``1 000`` (with a space or a
    no-break space), Bengali, Devanagari or full-width digits. A decimal point, a sign or
    any other character is not a number of chips. The one reader of amounts of chips for
    every drill and the play page."""
    return whole_number(chip_digits(value), max_digits)
