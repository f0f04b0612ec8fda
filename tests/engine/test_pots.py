"""Main pots, side pots and awards; ja = 002 section 6 "チップの配分", cs = 003."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine import pots
from tutor.engine.errors import InvalidInput
from tutor.engine.pots import OddChipRule, award, build_pots

LIVE4 = [False] * 4


def test_pots_doctests():
    assert doctest.testmod(pots).failed == 0


def test_side_pots_50_100_200_200_ja_example():
    b = build_pots([50, 100, 200, 200], LIVE4)
    assert [p.amount for p in b.pots] == [50 * 4, 50 * 3, 100 * 2]
    assert [p.eligible for p in b.pots] == [(0, 1, 2, 3), (1, 2, 3), (2, 3)]
    assert [p.level for p in b.pots] == [50, 100, 200]
    assert [p.layer for p in b.pots] == [50, 50, 100]
    assert b.returned == (0, 0, 0, 0)


def test_each_pot_goes_to_its_best_eligible_hand_ja_example():
    # "The pot with the smallest all-in is decided first, then the others in turn."
    # The 50 all-in holds the best hand, the 100 all-in the second best.
    result = award([50, 100, 200, 200], LIVE4, [9, 8, 7, 6], button=3)
    assert [a.winners for a in result.pots] == [(0,), (1,), (2,)]
    assert result.payouts == (200, 150, 200, 0)
    # The covering players hold the best hand: they win everything.
    result = award([50, 100, 200, 200], LIVE4, [1, 2, 3, 9], button=3)
    assert result.payouts == (0, 0, 0, 550)


def test_uncalled_bet_is_returned_not_a_pot():
    b = build_pots([100, 300, 100], [False, False, False])
    assert b.returned == (0, 200, 0)
    assert [(p.amount, p.eligible) for p in b.pots] == [(300, (0, 1, 2))]
    result = award([100, 300, 100], [False] * 3, [1, 2, 3], button=0)
    assert result.payouts == (0, 200, 300)


def test_everyone_folds_to_the_big_blind():
    b = build_pots([50, 100, 0], [True, False, True])
    assert b.returned == (0, 50, 0)
    assert [(p.amount, p.eligible, p.contributors) for p in b.pots] == [(100, (1,), (0, 1))]
    assert award([50, 100, 0], [True, False, True], [None] * 3, button=2).payouts == (0, 150, 0)


def test_folded_chips_stay_in_the_pot_ja_fold():
    # "すでに投入したチップは戻りません" - chips already put in are not returned on a fold.
    b = build_pots([200, 200, 80], [False, False, True])
    assert [(p.amount, p.eligible) for p in b.pots] == [(480, (0, 1))]
    assert b.pots[0].contributors == (0, 1, 2)
    assert b.pots[0].amount < b.pots[0].layer * len(b.pots[0].contributors)


def test_folded_seat_does_not_create_a_side_pot():
    b = build_pots([50, 75, 100, 100], [False, True, False, False])
    assert [(p.amount, p.eligible) for p in b.pots] == [(200, (0, 2, 3)), (125, (2, 3))]
    assert sum(p.amount for p in b.pots) == 325


def test_folded_chips_above_every_live_seat_join_the_top_pot():
    b = build_pots([100, 200, 200], [False, True, True])
    assert [(p.amount, p.eligible) for p in b.pots] == [(500, (0,))]
    assert b.returned == (0, 0, 0)


def test_equal_stacks_make_one_pot():
    b = build_pots([100, 100, 100], [False] * 3)
    assert [(p.amount, p.eligible, p.level, p.layer) for p in b.pots] == [
        (300, (0, 1, 2), 100, 100)
    ]


def test_no_chips_no_pots():
    assert build_pots([0, 0], [False, False]) == pots.PotBreakdown((), (0, 0))
    assert build_pots([], []) == pots.PotBreakdown((), ())


def test_odd_chip_goes_left_of_the_button_ja():
    # ja: "端数がある場合はディーラーの左側のプレイヤーから順に配分します".
    contributions = [25, 25, 25, 25]
    folded = [True, False, False, False]
    strengths = [None, 5, 5, 5]  # seats 1..3 split 100: 33 each and one odd chip
    result = award(contributions, folded, strengths, button=1)
    assert result.pots[0].odd_chips == 1
    assert dict(result.pots[0].shares) == {1: 33, 2: 34, 3: 33}
    result = award(contributions, folded, strengths, button=3)
    assert dict(result.pots[0].shares) == {1: 34, 2: 33, 3: 33}  # seat 0 folded: seat 1 next


def test_two_odd_chips_are_dealt_one_at_a_time_ja():
    # Seat 4 folded after putting in 1 chip: 101 among three winners, 33 each, 2 left.
    contributions = [25, 25, 25, 25, 1]
    folded = [False, False, False, False, True]
    strengths = [5, 5, 5, 1, None]
    result = award(contributions, folded, strengths, button=1)
    assert result.pots[0].odd_chips == 2
    assert dict(result.pots[0].shares) == {0: 34, 1: 33, 2: 34}  # seats 2, then 0
    result = award(contributions, folded, strengths, button=0)
    assert dict(result.pots[0].shares) == {0: 33, 1: 34, 2: 34}


def test_odd_chip_right_of_the_button_cs():
    # cs: "zbytek ... získá výherce nejblíže dealerovi proti směru hodinových ručiček".
    contributions = [25, 25, 25, 25, 1]
    folded = [False, False, False, False, True]
    strengths = [5, 5, 5, 1, None]
    rule = OddChipRule.RIGHT_OF_BUTTON
    result = award(contributions, folded, strengths, button=2, odd_chip=rule)
    assert result.pots[0].odd_chips == 2
    assert dict(result.pots[0].shares) == {0: 33, 1: 35, 2: 33}  # seat 1 is right of 2
    result = award(contributions, folded, strengths, button=0, odd_chip=rule)
    assert dict(result.pots[0].shares) == {0: 33, 1: 33, 2: 35}  # 4 and 3 did not win
    result = award(contributions, folded, strengths, button=1, odd_chip=rule)
    assert dict(result.pots[0].shares) == {0: 35, 1: 33, 2: 33}


def test_single_eligible_seat_wins_without_a_hand():
    result = award([100, 60], [False, True], [None, None], button=0)
    assert result.payouts == (160, 0)


def test_pot_nobody_can_win_is_an_error():
    with pytest.raises(InvalidInput) as info:
        award([100, 100], [False, False], [None, None], button=0)
    assert info.value.code == "no_eligible_hand"
    with pytest.raises(InvalidInput):
        award([100, 100], [True, True], [None, None], button=0)


@pytest.mark.parametrize(
    ("contributions", "folded", "code"),
    [
        ([50, -1], [False, False], "negative"),
        ([50, 1.5], [False, False], "not_integer"),
        ([50, "50"], [False, False], "not_integer"),
        ([50, True], [False, False], "not_integer"),
        ([50, 10**13], [False, False], "too_large"),
        ([50, 50], [False], "length_mismatch"),
        ([50, 50], [False, 0], "not_bool"),
        ("50 50", [False, False], "wrong_type"),
        ([50, 50], None, "wrong_type"),
    ],
)
def test_build_pots_rejects_bad_input(contributions, folded, code):
    with pytest.raises(InvalidInput) as info:
        build_pots(contributions, folded)
    assert info.value.code == code


@pytest.mark.parametrize(
    ("strengths", "button", "odd_chip", "code"),
    [
        ([1], 0, OddChipRule.LEFT_OF_BUTTON, "length_mismatch"),
        ([1, True], 0, OddChipRule.LEFT_OF_BUTTON, "not_integer"),
        ([1, 2.0], 0, OddChipRule.LEFT_OF_BUTTON, "not_integer"),
        ([1, 2], 2, OddChipRule.LEFT_OF_BUTTON, "bad_button"),
        ([1, 2], -1, OddChipRule.LEFT_OF_BUTTON, "bad_button"),
        ([1, 2], "0", OddChipRule.LEFT_OF_BUTTON, "bad_button"),
        ([1, 2], 0, "left_of_button", "unknown_odd_chip_rule"),
        (None, 0, OddChipRule.LEFT_OF_BUTTON, "wrong_type"),
    ],
)
def test_award_rejects_bad_input(strengths, button, odd_chip, code):
    with pytest.raises(InvalidInput) as info:
        award([10, 10], [False, False], strengths, button, odd_chip=odd_chip)
    assert info.value.code == code


# ---------------------------------------------------------------- properties

seats = st.integers(min_value=1, max_value=9)


@st.composite
def tables(draw):
    n = draw(seats)
    contributions = draw(st.lists(st.integers(0, 1_000), min_size=n, max_size=n))
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if all(folded):
        folded[draw(st.integers(0, n - 1))] = False
    # Distinct strengths (no ties) or a few values (many ties), None when folded.
    pool = st.integers(0, 3) if draw(st.booleans()) else st.integers(0, 10**6)
    strengths = [None if f else draw(pool) for f in folded]
    button = draw(st.integers(0, n - 1))
    rule = draw(st.sampled_from(OddChipRule))
    return contributions, folded, strengths, button, rule


def _awardable(contributions, folded, strengths):
    b = build_pots(contributions, folded)
    return all(p.eligible for p in b.pots)


@given(tables())
def test_pots_and_awards_conserve_chips_property(table):
    contributions, folded, strengths, button, rule = table
    b = build_pots(contributions, folded)
    assert sum(p.amount for p in b.pots) + sum(b.returned) == sum(contributions)
    assert all(p.amount > 0 and p.layer > 0 for p in b.pots)  # never negative or empty
    assert all(r >= 0 for r in b.returned) and sum(1 for r in b.returned if r) <= 1
    for p in b.pots:
        assert set(p.eligible) <= set(p.contributors)
        assert not any(folded[s] for s in p.eligible)
    assert [p.level for p in b.pots] == sorted({p.level for p in b.pots})
    if not _awardable(contributions, folded, strengths):
        return
    result = award(contributions, folded, strengths, button, odd_chip=rule)
    assert sum(result.payouts) == sum(contributions)
    assert all(x >= 0 for x in result.payouts)
    for a in result.pots:
        assert sum(c for _, c in a.shares) == a.pot.amount
        assert set(a.winners) <= set(a.pot.eligible)
        shares = [c for _, c in a.shares]
        assert max(shares) - min(shares) <= (
            1 if rule is OddChipRule.LEFT_OF_BUTTON else a.odd_chips
        )
        assert a.odd_chips == a.pot.amount % len(a.winners)


def chip_by_chip(contributions, folded, strengths):
    """An independent model for hands without ties: every chip layer of height one goes
    to the best live seat that paid into it; an unmatched layer goes back to its payer;
    a layer only folded seats paid into joins the last layer a live seat could win."""
    payouts = [0] * len(contributions)
    last_winner = None
    for height in range(1, max(contributions, default=0) + 1):
        payers = [s for s, c in enumerate(contributions) if c >= height]
        live = [s for s in payers if not folded[s]]
        if len(payers) == 1:
            payouts[payers[0]] += 1
            continue
        if live:
            last_winner = max(live, key=lambda s: strengths[s])
        payouts[last_winner] += len(payers)
    return tuple(payouts)


@given(tables())
def test_award_matches_a_chip_by_chip_model_property(table):
    contributions, folded, strengths, button, rule = table
    live = [s for s in strengths if s is not None]
    if len(set(live)) != len(live) or not _awardable(contributions, folded, strengths):
        return
    assert award(contributions, folded, strengths, button, odd_chip=rule).payouts == chip_by_chip(
        contributions, folded, strengths
    )
