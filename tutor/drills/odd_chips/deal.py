"""Dealing an odd-chip question: winners tied to the chip, odd chips left over, the button
placed by level."""

from __future__ import annotations

import random
from collections import Counter

from tutor.engine import holdem, pots
from tutor.engine.cards import DECK

from .question import (
    FOLDED,
    LOSER_TRIES,
    LOSERS,
    ODD,
    RULES,
    SEATS,
    SLUG,
    WINNERS,
    Cards,
    Question,
)

# -- dealing ---------------------------------------------------------------------------------


def _roles(rng: random.Random, level: str) -> tuple[int, list[int], list[int]]:
    """The number of seats, the winners and the losing seats still in (the rest fold)."""
    seats = rng.randint(*SEATS[level])
    winners = WINNERS[level]
    losers = min(rng.randint(*LOSERS[level]), seats - winners - FOLDED[level])
    order = list(range(seats))
    rng.shuffle(order)
    return seats, sorted(order[:winners]), sorted(order[winners : winners + losers])


def _single_pot(
    rng: random.Random, level: str, seats: int, live: list[int], winners: int
) -> list[int]:
    """Everyone still in put in the same; the folded seats less. The pot leaves the level's
    number of odd chips: the first folded seat's chips are nudged to make it so."""
    call = rng.randint(4, 40) * (10 if level == "easy" else 5)
    folded = [s for s in range(seats) if s not in live]
    contributions = [
        call if s in live else rng.randint(1, call - winners - 1) for s in range(seats)
    ]
    wanted = rng.randint(*ODD[level])
    contributions[folded[0]] += (wanted - sum(contributions)) % winners
    return contributions


def _with_side_pot(rng: random.Random, seats: int, short: int, live: list[int]) -> list[int]:
    """A short all-in winner, the others still in calling more, and two seats or more that
    folded: one before the all-in amount was reached, whose chips leave the main pot its odd
    chips, and one after, whose chips leave the side pot its odd chip."""
    call = rng.randint(20, 200) * 5
    short_amount = rng.randint(call // 4, call - 10)
    folded = [s for s in range(seats) if s not in live]
    early, late = rng.sample(folded, 2)

    def put_in(seat: int) -> int:
        if seat == short:
            return short_amount
        if seat in live:
            return call
        if seat == early:
            return rng.randint(1, short_amount - 3)
        if seat == late:
            return rng.randint(short_amount + 1, call - 2)
        return rng.randint(1, call - 1)

    contributions = [put_in(s) for s in range(seats)]
    folds = [s not in live for s in range(seats)]
    main, side = pots.build_pots(contributions, folds).pots
    # The early seat's chips are all in the main pot, the late seat's above the all-in
    # amount all in the side pot: each nudges one pot only.
    contributions[early] += (rng.randint(1, 2) - main.amount) % WINNERS["hard"]
    contributions[late] += (1 - side.amount) % (WINNERS["hard"] - 1)
    return contributions


def _strength(board: Cards, hand: Cards) -> int:
    return holdem.strength([c.index for c in board + hand])


def _deal(
    rng: random.Random, winners: list[int], losers: list[int]
) -> tuple[Cards, dict[int, Cards]]:
    """A board and hands on which ``winners`` tie and beat every one of ``losers``.

    The winners hold the same two ranks in different suits, and the board has at most two
    cards of a suit (nobody can make a flush), so their hands are worth exactly the same.
    """
    while True:
        board = tuple(rng.sample(DECK, 5))
        if max(Counter(c.suit for c in board).values()) > 2:
            continue
        free = [c for c in DECK if c not in board]
        ranks = [
            r
            for r in sorted({c.rank for c in free})
            if sum(c.rank == r for c in free) >= len(winners)
        ]
        first, second = rng.sample(ranks, 2)
        pairs = zip(
            rng.sample([c for c in free if c.rank == first], len(winners)),
            rng.sample([c for c in free if c.rank == second], len(winners)),
            strict=True,
        )
        hands = {
            seat: tuple(rng.sample(pair, 2)) for seat, pair in zip(winners, pairs, strict=True)
        }
        best = _strength(board, hands[winners[0]])
        rest = [c for c in free if all(c not in h for h in hands.values())]
        for seat in losers:
            for _attempt in range(LOSER_TRIES):
                hand = tuple(rng.sample(rest, 2))
                if _strength(board, hand) < best:
                    hands[seat] = hand
                    rest = [c for c in rest if c not in hand]
                    break
        if len(hands) == len(winners) + len(losers):
            return board, hands


def generate(seed: int, level: str) -> Question:
    rng = random.Random(f"{SLUG}/{level}/{seed}")
    seats, winners, losers = _roles(rng, level)
    live = sorted(winners + losers)
    if level == "hard":
        short = rng.choice(winners)
        contributions = _with_side_pot(rng, seats, short, live)
        button = rng.choice(winners)
    else:
        short = -1
        contributions = _single_pot(rng, level, seats, live, len(winners))
        button = rng.choice([s for s in range(seats) if s not in winners])
    rule = rng.choice(RULES[level])
    board, hands = _deal(rng, winners, losers)
    return Question(
        contributions=tuple(contributions),
        folded=tuple(s not in live for s in range(seats)),
        all_in=tuple(s == short for s in range(seats)),
        board=board,
        hands=tuple(hands.get(s) for s in range(seats)),
        button=button,
        rule=rule.value,
    )
