"""The site's languages (:func:`languages`, read from ``locale/languages.toml``, the one
list of them), the active language (:func:`current_language`) and locale data from Babel:
language names in their own script and number formatting.

The registry and the locale data are read once per process and cached.

>>> [language.code for language in languages()][:2], language("ja").time_zone
(['en', 'bn'], 'Asia/Tokyo')
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.numbers import format_decimal, format_percent
from django.conf import settings
from django.utils.translation import get_language

#: The registry of languages; ``manage.py startlanguage`` adds to it.
LANGUAGES_FILE = Path(__file__).resolve().parents[2] / "locale" / "languages.toml"


@dataclass(frozen=True)
class Language:
    """One language of the site, as ``locale/languages.toml`` describes it."""

    code: str
    name: str  # in English; the interface catalogs translate it
    time_zone: str
    beta: bool = False
    checks: tuple[str, ...] = ()
    line_height: float | None = None
    heading_line_height: float | None = None
    fonts: tuple[str, ...] = ()
    latin_first: bool = False
    phrase_parser: str = ""  # BudouX's parser ("ja"): <wbr> between phrases, keep-all


@cache  # no key: the registry file, read once per process; an immutable tuple
def languages() -> tuple[Language, ...]:
    """Every language the site serves, in the switcher's order, English (the source)
    first; beta languages included."""
    with LANGUAGES_FILE.open("rb") as file:
        tables: list[dict[str, Any]] = tomllib.load(file)["language"]
    return tuple(_entry(table) for table in tables)


def _entry(table: dict[str, Any]) -> Language:
    """One ``[[language]]`` table as a :class:`Language` (a list becomes a tuple)."""
    fields: dict[str, Any] = {
        key: tuple(value) if isinstance(value, list) else value for key, value in table.items()
    }
    return Language(**fields)


@cache  # key: the language code; the registry's entry, immutable
def language(code: str) -> Language:
    """The registry's entry for ``code`` (``KeyError`` for a language the site lacks)."""
    for entry in languages():
        if entry.code == code:
            return entry
    raise KeyError(code)


def shipped_languages() -> tuple[Language, ...]:
    """The languages out of beta, English included: offered to everyone, and held to a
    complete catalog by the tests."""
    return tuple(entry for entry in languages() if not entry.beta)


def is_beta(code: str) -> bool:
    """Whether ``code`` is a beta language: served, but not in the public switcher."""
    return any(entry.code == code and entry.beta for entry in languages())


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
    """Every served language (beta ones too) and its name in its own script."""
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
