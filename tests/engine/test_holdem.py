"""Hold'em hand values and showdowns, pinned to the rules in the source documents.

ja = 002 (Japanese guide, section 5 "ポーカーの役"), cs = 003 (Czech rules text).
"""

from __future__ import annotations

import doctest
import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine import holdem
from tutor.engine.cards import DECK, Card, parse_cards
from tutor.engine.errors import InvalidCards, InvalidInput
from tutor.engine.holdem import Category, evaluate, showdown


def codes(cards):
    return " ".join(c.code for c in cards)


def test_holdem_doctests():
    assert doctest.testmod(holdem).failed == 0


# ---------------------------------------------------------------- categories


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        # The Czech text's example for every category ("Výherní kombinace").
        ("10♥ J♥ Q♥ K♥ A♥", "royal_flush"),
        ("4♣ 5♣ 6♣ 7♣ 8♣", "straight_flush"),
        ("K♠ K♥ K♣ K♦ 3♠", "four_of_a_kind"),
        ("10♥ 10♠ 10♦ A♠ A♣", "full_house"),
        ("10♠ K♠ 2♠ 6♠ 7♠", "flush"),
        ("7♣ 8♠ 9♦ 10♠ J♥", "straight"),
        ("5♠ 5♥ 5♣ J♦ A♦", "three_of_a_kind"),
        ("A♠ A♥ 3♣ 3♠ J♣", "two_pair"),
        ("Q♦ Q♥ 2♥ 8♠ 9♣", "one_pair"),
        ("Q♦ 7♥ 2♥ 8♠ 9♣", "high_card"),
    ],
)
def test_category_examples_cs_winning_combinations(cards, code):
    assert evaluate(cards).code == code


def test_category_order_ja_section_5():
    # Weakest to strongest, as the guide lists them strongest first.
    names = [c.code for c in sorted(Category)]
    assert names == [
        "high_card",
        "one_pair",
        "two_pair",
        "three_of_a_kind",
        "straight",
        "flush",
        "full_house",
        "four_of_a_kind",
        "straight_flush",
    ]
    examples = ["Q♦ 7♥ 2♥ 8♠ 9♣", "Q♦ Q♥ 2♥ 8♠ 9♣", "A♠ A♥ 3♣ 3♠ J♣", "5♠ 5♥ 5♣ J♦ A♦"]
    examples += ["7♣ 8♠ 9♦ 10♠ J♥", "10♠ K♠ 2♠ 6♠ 7♠", "10♥ 10♠ 10♦ A♠ A♣"]
    examples += ["K♠ K♥ K♣ K♦ 3♠", "4♣ 5♣ 6♣ 7♣ 8♣", "10♥ J♥ Q♥ K♥ A♥"]
    values = [evaluate(e) for e in examples]
    assert values == sorted(values)
    assert len(set(values)) == len(values)


def test_wheel_is_the_lowest_straight_ja():
    wheel = evaluate("Ah 2c 3d 4s 5h")
    assert wheel.category is Category.STRAIGHT
    assert wheel.ranks == (5,)
    assert codes(wheel.best_five) == "5h 4s 3d 2c Ah"
    assert wheel < evaluate("2c 3d 4s 5h 6h") < evaluate("Tc Jd Qs Kh Ah")
    assert wheel > evaluate("Ah Ac Ad Ks Qs")  # any straight beats three of a kind


def test_straight_order_ja():
    # A2345 < 23456 < 34567 < ... < 9TJQK < TJQKA
    ranks = "A23456789TJQKA"
    values = [
        evaluate([f"{r}{'shdc'[i % 4]}" for i, r in enumerate(ranks[k : k + 5])]) for k in range(10)
    ]
    assert all(v.category is Category.STRAIGHT for v in values)
    assert [v.ranks[0] for v in values] == list(range(5, 15))
    assert values == sorted(values)


@pytest.mark.parametrize("cards", ["Kd Ac 2h 3s 4d", "Qd Kc Ah 2s 3d", "Jd Qc Kh As 2d"])
def test_wrap_around_is_not_a_straight_ja_ka234(cards):
    assert evaluate(cards).category is Category.HIGH_CARD


def test_wrap_around_is_not_a_straight_flush_ja():
    assert evaluate("Kh Ah 2h 3h 4h").category is Category.FLUSH


def test_steel_wheel_is_the_lowest_straight_flush():
    value = evaluate("Ad 2d 3d 4d 5d 6c Kd")
    assert (value.category, value.ranks) == (Category.STRAIGHT_FLUSH, (5,))
    assert codes(value.best_five) == "5d 4d 3d 2d Ad"
    assert value.code == "straight_flush"


