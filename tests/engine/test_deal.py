"""Hand setups: validation, seeded and stacked decks, the dealing order."""

from __future__ import annotations

import doctest
import json

import pytest

from tutor.engine import deal
from tutor.engine.cards import DECK, parse_cards
from tutor.engine.deal import HandSetup, clockwise
from tutor.engine.errors import InvalidCards, InvalidInput
from tutor.engine.hand import Hand
from tutor.engine.rules import Rules


def test_deal_doctests():
    assert doctest.testmod(deal).failed == 0


def test_clockwise_skips_empty_seats_and_ends_at_the_start():
    assert clockwise([10, None, 10, 10, None], 2) == [3, 0, 2]


@pytest.mark.parametrize(
    ("stacks", "button", "code"),
    [
        ([1000], 0, "seat_count"),
        ([1000] * 11, 0, "seat_count"),
        ([1000, None, None], 0, "too_few_players"),
        ([1000, 0, 1000], 0, "bad_stack"),
        ([1000, -5, 1000], 0, "bad_stack"),
        ([1000, True, 1000], 0, "bad_stack"),
        ([1000, None, 1000], 1, "bad_button"),
        ([1000, 1000], 2, "bad_button"),
    ],
)
def test_bad_setups_are_refused(stacks, button, code):
    with pytest.raises(InvalidInput) as error:
        HandSetup.new(Rules(), stacks, button)
    assert error.value.code == code


@pytest.mark.parametrize(
    ("stacks", "button", "blinds"),
    [
        ([1000, None, 1000, 1000], 1, (2, 1)),  # the big blind on an empty seat
        ([1000, None, 1000, 1000], 1, (2, 2)),  # one seat for both blinds
        ([1000, None, 1000, 1000], 1, (2, 4)),  # no such seat
        ([1000, None, 1000, 1000], 1, (2, True)),
        ([1000, None, 1000, 1000], 4, (1, 2)),  # the button off the table
    ],
)
def test_bad_blind_seats_are_refused(stacks, button, blinds):
    with pytest.raises(InvalidInput) as error:
        HandSetup.new(Rules(), stacks, button, blinds=blinds)
    assert error.value.code in {"malformed_setup", "bad_button"}


def test_placed_blinds_allow_a_dead_button_and_a_dead_small_blind():
    setup = HandSetup.new(Rules(), [1000, None, None, 1000, 1000], button=1, blinds=(2, 3))
    hand = Hand(setup)
    posted = [(e.seat, e.blind) for e in hand.events if e.kind == "post_blind"]
    assert posted == [(3, "big")]  # nobody posts the dead small blind
    assert (hand.button, hand.small_blind_seat, hand.big_blind_seat) == (1, 2, 3)
    assert hand.to_act == 4  # left of the big blind
    again = HandSetup.from_dict(json.loads(json.dumps(setup.to_dict())))
    assert again == setup and again.blinds == (2, 3)


def test_the_deck_must_be_all_52_cards():
    with pytest.raises(InvalidCards):
        HandSetup(Rules(), (100, 100), 0, DECK[:-1] + DECK[:1])


def test_hole_cards_are_dealt_one_at_a_time_from_left_of_the_button():
    setup = HandSetup.new(Rules(), [1000, None, 1000, 1000], button=2, seed=1)
    hand = Hand(setup)
    deck = setup.deck  # order of dealing: seats 3, 0, 2, then again
    assert hand.holes == {3: (deck[0], deck[3]), 0: (deck[1], deck[4]), 2: (deck[2], deck[5])}


def test_stacked_setup_deals_the_chosen_cards():
    setup = HandSetup.stacked(Rules(), [1000] * 3, 1, {0: "Ah Kh", 2: "7c 7d"}, "2s 3s 4s 5s 6s")
    hand = Hand(setup)
    assert hand.holes[0] == parse_cards("Ah Kh") and hand.holes[2] == parse_cards("7c 7d")
    hand.all_in()
    while not hand.is_over:
        hand.check_or_call()
    assert hand.board == list(parse_cards("2s 3s 4s 5s 6s"))


def test_stacked_setup_refuses_a_card_given_twice():
    with pytest.raises(InvalidCards):
        HandSetup.stacked(Rules(), [1000] * 2, 0, {0: "Ah Kh"}, "Ah 3s 4s")


def test_setup_round_trips_through_json():
    setup = HandSetup.new(Rules.pot_limit(5, 10), [300, None, 200], button=2, seed="s", hand_no=4)
    assert HandSetup.from_dict(json.loads(json.dumps(setup.to_dict()))) == setup
    with pytest.raises(InvalidInput):
        HandSetup.from_dict({"rules": Rules().to_dict()})
