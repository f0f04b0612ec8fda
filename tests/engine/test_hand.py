"""Rule-cited fixtures for one hand: order of action, sizes, reopening, pots, showdown.

Sources: the Japanese guide (002), the Czech rules text (003), TDA 2022 rules,
WSOP rules 96 / 96a and Robert's Rules of Poker, cited in each test's name.
Expected numbers are worked out from the rules by hand in the comments.
"""

from __future__ import annotations

import doctest
import json

import pytest

from tutor.engine import events as ev
from tutor.engine import hand as hand_module
from tutor.engine.betting import Action, ActionKind, Reason
from tutor.engine.cards import parse_cards
from tutor.engine.errors import IllegalAction, InvalidInput
from tutor.engine.hand import Hand, HandSetup, Street
from tutor.engine.pots import OddChipRule
from tutor.engine.rules import AnteMode, BigBlindAnteOrder, FreeFold, ReopenRule, Rules

NL = Rules.no_limit(50, 100)


def new(stacks, button=0, rules=NL, seed=0, **cards) -> Hand:
    holes = cards.get("holes")
    if holes is None:
        return Hand(HandSetup.new(rules, stacks, button, seed=seed))
    setup = HandSetup.stacked(rules, stacks, button, holes, cards.get("board", ""), seed=seed)
    return Hand(setup)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def play(hand: Hand, *actions: str) -> None:
    for text in actions:
        hand.do(Action.parse(text))


def check_down(hand: Hand) -> None:
    while not hand.is_over:
        hand.check_or_call()


def of_type(hand: Hand, cls):
    return [e for e in hand.events if isinstance(e, cls)]


def test_hand_doctests():
    assert doctest.testmod(hand_module).failed == 0


# -- order of action ------------------------------------------------------------


def test_heads_up_button_posts_small_blind_and_acts_first_preflop_roberts_rules():
    hand = new([1000, 1000], button=1)
    assert (hand.small_blind_seat, hand.big_blind_seat) == (1, 0)
    blinds = of_type(hand, ev.PostBlind)
    assert [(b.seat, b.blind, b.amount) for b in blinds] == [(1, "small", 50), (0, "big", 100)]
    assert hand.to_act == 1


def test_heads_up_button_acts_last_after_the_flop_roberts_rules():
    hand = new([1000, 1000], button=1)
    play(hand, "call", "check")
    assert hand.street is Street.FLOP
    assert hand.to_act == 0  # the big blind, left of the button
    hand.check()
    assert hand.to_act == 1


def test_utg_acts_first_and_big_blind_last_preflop_japanese_guide():
    hand = new([1000] * 6, button=0)  # SB 1, BB 2, UTG 3
    order = []
    while hand.street is Street.PREFLOP:
        order.append(hand.to_act)
        hand.check_or_call()
    assert order == [3, 4, 5, 0, 1, 2]


def test_big_blind_may_raise_when_everyone_just_called_japanese_guide():
    hand = new([1000] * 4, button=0)
    play(hand, "call", "call", "call")  # UTG, button, small blind
    assert hand.to_act == 2
    opts = hand.options()
    assert opts.can_check and opts.aggression is ActionKind.RAISE
    assert opts.min_to == 200
    hand.raise_to(300)
    assert hand.to_act == 3  # the callers must answer the big blind's raise


def test_postflop_action_starts_left_of_button_button_last_japanese_guide():
    hand = new([1000] * 4, button=0)
    play(hand, "call", "call", "fold", "check")  # the small blind (seat 1) folds
    assert hand.street is Street.FLOP
    order = []
    while hand.street is Street.FLOP:
        order.append(hand.to_act)
        hand.check()
    assert order == [2, 3, 0]


def test_all_in_player_is_skipped_japanese_guide():
    hand = new([1000, 1000, 300], button=0)  # BB (seat 2) holds 300
    play(hand, "raise 300", "call", "call")  # BB calls all-in
    assert hand.street is Street.FLOP
    seen = set()
    while not hand.is_over:
        seen.add(hand.to_act)
        hand.check_or_call()
    assert seen == {0, 1}


