"""Showdown order, sharing dead money, and the award events of a finished hand."""

from __future__ import annotations

import doctest

import pytest

from tutor.engine import showdown
from tutor.engine.pots import OddChipRule
from tutor.engine.showdown import showdown_order, split


def test_showdown_doctests():
    assert doctest.testmod(showdown).failed == 0


@pytest.mark.parametrize(
    ("live", "button", "aggressor", "expected"),
    [
        ([0, 1, 2, 3], 0, 2, [2, 3, 0, 1]),  # the last river bettor first, then clockwise
        ([0, 1, 2, 3], 0, None, [1, 2, 3, 0]),  # nobody bet: left of the button first
        ([0, 2, 4], 2, None, [4, 0, 2]),  # folded seats are skipped
        ([0, 2, 4], 5, None, [0, 2, 4]),
        ([1, 3], 3, 7, [1, 3]),  # an aggressor who is not in the hand is ignored
    ],
)
def test_showdown_order_czech_and_tda_17(live, button, aggressor, expected):
    assert showdown_order(live, button, 8, aggressor) == expected


@pytest.mark.parametrize(
    ("amount", "winners", "button", "rule", "expected"),
    [
        (10, [1, 3], 0, OddChipRule.LEFT_OF_BUTTON, {1: 5, 3: 5}),
        (11, [1, 3], 0, OddChipRule.LEFT_OF_BUTTON, {1: 6, 3: 5}),
        (11, [1, 3], 0, OddChipRule.RIGHT_OF_BUTTON, {1: 5, 3: 6}),
        # One chip at a time from the left of the button (Japanese guide) ...
        (14, [0, 2, 3], 1, OddChipRule.LEFT_OF_BUTTON, {2: 5, 3: 5, 0: 4}),
        # ... or the whole remainder to the nearest counter-clockwise (Czech text).
        (14, [0, 2, 3], 1, OddChipRule.RIGHT_OF_BUTTON, {0: 6, 3: 4, 2: 4}),
    ],
)
def test_split_follows_the_odd_chip_rule(amount, winners, button, rule, expected):
    shares = split(amount, winners, button, 4, rule)
    assert shares == expected and sum(shares.values()) == amount
