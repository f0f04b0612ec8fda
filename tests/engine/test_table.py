"""A table playing hand after hand: button, busted players, tournament levels and places."""

from __future__ import annotations

import doctest
import json

import pytest

from tutor.engine import table as table_module
from tutor.engine.betting import Action
from tutor.engine.deal import HandSetup
from tutor.engine.errors import InvalidInput
from tutor.engine.rules import PRESETS, BlindLevel, ButtonRule, Mode, Rules
from tutor.engine.table import Hand, Table, dead_button


def test_table_doctests():
    assert doctest.testmod(table_module).failed == 0


def finish(hand: Hand, *actions: str) -> Hand:
    for text in actions:
        hand.do(Action.parse(text))
    while not hand.is_over:
        hand.check_or_call()
    return hand


def test_button_moves_one_seat_clockwise_after_each_hand_japanese_guide():
    table = Table(Rules(), [1000] * 4, button=0)
    buttons = []
    for _ in range(5):
        hand = table.new_hand()
        buttons.append(hand.button)
        table.end_hand(finish(hand, "fold", "fold", "fold"))
    assert buttons == [0, 1, 2, 3, 0]


def test_button_and_blinds_skip_empty_seats():
    table = Table(Rules(), [1000, None, 1000, None, 1000], button=4)
    hand = table.new_hand()
    assert (hand.button, hand.small_blind_seat, hand.big_blind_seat) == (4, 0, 2)
    table.end_hand(finish(hand, "fold", "fold"))
    assert table.button == 0


def test_button_moves_past_a_busted_player():
    # Seat 1 holds 100 and goes all-in as the small blind and loses (stacked deck).
    from tutor.engine.deal import HandSetup

    table = Table(Rules(), [1000, 100, 1000, 1000], button=0)
    setup = HandSetup.stacked(table.rules, table.stacks, 0, {1: "7c 2d", 2: "As Ad"},
                              board="Kc Qd 9s 5h 4c")  # fmt: skip
    hand = finish(Hand(setup), "fold", "fold", "call")  # UTG 3, button 0 fold; SB 1 all-in
    table.end_hand(hand)
    assert table.stacks[1] is None
    assert table.button == 2  # seat 1 is empty: the button skips it
    nxt = table.new_hand()
    assert (nxt.small_blind_seat, nxt.big_blind_seat) == (3, 0)


def test_heads_up_after_a_bust_the_button_posts_the_small_blind():
    table = Table(Rules(), [1000, None, 1000], button=2)
    hand = table.new_hand()
    assert hand.small_blind_seat == hand.button == 2 and hand.big_blind_seat == 0


def bust(table: Table, loser: int, winner: int, *actions: str) -> None:
    """Play the table's next hand on a stacked deck: ``loser`` (all-in) loses to ``winner``."""
    button, blinds = table.positions()
    setup = HandSetup.stacked(table.rules, table.stacks, button, {loser: "7c 2d", winner: "As Ad"},
                              board="Kc Qd 9s 5h 4c", hand_no=table.hand_no, blinds=blinds)  # fmt: skip
    table.end_hand(finish(Hand(setup), *actions))
    assert table.stacks[loser] is None


def positions(hand: Hand) -> tuple[int, int, int]:
    return hand.button, hand.small_blind_seat, hand.big_blind_seat


@pytest.mark.parametrize(
    ("rule", "expected"),
    [(ButtonRule.DEAD, (1, 2, 3)), (ButtonRule.MOVING, (1, 3, 0))],
)
def test_dead_button_when_the_big_blind_busts_tda(rule, expected):
    table = Table(Rules(button_rule=rule), [1000, 1000, 100, 1000], button=0)
    bust(table, 2, 3, "call", "fold", "fold")  # the big blind (seat 2) is all-in for 100
    hand = table.new_hand()
    assert positions(hand) == expected
    if rule is ButtonRule.DEAD:  # seat 3 was due the big blind; the small blind is dead
        posted = [(e.seat, e.blind) for e in hand.events if e.kind == "post_blind"]
        assert posted == [(3, "big")]


@pytest.mark.parametrize(
    ("rule", "expected"),
    [(ButtonRule.DEAD, (1, 2, 3)), (ButtonRule.MOVING, (2, 3, 0))],
)
def test_dead_button_when_the_small_blind_busts_tda(rule, expected):
    table = Table(Rules(button_rule=rule), [1000, 100, 1000, 1000], button=0)
    bust(table, 1, 2, "fold", "fold", "call")  # the small blind (seat 1) calls all-in
    hand = table.new_hand()
    assert positions(hand) == expected
    if rule is ButtonRule.DEAD:  # the button sits on the empty seat: seat 0 acts last again
        for text in ("call", "call", "check"):  # seats 0, 2, 3 before the flop
            hand.do(Action.parse(text))
        assert hand.street.value == "flop" and hand.round.pending == [2, 3, 0]


def test_dead_button_heads_up_nobody_takes_the_big_blind_twice_tda():
    table = Table(Rules(button_rule=ButtonRule.DEAD), [1000, 1000, 100], button=0)
    bust(table, 2, 0, "call", "fold")  # was button 0, small blind 1, big blind 2
    hand = table.new_hand()
    assert positions(hand) == (1, 1, 0)  # heads-up: the button posts the small blind


def test_dead_button_big_blind_moves_one_player_each_hand_tda():
    table = Table(Rules(button_rule=ButtonRule.DEAD), [1000, 1000, 1000, 100, 1000], button=0)
    first = table.new_hand()
    assert positions(first) == (0, 1, 2)
    bust(table, 3, 2, "call", "fold", "fold", "fold")  # hand 1: seat 3 (under the gun) busts
    assert positions(table.new_hand()) == (1, 2, 4)  # seat 3 is gone: the big blind skips it
    assert dead_button(table.stacks, 2, 4) == (2, (4, 0))


