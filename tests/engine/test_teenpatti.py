"""Teen Patti three-card hands (source 004, "winning hands" and the ranking table)."""

from itertools import combinations, pairwise
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine.cards import DECK, Card, Rank, Suit, parse_cards
from tutor.engine.errors import InvalidCards
from tutor.engine.teenpatti import (
    SEQUENCE_ORDER,
    TPCategory,
    TPHandValue,
    evaluate,
    showdown,
)

# --- an independent reading of the source's ranking, used as a reference ----------------

# "A-K-Q, A-2-3, K-Q-J, Q-J-10, and so on down to 4-3-2", written out from the text.
_REFERENCE_SEQUENCES = [{14, 13, 12}, {14, 2, 3}] + [
    {top, top - 1, top - 2} for top in range(13, 3, -1)
]


def reference_key(cards):
    """(category number, tie-breaks) built straight from the source's table."""
    ranks = sorted((c.rank.value for c in cards), reverse=True)
    one_suit = len({c.suit for c in cards}) == 1
    if ranks[0] == ranks[2]:
        return (5, ranks[0])
    if set(ranks) in _REFERENCE_SEQUENCES:
        return (4 if one_suit else 3, -_REFERENCE_SEQUENCES.index(set(ranks)))
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = ranks[1]
        odd = ranks[2] if ranks[0] == ranks[1] else ranks[0]
        return (1, pair, odd)
    return (2 if one_suit else 0, *ranks)


ALL_HANDS = list(combinations(DECK, 3))


def test_evaluate_all_22100_hands_category_counts_match_combinatorics():
    # Counted by hand from a 52-card deck: 13 ranks, 4 suits.
    sequences = 12  # A-K-Q, A-2-3, K-Q-J ... 4-3-2
    expected = {
        TPCategory.TRAIL: 13 * comb(4, 3),
        TPCategory.PURE_SEQUENCE: sequences * 4,
        TPCategory.SEQUENCE: sequences * (4**3 - 4),
        TPCategory.COLOR: 4 * (comb(13, 3) - sequences),
        TPCategory.PAIR: 13 * comb(4, 2) * 48,
        TPCategory.HIGH_CARD: (comb(13, 3) - sequences) * (4**3 - 4),
    }
    counts = dict.fromkeys(TPCategory, 0)
    for hand in ALL_HANDS:
        counts[evaluate(hand).category] += 1
    assert len(ALL_HANDS) == comb(52, 3) == 22_100
    assert counts == expected


def test_evaluate_all_22100_hands_order_matches_reference_reading():
    keyed = sorted((reference_key(hand), evaluate(hand).strength) for hand in ALL_HANDS)
    for (key_a, s_a), (key_b, s_b) in pairwise(keyed):
        if key_a == key_b:
            assert s_a == s_b, key_a  # suits never decide: same key ties
        else:
            assert s_a < s_b, (key_a, key_b)


def test_evaluate_three_aces_trail_is_the_top_hand():
    values = [evaluate(hand) for hand in ALL_HANDS]
    top = max(values)
    assert top.is_three_aces and top.code == "trail" and top.paytable_code == "three_aces"
    assert sum(v == top for v in values) == 4  # the four sets of three aces
    assert not evaluate("Ks Kh Kd").is_three_aces


def test_sequence_order_data_is_the_sources_list():
    assert [tuple(r.char for r in s) for s in SEQUENCE_ORDER[:4]] == [
        ("A", "K", "Q"),
        ("A", "2", "3"),
        ("K", "Q", "J"),
        ("Q", "J", "T"),
    ]
    assert tuple(r.char for r in SEQUENCE_ORDER[-1]) == ("4", "3", "2")
    assert len(SEQUENCE_ORDER) == 12


# --- named cases from source 004 ------------------------------------------------------------


def test_a23_is_second_best_sequence_source_004():
    a23 = evaluate("Ah 2c 3d")
    assert a23.category is TPCategory.SEQUENCE and a23.sequence_index == 1
    assert evaluate("As Kd Qc") > a23 > evaluate("Kh Qs Jd")
    assert [c.rank for c in a23.cards] == [Rank.ACE, Rank.TWO, Rank.THREE]


def test_kkq_beats_kk9_next_highest_card_source_004():
    s = showdown("Ks Kh Qc", "Kd Kc 9s")
    assert s.result == "player_a"
    assert (s.decided_by.kind, s.decided_by.position) == ("kicker", 1)
    assert (s.decided_by.winner_rank, s.decided_by.loser_rank) == (12, 9)


def test_three_kings_beat_three_queens_source_004():
    s = showdown("Qs Qh Qc", "Ks Kh Kc")
    assert s.result == "player_b"
    assert (s.decided_by.kind, s.decided_by.winner_rank, s.decided_by.loser_rank) == (
        "rank",
        13,
        12,
    )


def test_qj10_suited_beats_1098_suited_source_004():
    # The source calls them flushes; in one suit they are pure sequences.
    s = showdown("Qd Jd Td", "Th 9h 8h")
    assert s.values[0].category is s.values[1].category is TPCategory.PURE_SEQUENCE
    assert s.result == "player_a"
    assert s.decided_by.kind == "sequence_order"
    assert (s.decided_by.winner_sequence, s.decided_by.loser_sequence) == (3, 5)


