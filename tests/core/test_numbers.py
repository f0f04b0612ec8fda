from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from django.template import Context, Template
from django.utils import translation

NBSP = "\u00a0"


def render(template: str, language: str, **context: object) -> str:
    with translation.override(language):
        return Template(template).render(Context(context))


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "1,234,567"),
        ("bn", "12,34,567"),
        ("hi", "12,34,567"),
        ("ja", "1,234,567"),
        ("cs", f"1{NBSP}234{NBSP}567"),
    ],
)
def test_num_filter_groups_by_language(language: str, expected: str) -> None:
    assert render("{{ n|num }}", language, n=1234567) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "97.50%"),
        ("hi", "97.50%"),
        ("bn", "97.50%"),
        ("ja", "97.50%"),
        ("cs", f"97,50{NBSP}%"),
    ],
)
def test_pct_filter(language: str, expected: str) -> None:
    assert render("{{ r|pct }}", language, r=Fraction(39, 40)) == expected


def test_num_filter_fixed_decimals() -> None:
    assert render("{{ n|num:2 }}", "cs", n=Decimal("1234.5")) == f"1{NBSP}234,50"
    assert render("{{ n|num:2 }}", "hi", n=Decimal("1234567.5")) == "12,34,567.50"


def test_num_filter_passes_non_numbers_through() -> None:
    assert render("{{ n|num }}", "en", n="abc") == "abc"
    assert render("{{ n|num }}", "en", n=None) == ""
    assert render("{{ n|num }}", "en", n=True) == "True"


@pytest.mark.parametrize(
    ("typed", "chips"),
    [
        ("1000", 1000),
        (" 1000 ", 1000),
        ("1,000", 1000),  # English, Japanese
        ("1,00,000", 100000),  # Indian grouping (Hindi, Bengali)
        ("1,0,0", 100),  # commas anywhere, as the drills have always read them
        ("1 000", 1000),  # Czech, with a space
        (f"1{NBSP}000", 1000),  # Czech as the page writes it: a no-break space
        ("1\u202f000", 1000),  # a narrow no-break space
        ("১,০০০", 1000),  # Bengali digits
        ("१,००,०००", 100000),  # Devanagari digits
        ("１，０００", 1000),  # full-width digits and comma (Japanese input)
        ("0", 0),
    ],
)
def test_read_chips_reads_an_amount_as_typed_in_each_language(typed: str, chips: int) -> None:
    from tutor.core.numbers import read_chips

    assert read_chips(typed) == chips


@pytest.mark.parametrize(
    "typed",
    ["", " ", ",", "2.5", "1.000", "-5", "+5", "5e3", "²", "٣", "lots", "9" * 13],
)
def test_read_chips_refuses_what_is_not_a_number_of_chips(typed: str) -> None:
    from tutor.core.numbers import read_chips

    assert read_chips(typed) is None