def test_hand_ends_at_once_when_one_player_is_left_japanese_guide():
    hand = new([1000] * 3, button=0)
    play(hand, "fold", "fold")
    assert hand.is_over
    assert not of_type(hand, ev.DealBoard)
    assert not of_type(hand, ev.ShowHand)
    assert hand.stacks == [1000, 950, 1050]  # the big blind wins the small blind


def test_board_is_dealt_out_without_betting_when_one_player_can_bet_czech():
    hand = new([1000, 1000], button=0)
    hand.all_in()
    hand.call()
    boards = of_type(hand, ev.DealBoard)
    assert [(b.street, len(b.cards), b.betting) for b in boards] == [
        ("flop", 3, False),
        ("turn", 1, False),
        ("river", 1, False),
    ]
    assert hand.is_over and sum(hand.stacks) == 2000


# -- sizes ----------------------------------------------------------------------


def test_min_bet_is_the_big_blind_no_limit_czech():
    hand = new([1000] * 2, button=0)
    play(hand, "call", "check")
    with pytest.raises(IllegalAction) as error:
        hand.bet(99)
    assert error.value.code == Reason.BELOW_MIN_BET
    assert error.value.details == {"amount": 99, "minimum": 100}
    hand.bet(100)


def test_min_raise_is_the_largest_previous_raise_tda_43():
    hand = new([5000] * 4, button=0)  # UTG is seat 3
    hand.raise_to(350)  # a raise of 250 over the big blind
    assert hand.options().min_to == 600
    with pytest.raises(IllegalAction) as error:
        hand.raise_to(500)
    assert error.value.as_dict() == {"code": "below_min_raise", "amount": 500, "minimum": 600}
    hand.raise_to(1000)  # a raise of 650
    assert hand.options().min_to == 1650


def test_pot_limit_maximum_is_the_pot_after_the_call_czech():
    rules = Rules.pot_limit(50, 100)
    hand = new([5000] * 4, button=0, rules=rules)
    # UTG: pot 150, the call makes it 250, so the raise is 250 more: to 350.
    assert hand.options().max_to == 350
    with pytest.raises(IllegalAction) as error:
        hand.raise_to(351)
    assert error.value.code == Reason.ABOVE_MAX_RAISE
    hand.raise_to(350)
    # Button: pot 500, calling 350 makes it 850: to 350 + 850 = 1200.
    assert hand.options().max_to == 1200


def test_pot_limit_maximum_counts_dead_antes():
    rules = Rules.pot_limit(50, 100, ante=10, ante_mode=AnteMode.EACH)
    hand = new([5000] * 4, button=0, rules=rules)
    # Pot 40 antes + 150 blinds, the call makes it 290: to 100 + 290 = 390.
    assert hand.options().max_to == 390


def test_fixed_limit_small_bet_then_big_bet_czech():
    rules = Rules.fixed_limit(50, 100)
    hand = new([5000] * 3, button=0, rules=rules)
    assert (hand.options().min_to, hand.options().max_to) == (200, 200)
    play(hand, "call", "call", "check")
    with pytest.raises(IllegalAction) as error:
        hand.bet(150)
    assert error.value.as_dict() == {"code": "fixed_limit_amount", "amount": 150, "required": 100}
    play(hand, "bet 100", "call", "call")
    assert hand.street is Street.TURN
    assert hand.options().min_to == hand.options().max_to == 200