def test_royal_flush_is_labelled_cs():
    value = evaluate("Ts Js Qs Ks As 9s 8s")  # a straight flush to the ace, not 9-K
    assert value.code == "royal_flush"
    assert value.category is Category.STRAIGHT_FLUSH
    assert codes(value.best_five) == "As Ks Qs Js Ts"


def test_flush_beats_straight_in_seven_cards():
    value = evaluate("9h 8h 7c 6h 5d 2h Kh")
    assert value.category is Category.FLUSH
    assert codes(value.best_five) == "Kh 9h 8h 6h 2h"


def test_straight_and_flush_apart_are_not_a_straight_flush():
    value = evaluate("9h 8h 7h 6h 5d 2h")  # straight 9-5, flush in hearts without the 5
    assert value.category is Category.FLUSH


# ---------------------------------------------------------------- tie-breaks (ja section 5)


@pytest.mark.parametrize(
    ("winner", "loser", "kind", "position"),
    [
        # Straight flush: the rank of the straight.
        ("9h 8h 7h 6h 5h", "8c 7c 6c 5c 4c", "rank", 0),
        # Four of a kind: the four cards, then the fifth (cs: "velikost páté karty").
        ("Ks Kh Kd Kc 2s", "Qs Qh Qd Qc As", "rank", 0),
        ("Ks Kh Kd Kc 9s", "Ks Kh Kd Kc 8s", "kicker", 1),
        # Full house: the three cards, then the two.
        ("3s 3h 3d 2c 2s", "2h 2d 2c Ac As", "rank", 0),
        ("Ts Th Td Ac As", "Ts Th Td Kc Ks", "rank", 1),
        # Flush: ranks compared high to low; a Q-J-10 flush beats a 10-9-8 flush.
        ("Qh Jh Th 4h 2h", "Td 9d 8d 6d 5d", "rank", 0),
        ("Ah Kh 9h 4h 3h", "Ad Kd 9d 4d 2d", "kicker", 4),
        # Straight: the rank of the straight.
        ("6h 5d 4c 3s 2h", "5h 4d 3c 2s Ah", "rank", 0),
        # Three of a kind: the three cards, then the others high to low.
        ("7s 7h 7d 3c 2s", "6s 6h 6d Ac Ks", "rank", 0),
        ("7s 7h 7d Ac 3s", "7s 7h 7d Kc Qs", "kicker", 1),
        ("7s 7h 7d Ac 3s", "7s 7h 7d Ac 2s", "kicker", 2),
        # Two pair: the higher pair, the lower pair, then the odd card.
        ("As Ah 3d 3c 2s", "Ks Kh Qd Qc As", "rank", 0),
        ("As Ah 4d 4c 2s", "As Ah 3d 3c Ks", "rank", 1),
        ("As Ah 4d 4c 6s", "As Ah 4d 4c 5s", "kicker", 2),
        # One pair: the pair, then the others high to low.
        ("2s 2h 5d 4c 3s", "As Kh Qd Jc 9s", "category", None),
        ("Js Jh 5d 4c 3s", "Ts Th Ad Kc Qs", "rank", 0),
        ("Js Jh Ad 4c 3s", "Js Jh Kd Qc Ts", "kicker", 1),
        ("Js Jh Ad 9c 3s", "Js Jh Ad 9c 2s", "kicker", 3),
        # High card: ranks high to low.
        ("As 9h 7d 4c 3s", "Ks Qh Jd 9c 7s", "rank", 0),
        ("As 9h 7d 4c 3s", "As 9h 7d 4c 2s", "kicker", 4),
    ],
)
def test_tie_breaks_ja_section_5(winner, loser, kind, position):
    w, lo = evaluate(winner), evaluate(loser)
    assert w > lo
    assert w.strength > lo.strength
    # The showdown's explanation of the two values (hand 1 is the runner-up).
    assert holdem._decide((w, lo), (0,), ()) == holdem.Decision(
        kind,
        position,
        None if position is None else w.ranks[position],
        None if position is None else lo.ranks[position],
        1,
    )


def test_suits_never_break_ties_cs():
    assert evaluate("Ah Kh Qh Jh 9h") == evaluate("As Ks Qs Js 9s")
    assert hash(evaluate("Ah Kd 7c 7s 2h")) == hash(evaluate("As Kc 7h 7d 2c"))
    s = showdown("2c 3d 7h 9s Jc", ["Ah Kh", "As Ks"])
    assert s.winners == (0, 1)
    assert s.decided_by.kind == "tie"


