from __future__ import annotations

import doctest

import pytest
from django.utils import translation

from tutor.words import base
from tutor.words.base import MissingWords, fill, join_names, lookup


def test_base_doctests() -> None:
    assert doctest.testmod(base).failed == 0


def test_lookup_names_the_family_and_the_code() -> None:
    with pytest.raises(MissingWords) as raised:
        lookup({"a": 1}, "street", "b")
    assert (raised.value.family, raised.value.code) == ("street", "b")
    assert str(raised.value) == "no words for street code 'b'"


def test_fill_keeps_a_message_without_placeholders_as_it_is() -> None:
    assert fill("100 % sure.", {}) == "100 % sure."
    assert fill("%(n)s %%", {"n": "5"}) == "5 %"


def test_fill_raises_for_a_placeholder_it_lacks() -> None:
    with pytest.raises(MissingWords, match="'pot'"):
        fill("%(seat)s wins %(pot)s.", {"seat": "Seat 1"})


def test_join_names_follows_the_language() -> None:
    with translation.override("en"):
        assert join_names(["A", "B", "C"]) == "A, B, and C"
    with translation.override("cs"):
        assert join_names(["A", "B"]) == "A a\xa0B"  # Czech keeps "a" with the next word