def test_fixed_limit_a_bet_and_three_raises_czech():
    rules = Rules.fixed_limit(50, 100)
    hand = new([5000] * 5, button=0, rules=rules)  # the big blind counts as the bet
    play(hand, "raise 200", "raise 300", "raise 400")
    opts = hand.options()
    assert opts.aggression is None and opts.blocked is Reason.RAISE_CAP_REACHED
    with pytest.raises(IllegalAction) as error:
        hand.raise_to(500)
    assert error.value.as_dict() == {"code": "raise_cap_reached", "raises": 3, "cap": 3}
    play(hand, "call", "call", "call", "call")  # seats 1, 2, 3, 4
    assert hand.street is Street.FLOP
    play(hand, "bet 100", "raise 200", "raise 300", "raise 400")
    assert hand.options().blocked is Reason.RAISE_CAP_REACHED


def test_fixed_limit_cap_stays_when_a_fold_after_it_leaves_two_roberts_rules():
    rules = Rules.fixed_limit(50, 100, uncapped_heads_up=True)
    hand = new([5000] * 3, button=0, rules=rules)  # 3-handed: the button is first to act
    play(hand, "raise 200", "raise 300", "raise 400")  # the cap, three players with chips
    assert hand.options().blocked is Reason.RAISE_CAP_REACHED
    play(hand, "fold")  # heads-up now, but the cap was reached before
    assert hand.heads_up()
    opts = hand.options()
    assert opts.aggression is None and opts.blocked is Reason.RAISE_CAP_REACHED
    play(hand, "call")
    assert hand.street is Street.FLOP
    play(hand, "bet 100", "raise 200", "raise 300", "raise 400", "raise 500")  # a new round
    assert hand.options().aggression is ActionKind.RAISE  # heads-up before its cap


def test_fixed_limit_uncapped_when_heads_up_before_the_cap_roberts_rules():
    rules = Rules.fixed_limit(50, 100, uncapped_heads_up=True)
    hand = new([5000] * 3, button=0, rules=rules)
    play(hand, "fold", "raise 200", "raise 300", "raise 400", "raise 500", "raise 600")
    assert hand.options().aggression is ActionKind.RAISE and hand.options().min_to == 700


@pytest.mark.parametrize(("uncapped", "can_raise"), [(False, False), (True, True)])
def test_all_in_players_do_not_count_toward_the_cap_roberts_rules(uncapped, can_raise):
    rules = Rules.fixed_limit(50, 100, uncapped_heads_up=uncapped)
    hand = new([5000, 5000, 150], button=0, rules=rules)  # the big blind (seat 2) holds 150
    play(hand, "raise 200", "raise 300", "call")  # seat 2 calls all-in for 150
    assert not hand.can_act(2) and len(hand.in_hand()) == 3 and hand.heads_up()
    play(hand, "raise 400")  # the third raise: two players with chips, so no cap
    assert (hand.options().aggression is ActionKind.RAISE) is can_raise


@pytest.mark.parametrize(("uncapped", "can_raise"), [(False, False), (True, True)])
def test_fixed_limit_cap_lifted_heads_up_is_a_setting(uncapped, can_raise):
    rules = Rules.fixed_limit(50, 100, uncapped_heads_up=uncapped)
    hand = new([5000] * 2, button=0, rules=rules)
    play(hand, "raise 200", "raise 300", "raise 400")
    assert (hand.options().aggression is ActionKind.RAISE) is can_raise


def test_seed_game_presets_raise_multiple_and_pot_share_japanese_guide():
    hand = new([5000] * 3, button=0)
    assert hand.preset_action("3x") == Action(ActionKind.RAISE, 300)
    assert hand.preset_action("2x") == Action(ActionKind.RAISE, 200)
    play(hand, "call", "call", "check")  # pot 300
    assert hand.preset_action("50%") == Action(ActionKind.BET, 150)
    assert hand.preset_action("100") == Action(ActionKind.BET, 300)
    assert hand.preset_action("33") == Action(ActionKind.BET, 100)  # 99 -> minimum 100
    with pytest.raises(IllegalAction):
        hand.preset_action("2x")  # nothing to raise yet


