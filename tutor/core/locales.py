"""The active language (:func:`current_language`) and locale data from Babel: language
names in their own script and number formatting.

The locale data is computed once per process and cached.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from functools import cache, lru_cache

from babel import Locale
from babel.numbers import format_decimal, format_percent
from django.conf import settings
from django.utils.translation import get_language


def current_language() -> str:
    """The code of the active language (the page's), English when none is active."""
    return get_language() or "en"


# Each of these is keyed on a language code (five languages): locale data only.
@cache
def babel_locale(code: str) -> Locale:
    return Locale.parse(code.replace("-", "_"))


@cache
def native_name(code: str) -> str:
    """The language's name in its own language, e.g. ``বাংলা``, ``čeština``."""
    return babel_locale(code).get_display_name(code) or code


@cache
def language_name(code: str, language: str) -> str:
    """The name of language ``code`` as ``language`` writes it in a sentence: ``চেক``
    for Czech in Bengali (a label of its own uses :func:`native_name`)."""
    return babel_locale(code).get_display_name(language) or native_name(code)


@cache
def language_choices() -> tuple[tuple[str, str], ...]:
    return tuple((code, native_name(code)) for code, _ in settings.LANGUAGES)


Number = int | float | Decimal | Fraction


def format_number(value: Number, language: str, *, decimals: int | None = None) -> str:
    """Format a chip amount or count for a language (Indian grouping for hi/bn, a
    non-breaking space for cs). ``decimals`` fixes the number of fraction digits."""
    if type(value) is int:  # counts and chip amounts: most numbers on a page
        return _format_int(value, language, decimals)
    return _format_number(value, language, decimals)


# Key: the number, the language and the decimals, everything the text depends on; the value
# is an immutable string. Bounded at 2,048: chip counts and prices repeat (nine in ten
# calls hit in benchmarks.memory's mix); a rare number is formatted again.
@lru_cache(maxsize=2048)
def _format_int(value: int, language: str, decimals: int | None) -> str:
    return _format_number(value, language, decimals)


def _format_number(value: Number, language: str, decimals: int | None) -> str:
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    locale = babel_locale(language)
    if decimals is None:
        return format_decimal(value, locale=locale, decimal_quantization=False)
    pattern_digits = "0" * decimals
    fmt = locale.decimal_formats[None].pattern
    if decimals:
        fmt = fmt.split(";")[0].split(".")[0] + "." + pattern_digits
    return format_decimal(value, format=fmt, locale=locale)


def format_percentage(value: Number, language: str, *, decimals: int = 2) -> str:
    """Format a ratio (0.975 -> ``97.50 %`` in the language's own way)."""
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    locale = babel_locale(language)
    pattern = locale.percent_formats[None].pattern.split(";")[0]
    if decimals:
        pattern = pattern.replace("0", "0." + "0" * decimals, 1) if "." not in pattern else pattern
    return format_percent(value, format=pattern, locale=locale, decimal_quantization=True)
