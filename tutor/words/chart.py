"""How often a hand comes: a share of all hands as a percentage with three significant
digits ("0.000154 %", "42.3 %") and as odds ("1 in 649,740"), in the page language.

A fixed two decimals would print the royal flush as "0.00 %"; three significant digits
say as much about the rarest hand as about the commonest.

>>> from fractions import Fraction
>>> from django.utils import translation
>>> with translation.override("en"):
...     share_percent(Fraction(4, 2598960), "en"), one_in(Fraction(4, 2598960), "en")
('0.000154%', '1 in 649,740')
>>> with translation.override("en"):
...     share_percent(Fraction(1098240, 2598960), "en"), one_in(Fraction(1098240, 2598960), "en")
('42.3%', '1 in 2.4')
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.utils.translation import pgettext

from tutor.core.locales import format_number, format_percentage

from .base import fill

SIGNIFICANT_DIGITS = 3


def _decimal(x: Fraction) -> Decimal:
    return Decimal(x.numerator) / Decimal(x.denominator)


def share_percent(share: Fraction, language: str) -> str:
    """``share`` (0..1) as a percentage with three significant digits."""
    if share <= 0:
        return format_percentage(0, language, decimals=0)
    magnitude = _decimal(share * 100).adjusted()  # 2 for 42.3, -4 for 0.000154
    decimals = max(0, SIGNIFICANT_DIGITS - 1 - magnitude)
    return format_percentage(share, language, decimals=decimals)


def one_in(share: Fraction, language: str) -> str:
    """'1 in 649,740': how many hands, on average, per hand of this kind (one decimal
    below 100, where rounding to a whole number would say too little)."""
    if share <= 0:
        return ""
    every = _decimal(1 / share)
    decimals = 0 if every >= 100 else 1
    text = format_number(round(every, decimals), language, decimals=decimals)
    # Translators: odds of a hand, e.g. "1 in 4,165": one hand in every 4,165 hands.
    return fill(pgettext("hand odds", "1 in %(number)s"), {"number": text})