def test_presets_clamp_to_the_stack():
    hand = new([5000, 5000, 250], button=1)  # UTG is the button (3-handed); SB seat 2 has 250
    assert hand.to_act == 1
    hand.play_preset("2x")
    assert hand.to_act == 2
    assert hand.preset_action("3x") == Action(ActionKind.RAISE, 250)  # 600 is more than all-in
    with pytest.raises(InvalidInput):
        hand.preset_action("lots")


# -- reopening ------------------------------------------------------------------


def tda_47_example(reopen: ReopenRule) -> Hand:
    """TDA 47 example 1: blinds 50-100; after the flop A bets 100, B goes all-in
    for 125, C calls, D goes all-in for 200, E calls. Seats A..E = 0..4, button E."""
    rules = Rules.no_limit(50, 100, reopen=reopen)
    hand = new([5000, 225, 5000, 300, 5000], button=4, rules=rules)
    play(hand, "call", "call", "call", "call", "check")  # C, D, E, A, B pre-flop
    assert hand.street is Street.FLOP and hand.to_act == 0
    play(hand, "bet 100", "raise 125", "call", "raise 200", "call")
    return hand


def test_short_all_in_does_not_reopen_betting_wsop_96():
    hand = new([5000, 250, 5000, 5000], button=3)  # A=0 (SB), B=1 (BB) holds 250
    play(hand, "call", "call", "call", "check")  # pre-flop: seats 2, 3, 0 call; 1 checks
    play(hand, "bet 100", "raise 150", "call")  # A bets, B all-in 150, C calls
    assert hand.to_act == 3  # D has not acted: may raise over the all-in
    assert hand.options().min_to == 250
    hand.call()
    assert hand.to_act == 0  # A faces 50 more, less than a full raise of 100
    opts = hand.options()
    assert opts.aggression is None and opts.blocked is Reason.BETTING_NOT_REOPENED
    with pytest.raises(IllegalAction) as error:
        hand.raise_to(400)
    assert error.value.as_dict() == {"code": "betting_not_reopened", "faced": 50, "full_raise": 100}
    raise_event = next(e for e in hand.events if isinstance(e, ev.Raise) and e.seat == 1)
    assert raise_event.all_in and not raise_event.full


def test_cumulative_short_all_ins_reopen_betting_wsop_96a_tda_47():
    hand = tda_47_example(ReopenRule.CUMULATIVE)
    assert hand.to_act == 0  # A faces 100 = a full raise: may raise
    opts = hand.options()
    assert opts.aggression is ActionKind.RAISE and opts.min_to == 300
    hand.call()
    assert hand.to_act == 2  # C faces only 75 more since calling: call or fold
    assert hand.options().blocked is Reason.BETTING_NOT_REOPENED


def test_single_raise_rule_short_all_ins_never_add_up():
    hand = tda_47_example(ReopenRule.SINGLE_RAISE)
    assert hand.to_act == 0
    assert hand.options().blocked is Reason.BETTING_NOT_REOPENED


def test_short_all_in_bet_does_not_reopen_for_a_player_who_checked_tda_47():
    hand = new([5000, 5000, 150], button=0)  # seat 2 (BB) will hold 50 after pre-flop
    play(hand, "call", "call", "check")
    play(hand, "check", "bet 50")  # seat 1 checks, seat 2 all-in for 50 (below the minimum)
    assert hand.to_act == 0  # has not acted: may raise, at least 50 + 100
    assert hand.options().min_to == 150
    hand.call()
    assert hand.options().blocked is Reason.BETTING_NOT_REOPENED


# -- blinds, antes, forced bets ---------------------------------------------------


def test_antes_are_dead_and_blinds_count_toward_the_bet_czech():
    rules = Rules.no_limit(50, 100, ante=10, ante_mode=AnteMode.EACH)
    hand = new([1000] * 4, button=0, rules=rules)
    antes = of_type(hand, ev.PostAnte)
    assert [a.amount for a in antes] == [10] * 4
    assert hand.options().to_call == 100  # the ante is not part of UTG's bet
    hand.call()
    hand.call()
    assert hand.options().to_call == 50  # the small blind's 50 counts
    hand.fold()
    assert hand.options().can_check  # the big blind's 100 is its bet
    assert hand.pot == 40 + 100 + 100 + 50 + 100


