"""Simple, explainable computer opponents for the "play a hand" drill.

A bot looks at three things and says which one decided (a :class:`BotReason`
code with its numbers, so the site can narrate "calls: pot odds 25 %, equity
40 %"):

* hand strength: its chance to win against random hands, estimated by a small
  seeded Monte Carlo run over the unseen cards, compared with a fair share
  (1 / players);
* position: acting late (fewer players left to act) lowers what it needs;
* pot odds: a call is worth it when the equity beats call / (pot + call).

Styles are data (:data:`PROFILES`): tight, loose, aggressive and passive, the
contrast the Czech text's strategy section draws. A little randomness comes
from the hand's seed and history, so a replay makes the same decisions. Every
decision is a legal action of the hand.

>>> from .hand import Hand, HandSetup
>>> from .rules import Rules
>>> hand = Hand(HandSetup.new(Rules.no_limit(50, 100), [5000] * 3, button=0, seed=4))
>>> d = decide(hand, Style.TIGHT)
>>> hand.can(d.action), d.reason in BotReason
(True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum, unique
from typing import TypedDict

from .betting import Action, ActionData, ActionKind
from .fast import strength
from .hand import Hand, HandSetup, Street
from .rules import Rules
from .table import Table


@unique
class Style(StrEnum):
    TIGHT = "tight"
    LOOSE = "loose"
    AGGRESSIVE = "aggressive"
    PASSIVE = "passive"


@unique
class BotReason(StrEnum):
    VALUE_BET = "value_bet"  # strong hand, nobody has bet: bet it
    VALUE_RAISE = "value_raise"  # strong hand facing a bet: raise
    BLUFF = "bluff"  # weak hand, bets to make others fold (Czech text: bluffing)
    POT_ODDS_CALL = "pot_odds_call"  # equity beats the price of the call
    POT_ODDS_FOLD = "pot_odds_fold"  # equity below the price: fold
    CHECK_WEAK = "check_weak"  # not strong enough to bet: check
    CHECK_NOTHING_TO_GAIN = "check_nothing_to_gain"  # betting is not possible: check


@dataclass(frozen=True, slots=True)
class Profile:
    """The numbers behind a style. Strength is relative: 1.0 is a fair share.

    ``value``: relative strength to bet or raise; ``margin``: equity (percent
    points) wanted above the pot odds to call; ``bluff``: chance in percent to
    bet a weak hand when checked to; ``bet``/``raise_``: preset sizes (percent
    of the pot, multiple of the bet).
    """

    value: float
    margin: int
    bluff: int
    bet: str
    raise_: str


PROFILES: dict[Style, Profile] = {
    Style.TIGHT: Profile(value=1.8, margin=8, bluff=3, bet="50", raise_="3x"),
    Style.LOOSE: Profile(value=1.6, margin=-6, bluff=8, bet="33", raise_="2x"),
    Style.AGGRESSIVE: Profile(value=1.25, margin=0, bluff=22, bet="100", raise_="3x"),
    Style.PASSIVE: Profile(value=2.4, margin=-2, bluff=0, bet="33", raise_="2x"),
}

#: Position lowers the relative strength needed by up to this much.
POSITION_BONUS = 0.25
MAX_OPPONENTS_SIMULATED = 4


class DecisionData(TypedDict):
    """The JSON form of a bot's :class:`Decision`."""

    seat: int
    style: str
    action: ActionData
    reason: str
    equity: int
    fair_share: int
    pot_odds: int | None
    to_call: int
    pot: int


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's action and why: codes and numbers only (percentages are integers)."""

    seat: int
    style: Style
    action: Action
    reason: BotReason
    equity: int  # estimated chance to win, percent
    fair_share: int  # 100 / players in the hand, percent
    pot_odds: int | None  # call / (pot + call), percent; None when nothing to call
    to_call: int
    pot: int

    def to_dict(self) -> DecisionData:
        return {
            "seat": self.seat,
            "style": self.style.value,
            "action": self.action.to_dict(),
            "reason": self.reason.value,
            "equity": self.equity,
            "fair_share": self.fair_share,
            "pot_odds": self.pot_odds,
            "to_call": self.to_call,
            "pot": self.pot,
        }


def estimate_equity(
    hole: tuple[int, ...], board: tuple[int, ...], opponents: int, samples: int, rng: random.Random
) -> float:
    """Chance to win (ties count half) against ``opponents`` random hands, by sampling.

    Cards are given as :attr:`Card.index` numbers.
    """
    known = set(hole) | set(board)
    unseen = [i for i in range(52) if i not in known]
    missing = 5 - len(board)
    wins = 0.0
    for _ in range(samples):
        drawn = rng.sample(unseen, missing + 2 * opponents)
        full = board + tuple(drawn[:missing])
        mine = strength(hole + full)
        best = max(
            strength((drawn[missing + 2 * k], drawn[missing + 2 * k + 1], *full))
            for k in range(opponents)
        )
        wins += 1.0 if mine > best else 0.5 if mine == best else 0.0
    return wins / samples


