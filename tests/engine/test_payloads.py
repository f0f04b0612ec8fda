"""The TypedDicts that name the engine's JSON payloads hold exactly the keys the payloads
have: a key added to, or dropped from, a payload without its type (or the other way
round) fails here. The payloads themselves are plain dicts."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import NotRequired, get_origin, get_type_hints, is_typeddict

import pytest

from tutor.engine import events as ev
from tutor.engine import ops
from tutor.engine.betting import Action, ActionData, ActionKind, OptionsData
from tutor.engine.bots import DecisionData, decide
from tutor.engine.deal import SetupData
from tutor.engine.hand import Hand, HandData, HandSetup
from tutor.engine.rules import ButtonRule, FreeFold, LevelData, Rules, RulesData, RulesSummary
from tutor.engine.seatview import SeatInfo, SeatView
from tutor.engine.table import EliminationData, Table, TableData


def keys(typed: type) -> set[str]:
    assert is_typeddict(typed)
    return set(get_type_hints(typed))


def required(typed: type) -> set[str]:
    # Read from the resolved hints: with postponed annotations (strings) the class's own
    # __required_keys__ cannot see NotRequired.
    hints = get_type_hints(typed, include_extras=True)
    return {k for k, hint in hints.items() if get_origin(hint) is not NotRequired}


def finished_hand() -> Hand:
    hand = Hand(HandSetup.new(Rules(burn_cards=True), [1000, 600, 1000], 0, seed=3))
    while not hand.is_over:
        hand.all_in() if hand.to_act == 1 else hand.check_or_call()
    return hand


def test_seat_view_keys():
    hand = Hand(HandSetup.new(Rules(), [1000, 1000, 1000], 0, seed=2))
    view = hand.view(hand.to_act)
    assert set(view) == keys(SeatView)
    assert all(set(seat) == keys(SeatInfo) for seat in view["seats"])
    assert view["options"] is not None and set(view["options"]) == keys(OptionsData)
    assert set(view["rules"]) == keys(RulesSummary)
    assert set(view["level"]) == keys(LevelData)


def test_hand_setup_and_rules_json_keys():
    data = finished_hand().to_dict()
    assert set(data) == keys(HandData)
    # Keys added after hands were stored are left out at their defaults (written as before).
    assert set(data["setup"]) == required(SetupData)
    assert set(data["setup"]["rules"]) == required(RulesData)
    assert keys(RulesData) == {f.name for f in fields(Rules)}


def test_later_keys_are_written_when_not_at_their_default():
    rules = Rules(free_fold=FreeFold.BINDING, button_rule=ButtonRule.DEAD)
    setup = HandSetup.new(rules, [1000, None, 1000, 1000], button=1, blinds=(1, 2)).to_dict()
    assert set(setup) == keys(SetupData)
    assert set(setup["rules"]) == keys(RulesData)
    assert HandSetup.from_dict(json.loads(json.dumps(setup))).to_dict() == setup
    table = Table(rules, [1000, 1000, 1000], seed=1)
    hand = table.new_hand()
    while not hand.is_over:
        hand.check_or_call()
    table.end_hand(hand)
    data = table.to_dict()
    assert set(data) == keys(TableData)
    assert Table.from_dict(json.loads(json.dumps(data))).to_dict() == data


def test_event_keys_are_the_event_fields():
    history = finished_hand().to_dict()["history"]
    assert {e["kind"] for e in history} >= {"hand_start", "burn", "deal_board", "hand_end"}
    all_fields = {"kind"}
    for cls in ev.EVENT_TYPES.values():
        own = {f.name for f in fields(cls)}
        assert own <= keys(ev.EventData), cls.__name__
        all_fields |= own
    assert all_fields == keys(ev.EventData)
    assert required(ev.EventData) == {"kind"}
    assert all(set(e) <= keys(ev.EventData) for e in history)


def test_table_and_bot_decision_keys():
    table = Table(Rules(), [1000, 1000], seed=1)
    hand = table.new_hand()
    assert set(decide(hand).to_dict()) == keys(DecisionData)
    assert set(Action(ActionKind.RAISE, 300).to_dict()) == keys(ActionData)
    while not hand.is_over:
        hand.all_in() if hand.options().aggression else hand.check_or_call()
    table.end_hand(hand)
    data = table.to_dict()
    assert set(data) == required(TableData)
    assert all(set(e) == keys(EliminationData) for e in data["eliminations"])
    assert data["eliminations"]  # someone busted: the check above saw a real entry


@pytest.mark.parametrize(
    ("request_", "typed"),
    [
        ({"game": "holdem", "cards": "As Ks Qs Js Ts"}, ops.HandReply),
        ({"game": "teenpatti", "cards": "As Ks Qs"}, ops.HandReply),
        ({"game": "six_card_bonus", "cards": "As Ks Qs Js Ts 2d"}, ops.HandReply),
    ],
)
def test_rank_reply_keys(request_, typed):
    reply = ops.op_rank(request_)
    assert required(typed) <= set(reply) <= keys(typed)


def test_other_reply_keys():
    showdown = ops.op_showdown({"board": "Ah Kd 8c 7s 2h", "hands": ["As 9d", "Kc Qc"]})
    assert required(ops.ShowdownReply) <= set(showdown) <= keys(ops.ShowdownReply)
    award = ops.op_award(
        {"contributions": [100, 100], "button": 0, "board": "2c 7d 9h Js Qc",
         "hands": ["As Ad", "Kh Kd"]}
    )  # fmt: skip
    assert set(award) == keys(ops.PotsReply)
    assert all(set(p) == keys(ops.PotReply) for p in award["pots"])
    settled = ops.op_teenpatti_settle(
        {"hand_a": "Ah Ad Ac", "hand_b": "Ks Qs Js", "bets": {"tie": 5}}
    )
    assert set(settled) == keys(ops.SettleReply)
    assert all(set(line) == keys(ops.SettleLineReply) for line in settled["lines"])
    assert set(ops.op_rtp({})) == keys(ops.RtpReply)


def test_the_typed_dicts_resolve():
    # Every annotation names a real type (a typo in a forward reference fails here).
    for typed in (SeatView, SeatInfo, HandData, SetupData, RulesData, ev.EventData, TableData):
        assert get_type_hints(typed)