def test_everyone_folds_to_big_blind_antes_stay_in_the_pot():
    rules = Rules.no_limit(50, 100, ante=10, ante_mode=AnteMode.EACH)
    hand = new([1000] * 4, button=0, rules=rules)
    play(hand, "fold", "fold", "fold")
    # The big blind's 100 against the small blind's 50: 50 uncalled goes back.
    assert [(e.seat, e.amount) for e in of_type(hand, ev.ReturnUncalled)] == [(2, 50)]
    assert hand.stacks == [990, 940, 1000 - 10 + 40 + 50, 990]


def test_big_blind_ante_is_dead_money_in_the_main_pot():
    rules = Rules.no_limit(50, 100, ante=100, ante_mode=AnteMode.BIG_BLIND)
    holes = {0: "As Ad", 1: "7c 2d", 2: "8h 3s"}
    hand = new([50, 1000, 1000], button=0, rules=rules, holes=holes, board="Kc Qd 9s 5h 4c")
    play(hand, "call", "fold")  # the button calls all-in for 50, the small blind folds
    assert hand.is_over
    # Live chips: 50 x 3 (the big blind's other 50 is returned); the whole ante
    # is in the main pot, so the 50 chip all-in wins 150 + 100.
    assert hand.stacks == [250, 950, 1000 - 100 - 50]


@pytest.mark.parametrize(
    ("order", "blind", "ante"),
    [(BigBlindAnteOrder.BLIND_FIRST, 100, 50), (BigBlindAnteOrder.ANTE_FIRST, 50, 100)],
)
def test_short_big_blind_ante_order_tda(order, blind, ante):
    rules = Rules.no_limit(
        50, 100, ante=100, ante_mode=AnteMode.BIG_BLIND, big_blind_ante_order=order
    )
    hand = new([1000, 1000, 150], button=0, rules=rules)
    assert [b.amount for b in of_type(hand, ev.PostBlind)] == [50, blind]
    assert [a.amount for a in of_type(hand, ev.PostAnte)] == [ante]


def test_short_big_blind_others_call_the_full_big_blind_roberts_rules():
    hand = new([1000, 1000, 60, 1000], button=0)  # the big blind (seat 2) posts 60 all-in
    assert of_type(hand, ev.PostBlind)[1].amount == 60
    opts = hand.options()
    assert opts.to_call == 100 and opts.min_to == 200


# -- pots, uncalled bets, odd chips ------------------------------------------------


def test_uncalled_bet_is_returned():
    hand = new([1000] * 3, button=0)
    play(hand, "raise 300", "fold", "fold")
    # The big blind's 100 called 100 of the raise; 200 was never called.
    assert [(e.seat, e.amount) for e in of_type(hand, ev.ReturnUncalled)] == [(0, 200)]
    assert hand.stacks == [1150, 950, 900]


def test_side_pots_with_a_folded_player_japanese_example():
    # The guide's example: 50 all-in, 100 all-in, 200 and 200, plus a small blind
    # of 5 that folds. Pots: 50 x 4 + 5 = 205, 50 x 3 = 150, 100 x 2 = 200.
    rules = Rules.no_limit(5, 10)
    holes = {0: "9c 9d", 1: "As Ad", 2: "Ks Kd", 3: "Qs Qd", 4: "7h 6c"}
    hand = new([1000, 50, 100, 1000, 1000], button=4, rules=rules, holes=holes,
               board="2c 5d 9h Js 3c")  # fmt: skip
    play(hand, "raise 100", "raise 200", "call", "fold", "call")
    check_down(hand)
    pots = [(p.amount, p.eligible, p.winners) for p in of_type(hand, ev.AwardPot)]
    assert pots == [(205, (1, 2, 3, 4), (1,)), (150, (2, 3, 4), (2,)), (200, (3, 4), (3,))]
    assert hand.stacks == [995, 205, 150, 1000, 800]


