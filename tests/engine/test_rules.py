"""The named rules object: defaults from the sources, JSON, tournament levels."""

from __future__ import annotations

import doctest
import json

import pytest

from tutor.engine import rules as rules_module
from tutor.engine.errors import InvalidInput
from tutor.engine.pots import OddChipRule
from tutor.engine.rules import (
    PRESETS,
    AnteMode,
    BlindLevel,
    ButtonRule,
    FreeFold,
    Mode,
    ReopenRule,
    Rules,
    Structure,
)


def test_rules_doctests():
    assert doctest.testmod(rules_module).failed == 0


def test_defaults_follow_the_japanese_guide():
    rules = Rules()
    assert (rules.small_blind, rules.big_blind, rules.blinds_label) == (50, 100, "50/100")
    assert rules.structure is Structure.NO_LIMIT
    assert rules.odd_chip is OddChipRule.LEFT_OF_BUTTON
    assert rules.burn_cards is False
    assert rules.reopen is ReopenRule.CUMULATIVE


def test_new_rules_default_to_the_sources_and_are_stored_as_before():
    rules = Rules()
    assert rules.free_fold is FreeFold.NOT_OFFERED  # the Japanese guide's reading
    assert rules.button_rule is ButtonRule.MOVING  # the Japanese guide and the Czech text
    data = rules.to_dict()
    assert "free_fold" not in data and "button_rule" not in data
    assert Rules.from_dict(data).to_dict() == data  # a stored hand writes back byte for byte


def test_fixed_limit_sizes_and_cap_czech():
    rules = Rules.fixed_limit(50, 100)
    assert rules.bet_sizes(rules.base_level) == (100, 200)  # the big blind, then twice it
    assert rules.raise_cap == 3
    assert Rules.fixed_limit(5, 10, small_bet=20, big_bet=40).bet_sizes(BlindLevel(5, 10)) == (
        20, 40,
    )  # fmt: skip


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_round_trip_through_json(name):
    rules = PRESETS[name]
    assert rules.name == name
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_every_setting_round_trips():
    rules = Rules(
        name="house",
        structure=Structure.POT_LIMIT,
        small_blind=25,
        big_blind=50,
        ante=50,
        ante_mode=AnteMode.BIG_BLIND,
        raise_cap=None,
        uncapped_heads_up=True,
        reopen=ReopenRule.SINGLE_RAISE,
        odd_chip=OddChipRule.RIGHT_OF_BUTTON,
        burn_cards=True,
        muck_losing_hands=False,
        mode=Mode.TOURNAMENT,
        schedule=(BlindLevel(25, 50, 50), BlindLevel(50, 100, 100)),
        hands_per_level=5,
        free_fold=FreeFold.BINDING,
        button_rule=ButtonRule.DEAD,
    )
    data = json.loads(json.dumps(rules.to_dict()))
    assert Rules.from_dict(data) == rules
    assert rules.summary()["odd_chip"] == "right_of_button"


def test_tournament_blinds_rise_every_level_and_stay_on_the_last():
    rules = PRESETS["tournament_no_limit"].with_changes(hands_per_level=2)
    levels = [rules.level_for_hand(n).label for n in range(1, 8)]
    assert levels == ["25/50", "25/50", "50/100", "50/100", "75/150", "75/150", "100/200"]
    assert rules.level_for_hand(10_000) == rules.schedule[-1]


def test_cash_game_ignores_the_schedule():
    rules = Rules(schedule=(BlindLevel(1, 2),), mode=Mode.CASH)
    assert rules.level_for_hand(50) == BlindLevel(50, 100)


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"big_blind": 0}, "big_blind_not_positive"),
        ({"small_blind": -1}, "below_minimum"),
        ({"big_blind": 1.5}, "not_an_integer"),
        ({"big_blind": True}, "not_an_integer"),
        ({"ante": 10}, "ante_without_mode"),
        ({"name": ""}, "rules_name_missing"),
        ({"raise_cap": -1}, "below_minimum"),
    ],
)
def test_bad_rules_are_refused_with_a_code(changes, code):
    with pytest.raises(InvalidInput) as error:
        Rules(**changes)
    assert error.value.code == code


def test_from_dict_refuses_unknown_fields_and_values():
    data = Rules().to_dict()
    with pytest.raises(InvalidInput) as error:
        Rules.from_dict({**data, "straddle": 200})
    assert error.value.code == "unknown_rule_field"
    with pytest.raises(InvalidInput) as error:
        Rules.from_dict({**data, "structure": "spread_limit"})
    assert error.value.code == "unknown_rule_value"