def test_flush_compares_highest_card_then_second_source_004():
    s = showdown("Qh 9h 2h", "Qs 8s 7s")
    assert s.values[0].code == s.values[1].code == "color"
    assert s.result == "player_a"
    assert (s.decided_by.kind, s.decided_by.position) == ("kicker", 1)


def test_pair_compares_pair_then_odd_card_source_004():
    assert showdown("4d 4h 2s", "3c 3s Ah").result == "player_a"
    s = showdown("4d 4h 2s", "4c 4s 5h")
    assert (s.result, s.decided_by.kind, s.decided_by.winner_rank) == ("player_b", "kicker", 5)


def test_high_card_compares_down_to_the_third_card_source_004():
    s = showdown("Qh 9c 7s", "Qd 9s 6h")
    assert (s.result, s.decided_by.kind, s.decided_by.position) == ("player_a", "kicker", 2)
    assert showdown("Qh 9c 7s", "Kd 3s 2h").decided_by.kind == "rank"


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        ("2s 2h 2d", "As Ks Qs"),  # trail over pure sequence
        ("4c 3c 2c", "As Kd Qh"),  # pure sequence over sequence
        ("4c 3d 2c", "As Ks 9s"),  # sequence over color (unlike Hold'em)
        ("5s 3s 2s", "As Ad Kc"),  # color over pair
        ("3c 2d 2h", "As Kd Jc"),  # pair over high card
    ],
)
def test_category_order_source_004(stronger, weaker):
    s = showdown(stronger, weaker)
    assert (s.result, s.decided_by.kind) == ("player_a", "category")


def test_suits_never_decide_identical_ranks_tie_source_004():
    s = showdown("9h 7h 5h", "9s 7s 5s")
    assert s.result == "tie" and s.decided_by.kind == "tie"
    assert showdown("Ah 2h 3c", "As 2d 3d").result == "tie"


def test_k_a_2_is_not_a_sequence():
    assert evaluate("Kh As 2d").category is TPCategory.HIGH_CARD


def test_pair_is_displayed_pair_first():
    assert [c.code for c in evaluate("2s 4d 4h").cards] == ["4h", "4d", "2s"]


# --- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ("As Ks", "card_count"),
        ("As Ks Qs Js", "card_count"),
        ("", "card_count"),
        ("As As Ks", "duplicate"),
        ("Xx Ks Qs", "invalid_card"),
        (None, "invalid_card"),
        (42, "invalid_card"),
        ([["As"], "Ks", "Qs"], "invalid_card"),
    ],
)
def test_evaluate_bad_input_raises_invalid_cards_with_code(cards, code):
    with pytest.raises(InvalidCards) as caught:
        evaluate(cards)
    assert caught.value.code == code
    assert caught.value.as_dict()["code"] == code


def test_evaluate_card_count_reports_numbers():
    with pytest.raises(InvalidCards) as caught:
        evaluate("As Ks")
    assert caught.value.details["got"] == 2 and caught.value.details["min"] == 3


def test_showdown_card_in_both_hands_is_a_duplicate():
    with pytest.raises(InvalidCards) as caught:
        showdown("As Ks Qs", "As 2d 3d")
    assert caught.value.code == "duplicate" and caught.value.token == "As"


# --- properties ----------------------------------------------------------------------------

cards6 = st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True)
hands3 = st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True)
suit_maps = st.permutations(list(Suit))


@given(cards6)
def test_showdown_swapping_hands_swaps_the_result(cards):
    a, b = cards[:3], cards[3:]
    forward, backward = showdown(a, b), showdown(b, a)
    mirror = {"player_a": "player_b", "player_b": "player_a", "tie": "tie"}
    assert backward.result == mirror[forward.result]
    assert backward.decided_by == forward.decided_by


@given(hands3, hands3, hands3)
def test_ordering_is_a_consistent_total_order(x, y, z):
    a, b, c = evaluate(x), evaluate(y), evaluate(z)
    assert (a < b) + (a == b) + (a > b) == 1
    assert (a <= b) == (not a > b)
    assert (a == b) == ((a.category, a.ranks) == (b.category, b.ranks))
    if a == b:
        assert hash(a) == hash(b)
    if a <= b <= c:
        assert a <= c
    assert (a < b) == (reference_key(x) < reference_key(y))


@given(hands3, suit_maps, st.permutations(range(3)))
def test_value_ignores_card_order_and_suit_names(hand, suits, order):
    relabel = dict(zip(Suit, suits, strict=True))
    renamed = [Card.parse(c.rank.char + relabel[c.suit].char) for c in hand]
    value = evaluate(hand)
    assert evaluate([hand[i] for i in order]) == value
    assert evaluate([hand[i] for i in order]).cards == value.cards
    assert evaluate(renamed) == value


@given(hands3)
def test_hand_value_cards_are_the_input_cards(hand):
    value = evaluate(hand)
    assert isinstance(value, TPHandValue)
    assert sorted(c.index for c in value.cards) == sorted(c.index for c in hand)
    assert value.cards == parse_cards(value.cards)  # still three distinct cards