def _rng(hand: Hand, seat: int, style: Style) -> random.Random:
    setup = hand.setup
    return random.Random(f"{setup.seed}:{setup.hand_no}:{len(hand.events)}:{seat}:{style.value}")


def _late(hand: Hand, seat: int) -> float:
    """0.0 when everyone still in acts after ``seat`` in this round, 1.0 when nobody does."""
    live = [s for s in hand.in_hand() if s != seat]
    if not live:
        return 1.0
    assert hand.round is not None
    after = sum(1 for s in hand.round.pending[1:] if s in live)
    return 1.0 - after / len(live)


def decide(hand: Hand, style: Style | str = Style.TIGHT, samples: int = 40) -> Decision:
    """The bot's decision for the seat to act (always a legal action)."""
    style = Style(style)
    profile = PROFILES[style]
    seat = hand.to_act
    assert seat is not None, "the hand is over"
    opts = hand.options()
    rng = _rng(hand, seat, style)
    opponents = len(hand.in_hand()) - 1
    simulated = max(1, min(opponents, MAX_OPPONENTS_SIMULATED))
    hole = tuple(c.index for c in hand.holes[seat])
    board = tuple(c.index for c in hand.board)
    equity = estimate_equity(hole, board, simulated, samples, rng)
    relative = equity * (simulated + 1) + POSITION_BONUS * _late(hand, seat)
    pot = hand.pot
    to_call = opts.to_call
    pot_odds = None if opts.can_check else round(100 * to_call / (pot + to_call))

    def made(action: Action, reason: BotReason) -> Decision:
        return Decision(seat, style, action, reason, round(100 * equity),
                        round(100 / (simulated + 1)), pot_odds, to_call, pot)  # fmt: skip

    def aggressive() -> Action:
        preset = profile.bet if opts.aggression is ActionKind.BET else profile.raise_
        return hand.preset_action(preset)

    if opts.aggression is not None and relative >= profile.value:
        reason = BotReason.VALUE_BET if opts.can_check else BotReason.VALUE_RAISE
        return made(aggressive(), reason)
    if opts.can_check:
        if opts.aggression is None:
            return made(Action(ActionKind.CHECK), BotReason.CHECK_NOTHING_TO_GAIN)
        if hand.street is not Street.PREFLOP and rng.randrange(100) < profile.bluff:
            return made(aggressive(), BotReason.BLUFF)
        return made(Action(ActionKind.CHECK), BotReason.CHECK_WEAK)
    assert pot_odds is not None
    if 100 * equity >= pot_odds + profile.margin:
        return made(Action(ActionKind.CALL), BotReason.POT_ODDS_CALL)
    if opts.aggression is not None and rng.randrange(100) < profile.bluff // 3:
        return made(aggressive(), BotReason.BLUFF)
    return made(Action(ActionKind.FOLD), BotReason.POT_ODDS_FOLD)


def play_bots(hand: Hand, styles: Mapping[int, Style | str], samples: int = 40) -> list[Decision]:
    """Let the bots act until the hand ends or a seat without a style must act."""
    decisions: list[Decision] = []
    while not hand.is_over and (seat := hand.to_act) is not None and seat in styles:
        decision = decide(hand, styles[seat], samples)
        hand.do(decision.action)
        decisions.append(decision)
    return decisions


def bench_bot_hands(n: int = 1000, seed: int = 0, players: int = 6) -> float:
    """Play ``n`` seeded six-handed no-limit hands between bots; return the seconds taken."""
    styles = list(Style)
    seats = {s: styles[s % len(styles)] for s in range(players)}
    table = Table(Rules.no_limit(50, 100), [10_000] * players, seed=seed)
    start = time.perf_counter()
    for _ in range(n):
        hand = table.new_hand()
        play_bots(hand, seats)
        table.end_hand(hand)
        for seat in range(players):  # busted bots buy in again
            if table.stacks[seat] is None:
                table.sit(seat, 10_000)
    return time.perf_counter() - start


__all__ = [
    "PROFILES",
    "BotReason",
    "Decision",
    "DecisionData",
    "HandSetup",
    "Profile",
    "Style",
    "bench_bot_hands",
    "decide",
    "estimate_equity",
    "play_bots",
]
