"""The fast strength path agrees with the exact evaluator and orders hands like it."""

from __future__ import annotations

import doctest
import itertools
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine import fast, holdem
from tutor.engine.cards import DECK, parse_cards
from tutor.engine.holdem import Category


def indices(cards):
    return [c.index for c in cards]


def test_fast_doctests():
    assert doctest.testmod(fast).failed == 0


def test_holdem_strength_is_the_fast_path():
    assert holdem.strength is fast.strength


@pytest.mark.parametrize("size", [5, 6, 7])
def test_fast_strength_equals_hand_value_strength_random(size):
    rng = random.Random(size)
    for _ in range(20_000):
        cards = rng.sample(DECK, size)
        assert fast.strength(indices(cards)) == holdem.evaluate(cards).strength


def test_fast_strength_covers_every_flush_pattern():
    # Every suited rank set of 5..7 cards, padded with off-suit cards where possible.
    spades = [c for c in DECK if c.suit.code == "spades"]
    fillers = parse_cards("2h 3d")
    for size in (5, 6, 7):
        for suited in itertools.combinations(spades, size):
            cards = list(suited) + list(fillers[: 7 - size])
            assert fast.strength(indices(cards)) == holdem.evaluate(cards).strength


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("Ah 2c 3d 4s 5h 9c 9d", Category.STRAIGHT),  # the wheel, not a pair of nines
        ("Kd Ac 2h 3s 4d 9c 8c", Category.HIGH_CARD),  # K-A-2-3-4 is no straight
        ("Ad 2d 3d 4d 5d 6c Kd", Category.STRAIGHT_FLUSH),
        ("7c 7d 7h 7s Kd Kc 2h", Category.FOUR_OF_A_KIND),
        ("5c 5d 5h 9s 9d 9c Ah", Category.FULL_HOUSE),
        ("9h 8h 7c 6h 5d 2h Kh", Category.FLUSH),
    ],
)
def test_fast_named_hands(cards, category):
    cards = parse_cards(cards)
    assert fast.category_of(fast.strength(indices(cards))) == category
    assert fast.strength(indices(cards)) == holdem.evaluate(cards).strength


def test_fast_accepts_tuples_and_any_card_order():
    cards = indices(parse_cards("As Kd 7c 7h 2s 9d 3c"))
    assert fast.strength(tuple(cards)) == fast.strength(cards) == fast.strength(cards[::-1])


def test_fast_tables_rebuild_after_clearing():
    hand = indices(parse_cards("As Ks Qs Js Ts 2c 3d"))
    expected = fast.strength(hand)
    fast._NONFLUSH.clear()
    fast._FLUSH.clear()
    assert fast.strength(hand) == expected  # the first call builds the tables again
    assert fast.table_sizes() == (73_775, 4_719)


def test_fast_tables_sizes_match_counting():
    # Rank multisets of 5..7 cards, at most four of a rank; 13-bit masks with 5..7 bits.
    def multisets(size):
        return sum(
            1
            for combo in itertools.combinations_with_replacement(range(13), size)
            if max(Counter(combo).values()) <= 4
        )

    masks = sum(1 for m in range(1 << 13) if 5 <= m.bit_count() <= 7)
    assert fast.table_sizes() == (multisets(5) + multisets(6) + multisets(7), masks)


def test_fast_five_card_category_counts_exhaustive():
    strength = fast.strength
    counts = Counter(
        strength(five) >> fast.CATEGORY_SHIFT for five in itertools.combinations(range(52), 5)
    )
    assert counts == {
        Category.STRAIGHT_FLUSH: 40,
        Category.FOUR_OF_A_KIND: 624,
        Category.FULL_HOUSE: 3_744,
        Category.FLUSH: 5_108,
        Category.STRAIGHT: 10_200,
        Category.THREE_OF_A_KIND: 54_912,
        Category.TWO_PAIR: 123_552,
        Category.ONE_PAIR: 1_098_240,
        Category.HIGH_CARD: 1_302_540,
    }


def test_fast_distinct_five_card_values_7462():
    # Every 5-card value appears among the 13-rank patterns; 7,462 is the known count.
    values = {fast.strength(five) for five in itertools.combinations(range(0, 52, 4), 5)}
    values |= {fast.strength((a, b, c, d, e)) for a, b, c, d, e in _off_suit_patterns()}
    assert len(values) == 7_462


def _off_suit_patterns():
    # One non-flush hand for every rank multiset of five cards.
    for combo in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(combo).values()) > 4:
            continue
        seen = Counter()
        cards = []
        for rank in combo:
            cards.append(rank * 4 + seen[rank])
            seen[rank] += 1
        if len({c & 3 for c in cards}) == 1:  # five distinct ranks all got suit 0
            cards[0] += 1
        yield cards


hands = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)


@given(hands, hands)
def test_fast_orders_like_hand_values_property(a, b):
    va, vb = holdem.evaluate([DECK[i] for i in a]), holdem.evaluate([DECK[i] for i in b])
    sa, sb = fast.strength(a), fast.strength(b)
    assert (sa < sb) == (va < vb)
    assert (sa > sb) == (va > vb)
    assert (sa == sb) == (va == vb)


def test_fast_differential_against_treys_order():
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    to_treys = [treys.Card.new(card.code) for card in DECK]
    rng = random.Random(77)
    pairs = set()
    for _ in range(30_000):
        hand = rng.sample(range(52), 7)
        theirs = evaluator.evaluate(
            [to_treys[i] for i in hand[:2]], [to_treys[i] for i in hand[2:]]
        )
        pairs.add((theirs, fast.strength(hand)))
    # One strength per treys rank and back, in reverse order (treys: lower is stronger).
    assert len({t for t, _ in pairs}) == len({s for _, s in pairs}) == len(pairs)
    by_treys = [s for _, s in sorted(pairs)]
    assert by_treys == sorted(by_treys, reverse=True)
