"""A decision recorded as the seat saw it, and the verdict its numbers give."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from tutor.engine.betting import Action, ActionKind
from tutor.engine.deal import HandSetup
from tutor.engine.hand import Hand
from tutor.engine.range_equity import Estimate
from tutor.engine.review import Choice, Verdict, judge, record
from tutor.engine.rules import Rules

BOARD = "Kd 7s 2c Jh 4d"


def river_choice(opponent: str) -> Choice:
    """Seat 0 faces a river bet; the opponent's cards differ, the seat's view does not."""
    hand = Hand(HandSetup.stacked(Rules(), [5000, 5000], 0, {0: "Kh Qc", 1: opponent}, BOARD))
    hand.call()  # the button completes, the big blind checks
    hand.check()
    for _ in range(3):  # flop, turn: checked through; river: the big blind bets
        if hand.street.value == "river":
            break
        hand.check()
        hand.check()
    hand.bet(300)
    return record(hand, 0, Action(ActionKind.CALL), seed="same-hand")


def test_the_verdict_does_not_change_with_the_cards_revealed_later():
    beaten = river_choice("Ac Ad")  # the opponent turns over aces: the call lost
    beating = river_choice("8c 3h")  # or nothing: the call won
    assert beaten == beating
    assert judge(beaten) is judge(beating) is Verdict.CALL_RIGHT
    assert beaten.estimate.exact and beaten.need == Fraction(300, 200 + 300 + 300)


def test_record_round_trips_through_json():
    choice = river_choice("Ac Ad")
    assert Choice.from_dict(choice.to_dict()) == choice


def spot(kind: ActionKind, equity: Fraction, to_call: int = 100, pot: int = 300, error=0.0):
    return Choice(
        step=9, street="flop", board=("Kd", "7s", "2c"), pot=pot, to_call=to_call, opponents=1,
        can_check=to_call == 0, aggression="raise" if to_call else "bet", min_to=200,
        max_to=5000, action=Action(kind, 400 if kind in ("bet", "raise") else None),
        estimate=Estimate(equity, error == 0, 4000, error),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("kind", "equity", "to_call", "verdict"),
    [
        (ActionKind.CALL, Fraction(38, 100), 100, Verdict.CALL_RIGHT),  # needs 25 %
        (ActionKind.CALL, Fraction(12, 100), 100, Verdict.CALL_WRONG),
        (ActionKind.CALL, Fraction(27, 100), 100, Verdict.CLOSE_CALL),
        (ActionKind.FOLD, Fraction(12, 100), 100, Verdict.FOLD_RIGHT),
        (ActionKind.FOLD, Fraction(38, 100), 100, Verdict.FOLD_WRONG),
        (ActionKind.FOLD, Fraction(23, 100), 100, Verdict.CLOSE_CALL),
        (ActionKind.RAISE, Fraction(38, 100), 100, Verdict.RAISE_PRICED),
        (ActionKind.RAISE, Fraction(12, 100), 100, Verdict.RAISE_UNPRICED),
        (ActionKind.CHECK, Fraction(60, 100), 0, Verdict.CHECK_FREE),
        (ActionKind.CHECK, Fraction(80, 100), 0, Verdict.CHECK_STRONG),  # fair share 50 %
        (ActionKind.FOLD, Fraction(10, 100), 0, Verdict.FOLD_FREE),
        (ActionKind.BET, Fraction(60, 100), 0, Verdict.BET_AHEAD),
        (ActionKind.BET, Fraction(40, 100), 0, Verdict.BET_BEHIND),
    ],
)
def test_judge(kind: ActionKind, equity: Fraction, to_call: int, verdict: Verdict):
    assert judge(spot(kind, equity, to_call)) is verdict


def test_a_sampled_equity_widens_the_close_band_to_twice_its_error():
    choice = spot(ActionKind.CALL, Fraction(31, 100))  # needs 25 %: right by six points
    assert judge(choice) is Verdict.CALL_RIGHT
    unsure = replace(choice, estimate=Estimate(Fraction(31, 100), False, 4000, 0.035))
    assert judge(unsure) is Verdict.CLOSE_CALL