def test_best_five_display_order_pair_first_then_kickers():
    assert codes(evaluate("9c Ah 4d 9s 2h Kc 7d").best_five) == "9s 9c Ah Kc 7d"
    assert codes(evaluate("4c 4d Ks Kd 4h 2s 2c").best_five) == "4h 4d 4c Ks Kd"
    assert codes(evaluate("8c 8d 5s 5c Ks 2c 2d").best_five) == "8d 8c 5s 5c Ks"


def test_two_trips_make_a_full_house_of_the_higher():
    value = evaluate("5c 5d 5h 9s 9d 9c Ah")
    assert (value.category, value.ranks) == (Category.FULL_HOUSE, (9, 5))


def test_quads_kicker_is_the_best_remaining_card():
    value = evaluate("7c 7d 7h 7s Kd Kc 2h")
    assert (value.category, value.ranks) == (Category.FOUR_OF_A_KIND, (7, 13))


# ---------------------------------------------------------------- showdowns


def test_board_plays_and_the_pot_is_split_cs_royal_on_board():
    s = showdown("Th Jh Qh Kh Ah", ["2c 3d", "9h 8h", "As Ad"])
    assert s.winners == (0, 1, 2)
    assert s.decided_by.kind == "board_plays"
    assert all(v.code == "royal_flush" for v in s.values)


def test_board_plays_with_a_board_straight():
    s = showdown("5c 6d 7h 8s 9c", ["2c 2d", "Ah Kh"])
    assert s.decided_by.kind == "board_plays"
    assert s.winners == (0, 1)


def test_split_without_board_playing():
    s = showdown("2c 7d 9h Js Qc", ["Ah 3c", "Ad 3s", "Kh 4c"])
    assert s.winners == (0, 1)
    assert s.decided_by == holdem.Decision("rank", 0, 14, 13, 2)


def test_counterfeited_two_pair_loses_on_the_kicker():
    # Pocket deuces make a third pair; only the board's two pairs and a kicker play.
    s = showdown("8h 8d 5s 5c Ks", ["2c 2d", "Ah 3c"])
    assert codes(s.values[0].best_five) == "8h 8d 5s 5c Ks"
    assert s.winners == (1,)
    assert s.decided_by == holdem.Decision("kicker", 2, 14, 13, 0)


def test_showdown_higher_category_wins():
    s = showdown("Ah Kd 8c 7s 2h", ["As Ad", "Kc Kh", "6c 5c"])
    assert s.winners == (0,)
    assert s.decided_by.kind == "rank"  # trips of aces against trips of kings
    s = showdown("Ah Kd 8c 7s 4h", ["6c 5c", "As 3d"])
    assert s.winners == (0,)
    assert s.decided_by == holdem.Decision("category", runner_up=1)


def test_showdown_one_hand():
    s = showdown("Ah Kd 8c 7s 2h", ["6c 5c"])
    assert s.winners == (0,)
    assert s.decided_by.kind == "only_hand"


def test_showdown_runner_up_is_the_first_best_loser():
    s = showdown("2c 7d 9h Js Qc", ["Ah 3c", "Kh 4c", "Kd 4s"])
    assert s.decided_by.runner_up == 1


def test_showdown_input_errors():
    with pytest.raises(InvalidCards) as info:
        showdown("Ah Kd 8c 7s", ["6c 5c"])
    assert info.value.code == "card_count"
    with pytest.raises(InvalidCards) as info:
        showdown("Ah Kd 8c 7s 2h", ["6c 5c", "4c 4d 4h"])
    assert (info.value.code, info.value.details["hand"]) == ("card_count", 1)
    with pytest.raises(InvalidCards) as info:
        showdown("Ah Kd 8c 7s 2h", ["6c 5c", "Ah 4d"])
    assert (info.value.code, info.value.token) == ("duplicate", "Ah")
    with pytest.raises(InvalidCards) as info:
        showdown("Ah Kd 8c 7s 2h", ["6c 5c", "4c 1d"])
    assert (info.value.code, info.value.token) == ("invalid_card", "1d")
    with pytest.raises(InvalidInput) as info:
        showdown("Ah Kd 8c 7s 2h", [])
    assert info.value.code == "no_hands"
    with pytest.raises(InvalidInput):
        showdown("Ah Kd 8c 7s 2h", "6c 5c")


def test_dealt_cards_and_their_codes_give_one_showdown():
    """A dealt question's cards (tuples of ``Card``, checked in one pass) and the same cards
    as text (parsed and checked hand by hand) give the same showdown."""
    rng = random.Random(20261203)
    for _ in range(2_000):
        deck = rng.sample(DECK, 5 + 2 * 9)
        count = rng.randint(1, 9)
        board, hands = (
            tuple(deck[:5]),
            tuple(tuple(deck[5 + 2 * i : 7 + 2 * i]) for i in range(count)),
        )
        assert showdown(board, hands) == showdown(codes(board), [codes(h) for h in hands])


