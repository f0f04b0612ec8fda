"""A Teen Patti 20-20 round (source 004): deal, settle, void, exact returns."""

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine.cards import DECK, shuffled_deck
from tutor.engine.errors import InvalidCards, InvalidInput
from tutor.engine.sixcard import BonusCategory
from tutor.engine.tp2020 import (
    BETS,
    DEFAULT,
    MAX_STAKE,
    PaytableRow,
    Paytables,
    deal_round,
    highest_return,
    return_to_player,
    settle,
    void_round,
)
from tutor.engine.tp_rtp import bonus_counts, main_outcome_counts

D = Decimal

# --- dealing -----------------------------------------------------------------------------


def test_deal_alternates_a1_b1_a2_b2_a3_b3_source_004():
    deck = shuffled_deck(2020)
    r = deal_round(2020)
    assert r.deal_order == tuple(deck[:6])
    assert r.hand_a == (deck[0], deck[2], deck[4])
    assert r.hand_b == (deck[1], deck[3], deck[5])


def test_deal_is_reproducible_by_seed_and_reshuffled_per_round():
    assert deal_round("round-1") == deal_round("round-1")
    assert len({deal_round(seed).deal_order for seed in range(20)}) == 20


@pytest.mark.parametrize("seed", [None, 1.5, True, [1], b"x"])
def test_deal_rejects_bad_seeds(seed):
    with pytest.raises(InvalidInput) as caught:
        deal_round(seed)
    assert caught.value.code == "invalid_seed"


# --- main bets and Tie -------------------------------------------------------------------


def test_player_a_wins_pays_095_to_1_source_004():
    s = settle("Ks Kh Qc", "Kd Kc 9s", {"player_a": 100, "player_b": 100})
    assert s.result == "player_a"
    a, b = s.lines
    assert (a.bet, a.outcome, a.row, a.odds, a.returned) == (
        "player_a",
        "win",
        "win",
        Fraction(19, 20),
        D("195.00"),
    )
    assert (b.bet, b.outcome, b.returned) == ("player_b", "lose", D("0.00"))
    assert (s.total_staked, s.total_returned, s.net) == (D("200.00"), D("195.00"), D("-5.00"))


def test_tie_refunds_main_bets_and_pays_tie_50_to_1_source_004():
    s = settle("9h 7h 5h", "9s 7s 5s", {"player_a": 10, "player_b": "4.50", "tie": 2})
    assert s.result == "tie"
    assert [(line.bet, line.outcome, line.returned) for line in s.lines] == [
        ("player_a", "push", D("10.00")),
        ("player_b", "push", D("4.50")),
        ("tie", "win", D("102.00")),
    ]


def test_tie_bet_loses_when_a_hand_wins():
    s = settle("As Ad Ac", "2s 3d 5c", {"tie": 5})
    assert (s.lines[0].outcome, s.lines[0].returned) == ("lose", D("0.00"))


# --- Pair Plus ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand_b", "row", "odds"),
    [
        ("As Ad Ac", "three_aces", 50),
        ("Ks Kd Kc", "trail", 40),
        ("Qh Jh Th", "pure_sequence", 30),
        ("Ah 2d 3c", "sequence", 6),
        ("Jc 8c 3c", "color", 3),
        ("4d 4h 2s", "pair", 1),
    ],
)
def test_pair_plus_pays_its_row_source_004(hand_b, row, odds):
    a = "5s 6s 7s"  # a pure sequence that beats every hand below a trail
    s = settle(a, hand_b, {"pair_plus_b": 10})
    line = s.lines[0]
    assert (line.outcome, line.row, line.odds) == ("win", row, Fraction(odds))
    assert line.returned == 10 * (odds + 1)


