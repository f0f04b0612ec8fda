"""Betting arithmetic: reason codes, presets, limits of one betting round."""

from __future__ import annotations

import doctest
import inspect
import textwrap
from enum import StrEnum, unique
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine import betting
from tutor.engine.betting import (
    POT_SHARES,
    Action,
    ActionKind,
    BettingRound,
    Reason,
    check_amount,
    preset_bet_to,
    preset_raise_to,
)
from tutor.engine.errors import IllegalAction
from tutor.engine.rules import ReopenRule, Structure


def test_betting_doctests():
    assert doctest.testmod(betting).failed == 0


def test_reason_codes_are_unique_snake_case_and_cover_the_brief():
    # Iterating Reason skips aliases (a second name for a value); __members__ keeps them.
    members = Reason.__members__.values()
    assert len(Reason.__members__) == len({m.value for m in members})
    codes = [r.value for r in Reason]
    assert all(c == c.lower() and " " not in c for c in codes)
    required = {
        "not_your_turn", "below_min_raise", "above_max_raise", "nothing_to_call",
        "cannot_check", "raise_cap_reached", "betting_not_reopened", "hand_over",
        "amount_exceeds_stack",
    }  # fmt: skip
    assert required <= set(codes)


def test_reason_is_decorated_unique():
    # @enum.unique makes an alias an error when the class is built.
    source = inspect.getsource(Reason)
    with_alias = source.replace(
        '    HAND_OVER = "hand_over"', '    HAND_OVER = "hand_over"\n    OVER = "hand_over"'
    )
    assert with_alias != source
    namespace = {"StrEnum": StrEnum, "unique": unique}
    with pytest.raises(ValueError, match="duplicate values found"):
        exec(textwrap.dedent(with_alias), namespace)


def test_action_parse():
    assert Action.parse("raise 300") == Action(ActionKind.RAISE, 300)
    assert Action.parse("Fold") == Action(ActionKind.FOLD)
    with pytest.raises(IllegalAction) as error:
        Action.parse("shove")
    assert error.value.code == Reason.UNKNOWN_ACTION


@pytest.mark.parametrize(
    ("multiple", "high", "expected"),
    [(2, 100, 200), (3, 100, 300), (3, 250, 750)],
)
def test_preset_raise_is_a_multiple_of_the_current_bet_japanese_guide(multiple, high, expected):
    assert preset_raise_to(multiple, high=high, minimum=2 * high, maximum=10_000) == expected


def test_preset_raise_is_clamped_to_the_minimum_and_the_stack():
    assert preset_raise_to(2, high=300, minimum=800, maximum=10_000) == 800
    assert preset_raise_to(3, high=300, minimum=600, maximum=700) == 700


@pytest.mark.parametrize(
    ("share", "pot", "expected"),
    [("33", 300, 100), ("33", 450, 149), ("50", 300, 150), ("100", 300, 300), ("50", 101, 51)],
)
def test_preset_bet_is_a_share_of_the_pot_japanese_guide(share, pot, expected):
    # 33 % of 450 is 148.5 -> 149 (half up); 33 % of 300 is 99 -> the minimum 100.
    assert preset_bet_to(POT_SHARES[share], pot=pot, minimum=100 if pot > 101 else 2,
                         maximum=10_000) == expected  # fmt: skip


@given(
    st.fractions(min_value=0, max_value=5),
    st.integers(0, 10**6),
    st.integers(1, 10**4),
    st.integers(0, 10**6),
)
def test_presets_always_land_inside_the_limits(share, pot, minimum, extra):
    maximum = minimum + extra
    assert minimum <= preset_bet_to(Fraction(share), pot=pot, minimum=minimum,
                                    maximum=maximum) <= maximum  # fmt: skip
    assert minimum <= preset_raise_to(share, high=pot, minimum=minimum, maximum=maximum) <= maximum


def round_of(structure=Structure.NO_LIMIT, high=100, bets=None, **changes) -> BettingRound:
    values = dict(
        structure=structure,
        reopen=ReopenRule.CUMULATIVE,
        bet_size=100,
        bets=bets if bets is not None else [50, 100, 0, 0],
        high=high,
        full_raise=100,
        full_level=high,
        raises=1,
        cap=3 if structure is Structure.FIXED_LIMIT else None,
    )
    values.update(changes)
    return BettingRound(**values)


def test_no_limit_options_range_from_min_raise_to_stack():
    opts = round_of().options(seat=2, stack=1000, pot=0, others_can_call=True, uncapped=False)
    assert (opts.to_call, opts.min_to, opts.max_to, opts.aggression) == (
        100, 200, 1000, ActionKind.RAISE,
    )  # fmt: skip


def test_short_stack_may_only_raise_all_in():
    opts = round_of().options(seat=2, stack=150, pot=0, others_can_call=True, uncapped=False)
    assert opts.min_to == opts.max_to == 150


def test_stack_not_covering_the_call_cannot_raise():
    opts = round_of().options(seat=2, stack=80, pot=0, others_can_call=True, uncapped=False)
    assert opts.blocked is Reason.NOT_ENOUGH_TO_RAISE
    assert opts.to_call == 80 and opts.call_is_all_in


def test_pot_limit_options_use_pot_after_the_call():
    rnd = round_of(Structure.POT_LIMIT)
    opts = rnd.options(seat=2, stack=10_000, pot=40, others_can_call=True, uncapped=False)
    assert opts.max_to == 100 + (40 + 150 + 100)


def test_fixed_limit_counts_the_big_blind_as_the_bet():
    rnd = round_of(Structure.FIXED_LIMIT, raises=4)
    opts = rnd.options(seat=2, stack=10_000, pot=0, others_can_call=True, uncapped=False)
    assert opts.blocked is Reason.RAISE_CAP_REACHED
    opts = rnd.options(seat=2, stack=10_000, pot=0, others_can_call=True, uncapped=True)
    assert opts.min_to == opts.max_to == 200


def test_fixed_limit_half_bet_all_in_reopens_tda_47b():
    rnd = round_of(Structure.FIXED_LIMIT, bets=[100, 0, 0], high=100, full_level=100)
    rnd.record_passive(0)  # seat 0 has acted at 100
    assert not rnd.record_aggressive(1, 149)  # 49 more: less than half a bet
    assert not rnd.reopened_for(0)
    assert rnd.record_aggressive(2, 150) is True  # 50 over the last full bet: counts
    assert rnd.reopened_for(0)


def test_uncalled_part_of_the_largest_bet():
    assert round_of(bets=[100, 300, 0, 50]).uncalled() == (1, 200)
    assert round_of(bets=[300, 300, 0, 50]).uncalled() is None


@pytest.mark.parametrize(
    ("kind", "to", "code"),
    [
        (ActionKind.BET, 300, "bet_not_allowed"),
        (ActionKind.RAISE, 150, "below_min_raise"),
        (ActionKind.RAISE, 900, "above_max_raise"),
        (ActionKind.RAISE, 1200, "amount_exceeds_stack"),
        (ActionKind.RAISE, True, "amount_not_integer"),
    ],
)
def test_check_amount_reasons(kind, to, code):
    rnd = round_of(Structure.POT_LIMIT)
    opts = rnd.options(seat=2, stack=1000, pot=400, others_can_call=True, uncapped=False)
    assert opts.max_to == 750  # 100 + (400 + 150 + 100)
    with pytest.raises(IllegalAction) as error:
        check_amount(opts, kind, to)
    assert error.value.code == code