@pytest.mark.parametrize(
    ("board", "hands"),
    [
        ("Ah Kd 8c 7s 2h", ("6c 5c", "Ah 4d")),  # a hand holds a board card
        ("Ah Kd 8c 7s 2h", ("6c 5c", "6c 4d")),  # two hands share a card
        ("Ah Kd 8c 7s 2h", ("6c 6c", "3c 4d")),  # a hand holds one card twice
        ("Ah Kd 8c 7s 7s", ("6c 5c", "3c 4d")),  # the board holds one card twice
        ("Ah Kd 8c 7s", ("6c 5c",)),  # four on the board
        ("Ah Kd 8c 7s 2h", ("6c 5c", "4c 4d 4h")),  # three in a hand
        ("Ah Kd 8c 7s 2h", ()),  # no hand
    ],
)
def test_dealt_cards_with_a_fault_get_the_error_their_codes_get(board, hands):
    """Tuples of ``Card`` are no way round the checks: a card given twice or a wrong count
    raises what the same cards written as text raise, with the same details."""
    as_cards = (
        parse_cards(board, unique=False),
        tuple(parse_cards(h, unique=False) for h in hands),
    )
    errors = []
    for attempt in (as_cards, (board, list(hands))):
        with pytest.raises((InvalidCards, InvalidInput)) as info:
            showdown(*attempt)
        errors.append((type(info.value), info.value.code, info.value.details))
    assert errors[0] == errors[1]


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ("As Ks Qs Js", "card_count"),
        ("As Ks Qs Js Ts 9s 8s 7s", "card_count"),
        ("As Ks Qs Js As", "duplicate"),
        ("As Ks Qs Js Xx", "invalid_card"),
        ([1, 2, 3, 4, 5], "invalid_card"),
        (None, "invalid_card"),
        ([["As"], "Ks", "Qs", "Js", "Ts"], "invalid_card"),
    ],
)
def test_evaluate_rejects_bad_input(cards, code):
    with pytest.raises(InvalidCards) as info:
        evaluate(cards)
    assert info.value.code == code


def test_evaluate_accepts_cards_and_tokens():
    as_cards = parse_cards("As Kd 7c 7h 2s")
    assert evaluate(as_cards) == evaluate(["As", "Kd", "7c", "7h", "2s"])
    assert evaluate(iter(as_cards)) == evaluate("As,Kd,7c,7h,2s")


# ---------------------------------------------------------------- independent checks


def brute_force(cards: tuple[Card, ...]) -> holdem.HandValue:
    """The best of every five-card subset, each classified by the 5-card evaluator."""
    return max(evaluate(five) for five in itertools.combinations(cards, 5))


def test_seven_cards_equal_the_best_of_21_five_card_hands():
    rng = random.Random(31)
    for _ in range(1500):
        cards = tuple(rng.sample(DECK, rng.choice((6, 7))))
        assert evaluate(cards) == brute_force(cards)


cards_strategy = st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True)


@given(cards_strategy, cards_strategy)
def test_ordering_is_consistent_property(a, b):
    va, vb = evaluate(a), evaluate(b)
    assert (va < vb) == (va.strength < vb.strength)
    assert (va == vb) == (va.strength == vb.strength)
    assert (va == vb) <= (hash(va) == hash(vb))
    assert sum((va < vb, va == vb, va > vb)) == 1
    assert set(va.best_five) <= set(a)
    assert evaluate(va.best_five) == va


@pytest.mark.slow
def test_five_card_category_counts_exhaustive_evaluate():
    counts = dict.fromkeys(holdem.Category, 0)
    royals = 0
    for five in itertools.combinations(DECK, 5):
        value = holdem._evaluate(five)
        counts[value.category] += 1
        royals += value.code == "royal_flush"
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
    assert royals == 4


def test_differential_against_treys_showdowns():
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    to_treys = {card: treys.Card.new(card.code) for card in DECK}
    rng = random.Random(20240)
    for _ in range(3000):
        players = rng.randint(2, 9)
        dealt = rng.sample(DECK, 5 + 2 * players)
        board, hands = dealt[:5], [dealt[5 + 2 * i : 7 + 2 * i] for i in range(players)]
        ours = showdown(board, hands)
        theirs = [
            evaluator.evaluate([to_treys[c] for c in h], [to_treys[c] for c in board])
            for h in hands
        ]
        best = min(theirs)  # treys: lower is stronger
        assert ours.winners == tuple(i for i, t in enumerate(theirs) if t == best)
        for i, j in itertools.combinations(range(players), 2):
            assert (ours.values[i] > ours.values[j]) == (theirs[i] < theirs[j])