def test_pair_plus_pays_even_when_the_hand_loses_source_004():
    s = settle("As Ad 9c", "Ks Kd 2c", {"pair_plus_b": 10, "player_b": 10})
    assert s.result == "player_a"
    assert [(line.bet, line.outcome, line.returned) for line in s.lines] == [
        ("player_b", "lose", D("0.00")),
        ("pair_plus_b", "win", D("20.00")),
    ]


def test_pair_plus_loses_on_high_card():
    line = settle("Qh 9c 7s", "2s 3d 5c", {"pair_plus_a": 3}).lines[0]
    assert (line.outcome, line.row, line.returned) == ("lose", None, D("0.00"))


# --- 6 Card Bonus ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand_a", "hand_b", "row", "odds"),
    [
        ("As Ks Qs", "Js Ts 2d", "royal_flush", 1000),
        ("Ks Qs Js", "Ts 9s 2d", "straight_flush", 200),
        ("Ks Kh Kc", "Kd Ad 2c", "four_of_a_kind", 100),
        ("Ks Kh Kc", "Qh Qc 2d", "full_house", 20),
        ("9h 8h 5h", "3h 2h Kc", "flush", 15),
        ("6s 5h 4c", "3d 2s Kc", "straight", 10),
        ("Ks Kh Kc", "7h 5d 2c", "three_of_a_kind", 7),
    ],
)
def test_six_card_bonus_pays_its_row_source_004(hand_a, hand_b, row, odds):
    s = settle(hand_a, hand_b, {"six_card_bonus": "1.50"})
    line = s.lines[0]
    assert (line.outcome, line.row, line.odds) == ("win", row, Fraction(odds))
    assert line.returned == D("1.50") * (odds + 1)
    assert s.bonus.category.code == row


def test_six_card_bonus_loses_on_two_pair():
    s = settle("Kh Kd 7c", "7s 2h 3d", {"six_card_bonus": 1})
    assert (s.lines[0].outcome, s.bonus.category) == ("lose", BonusCategory.NONE)


# --- exact money -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stake", "returned"),
    [
        ("0.05", "0.0975"),
        ("0.10", "0.195"),
        ("1", "1.95"),
        ("0.20", "0.39"),
        ("999999999999.99", "1949999999999.9805"),
    ],
)
def test_main_win_returns_exact_decimals_never_rounded(stake, returned):
    line = settle("As Ad Ac", "2s 3d 5c", {"player_a": stake}).lines[0]
    assert isinstance(line.returned, Decimal)
    assert str(line.returned) == returned  # two places when exact, else every digit


def test_stakes_are_normalised_to_cents_and_zero_means_no_bet():
    s = settle("As Ad Ac", "2s 3d 5c", {"player_a": "1.000", "tie": 0, "player_b": "0.00"})
    assert [(line.bet, str(line.stake)) for line in s.lines] == [("player_a", "1.00")]


def test_settlement_lines_follow_the_bets_order():
    bets = dict.fromkeys(reversed(BETS), 1)
    s = settle("As Ad Ac", "2s 3d 5c", bets)
    assert tuple(line.bet for line in s.lines) == BETS


# --- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bets", "code"),
    [
        ({"player_c": 1}, "unknown_bet"),
        ({1: 1}, "unknown_bet"),
        ({"player_a": -1}, "negative_stake"),
        ({"player_a": "-0.01"}, "negative_stake"),
        ({"player_a": "abc"}, "invalid_stake"),
        ({"player_a": ""}, "invalid_stake"),
        ({"player_a": 1.5}, "invalid_stake"),
        ({"player_a": True}, "invalid_stake"),
        ({"player_a": None}, "invalid_stake"),
        ({"player_a": "NaN"}, "invalid_stake"),
        ({"player_a": "Infinity"}, "invalid_stake"),
        ({"player_a": D("sNaN")}, "invalid_stake"),
        ({"player_a": 10**12 + 1}, "stake_too_large"),
        ({"player_a": "1e400"}, "stake_too_large"),
        ({"player_a": "1.005"}, "too_many_decimals"),
        ({"player_a": "1e-400"}, "too_many_decimals"),
        (["player_a"], "invalid_bets"),
        (None, "invalid_bets"),
    ],
)
def test_settle_and_void_reject_bad_bet_slips(bets, code):
    for call in (lambda: settle("As Ad Ac", "2s 3d 5c", bets), lambda: void_round(bets)):
        with pytest.raises(InvalidInput) as caught:
            call()
        assert caught.value.code == code


