"""The category counts behind the hand-rankings chart, checked three independent ways:
against the textbook formulas, against brute force over every hand of a smaller deck,
and hand by hand against the exact evaluator (``holdem.evaluate``) on a random sample."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb

import pytest

from tutor.engine import census, holdem, teenpatti
from tutor.engine.cards import DECK, Card, Rank
from tutor.engine.fast import strength

FULL = census.ALL_RANKS


def _formula_holdem() -> dict[str, int]:
    """The five-card counts from combinatorics alone (no evaluator involved)."""
    rank_sets = comb(13, 5) - 10  # five distinct ranks that are not a straight
    return {
        "royal_flush": 4,
        "straight_flush": 9 * 4,
        "four_of_a_kind": 13 * 12 * 4,
        "full_house": 13 * comb(4, 3) * 12 * comb(4, 2),
        "flush": 4 * rank_sets,
        "straight": 10 * (4**5 - 4),
        "three_of_a_kind": 13 * comb(4, 3) * comb(12, 2) * 4**2,
        "two_pair": comb(13, 2) * comb(4, 2) ** 2 * 11 * 4,
        "one_pair": 13 * comb(4, 2) * comb(12, 3) * 4**3,
        "high_card": rank_sets * (4**5 - 4),
    }


def _formula_teenpatti() -> dict[str, int]:
    return {
        "trail": 13 * comb(4, 3),
        "pure_sequence": 12 * 4,
        "sequence": 12 * (4**3 - 4),
        "color": 4 * (comb(13, 3) - 12),
        "pair": 13 * comb(4, 2) * 12 * 4,
        "high_card": (comb(13, 3) - 12) * (4**3 - 4),
    }


def test_holdem_counts_total_is_every_five_card_hand() -> None:
    assert sum(census.holdem_counts().values()) == comb(52, 5)


def test_holdem_counts_match_the_formulas() -> None:
    assert census.holdem_counts() == _formula_holdem()


def test_holdem_counts_are_strongest_first() -> None:
    assert list(census.holdem_counts()) == list(census.HOLDEM_ORDER)
    assert census.HOLDEM_ORDER[0] == "royal_flush"
    assert census.HOLDEM_ORDER[-1] == "high_card"
    assert len(census.HOLDEM_ORDER) == 10


@pytest.mark.parametrize(
    "ranks",
    [
        (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.TWO),
        (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.EIGHT, Rank.KING),
    ],
)
def test_holdem_class_counts_equal_brute_force_on_a_small_deck(ranks: tuple[Rank, ...]) -> None:
    deck = [c for c in DECK if c.rank in ranks]
    brute = Counter(
        census.holdem_code(strength([c.index for c in five])) for five in combinations(deck, 5)
    )
    counted = {code: n for code, n in census.holdem_counts(ranks).items() if n}
    assert counted == dict(brute)
    assert sum(counted.values()) == comb(len(deck), 5)


def test_holdem_class_of_a_random_hand_is_its_category() -> None:
    """The class a dealt hand belongs to has the category the exact evaluator gives it."""
    by_key = {(hc.counts, hc.suited): hc.code for hc in census.holdem_classes()}
    rng = random.Random("census")
    for _ in range(3000):
        five = rng.sample(DECK, 5)
        counts = Counter(c.rank for c in five)
        key = (
            tuple((r, counts[r]) for r in sorted(counts, reverse=True)),
            len({c.suit for c in five}) == 1,
        )
        assert by_key[key] == holdem.evaluate(five).code, five


@pytest.mark.parametrize("code", census.HOLDEM_ORDER)
def test_holdem_example_is_of_its_category(code: str) -> None:
    cards = census.holdem_example(code, f"test/{code}")
    assert len(set(cards)) == 5
    assert holdem.evaluate(cards).code == code
    assert census.holdem_example(code, f"test/{code}") == cards  # the seed names the hand


def test_teenpatti_counts_total_is_every_three_card_hand() -> None:
    assert sum(census.teenpatti_counts().values()) == comb(52, 3)


def test_teenpatti_counts_match_the_formulas() -> None:
    assert census.teenpatti_counts() == _formula_teenpatti()
    assert list(census.teenpatti_counts()) == list(census.TEENPATTI_ORDER)


def test_teenpatti_counts_on_a_small_deck_match_the_evaluator() -> None:
    ranks = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.KING, Rank.SEVEN)
    deck = [c for c in DECK if c.rank in ranks]
    brute = Counter(teenpatti.evaluate(trio).code for trio in combinations(deck, 3))
    counted = {code: n for code, n in census.teenpatti_counts(ranks).items() if n}
    assert counted == dict(brute)


@pytest.mark.parametrize("code", census.TEENPATTI_ORDER)
def test_teenpatti_example_is_of_its_category(code: str) -> None:
    cards = census.teenpatti_example(code, f"test/{code}")
    assert all(isinstance(c, Card) for c in cards)
    assert teenpatti.evaluate(cards).code == code
