"""Property tests: random legal play never creates or loses chips, never gets stuck,
and the state survives JSON and replay exactly."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from tutor.engine import events as ev
from tutor.engine.betting import Action, ActionKind
from tutor.engine.hand import Hand, HandSetup
from tutor.engine.pots import OddChipRule
from tutor.engine.rules import (
    AnteMode,
    BigBlindAnteOrder,
    ButtonRule,
    FreeFold,
    ReopenRule,
    Rules,
    Structure,
)
from tutor.engine.table import Table

rules_strategy = st.builds(
    Rules,
    name=st.just("prop"),
    structure=st.sampled_from(Structure),
    small_blind=st.sampled_from([0, 1, 5, 25, 50]),
    big_blind=st.sampled_from([2, 10, 50, 100]),
    ante=st.just(0),
    reopen=st.sampled_from(ReopenRule),
    odd_chip=st.sampled_from(OddChipRule),
    burn_cards=st.booleans(),
    uncapped_heads_up=st.booleans(),
    muck_losing_hands=st.booleans(),
    big_blind_ante_order=st.sampled_from(BigBlindAnteOrder),
    free_fold=st.sampled_from(FreeFold),
)


@st.composite
def setups(draw) -> HandSetup:
    rules = draw(rules_strategy)
    ante_mode = draw(st.sampled_from(AnteMode))
    if ante_mode is not AnteMode.NONE:
        rules = rules.with_changes(ante_mode=ante_mode, ante=draw(st.sampled_from([1, 10, 100])))
    count = draw(st.integers(2, 10))
    stack = st.one_of(st.none(), st.integers(1, 30), st.integers(1, 3000))
    stacks = draw(st.lists(stack, min_size=count, max_size=count))
    if sum(s is not None for s in stacks) < 2:
        stacks[0], stacks[-1] = 500, 700
    button = draw(st.sampled_from([i for i, s in enumerate(stacks) if s is not None]))
    return HandSetup.new(rules, stacks, button, seed=draw(st.integers(0, 10**6)))


def choose(hand: Hand, pick: int) -> Action:
    opts = hand.options()
    choices = list(opts.legal())
    if opts.aggression is not None:
        assert opts.min_to is not None and opts.max_to is not None
        middle = opts.min_to + pick % (opts.max_to - opts.min_to + 1)
        choices += [Action(opts.aggression, opts.max_to), Action(opts.aggression, middle)]
    return choices[pick % len(choices)]


def total_chips(setup: HandSetup) -> int:
    return sum(s or 0 for s in setup.stacks)


@given(setups(), st.lists(st.integers(0, 10**6), min_size=60, max_size=60))
def test_random_legal_play_conserves_chips_and_never_gets_stuck(setup, picks):
    hand = Hand(setup)
    total = total_chips(setup)
    for pick in picks:
        if hand.is_over:
            break
        assert hand.to_act is not None  # someone must act before the hand ends
        legal = hand.options().legal()
        assert legal and all(hand.can(a) for a in legal)
        hand.do(choose(hand, pick))
        assert min(hand.stacks) >= 0 and min(hand.committed) >= 0
        assert sum(hand.stacks) + hand.pot == total
    while not hand.is_over:
        hand.check_or_call()
    assert sum(hand.stacks) == total
    end = hand.events[-1]
    assert isinstance(end, ev.HandEnd)
    assert sum(end.payouts) == sum(hand.committed) and hand.pot == 0
    assert all(p.amount >= 0 for p in hand.events if isinstance(p, ev.AwardPot))
    assert [s for s in end.stacks if s is not None] == [
        hand.stacks[i] for i, s in enumerate(setup.stacks) if s is not None
    ]


@given(setups(), st.lists(st.integers(0, 10**6), min_size=0, max_size=40))
def test_state_round_trips_through_json_and_replay(setup, picks):
    hand = Hand(setup)
    for pick in picks:
        if hand.is_over:
            break
        hand.do(choose(hand, pick))
    data = json.loads(json.dumps(hand.to_dict()))
    restored = Hand.from_dict(data)
    assert restored == hand
    assert restored.to_dict() == hand.to_dict()
    assert (restored.stacks, restored.committed, restored.board, restored.to_act) == (
        hand.stacks, hand.committed, hand.board, hand.to_act,
    )  # fmt: skip
    if not hand.is_over:
        assert restored.options() == hand.options()
    assert Hand.replay(setup, hand.events) == hand


@given(setups(), st.lists(st.integers(0, 10**6), min_size=0, max_size=40))
def test_views_never_leak_unshown_hole_cards(setup, picks):
    hand = Hand(setup)
    for pick in picks:
        if hand.is_over:
            break
        hand.do(choose(hand, pick))
    board = set(hand.board)
    for viewer in [None, *hand.holes]:
        text = json.dumps(hand.view(viewer))
        for seat, cards in hand.holes.items():
            if seat == viewer or seat in hand.shown:
                continue
            assert not any(c.code in text for c in cards if c not in board)


@given(
    st.sampled_from(Structure),
    st.lists(st.integers(20, 400), min_size=2, max_size=6),
    st.integers(0, 1000),
)
def test_a_table_keeps_its_chips_over_many_hands(structure, stacks, seed):
    rules = Rules(name="prop", structure=structure, small_blind=5, big_blind=10)
    table = Table(rules, list(stacks), seed=seed)
    total = sum(stacks)
    for number in range(12):
        if table.is_finished:
            break
        hand = table.new_hand()
        assert table.stacks[hand.button] is not None
        pick = seed + number
        while not hand.is_over:
            opts = hand.options()
            kinds = [a.kind for a in opts.legal()]
            aggressive = opts.aggression is not None and pick % 3 == 0
            if aggressive:
                hand.do(Action(opts.aggression, opts.max_to))
            elif ActionKind.CALL in kinds and pick % 5 == 1:
                hand.fold()
            else:
                hand.check_or_call()
            pick += 7
        table.end_hand(hand)
        assert sum(s or 0 for s in table.stacks) == total
    assert len(table.places()) == len(stacks)


@given(st.lists(st.integers(20, 400), min_size=3, max_size=7), st.integers(0, 1000))
def test_dead_button_big_blind_moves_to_the_next_player_every_hand(stacks, seed):
    rules = Rules(name="prop", small_blind=5, big_blind=10, button_rule=ButtonRule.DEAD)
    table = Table(rules, list(stacks), seed=seed)
    total, last_big = sum(stacks), None
    for number in range(15):
        if table.is_finished:
            break
        hand = table.new_hand()
        seated = [s for s, stack in enumerate(table.stacks) if stack is not None]
        if last_big is not None:  # the next player after the last big blind, empty seats skipped
            after = [(last_big + k) % len(stacks) for k in range(1, len(stacks) + 1)]
            assert hand.big_blind_seat == next(s for s in after if s in seated)
        if len(seated) == 2:
            assert hand.button == hand.small_blind_seat != hand.big_blind_seat
        last_big, pick = hand.big_blind_seat, seed + number
        while not hand.is_over:
            opts = hand.options()
            if opts.aggression is not None and pick % 3 == 0:
                hand.do(Action(opts.aggression, opts.max_to))
            else:
                hand.check_or_call()
            pick += 7
        table.end_hand(hand)
        assert sum(s or 0 for s in table.stacks) == total
