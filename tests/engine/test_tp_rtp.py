"""Exact outcome counts for Teen Patti 20-20 returns, checked against brute force and
against counts derived by hand from a 52-card deck (13 ranks, 4 suits)."""

from collections import Counter, defaultdict
from itertools import combinations
from math import comb

import pytest

from tutor.engine.cards import DECK, Rank
from tutor.engine.holdem import evaluate as holdem_evaluate
from tutor.engine.holdem import strength as holdem_strength
from tutor.engine.sixcard import BonusCategory
from tutor.engine.teenpatti import evaluate
from tutor.engine.tp_rtp import (
    ALL_RANKS,
    bonus_counts,
    deck_of,
    main_outcome_counts,
    three_card_counts,
)

B = BonusCategory
_R = Rank


def _mask(cards):
    return sum(1 << c.index for c in cards)


# --- Player A / Player B / Tie ----------------------------------------------------------


@pytest.mark.parametrize(
    "ranks",
    [
        (_R.ACE, _R.TWO, _R.THREE, _R.KING, _R.QUEEN),
        (_R.FOUR, _R.FIVE, _R.SIX, _R.SEVEN, _R.NINE),
    ],
)
def test_main_outcome_counts_match_brute_force_on_a_reduced_deck(ranks):
    hands = [(_mask(h), evaluate(h).strength) for h in combinations(deck_of(ranks), 3)]
    brute = Counter()
    for mask_a, a in hands:
        for mask_b, b in hands:
            if not mask_a & mask_b:
                brute["a" if a > b else "b" if b > a else "tie"] += 1
    counts = main_outcome_counts(ranks)
    assert (counts.player_a, counts.tie, counts.player_b) == (brute["a"], brute["tie"], brute["b"])
    assert counts.total == comb(20, 3) * comb(17, 3)


def test_main_outcome_counts_full_deck_ties_by_brute_force_within_equal_values():
    groups = defaultdict(list)
    for hand in combinations(DECK, 3):
        groups[evaluate(hand).strength].append(_mask(hand))
    ties = sum(1 for g in groups.values() for a in g for b in g if not a & b)
    counts = main_outcome_counts()
    assert counts.tie == ties
    # Every ordered deal is counted once, and A and B are dealt alike.
    assert counts.total == comb(52, 3) * comb(49, 3) == 407_170_400
    assert counts.player_a == counts.player_b


# --- Pair Plus -------------------------------------------------------------------------


def test_three_card_counts_match_combinatorics():
    sequences = 12
    assert three_card_counts() == {
        "three_aces": comb(4, 3),
        "trail": 12 * comb(4, 3),
        "pure_sequence": sequences * 4,
        "sequence": sequences * (4**3 - 4),
        "color": 4 * (comb(13, 3) - sequences),
        "pair": 13 * comb(4, 2) * 48,
        "high_card": (comb(13, 3) - sequences) * (4**3 - 4),
    }


# --- 6 Card Bonus ---------------------------------------------------------------------


def hand_derived_bonus_counts():
    """Six-card category counts derived by hand."""
    royal = 4 * 47
    # A straight flush topped by 5..K; the card one above it would make a better one.
    straight_flush = 4 * 9 * 46
    quads = 13 * comb(48, 2)
    # Trips + pair + odd card, or two trips.
    full_house = 13 * comb(4, 3) * 12 * comb(4, 2) * 11 * 4 + comb(13, 2) * comb(4, 3) ** 2
    # Five or six cards of one suit, less the straight flushes among them.
    flush = 4 * (comb(13, 6) + comb(13, 5) * 39) - royal - straight_flush
    # (a) a straight's five ranks, one of them twice, not five of one suit;
    # (b) six ranks holding a straight (10 straights x 8 other ranks, less the 9
    #     six-card runs counted twice), not five of one suit.
    straight = 10 * 5 * (comb(4, 2) * 4**4 - 4 * 3) + (10 * 8 - 9) * (4**6 - 4 - 6 * 4 * 3)
    # Trips and three different odd ranks: no straight or flush can form.
    trips = 13 * comb(4, 3) * comb(12, 3) * 4**3
    paying = {
        B.ROYAL_FLUSH: royal,
        B.STRAIGHT_FLUSH: straight_flush,
        B.FOUR_OF_A_KIND: quads,
        B.FULL_HOUSE: full_house,
        B.FLUSH: flush,
        B.STRAIGHT: straight,
        B.THREE_OF_A_KIND: trips,
    }
    return {B.NONE: comb(52, 6) - sum(paying.values()), **paying}


def test_bonus_counts_match_hand_derived_counts():
    assert bonus_counts() == hand_derived_bonus_counts()
    assert sum(bonus_counts().values()) == comb(52, 6) == 20_358_520


# The weakest five-card hand of each paying category; strengths order like hands do.
_WEAKEST = [
    (B.THREE_OF_A_KIND, "2s 2h 2d 4c 3c"),
    (B.STRAIGHT, "5s 4h 3d 2c As"),
    (B.FLUSH, "7s 5s 4s 3s 2s"),
    (B.FULL_HOUSE, "2s 2h 2d 3c 3s"),
    (B.FOUR_OF_A_KIND, "2s 2h 2d 2c 3s"),
    (B.STRAIGHT_FLUSH, "5s 4s 3s 2s As"),
    (B.ROYAL_FLUSH, "As Ks Qs Js Ts"),
]


def direct_bonus_counts(deck):
    """Evaluate every six-card set with the Hold'em fast path and bucket the strengths."""
    by_strength = Counter(map(holdem_strength, combinations([c.index for c in deck], 6)))
    floors = [(holdem_evaluate(cards).strength, category) for category, cards in _WEAKEST]
    counts = dict.fromkeys(BonusCategory, 0)
    for s, n in by_strength.items():
        category = max((c for floor, c in floors if s >= floor), default=B.NONE)
        counts[category] += n
    return counts


@pytest.mark.parametrize(
    "ranks",
    [
        (_R.NINE, _R.TEN, _R.JACK, _R.QUEEN, _R.KING, _R.ACE),
        (_R.ACE, _R.TWO, _R.THREE, _R.FOUR, _R.FIVE, _R.SEVEN),
    ],
)
def test_bonus_counts_match_direct_enumeration_on_a_reduced_deck(ranks):
    assert bonus_counts(ranks) == direct_bonus_counts(deck_of(ranks))


@pytest.mark.slow
def test_bonus_counts_match_direct_enumeration_of_all_20358520_sets():
    assert bonus_counts(ALL_RANKS) == direct_bonus_counts(DECK)
