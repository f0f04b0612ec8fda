"""Dealing a tournament: a story of all-in hands (a player knocked out, two knocked out
together, a shorter stack doubling up) and quiet hands between them, tried until a whole
tournament fits the level; the engine's table plays every hand as it is dealt."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations, permutations

from tutor.engine import holdem
from tutor.engine.cards import DECK, Card
from tutor.engine.table import Table

from .question import SLUG, Blinds, Played, Question, rules_of
from .replay import Told, play, remember

PLAYERS = {"easy": (3, 3), "medium": (4, 5), "hard": (6, 6)}
#: Hands per blind level.
EVERY = {"easy": (4, 6), "medium": (2, 3), "hard": (2, 3)}
#: All-in hands in which the player with fewer chips wins and nobody is knocked out.
DOUBLE_UPS = {"easy": (0, 1), "medium": (0, 2), "hard": (1, 2)}
#: Hands in which two players are knocked out together.
TOGETHER = {"easy": 0, "medium": 0, "hard": 1}
#: Quiet hands (folded to the big blind) before each hand told.
QUIET = (0, 0, 0, 1)
CHIPS = (1000, 1500, 2000, 3000)
BLINDS = (
    (10, 20), (15, 30), (25, 50), (50, 100), (75, 150), (100, 200), (150, 300),
    (200, 400), (300, 600), (400, 800), (600, 1200), (800, 1600),
)  # fmt: skip
LEVELS_DEALT = 10
#: A player with at most this many big blinds is in the next hand told (never folds the
#: blinds away, never forced all-in by a blind); a double-up leaves the loser this many.
SHORT = 5
ATTEMPTS = 40


def _plan(rng: random.Random, level: str, players: int) -> list[str]:
    """The hands to tell: ``bust`` (one player out), ``together`` (two out) and ``up`` (the
    shorter stack wins and doubles up), in the order tried first."""
    together = TOGETHER[level]
    plan = ["bust"] * (players - 1 - 2 * together) + ["together"] * together
    plan += ["up"] * rng.randint(*DOUBLE_UPS[level])
    rng.shuffle(plan)
    return plan


def _stacks(table: Table) -> dict[int, int]:
    return {seat: table.stacks[seat] or 0 for seat in table.players}


def _cast(table: Table, kind: str) -> list[tuple[tuple[int, ...], int, tuple[int, ...]]]:
    """Every way to play a hand of ``kind`` now: (the seats all-in, the winner, the seats
    knocked out). A short stack (``SHORT`` big blinds or fewer) is always one of them."""
    stacks = _stacks(table)
    big = table.level.big
    short = {seat for seat, chips in stacks.items() if chips <= SHORT * big}
    if kind == "bust":  # a loses to b, who covers a
        return [
            (tuple(sorted((a, b))), b, (a,))
            for a, b in permutations(stacks, 2)
            if stacks[b] >= stacks[a] and short <= {a, b}
        ]
    if kind == "up":  # a, far shorter, beats b and doubles up; b keeps a few big blinds
        return [
            (tuple(sorted((a, b))), a, ())
            for a, b in permutations(stacks, 2)
            if stacks[b] - stacks[a] >= 2 * SHORT * big and short <= {a}
        ]
    # together: a and b, with different stacks, both lose to w, who covers them
    return [
        (tuple(sorted((a, b, w))), w, (a, b))
        for a, b in combinations(stacks, 2)
        for w in stacks
        if w not in (a, b)
        and stacks[a] != stacks[b]
        and stacks[w] >= max(stacks[a], stacks[b])
        and short <= {a, b, w}
    ]


def _cards(
    rng: random.Random, seats: Sequence[int], winner: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]] | None:
    """Hole cards for ``seats`` and a board on which ``winner`` beats every other one."""
    n = len(seats)
    for _try in range(60):
        deck = list(range(len(DECK)))  # card indexes: DECK is in index order
        rng.shuffle(deck)
        board = deck[2 * n : 2 * n + 5]
        power = [holdem.strength(deck[2 * i : 2 * i + 2] + board) for i in range(n)]
        best = power[seats.index(winner)]
        if sum(p >= best for p in power) == 1:
            holes = tuple((DECK[deck[2 * i]], DECK[deck[2 * i + 1]]) for i in range(n))
            return holes, tuple(DECK[i] for i in board)
    return None


@dataclass
class _Story:
    """A whole tournament dealt: the question (no blinds asked yet), the table at the end
    and every hand as the engine played it (for :func:`run` to keep)."""

    question: Question
    table: Table
    told: list[Told]


def _story(rng: random.Random, level: str, blinds_change: bool) -> _Story | None:
    """One try at a whole tournament; ``None`` when the dealt story does not fit."""
    players = rng.randint(*PLAYERS[level])
    every = rng.randint(*EVERY[level])
    first = rng.randrange(3)
    schedule = tuple(Blinds(*b) for b in BLINDS[first : first + LEVELS_DEALT])
    draft = Question(players, rng.choice(CHIPS), rng.randrange(players), schedule, every, (), 0)
    table = Table(rules_of(draft), [draft.chips] * players, button=draft.button)
    hands: list[Played] = []
    told: list[Told] = []
    plan = _plan(rng, level, players)
    while not table.is_finished:
        final = len(plan) - plan.count("up") == 1  # the next hand may knock the last one out
        needed = every + 1 - table.hand_no if blinds_change and final else 0
        for _quiet in range(max(rng.choice(QUIET), needed)):
            if any(chips <= SHORT * table.level.big for chips in _stacks(table).values()):
                break
            hands.append(Played())
            told.append(play(table, hands[-1]))
        # The first kind of hand in the plan that can be played now; double-ups left over
        # when the last player is knocked out are not played.
        found = next(((k, w) for k in dict.fromkeys(plan) if (w := _cast(table, k))), None)
        if found is None:
            return None
        kind, ways = found
        plan.remove(kind)
        seats, win, out = rng.choice(ways)
        dealt = _cards(rng, seats, win)
        if dealt is None:
            return None
        hands.append(Played(seats, *dealt))
        told.append(play(table, hands[-1]))
        if {seat for seat, _chips in told[-1].busted} != set(out):
            return None  # pragma: no cover - the cards were chosen for this result
    last = table.hand_no - 1
    if blinds_change and last <= every:
        return None
    levels = table.rules.level_index(last) + 2
    question = Question(
        players, draft.chips, draft.button, schedule[:levels], every, tuple(hands), 0
    )
    return _Story(question, table, told)


def _deal(rng: random.Random, level: str, concept: str | None) -> Question:
    asks = level != "easy" or concept == "blind-levels"
    for _attempt in range(ATTEMPTS):
        story = _story(rng, level, asks)
        if story is not None:
            break
    else:  # pragma: no cover - a whole tournament fits in a few tries
        raise RuntimeError("no tournament found")
    last = len(story.told)
    if not asks:
        asked = 0
    elif concept == "blind-levels":
        asked = rng.randint(story.question.every + 1, last)  # the blinds have gone up by then
    else:
        asked = rng.randint(1, last)
    question = replace(story.question, asked=asked)
    remember(question, story.table, story.told)
    return question


def generate(seed: int, level: str) -> Question:
    return _deal(random.Random(f"{SLUG}/{level}/{seed}"), level, None)


def target(seed: int, level: str, concept: str) -> Question:
    """A question aimed at ``concept``: for blind-levels, a hand after the blinds went up."""
    return _deal(random.Random(f"{SLUG}/{level}/{concept}/{seed}"), level, concept)