def test_settle_accepts_the_largest_stake():
    line = settle("As Ad Ac", "2s 3d 5c", {"tie": MAX_STAKE}).lines[0]
    assert line.stake == MAX_STAKE and line.returned == 0


@pytest.mark.parametrize(
    ("hand_a", "hand_b", "code"),
    [
        ("As Ad Ac", "As 3d 5c", "duplicate"),
        ("As Ad", "2s 3d 5c", "card_count"),
        ("As Ad Zz", "2s 3d 5c", "invalid_card"),
    ],
)
def test_settle_rejects_bad_hands(hand_a, hand_b, code):
    with pytest.raises(InvalidCards) as caught:
        settle(hand_a, hand_b, {"player_a": 1})
    assert caught.value.code == code


# --- void round --------------------------------------------------------------------------


def test_void_round_returns_every_bet_source_004_error_handling():
    bets = {"player_a": "10.25", "tie": 1, "six_card_bonus": D("0.50")}
    s = void_round(bets)
    assert s.result == "void"
    assert [(line.bet, line.outcome, line.returned) for line in s.lines] == [
        ("player_a", "void", D("10.25")),
        ("tie", "void", D("1.00")),
        ("six_card_bonus", "void", D("0.50")),
    ]
    assert (s.total_staked, s.total_returned, s.net) == (D("11.75"), D("11.75"), D("0.00"))


# --- paytables as data -------------------------------------------------------------------

TIE_800 = replace(DEFAULT, name="tie_800", tie=PaytableRow("tie", Fraction(800)))


def test_another_operator_table_is_data_not_code():
    s = settle("9h 7h 5h", "9s 7s 5s", {"tie": 1}, paytables=TIE_800)
    assert s.lines[0].returned == D("801.00")
    default, other = return_to_player(DEFAULT), return_to_player(TIE_800)
    assert other["tie"] == default["tie"] / 51 * 801
    assert {k: v for k, v in other.items() if k != "tie"} == {
        k: v for k, v in default.items() if k != "tie"
    }


def test_a_missing_row_loses():
    no_pair = replace(DEFAULT, pair_plus=tuple(r for r in DEFAULT.pair_plus if r.code != "pair"))
    assert settle("4d 4h 2s", "Qh 9c 7s", {"pair_plus_a": 1}, no_pair).lines[0].outcome == "lose"


@pytest.mark.parametrize(
    "make",
    [
        lambda: PaytableRow("win", 0.95),
        lambda: PaytableRow("win", Fraction(1, 3)),
        lambda: PaytableRow("win", Fraction(-1)),
        lambda: PaytableRow("", Fraction(1)),
        lambda: replace(DEFAULT, pair_plus=(PaytableRow("two_pair", Fraction(2)),)),
        lambda: replace(DEFAULT, six_card_bonus=DEFAULT.six_card_bonus * 2),
        lambda: replace(DEFAULT, tie=("tie", 50)),
    ],
)
def test_bad_paytables_are_refused(make):
    with pytest.raises(InvalidInput) as caught:
        make()
    assert caught.value.code == "invalid_paytable"


def test_paytable_odds_accept_int_and_decimal_exactly():
    assert PaytableRow("win", D("0.95")).odds == Fraction(19, 20)
    assert PaytableRow("tie", 50).odds == Fraction(50)
    assert isinstance(hash(DEFAULT), int)