def test_dead_button_survives_json_and_a_player_leaving():
    table = Table(Rules(button_rule=ButtonRule.DEAD), [1000, 100, 1000, 1000], button=0)
    bust(table, 1, 2, "fold", "fold", "call")
    assert (table.button, table.blinds) == (1, (2, 3))  # the button on an empty seat
    again = Table.from_dict(json.loads(json.dumps(table.to_dict())))
    assert again == table and again.new_hand() == table.new_hand()
    table.leave(3)  # the next big blind leaves: the big blind moves on to seat 0
    assert table.positions() == (2, (2, 0))  # heads-up now: seat 2 has the button


def test_hands_are_seeded_from_the_table_seed_and_number():
    a, b = Table(Rules(), [1000] * 3, seed=9), Table(Rules(), [1000] * 3, seed=9)
    assert a.new_hand().events == b.new_hand().events
    assert a.new_hand().holes != Table(Rules(), [1000] * 3, seed=10).new_hand().holes


def test_tournament_blinds_rise_on_the_schedule():
    rules = PRESETS["tournament_no_limit"].with_changes(hands_per_level=2)
    table = Table(rules, [100_000] * 3)
    seen = []
    for _ in range(5):
        hand = table.new_hand()
        seen.append((hand.level.small, hand.level.big, hand.events[0].big_blind))
        table.end_hand(finish(hand, "fold", "fold"))
    assert seen == [(25, 50, 50), (25, 50, 50), (50, 100, 100), (50, 100, 100), (75, 150, 150)]


def tournament(stacks) -> Table:
    rules = Rules(name="t", mode=Mode.TOURNAMENT, schedule=(BlindLevel(50, 100),))
    return Table(rules, stacks)


def test_finishing_order_is_the_reverse_of_elimination_czech():
    table = tournament([300, 1000, 1000, 100])
    from tutor.engine.deal import HandSetup

    # Hand 1: seat 3 (100) all-in against seat 0 and loses.
    holes = {3: "7c 2d", 1: "As Ad", 2: "8h 3s"}
    setup = HandSetup.stacked(table.rules, table.stacks, 0, holes, board="Kc Qd 9s 5h 4c")
    table.end_hand(finish(Hand(setup), "call", "fold", "call", "check"))
    assert table.stacks[3] is None
    # Hand 2: seat 0 (300) goes all-in and loses to seat 2's kings.
    setup = HandSetup.stacked(table.rules, table.stacks, table.button, {0: "7h 2s", 2: "Ks Kd"},
                              board="Kc Qd 9s 5h 4c", hand_no=2)  # fmt: skip
    hand = Hand(setup)
    while not hand.is_over:
        if hand.to_act == 0:
            hand.all_in()
        else:
            hand.check_or_call()
    table.end_hand(hand)
    assert table.stacks[0] is None
    order = table.finishing_order()
    assert order[-2:] == [0, 3]  # the first out finishes last
    assert table.places()[3] == 4 and table.places()[0] == 3


def test_players_busted_in_the_same_hand_place_by_starting_stack_tda():
    table = tournament([200, 5000, 300, 1000])
    from tutor.engine.deal import HandSetup

    holes = {0: "7c 2d", 1: "As Ad", 2: "8h 3s"}
    setup = HandSetup.stacked(table.rules, table.stacks, 3, holes, board="Kc Qd 9s 5h 4c")
    hand = Hand(setup)  # button 3, SB 0, BB 1, UTG 2
    hand.all_in()  # seat 2: 300
    hand.fold()  # seat 3
    hand.all_in()  # seat 0: 200
    while not hand.is_over:
        hand.check_or_call()
    table.end_hand(hand)
    assert table.stacks[0] is None and table.stacks[2] is None
    places = table.places()
    assert places[2] < places[0]  # 300 at the start of the hand beats 200
    assert places == {1: 1, 3: 2, 2: 3, 0: 4}


def test_equal_starting_stacks_busted_together_share_a_place():
    table = tournament([1000, 300, 300])
    from tutor.engine.deal import HandSetup

    setup = HandSetup.stacked(table.rules, table.stacks, 0, {0: "As Ad", 1: "7c 2d", 2: "8h 3s"},
                              board="Kc Qd 9s 5h 4c")  # fmt: skip
    hand = Hand(setup)  # button 0 is UTG three-handed
    hand.raise_to(300)
    hand.call()
    hand.call()
    table.end_hand(finish(hand))
    assert table.places() == {0: 1, 1: 2, 2: 2}
    assert table.is_finished


def test_end_hand_checks_the_hand():
    table = Table(Rules(), [1000] * 3)
    hand = table.new_hand()
    with pytest.raises(InvalidInput) as error:
        table.end_hand(hand)
    assert error.value.code == "hand_not_over"
    finish(hand, "fold", "fold")
    table.end_hand(hand)
    with pytest.raises(InvalidInput) as error:
        table.end_hand(hand)
    assert error.value.code == "hand_not_from_this_table"


def test_cash_game_seating_between_hands():
    table = Table(Rules(), [1000, None, 1000])
    table.sit(1, 500)
    assert table.players == [0, 1, 2]
    table.leave(0)
    assert table.button == 1
    with pytest.raises(InvalidInput):
        table.sit(2, 100)
    with pytest.raises(InvalidInput):
        tournament([100, 100]).sit(0, 100)


def test_table_round_trips_through_json():
    table = tournament([1000, 100, 1000])
    table.end_hand(finish(table.new_hand(), "call", "call"))
    again = Table.from_dict(json.loads(json.dumps(table.to_dict())))
    assert again == table
    assert again.new_hand() == table.new_hand()