@pytest.mark.parametrize(
    ("rule", "left_gets", "right_gets"),
    [(OddChipRule.LEFT_OF_BUTTON, 28, 27), (OddChipRule.RIGHT_OF_BUTTON, 27, 28)],
)
def test_odd_chip_japanese_left_of_button_czech_right_of_button(rule, left_gets, right_gets):
    # Blinds 5/11 make a pot of 22 + 22 + 11 = 55 shared by seats 1 and 3 (the board plays).
    rules = Rules.no_limit(5, 11, odd_chip=rule)
    holes = {0: "2c 3d", 1: "4c 5d", 2: "6c 7d", 3: "4h 5s"}
    hand = new([1000] * 4, button=0, rules=rules, holes=holes, board="Ah Kh Qh Jh Th")
    play(hand, "raise 22", "fold", "call", "fold")
    check_down(hand)
    (award,) = of_type(hand, ev.AwardPot)
    assert award.amount == 55 and award.odd_chips == 1
    assert hand.stacks[1] == 1000 - 22 + left_gets  # seat 1 is left of the button
    assert hand.stacks[3] == 1000 - 22 + right_gets  # seat 3 is right of the button


# -- showdown ------------------------------------------------------------------------


def river_hand(bettor_acts: bool) -> Hand:
    holes = {0: "Ks Kd", 1: "Qs Qd", 2: "Js Jd"}
    hand = new([1000] * 3, button=0, holes=holes, board="2c 5d 9h 3s 7c")
    play(hand, "call", "call", "check")
    while hand.street is not Street.RIVER:
        hand.check()
    if bettor_acts:
        play(hand, "check", "bet 100", "call", "call")  # seat 2 bets on the river
    else:
        play(hand, "check", "check", "check")
    return hand


def shows_and_mucks(hand: Hand) -> list[tuple[str, int]]:
    return [(e.kind, e.seat) for e in hand.events if isinstance(e, ev.ShowHand | ev.Muck)]


def test_last_river_bettor_shows_first_others_may_muck_czech():
    hand = river_hand(bettor_acts=True)
    # Seat 2 (jacks) bet last: shows first; seat 0 (kings) beats it and shows;
    # seat 1 (queens) cannot win and mucks.
    assert shows_and_mucks(hand) == [("show_hand", 2), ("show_hand", 0), ("muck", 1)]
    assert hand.stacks == [1400, 800, 800]  # pot 3 x 100 + 3 x 100


def test_without_a_river_bet_first_seat_left_of_button_shows_first_tda_17():
    hand = river_hand(bettor_acts=False)
    assert shows_and_mucks(hand) == [("show_hand", 1), ("muck", 2), ("show_hand", 0)]


def test_all_in_hands_face_up_before_the_rest_of_the_board_tda_16():
    holes = {0: "As Ad", 1: "Kc Kd"}
    hand = new([1000, 1000], button=0, holes=holes, board="2c 5d 9h 3s Kh")
    play(hand, "raise 1000")
    events = hand.call()
    assert kinds(events) == [
        "call", "show_hand", "show_hand", "deal_board", "deal_board", "deal_board",
        "award_pot", "hand_end",
    ]  # fmt: skip
    shows = [e for e in events if isinstance(e, ev.ShowHand)]
    assert [(e.seat, e.category, e.best_five) for e in shows] == [(1, "", ()), (0, "", ())]
    assert hand.shown == {1: parse_cards("Kc Kd"), 0: parse_cards("As Ad")}
    assert hand.stacks == [0, 2000]  # the river king: three kings beat the aces


