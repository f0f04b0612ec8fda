"""Computer opponents: always legal, reproducible, explainable, and the styles differ."""

from __future__ import annotations

import doctest
import random
from collections import Counter

import pytest

from tutor.engine import bots
from tutor.engine.betting import ActionKind
from tutor.engine.bots import (
    PROFILES,
    BotReason,
    Style,
    decide,
    estimate_equity,
    play_bots,
)
from tutor.engine.cards import Card
from tutor.engine.hand import Hand, HandSetup, Street
from tutor.engine.rules import Rules, Structure
from tutor.engine.table import Table


def test_bots_doctests():
    assert doctest.testmod(bots).failed == 0


def test_there_are_at_least_tight_loose_and_aggressive_styles_czech():
    assert {Style.TIGHT, Style.LOOSE, Style.AGGRESSIVE} <= set(PROFILES)


@pytest.mark.parametrize("structure", list(Structure))
def test_bots_always_choose_a_legal_action(structure):
    rules = Rules(name="b", structure=structure, small_blind=5, big_blind=10)
    styles = list(Style)
    for seed in range(25):
        rng = random.Random(seed)
        stacks = [rng.choice([15, 60, 400, 2000]) for _ in range(rng.randint(2, 7))]
        hand = Hand(HandSetup.new(rules, stacks, 0, seed=seed))
        while not hand.is_over:
            decision = decide(hand, styles[hand.to_act % 4], samples=12)
            assert hand.can(decision.action), decision
            hand.do(decision.action)
        assert sum(hand.stacks) == sum(stacks)


def test_bot_decisions_are_reproducible_from_the_seed():
    def run() -> list:
        table = Table(Rules(), [3000] * 4, seed="repeat")
        hand = table.new_hand()
        return [d.to_dict() for d in play_bots(hand, dict.fromkeys(range(4), "loose"))]

    assert run() == run()


def test_decisions_explain_themselves_with_codes_and_numbers():
    table = Table(Rules(), [3000] * 5, seed=3)
    seen = set()
    for _ in range(15):
        hand = table.new_hand()
        for decision in play_bots(hand, {s: list(Style)[s % 4] for s in range(5)}, samples=16):
            data = decision.to_dict()
            assert data["reason"] in {r.value for r in BotReason}
            assert 0 <= data["equity"] <= 100
            if data["reason"].startswith("pot_odds"):
                assert data["pot_odds"] == round(100 * data["to_call"] / (data["pot"] +
                                                                         data["to_call"]))  # fmt: skip
            seen.add(decision.reason)
        table.end_hand(hand)
    assert {BotReason.POT_ODDS_CALL, BotReason.POT_ODDS_FOLD, BotReason.CHECK_WEAK} <= seen


def style_statistics(hands: int = 60) -> tuple[Counter, Counter, Counter, Counter]:
    """A four-handed table, one style per seat: hands entered voluntarily before the
    flop (calls or raises), bets and raises, and decisions, per style."""
    styles = {seat: style for seat, style in enumerate(Style)}
    entered: Counter = Counter()
    aggressive: Counter = Counter()
    decisions: Counter = Counter()
    table = Table(Rules(), [5000] * 4, seed=11)
    for _ in range(hands):
        hand = table.new_hand()
        voluntary = set()
        while not hand.is_over:
            preflop = hand.street is Street.PREFLOP
            decision = decide(hand, styles[hand.to_act], samples=16)
            kind = decision.action.kind
            if preflop and kind in (ActionKind.CALL, ActionKind.RAISE):
                voluntary.add(decision.style)
            aggressive[decision.style] += kind in (ActionKind.BET, ActionKind.RAISE)
            decisions[decision.style] += 1
            hand.do(decision.action)
        entered.update(voluntary)
        table.end_hand(hand)
        table.stacks = [5000] * 4
    return entered, aggressive, decisions, Counter(dict.fromkeys(Style, hands))


def test_loose_enters_more_pots_than_tight():
    entered, _, _, dealt = style_statistics()
    assert (
        entered[Style.LOOSE] / dealt[Style.LOOSE] > 1.5 * entered[Style.TIGHT] / dealt[Style.TIGHT]
    )


def test_aggressive_bets_and_raises_more_than_passive_czech_strategy():
    _, aggressive, decisions, _ = style_statistics()

    def rate(style: Style) -> float:
        return aggressive[style] / decisions[style]

    assert rate(Style.AGGRESSIVE) > 2 * rate(Style.LOOSE) > 0
    assert rate(Style.AGGRESSIVE) > 5 * rate(Style.PASSIVE)


def test_equity_estimate_matches_known_preflop_figures():
    # Pocket aces win about 85 % heads-up against a random hand; 7-2 offsuit about 35 %.
    aces = tuple(Card.parse(c).index for c in ("As", "Ah"))
    seven_two = tuple(Card.parse(c).index for c in ("7s", "2h"))
    rng = random.Random(0)
    assert abs(estimate_equity(aces, (), 1, 3000, rng) - 0.85) < 0.03
    assert abs(estimate_equity(seven_two, (), 1, 3000, rng) - 0.35) < 0.03


def test_equity_of_a_made_nut_hand_on_the_river_is_certain():
    hole = tuple(Card.parse(c).index for c in ("As", "Ks"))
    board = tuple(Card.parse(c).index for c in ("Qs", "Js", "Ts", "2d", "3c"))
    assert estimate_equity(hole, board, 3, 50, random.Random(1)) == 1.0


def test_bot_calls_a_cheap_bet_with_good_pot_odds():
    holes = {0: "Ah Kh", 1: "7c 2d"}
    setup = HandSetup.stacked(Rules(), [5000, 5000], 0, holes, board="Qh Jh 4c 9s 3d")
    hand = Hand(setup)  # heads-up: button 0 posts the small blind
    hand.call()
    hand.check()
    hand.bet(100)  # the big blind bets 100 into 200: a flush and straight draw should call
    decision = decide(hand, Style.TIGHT, samples=200)
    assert decision.action.kind in (ActionKind.CALL, ActionKind.RAISE)
    assert decision.pot_odds == 25  # 100 / (300 + 100)
