"""Play money as the page language writes it: always two decimals, a sign on a result.

>>> plain(Decimal("907.5"), "en"), signed(Decimal("37.5"), "en"), signed(Decimal(-10), "cs")
('907.50', '+37.50', '−10,00')
>>> signed(Decimal(0), "en"), signed(Fraction(-1, 3), "en")
('0.00', '−0.33')
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction

from tutor.core.locales import format_number

CENT = Decimal("0.01")
#: U+2212, the minus sign: screen readers say "minus", where they may skip a hyphen.
MINUS = "\u2212"


def _cents(value: Decimal | Fraction | int) -> Decimal:
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_EVEN)


def plain(value: Decimal | Fraction | int, language: str) -> str:
    """An amount with two decimals: ``907.50``, ``1 000,00``."""
    return format_number(_cents(value), language, decimals=2)


def signed(value: Decimal | Fraction | int, language: str) -> str:
    """A result with its sign: ``+37.50``, ``−10.00``, ``0.00``."""
    cents = _cents(value)
    text = format_number(abs(cents), language, decimals=2)
    if cents > 0:
        return f"+{text}"
    if cents < 0:
        return f"{MINUS}{text}"
    return text


def tone(value: Decimal | Fraction | int) -> str:
    """``up``, ``down`` or ``even``: a class for colouring a result (never its only sign)."""
    cents = _cents(value)
    return "up" if cents > 0 else "down" if cents < 0 else "even"