def test_all_in_on_the_flop_tables_before_the_turn_tda_16():
    holes = {0: "As Ad", 1: "Kc Kd", 2: "7h 7d"}
    hand = new([1000, 3000, 3000], button=0, holes=holes, board="2c 5d 9h 3s 4h")
    play(hand, "call", "call", "check")  # flop: seat 1 first
    play(hand, "check", "bet 2900", "fold", "call")  # seat 2 bets, seat 0 folds, seat 1 calls
    tail = kinds(hand.events[-7:])
    assert tail == ["call", "show_hand", "show_hand", "deal_board", "deal_board", "award_pot",
                    "hand_end"]  # fmt: skip
    boards = [(e.street, e.betting) for e in of_type(hand, ev.DealBoard)]
    assert boards == [("flop", True), ("turn", False), ("river", False)]


def test_all_in_with_two_players_left_to_bet_shows_at_the_river_tda_16():
    holes = {0: "As Ad", 1: "Kc Kd", 2: "7h 7d"}
    hand = new([300, 3000, 3000], button=0, holes=holes, board="2c 5d 9h 3s 4h")
    play(hand, "raise 300", "call", "call")  # seat 0 all-in; seats 1 and 2 still have chips
    check_down(hand)
    first_show = next(i for i, e in enumerate(hand.events) if e.kind == "show_hand")
    last_board = max(i for i, e in enumerate(hand.events) if e.kind == "deal_board")
    assert first_show > last_board  # betting went on: tabled at the showdown, with categories
    assert all(e.category for e in of_type(hand, ev.ShowHand))
    assert sorted(e.seat for e in of_type(hand, ev.ShowHand)) == [0, 1, 2]


def test_all_in_on_the_river_shows_with_categories_in_order_tda_16():
    holes = {0: "As Ad", 1: "Kc Kd"}
    hand = new([1000, 1000], button=0, holes=holes, board="2c 5d 9h 3s 7h")
    play(hand, "call", "check", "check", "check", "check", "check")
    play(hand, "bet 900", "call")  # seat 1 acts first after the flop
    shows = of_type(hand, ev.ShowHand)
    assert [(e.seat, e.category) for e in shows] == [(1, "one_pair"), (0, "one_pair")]


def test_all_in_hands_are_tabled_tda_16():
    holes = {0: "Ks Kd", 1: "Qs Qd", 2: "Js Jd"}
    hand = new([1000, 1000, 500], button=0, holes=holes, board="2c 5d 9h 3s 7c")
    play(hand, "call", "call", "raise 500", "call", "call")
    check_down(hand)
    assert sorted(seat for kind, seat in shows_and_mucks(hand) if kind == "show_hand") == [0, 1, 2]


# -- legal actions and errors ---------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "seat", "code"),
    [
        (Action(ActionKind.CALL), 0, "not_your_turn"),
        (Action(ActionKind.CHECK), None, "cannot_check"),
        (Action(ActionKind.BET, 300), None, "bet_not_allowed"),
        (Action(ActionKind.RAISE, 150), None, "below_min_raise"),
        (Action(ActionKind.RAISE, 1001), None, "amount_exceeds_stack"),
        (Action(ActionKind.RAISE, None), None, "amount_required"),
        (Action(ActionKind.RAISE, "300"), None, "amount_not_integer"),
    ],
)
def test_illegal_actions_carry_reason_codes(action, seat, code):
    hand = new([1000] * 4, button=0)  # UTG (seat 3) to act facing the big blind
    with pytest.raises(IllegalAction) as error:
        hand.do(action, seat=seat)
    assert error.value.code == code
    assert not hand.can(action, seat=seat)


def test_fold_when_a_check_is_free_is_not_offered_japanese_guide():
    hand = new([1000] * 3, button=0)
    play(hand, "call", "call", "check")
    opts = hand.options()
    assert opts.can_check and not opts.can_fold
    assert ActionKind.FOLD not in [a.kind for a in opts.legal()]
    with pytest.raises(IllegalAction) as error:
        hand.fold()
    assert error.value.code == "check_available"


