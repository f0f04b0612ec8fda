"""The table picture from real engine hands: seats, markers, bets, pots, hidden cards."""

from __future__ import annotations

import pytest
from django.utils import translation

from tutor.engine.deal import HandSetup
from tutor.engine.hand import Hand
from tutor.engine.pots import build_pots
from tutor.engine.rules import Rules
from tutor.table.examples import blinds_picture, sidepots_picture
from tutor.table.picture import from_hand, pots_of
from tutor.table.result import result_of
from tutor.words.terms import seat_name

from .hands import mid_hand, side_pot_showdown


@pytest.fixture(autouse=True)
def english() -> None:
    with translation.override("en"):
        yield


@pytest.mark.parametrize("seats", [2, 4, 6, 10])
def test_picture_mid_hand_marks_what_the_engine_says(seats: int) -> None:
    hand = mid_hand(seats)
    picture = from_hand(hand, 0, seat_name, "en")
    by_seat = {s.seat: s for s in picture.seats}
    assert picture.size == seats
    assert [s.seat for s in picture.seats if s.to_act] == [hand.to_act]
    assert [s.seat for s in picture.seats if s.button] == [hand.button]
    assert [s.seat for s in picture.seats if s.small_blind] == [hand.small_blind_seat]
    assert [s.seat for s in picture.seats if s.big_blind] == [hand.big_blind_seat]
    for seat, shown in by_seat.items():
        assert shown.folded == hand.folded[seat]
        assert shown.all_in == (not hand.folded[seat] and hand.stacks[seat] == 0)
        assert shown.bet == hand.bets[seat] and shown.stack == hand.stacks[seat]
    assert by_seat[0].you and by_seat[0].position == 0
    assert [by_seat[(k) % seats].position for k in range(seats)] == list(range(seats))


def test_picture_hides_other_hole_cards_before_the_showdown() -> None:
    hand = mid_hand(6)
    picture = from_hand(hand, 0, seat_name, "en")
    for seat in picture.seats:
        if seat.seat == 0:
            assert seat.cards == tuple(c.code for c in hand.holes[0])
        elif seat.folded:
            assert seat.cards == ()
        else:
            assert seat.cards == (None, None)
    spectator = from_hand(hand, None, seat_name, "en")
    assert all(code is None for s in spectator.seats for code in s.cards)


def test_picture_shows_cards_at_the_showdown_and_the_side_pots() -> None:
    hand = side_pot_showdown(6)
    result = result_of(hand, seat_name)
    assert result is not None and not result.uncontested
    picture = from_hand(hand, 0, seat_name, "en", best=result.best)
    for seat in picture.seats:
        assert seat.cards == tuple(c.code for c in hand.holes[seat.seat])
    assert hand.result is not None
    assert [p.amount for p in picture.pots] == [a.pot.amount for a in hand.result.pots]
    assert len(picture.pots) > 1 and picture.pots[1].name == "Side pot 1"
    winners = {s for a in hand.result.pots for s, _ in a.shares}
    assert {s.seat for s in picture.seats if s.won} == winners
    main = hand.result.pots[0].winners[0]
    assert result.pots[0].winners[0].best  # the best five, from the engine
    assert set(result.best[main]) | set(picture.best) <= set(result.pots[0].winners[0].best)


def test_pots_of_a_hand_in_progress_leave_this_rounds_bets_out() -> None:
    setup = HandSetup.stacked(Rules(), [300, 1000, 1000], 0, {0: "As Ad", 1: "Kc Kd", 2: "2c 7d"})
    hand = Hand(setup)
    hand.all_in()  # seat 0, 300
    hand.call()
    hand.call()  # to the flop: 900 in the middle
    hand.bet(200)
    earlier = [c - b for c, b in zip(hand.committed, hand.bets, strict=True)]
    expected = [p.amount for p in build_pots(earlier, list(hand.folded)).pots]
    assert [p.amount for p in pots_of(hand)] == expected == [900]


def test_result_says_everyone_else_folded() -> None:
    hand = Hand(HandSetup.new(Rules(), [1000, 1000, 1000], button=0, seed=2))
    hand.fold()
    hand.fold()
    result = result_of(hand, seat_name)
    assert result is not None and result.uncontested
    assert result.pots[0].winners[0].hand == "" and result.best == {}


def test_order_is_the_order_of_play() -> None:
    hand = mid_hand(6)
    picture = from_hand(hand, 0, seat_name, "en")
    first = (hand.big_blind_seat + 1) % 6
    assert picture.order[0] == first and sorted(picture.order) == list(range(6))
    hand = Hand(HandSetup.new(Rules(), [1000] * 4, button=1, seed=1))
    while hand.street.value == "preflop":
        hand.check_or_call()
    assert from_hand(hand, 0, seat_name, "en").order[0] == 2  # left of the button


def test_blinds_picture_numbers_the_order_of_action() -> None:
    picture = blinds_picture(50, 100, 6, "en")
    before = sorted(picture.seats, key=lambda s: s.order_before)
    assert [s.order_before for s in before] == [1, 2, 3, 4, 5, 6]
    assert before[-1].big_blind and before[-2].small_blind
    after = sorted(picture.seats, key=lambda s: s.order_after)
    assert after[0].small_blind and after[-1].button


def test_sidepots_picture_shows_contributions_and_pots() -> None:
    picture = sidepots_picture([50, 100, 200, 200], [False] * 4, [True, True, False, False], "en")
    assert [s.bet for s in picture.seats] == [50, 100, 200, 200]
    assert [p.amount for p in picture.pots] == [200, 150, 200]
    assert [s.all_in for s in picture.seats] == [True, True, False, False]
    assert all(s.stack is None for s in picture.seats)
