"""Reading an amount of money a learner typed: digits of any script, the language's group
separators and decimal comma, two decimals at most, from 0 to a billion."""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal

MAX_AMOUNT = Decimal(10) ** 9
CENT = Decimal("0.01")

_SPACES = re.compile(r"[\s\u00a0\u202f\u2009\u2007']")
_PLAIN = re.compile(r"([0-9]*)(?:\.([0-9]*))?")
_MINUS = ("-", "\u2212", "\u2012", "\u2013")


class AmountError(ValueError):
    """An amount that cannot be read; ``code`` names why (``tutor.words.payouts``)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _ascii_digits(text: str) -> str:
    """Digits of any script (Devanagari, Bengali, full-width ...) as ASCII digits."""
    return "".join(
        str(unicodedata.decimal(ch))
        if not ch.isascii() and unicodedata.category(ch) == "Nd"
        else ch
        for ch in text
    )


def _one_point(text: str) -> str:
    """``text`` with one ``.`` at most as its decimal point, group separators dropped.

    Both ``,`` and ``.`` in it: the last one is the decimal point. Only one kind: more
    than one of it groups digits (``1,00,000``); a single comma before exactly three
    digits groups them too (``1,050``); else it is the decimal point (``2,50``, ``2.5``).
    Groups that are not groups (``1.2.3``) leave a text that does not read as a number.
    """
    last = max(text.rfind(","), text.rfind("."))
    if last < 0:
        return text
    point = text[last]
    other = "." if point == "," else ","
    if other in text:
        return _ungrouped(text[:last], other) + "." + text[last + 1 :]
    if text.count(point) > 1:
        return _ungrouped(text, point)
    if point == "," and re.fullmatch(r"[0-9]{1,3},[0-9]{3}", text):
        return text.replace(",", "")
    return text.replace(",", ".")


def _ungrouped(text: str, separator: str) -> str:
    """``1,234,567`` or ``1,00,100`` without the separators: groups of three, or of two
    before the last three (Indian grouping); anything else is left as it is (unreadable)."""
    first, *middle, last = text.split(separator)
    groups_ok = (
        re.fullmatch(r"[0-9]{1,3}", first)
        and all(re.fullmatch(r"[0-9]{2,3}", group) for group in middle)
        and re.fullmatch(r"[0-9]{3}", last)
    )
    return text.replace(separator, "") if groups_ok else text


def read_amount(raw: object) -> Decimal:
    """An amount of money typed by a learner: two decimals at most, from 0 to a billion.

    >>> [str(read_amount(t)) for t in ("2.50", "2,50", " 2.5 ", "1 050,00", "1,050", "0")]
    ['2.50', '2.50', '2.50', '1050.00', '1050.00', '0.00']
    >>> read_amount("-3")
    Traceback (most recent call last):
    ...
    tutor.drills.money.AmountError: negative
    """
    text = _SPACES.sub("", _ascii_digits(str(raw if raw is not None else "")))
    if text == "":
        raise AmountError("missing")
    if len(text) > 40:
        raise AmountError("too_large" if text.isdigit() else "unreadable")
    negative = text.startswith(_MINUS)
    match = _PLAIN.fullmatch(_one_point(text.lstrip("".join(_MINUS)) if negative else text))
    if match is None or not (match.group(1) or match.group(2)):
        raise AmountError("unreadable")
    if negative:
        raise AmountError("negative")
    whole, fraction = match.group(1) or "0", (match.group(2) or "").rstrip("0")
    if len(fraction) > 2:
        raise AmountError("too_many_decimals")
    amount = Decimal(f"{whole}.{fraction or '0'}")
    if amount > MAX_AMOUNT:
        raise AmountError("too_large")
    return amount.quantize(CENT)