def test_default_paytables_are_the_sources_tables_source_004():
    assert DEFAULT.main.odds == Fraction(95, 100) and DEFAULT.tie.odds == 50
    assert [(r.code, r.odds) for r in DEFAULT.pair_plus] == [
        ("three_aces", 50),
        ("trail", 40),
        ("pure_sequence", 30),
        ("sequence", 6),
        ("color", 3),
        ("pair", 1),
    ]
    assert [(r.code, r.odds) for r in DEFAULT.six_card_bonus] == [
        ("royal_flush", 1000),
        ("straight_flush", 200),
        ("four_of_a_kind", 100),
        ("full_house", 20),
        ("flush", 15),
        ("straight", 10),
        ("three_of_a_kind", 7),
    ]
    assert isinstance(DEFAULT, Paytables)


# --- exact return to player --------------------------------------------------------------


def test_rtp_main_bets_is_3940_plus_a_fortieth_of_the_tie_chance():
    # With P(A) = P(B) = (1 - t) / 2: (1 - t) / 2 * 39/20 + t = 39/40 + t/40.
    counts = main_outcome_counts()
    t = Fraction(counts.tie, counts.total)
    rtp = return_to_player()
    assert rtp["player_a"] == rtp["player_b"] == Fraction(39, 40) + t / 40
    assert rtp["tie"] == 51 * t


def test_rtp_pair_plus_from_hand_counts():
    # Pair Plus rows x hands (counted by hand in test_tp_rtp), out of C(52, 3).
    paid = 4 * 51 + 48 * 41 + 48 * 31 + 720 * 7 + 1096 * 4 + 3744 * 2
    rtp = return_to_player()
    assert rtp["pair_plus_a"] == rtp["pair_plus_b"] == Fraction(paid, comb(52, 3))


def test_rtp_six_card_bonus_from_category_counts():
    counts = bonus_counts()
    paid = sum(counts[BonusCategory[r.code.upper()]] * (1 + r.odds) for r in DEFAULT.six_card_bonus)
    assert return_to_player()["six_card_bonus"] == paid / comb(52, 6)


def test_max_rtp_9750_is_the_main_bets_source_004():
    bets, best = highest_return()
    assert bets == ("player_a", "player_b")
    assert round(best * 10000) == 9750  # 97.50 % to two decimals
    # Counting only bets that are decided (pushes aside), it is 97.50 % exactly.
    counts = main_outcome_counts()
    assert Fraction(counts.player_a * Fraction(39, 20), counts.player_a + counts.player_b) == (
        Fraction(39, 40)
    )


def test_rtp_returns_a_fresh_dict_each_time():
    first = return_to_player()
    first["tie"] = Fraction(0)
    assert return_to_player()["tie"] != 0
    assert list(return_to_player()) == list(BETS)


# --- properties --------------------------------------------------------------------------

cents = st.integers(min_value=0, max_value=10**6).map(lambda n: D(n).scaleb(-2))
slips = st.dictionaries(st.sampled_from(BETS), cents)
deals = st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True)


@given(deals, slips)
def test_settlement_is_exact_and_consistent(cards, bets):
    s = settle(cards[:3], cards[3:], bets)
    assert s.total_staked == sum(bets.values())
    assert s.total_returned == sum(line.returned for line in s.lines)
    assert s.net == s.total_returned - s.total_staked
    for line in s.lines:
        if line.outcome == "win":
            assert Fraction(line.returned) == Fraction(line.stake) * (1 + line.odds)
        else:
            assert line.returned == (line.stake if line.outcome == "push" else 0)
    outcomes = {line.bet: line.outcome for line in s.lines}
    if "player_a" in outcomes and "player_b" in outcomes:
        assert sorted((outcomes["player_a"], outcomes["player_b"])) in (
            ["lose", "win"],
            ["push", "push"],
        )


@given(slips)
def test_void_round_returns_exactly_what_was_staked(bets):
    s = void_round(bets)
    assert s.total_returned == s.total_staked == sum(bets.values())
    assert all(line.returned == line.stake for line in s.lines)
