"""Dealing a betting question: a table of the level's shape played a few actions in, or,
aimed at a concept, played until the decision waiting exercises it."""

from __future__ import annotations

import random

from tutor.engine.hand import Hand
from tutor.engine.rules import AnteMode, Rules
from tutor.engine.table import Table

from .concepts import exercised
from .play import PLAYS
from .question import SLUG, Question
from .shape import LEVEL_SHAPES, STREETS, Shape, aimed_shape

RULES = {"no_limit": Rules.no_limit, "pot_limit": Rules.pot_limit, "fixed_limit": Rules.fixed_limit}
#: Ante sizes per ante mode (blinds are 50/100; a big-blind ante is one big blind, TDA).
ANTE_SIZES = {"none": (0,), "each": (10, 25), "big_blind": (100,)}

#: Hands tried for an aimed question, and the actions walked in each.
AIM_HANDS = 40
WALK = 40


def _deal(rng: random.Random, shape: Shape) -> Hand:
    """A new hand at a table of ``shape`` (nothing played yet)."""
    structure = rng.choice(shape.structures)
    players = 2 if rng.random() < shape.heads_up else rng.randint(*shape.players)
    mode = rng.choice(shape.antes)
    rules = RULES[structure](50, 100, ante=rng.choice(ANTE_SIZES[mode]), ante_mode=AnteMode(mode))
    stacks: list[int | None] = [100 * rng.randint(20, 120) for _ in range(players)]
    for seat in rng.sample(range(players), min(shape.short_stacks, players - 1)):
        stacks[seat] = rng.randint(*shape.short_range)  # short stacks: short all-ins
    table = Table(rules, stacks, button=rng.randrange(players))
    return table.new_hand(seed=rng.randrange(2**32))


def _play(rng: random.Random, hand: Hand, shape: Shape) -> None:
    hand.do(PLAYS[shape.play](rng, hand, shape.aggression))


def _waiting(hand: Hand) -> bool:
    return not hand.is_over and hand.to_act is not None


def build(seed: int, level: str) -> Hand:
    """The hand of (seed, level): a table of the level's shape after a few actions."""
    rng = random.Random(f"{SLUG}/{level}/{seed}")
    shape = LEVEL_SHAPES[level]
    for _attempt in range(50):
        hand = _deal(rng, shape)
        for _step in range(rng.randint(*shape.steps)):
            if not _waiting(hand):
                break
            _play(rng, hand, shape)
        if _waiting(hand):
            return hand
    raise RuntimeError("no betting situation found")  # pragma: no cover


def build_aimed(seed: int, level: str, concept: str) -> Hand:
    """A hand played until its next decision exercises ``concept`` (by :func:`exercised`);
    the level's dealt hand when none does within ``AIM_HANDS`` hands."""
    rng = random.Random(f"{SLUG}/{level}/{concept}/{seed}")
    shape = aimed_shape(level, concept)
    for _attempt in range(AIM_HANDS):
        hand = _deal(rng, shape)
        street = STREETS.index(rng.choice(shape.streets))
        while _waiting(hand) and STREETS.index(hand.street.value) < street:
            hand.do(PLAYS["passive"](rng, hand, 0.0))
        skip = rng.randint(*shape.steps)
        for step in range(WALK):
            if not _waiting(hand):
                break
            if step >= skip and concept in exercised(hand):
                return hand
            _play(rng, hand, shape)
    return build(seed, level)


def generate(seed: int, level: str) -> Question:
    hand = build(seed, level)
    return Question(hand, hand.rules.structure.code)


def target(seed: int, level: str, concept: str) -> Question:
    hand = build_aimed(seed, level, concept)
    return Question(hand, hand.rules.structure.code)
