"""Dealing a hand the engine plays to a showdown: a level's table and how its river is
played (checked, a bet, a raise, or an all-in before the river), and aiming at a concept."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace

from tutor.engine.betting import Action, ActionKind
from tutor.engine.cards import shuffled_deck
from tutor.engine.hand import Hand, Street

from .concepts import concepts_of
from .question import ALL_IN, RULES, SLUG, Question, facts, start


@dataclass(frozen=True)
class Shape:
    """A level's table: seats, players at the showdown, how the river is played (weights),
    how often a player facing a river bet folds, how often a flop or turn is bet."""

    seats: tuple[int, int]
    live: tuple[int, int]
    scenarios: Mapping[str, int]
    river_folds: float = 0.0
    street_bets: float = 0.2


SHAPES = {
    "easy": Shape((3, 4), (2, 3), {"checked": 2, "bet": 3}),
    "medium": Shape((4, 6), (2, 4), {"checked": 3, "bet": 4, "raise": 2, ALL_IN: 2}, 0.15, 0.3),
    "hard": Shape((5, 7), (3, 5), {"checked": 2, "bet": 3, "raise": 4, ALL_IN: 3}, 0.3, 0.35),
}
#: The river scenarios (with weights) a question aimed at a concept is dealt from.
_SHOWDOWNS = {"checked": 1, "bet": 1, "raise": 1}
AIMED = {"showdown-order": _SHOWDOWNS, "mucking": _SHOWDOWNS, "all-in-showdown": {ALL_IN: 1}}
#: Hands dealt for one question before the last one is kept.
TRIES = 40


@dataclass
class _Plan:
    """Who plays on and how: ``live`` stay past the flop; under ``all_in`` every live seat but
    ``deep`` goes all-in on ``street``; on the river ``bettor`` bets, ``raiser`` raises."""

    scenario: str
    live: set[int]
    deep: int
    street: Street
    shape: Shape
    bettor: int | None = None
    raiser: int | None = None


def _decide(hand: Hand, plan: _Plan, rng: random.Random) -> Action:
    seat, opts = hand.to_act, hand.options()
    assert seat is not None
    passive = Action(ActionKind.CHECK if opts.can_check else ActionKind.CALL)
    if seat not in plan.live:
        return passive if opts.can_check else Action(ActionKind.FOLD)
    if plan.scenario == ALL_IN and hand.street is plan.street and seat != plan.deep:
        if opts.aggression is not None and opts.max_to == opts.all_in_to:
            return Action(opts.aggression, opts.all_in_to)
        return passive
    if hand.street is Street.PREFLOP:
        high = hand.round.high if hand.round else 0
        if high <= RULES.big_blind and opts.aggression is ActionKind.RAISE:
            return Action(ActionKind.RAISE, 3 * RULES.big_blind)  # the open raise
        return passive
    if hand.street is Street.RIVER:
        return _river(hand, plan, rng, passive)
    betting = plan.scenario != ALL_IN and opts.aggression is ActionKind.BET
    if betting and rng.random() < plan.shape.street_bets:
        return Action(ActionKind.BET, 50 * rng.randint(2, 20))
    return passive


def _river(hand: Hand, plan: _Plan, rng: random.Random, passive: Action) -> Action:
    seat, opts = hand.to_act, hand.options()
    if plan.bettor is None and plan.scenario in ("bet", "raise"):
        plan.bettor, plan.raiser = rng.sample(hand.in_hand(), 2)
    if seat == plan.bettor and opts.aggression is ActionKind.BET:
        return Action(ActionKind.BET, 50 * rng.randint(2, 20))
    if plan.scenario == "raise" and seat == plan.raiser and opts.aggression is ActionKind.RAISE:
        plan.raiser = None  # one raise
        assert hand.round is not None and opts.min_to is not None and opts.max_to is not None
        return Action(ActionKind.RAISE, min(max(opts.min_to, 3 * hand.round.high), opts.max_to))
    if opts.can_fold and len(hand.in_hand()) > 2 and rng.random() < plan.shape.river_folds:
        return Action(ActionKind.FOLD)
    return passive


def _plan(rng: random.Random, shape: Shape, scenario: str, n: int) -> tuple[_Plan, list[int]]:
    live = rng.sample(range(n), min(rng.randint(*shape.live), n))
    stacks = [100 * rng.randint(60, 200) for _ in range(n)]
    street = rng.choice((Street.PREFLOP, Street.FLOP, Street.TURN))
    deep = rng.choice(live)
    if scenario == ALL_IN:
        low = 3 if street is Street.PREFLOP else 6
        shorts = rng.sample(range(low, 45), len(live) - 1)
        for seat, units in zip([s for s in live if s != deep], shorts, strict=True):
            stacks[seat] = 100 * units
    return _Plan(scenario, set(live), deep, street, shape), stacks


def _deal(rng: random.Random, shape: Shape, scenario: str) -> Question:
    n = rng.randint(*shape.seats)
    plan, stacks = _plan(rng, shape, scenario, n)
    button = rng.randrange(n)
    deck = shuffled_deck(rng.randrange(2**63))
    holes = tuple(tuple(deck[5 + 2 * s : 7 + 2 * s]) for s in range(n))
    board = tuple(deck[:5])
    hand = start(tuple(stacks), button, holes, board)
    actions = []
    while not hand.is_over:
        action = _decide(hand, plan, rng)
        hand.do(action)
        actions.append(action.kind.value + ("" if action.to is None else f" {action.to}"))
    return Question(tuple(stacks), button, holes, board, tuple(actions))


def _fits(question: Question, scenario: str) -> bool:
    """The hand went as planned: a showdown of two hands or more, face up after an
    all-in for ``all_in``, nobody all-in otherwise."""
    found = facts(question)
    if len(found.turns.order) < 2:
        return False
    return found.turns.face_up if scenario == ALL_IN else not found.all_in


def _question(
    rng: random.Random, shape: Shape, scenarios: Mapping[str, int], concept: str = ""
) -> Question:
    scenario = rng.choices(list(scenarios), list(scenarios.values()))[0]
    question = _deal(rng, shape, scenario)
    for _attempt in range(TRIES):
        if _fits(question, scenario) and (not concept or concept in concepts_of(question)):
            break
        question = _deal(rng, shape, scenario)
    return question


def generate(seed: int, level: str) -> Question:
    shape = SHAPES[level]
    return _question(random.Random(f"{SLUG}/{level}/{seed}"), shape, shape.scenarios)


def target(seed: int, level: str, concept: str) -> Question:
    """A question whose showdown exercises ``concept``: dealt from the scenarios ``AIMED``
    names until :func:`concepts_of` finds it (the last one tried if none does)."""
    rng = random.Random(f"{SLUG}/{level}/{concept}/{seed}")
    shape = SHAPES[level]
    if concept == "mucking":
        shape = replace(shape, live=(max(3, shape.live[0]), max(3, shape.live[1])))
    return _question(rng, shape, AIMED.get(concept, shape.scenarios), concept)
