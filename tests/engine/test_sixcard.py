"""The 6 Card Bonus hand (source 004, "hand rankings for 6 Card Bonus")."""

from itertools import combinations

import pytest
import treys
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine.cards import DECK, Card, Rank
from tutor.engine.errors import InvalidCards
from tutor.engine.sixcard import BonusCategory, BonusHand, evaluate_bonus

B = BonusCategory


def reference_category(cards):
    """The source's table read literally: the best of the six five-card subsets."""
    best = B.NONE
    for five in combinations(cards, 5):
        ranks = sorted((c.rank.value for c in five), reverse=True)
        counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
        suited = len({c.suit for c in five}) == 1
        run = len(set(ranks)) == 5 and (ranks[0] - ranks[4] == 4 or ranks == [14, 5, 4, 3, 2])
        if run and suited:
            category = B.ROYAL_FLUSH if ranks[4] == 10 else B.STRAIGHT_FLUSH
        elif counts[0] == 4:
            category = B.FOUR_OF_A_KIND
        elif counts[:2] == [3, 2]:
            category = B.FULL_HOUSE
        elif suited:
            category = B.FLUSH
        elif run:
            category = B.STRAIGHT
        elif counts[0] == 3:
            category = B.THREE_OF_A_KIND
        else:
            category = B.NONE
        best = max(best, category)
    return best


_TREYS = {
    "Royal Flush": B.ROYAL_FLUSH,
    "Straight Flush": B.STRAIGHT_FLUSH,
    "Four of a Kind": B.FOUR_OF_A_KIND,
    "Full House": B.FULL_HOUSE,
    "Flush": B.FLUSH,
    "Straight": B.STRAIGHT,
    "Three of a Kind": B.THREE_OF_A_KIND,
}
_treys_evaluator = treys.Evaluator()


def treys_category(cards):
    ints = [treys.Card.new(c.code) for c in cards]
    score = _treys_evaluator.evaluate(ints[:3], ints[3:])
    name = _treys_evaluator.class_to_string(_treys_evaluator.get_rank_class(score))
    if score == 1:
        name = "Royal Flush"
    return _TREYS.get(name, B.NONE)


# --- the source's examples, each with a sixth card that does not improve them ---------


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("As Ks Qs Js 10s 2d", B.ROYAL_FLUSH),
        ("Ks Qs Js 10s 9s 2d", B.STRAIGHT_FLUSH),
        ("Ks Kh Kc Kd Ad 2c", B.FOUR_OF_A_KIND),
        ("Ks Kh Kc Qh Qc 2d", B.FULL_HOUSE),
        ("9h 8h 5h 3h 2h Kc", B.FLUSH),
        ("6s 5h 4c 3d 2s Kc", B.STRAIGHT),
        ("Ks Kh Kc 7h 5d 2c", B.THREE_OF_A_KIND),
    ],
)
def test_evaluate_bonus_source_004_examples(cards, category):
    hand = evaluate_bonus(cards)
    assert hand.category is category
    assert hand.code == category.name.lower()
    assert reference_category(hand.best_five) is category


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("Kh Kd 7c 7s 2h 3d", B.NONE),  # two pair does not pay
        ("Kh Kd 7c 8s 2h 3d", B.NONE),  # one pair does not pay
        ("Kh Qd 7c 8s 2h 3d", B.NONE),
        ("Kh Kd Kc 7s 7h 7d", B.FULL_HOUSE),  # two trails make a full house
        ("Ah 2h 3h 4h 5h 5d", B.STRAIGHT_FLUSH),  # the wheel, not royal
        ("Ah 2d 3h 4c 5s Kd", B.STRAIGHT),  # A-2-3-4-5 is a straight
        ("Kh Ad 2h 3c 4s 9d", B.NONE),  # K-A-2-3-4 is not
        ("Ah Kh Qh Jh 9h Th", B.ROYAL_FLUSH),  # six of a suit
        ("Ah Kh Qh Jh 9h 9d", B.FLUSH),  # a flush beats the pair of nines
        ("9h Th Jh Qh Kh Ad", B.STRAIGHT_FLUSH),  # the straight flush beats the straight to A
    ],
)
def test_evaluate_bonus_edge_cases(cards, category):
    assert evaluate_bonus(cards).category is category


# --- exhaustive over reduced decks, against the literal reading --------------------------


_R = Rank


@pytest.mark.parametrize(
    ("ranks", "suits"),
    [
        ((_R.TEN, _R.JACK, _R.QUEEN, _R.KING, _R.ACE), "shdc"),  # royal, quads, full houses
        ((_R.NINE, _R.TEN, _R.JACK, _R.QUEEN, _R.KING, _R.ACE), "shd"),  # flushes, two straights
        ((_R.ACE, _R.TWO, _R.THREE, _R.FOUR, _R.FIVE, _R.SIX, _R.EIGHT), "shd"),  # the wheel
    ],
)
def test_evaluate_bonus_every_six_card_set_of_a_reduced_deck(ranks, suits):
    deck = [c for c in DECK if c.rank in ranks and c.suit.char in suits]
    seen = set()
    for cards in combinations(deck, 6):
        category = evaluate_bonus(cards).category
        assert category is reference_category(cards), cards
        seen.add(category)
    assert len(seen) >= 5  # the deck really exercises several categories


# --- properties ------------------------------------------------------------------------

cards6 = st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True)


@given(cards6)
def test_evaluate_bonus_agrees_with_treys_and_the_literal_reading(cards):
    category = evaluate_bonus(cards).category
    assert category is treys_category(cards)
    assert category is reference_category(cards)


@given(cards6, st.permutations(range(6)))
def test_best_five_are_five_of_the_six_and_order_free(cards, order):
    hand = evaluate_bonus(cards)
    assert isinstance(hand, BonusHand)
    assert len(hand.best_five) == 5 and set(hand.best_five) <= set(cards)
    assert evaluate_bonus([cards[i] for i in order]) == hand


# --- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ("As Ks Qs Js Ts", "card_count"),
        ("As Ks Qs Js Ts 9s 8s", "card_count"),
        ("As Ks Qs Js Ts As", "duplicate"),
        ("As Ks Qs Js Ts 1s", "invalid_card"),
        (7, "invalid_card"),
    ],
)
def test_evaluate_bonus_bad_input(cards, code):
    with pytest.raises(InvalidCards) as caught:
        evaluate_bonus(cards)
    assert caught.value.code == code


def test_evaluate_bonus_accepts_card_objects():
    cards = [Card.parse(t) for t in ("As", "Ks", "Qs", "Js", "Ts", "2d")]
    assert evaluate_bonus(cards).category is B.ROYAL_FLUSH
