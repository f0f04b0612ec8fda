"""Dealing a payouts question: a slip of the level's size and a round, and rounds aimed at
one rule of the settlement (a tie, a Pair Plus that pays on a losing hand, a void round).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal

from tutor.engine import teenpatti, tp2020
from tutor.engine.cards import Card, shuffled_deck
from tutor.engine.sixcard import bonus_of

from .question import (
    BET_COUNTS,
    CENT,
    DEAL_TRIES,
    MAIN_BETS,
    SIDE_BETS,
    SLUG,
    VOID_SHARE,
    Question,
)

# -- dealing -------------------------------------------------------------------------------


def _stake(rng: random.Random, level: str, bet: str) -> str:
    """Round stakes at easy, some halves at medium, odd cents at hard (on Player A and
    Player B a multiple of 0.20, so that 0.95 to 1 pays whole cents)."""
    main = bet in ("player_a", "player_b")
    if level == "easy":
        cents = 100 * rng.choice((5, 10, 20, 25, 50, 100))
    elif level == "medium":
        cents = 100 * rng.randint(1, 20) * 5
        if not main and rng.random() < 0.4:
            cents += 50
    else:
        cents = 20 * rng.randint(10, 500) if main else rng.randint(100, 5000)
    return str((Decimal(cents) / 100).quantize(CENT))


def _slip(
    rng: random.Random, level: str, must: tuple[str, ...] = ()
) -> tuple[tuple[str, str], ...]:
    """A slip of the level's size holding every bet of ``must``, in ``tp2020.BETS`` order."""
    count = max(rng.randint(*BET_COUNTS[level]), len(must))
    others = [bet for bet in tp2020.BETS if bet not in must]
    chosen = set(must) | set(rng.sample(others, count - len(must)))
    return tuple((bet, _stake(rng, level, bet)) for bet in tp2020.BETS if bet in chosen)


def _dealt(rng: random.Random) -> tp2020.Round:
    return tp2020.deal_round(rng.randrange(2**63))


def _question(
    slip: tuple[tuple[str, str], ...], dealt: tp2020.Round, stopped_after: int | None = None
) -> Question:
    return Question(slip, dealt.hand_a, dealt.hand_b, stopped_after)


def generate(seed: int, level: str) -> Question:
    rng = random.Random(f"{SLUG}/{level}/{seed}")
    slip = _slip(rng, level)
    dealt = _dealt(rng)
    stopped = rng.randint(1, 5) if rng.random() < VOID_SHARE[level] else None
    return _question(slip, dealt, stopped)


DealTest = Callable[[tp2020.Round], bool]


def _until(rng: random.Random, good: DealTest) -> tp2020.Round:
    """The first of a seeded series of deals for which ``good(round)`` holds (the last one
    tried if none does, which for these odds does not happen)."""
    dealt = _dealt(rng)
    for _attempt in range(DEAL_TRIES):
        if good(dealt):
            break
        dealt = _dealt(rng)
    return dealt


def _tie(rng: random.Random) -> tp2020.Round:
    """A tied round: B holds A's ranks in other suits, and the same kind of hand (a trail
    cannot tie, nor can B always match a color: then A is dealt again)."""
    while True:
        deck = shuffled_deck(rng.randrange(2**63))
        hand_a = tuple(deck[:3])
        free = deck[3:]
        for _attempt in range(40):
            hand_b: list[Card] = []
            for card in hand_a:
                options = [c for c in free if c.rank == card.rank and c not in hand_b]
                if not options:
                    break
                hand_b.append(rng.choice(options))
            if len(hand_b) == 3 and teenpatti.showdown(hand_a, hand_b).result == "tie":
                rng.shuffle(hand_b)
                order = tuple(c for pair in zip(hand_a, hand_b, strict=True) for c in pair)
                return tp2020.Round(hand_a, tuple(hand_b), order)


def _pair_plus_pays(index: int, hand_loses: bool) -> DealTest:
    """A deal test: Pair Plus on hand ``index`` pays (and that hand loses the round)."""

    def good(dealt: tp2020.Round) -> bool:
        hand = (dealt.hand_a, dealt.hand_b)[index]
        pays = tp2020.DEFAULT.pair_plus_row(teenpatti.evaluate(hand).paytable_code) is not None
        if not pays or not hand_loses:
            return pays
        result = teenpatti.showdown(dealt.hand_a, dealt.hand_b).result
        return result == ("player_b", "player_a")[index]

    return good


def _bonus_pays(dealt: tp2020.Round) -> bool:
    return tp2020.DEFAULT.bonus_row(bonus_of(dealt.hand_a + dealt.hand_b).code) is not None


def target(seed: int, level: str, concept: str) -> Question:
    """A question aimed at ``concept``: the bets it needs on the slip, and a deal in which
    the engine's settlement uses the rule."""
    rng = random.Random(f"{SLUG}/{level}/{concept}/{seed}")
    return AIMS[concept](rng, level)


def _aim_bets(rng: random.Random, level: str) -> Question:
    must = (rng.choice(MAIN_BETS), rng.choice(SIDE_BETS))
    return _question(_slip(rng, level, must), _dealt(rng))


def _aim_main(rng: random.Random, level: str) -> Question:
    # Both hands backed: one bet is paid 0.95 to 1 (or both come back on a tie).
    return _question(_slip(rng, level, ("player_a", "player_b")), _dealt(rng))


def _aim_tie(rng: random.Random, level: str) -> Question:
    return _question(_slip(rng, level, (rng.choice(MAIN_BETS),)), _tie(rng))


def _aim_pair_plus(rng: random.Random, level: str) -> Question:
    index = rng.randrange(2)
    slip = _slip(rng, level, (("pair_plus_a", "pair_plus_b")[index],))
    return _question(slip, _until(rng, _pair_plus_pays(index, rng.random() < 0.5)))


def _aim_bonus(rng: random.Random, level: str) -> Question:
    return _question(_slip(rng, level, ("six_card_bonus",)), _until(rng, _bonus_pays))


def _aim_void(rng: random.Random, level: str) -> Question:
    return _question(_slip(rng, level), _dealt(rng), rng.randint(1, 5))


AIMS: dict[str, Callable[[random.Random, str], Question]] = {
    "tp-20-20-bets": _aim_bets,
    "tp-main-bet-payout": _aim_main,
    "tp-ties": _aim_tie,
    "tp-pair-plus": _aim_pair_plus,
    "tp-six-card-bonus": _aim_bonus,
    "tp-void-round": _aim_void,
}