def test_fold_when_a_check_is_free_is_allowed_and_binding_tda_roberts_rules():
    rules = NL.with_changes(free_fold=FreeFold.BINDING)
    hand = new([1000] * 3, button=0, rules=rules)
    play(hand, "call", "call", "check")
    opts = hand.options()
    assert opts.can_check and opts.can_fold and opts.to_dict()["can_fold"]
    assert [a.kind for a in opts.legal()][:2] == [ActionKind.FOLD, ActionKind.CHECK]
    seat = hand.to_act
    assert kinds(hand.fold()) == ["fold"]
    assert seat not in hand.in_hand()  # binding: the hand is dead
    play(hand, "check", "check")
    assert hand.street is Street.TURN and seat not in hand.round.pending
    assert Hand.from_dict(json.loads(json.dumps(hand.to_dict()))) == hand


def test_nothing_to_call_and_fold_when_check_is_available():
    hand = new([1000] * 2, button=0)
    play(hand, "call", "check")
    for kind, code in ((ActionKind.CALL, "nothing_to_call"), (ActionKind.FOLD, "check_available")):
        with pytest.raises(IllegalAction) as error:
            hand.do(Action(kind))
        assert error.value.code == code


def test_no_action_after_the_hand_is_over():
    hand = new([1000] * 2, button=0)
    hand.fold()
    with pytest.raises(IllegalAction) as error:
        hand.check()
    assert error.value.code == Reason.HAND_OVER


def test_no_raise_when_every_opponent_is_all_in():
    hand = new([1000, 300, 1000], button=0)  # the small blind holds 300
    play(hand, "fold", "raise 300")  # button folds, small blind all-in
    opts = hand.options()  # big blind: call or fold only
    assert opts.blocked is Reason.NO_OPPONENT_CAN_CALL and opts.to_call == 200


def test_all_in_convenience_and_legal_list():
    hand = new([1000] * 3, button=0)
    legal = hand.options().legal()
    assert {a.kind for a in legal} == {ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE}
    (event,) = hand.all_in()
    assert isinstance(event, ev.Raise) and event.to == 1000 and event.all_in


# -- seeds, burns, history, JSON, views -------------------------------------------------


def test_seed_reproduces_the_hand():
    a, b, c = new([1000] * 4, seed=7), new([1000] * 4, seed=7), new([1000] * 4, seed=8)
    assert a.events == b.events
    assert a.holes != c.holes


def test_burn_card_before_each_street_is_optional():
    plain = new([1000] * 2, seed=3)
    burnt = new([1000] * 2, seed=3, rules=Rules.no_limit(50, 100, burn_cards=True))
    for hand in (plain, burnt):
        hand.all_in()
        hand.call()
    deck = plain.setup.deck
    assert not of_type(plain, ev.Burn)
    assert plain.board == list(deck[4:9])
    burns = [e.card for e in of_type(burnt, ev.Burn)]
    assert burns == [deck[4], deck[8], deck[10]]
    assert burnt.board == [deck[5], deck[6], deck[7], deck[9], deck[11]]


def test_history_replays_to_the_same_state_and_json_round_trips():
    hand = new([1000, 400, 1000, 250], seed=11)
    play(hand, "raise 250", "call", "call", "call")
    restored = Hand.from_dict(json.loads(json.dumps(hand.to_dict())))
    assert restored == hand
    assert restored.stacks == hand.stacks and restored.to_act == hand.to_act
    check_down(hand)
    again = Hand.replay(hand.setup, hand.events)
    assert again.stacks == hand.stacks and again.is_over


def test_replay_refuses_a_tampered_history():
    hand = new([1000] * 3, seed=5)
    play(hand, "raise 300", "call", "call")
    data = hand.to_dict()
    for event in data["history"]:
        if event["kind"] == "raise":
            event["to"] = 400
    with pytest.raises(InvalidInput) as error:
        Hand.from_dict(data)
    assert error.value.code == "history_mismatch"
