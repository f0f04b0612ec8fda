"""The concepts a betting decision exercises, read from the engine's state of the hand:
the decision waiting is read once (a :class:`Moment`) and every concept's test looks at it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tutor.engine import events as ev
from tutor.engine.betting import ActionKind, Options, Reason
from tutor.engine.hand import Hand, Street
from tutor.engine.rules import Structure

from .question import Question, round_actions


def _after_short_all_in(hand: Hand, seat: int) -> bool:
    """Whether ``seat`` acted earlier in this round and faces more now, raised only by
    all-ins each short of a full raise (the round's marks of full raises have not moved):
    those all-ins alone decide whether it may raise (WSOP 96 and 96a)."""
    rnd = hand.round
    if rnd is None or seat not in rnd.acted:
        return False
    high_then, marks_then = rnd.acted[seat]
    return rnd.high > high_then and rnd.marks == marks_then


@dataclass(frozen=True)
class Moment:
    """The decision waiting, as the engine states it: read once for every concept test."""

    street: Street
    players: int  # players dealt in
    seat: int
    big_blind: int
    structure: Structure
    options: Options
    high: int
    full_raise: int
    first_in_round: bool
    antes: bool
    after_short_all_in: bool


def moment(hand: Hand) -> Moment:
    rnd, seat = hand.round, hand.to_act
    assert rnd is not None and seat is not None
    return Moment(
        street=hand.street,
        players=sum(stack is not None for stack in hand.setup.stacks),
        seat=seat,
        big_blind=hand.big_blind_seat,
        structure=hand.rules.structure,
        options=hand.options(),
        high=rnd.high,
        full_raise=rnd.full_raise,
        first_in_round=not round_actions(hand),
        antes=any(isinstance(e, ev.PostAnte) for e in hand.events),
        after_short_all_in=_after_short_all_in(hand, seat),
    )


def _sized(m: Moment) -> bool:
    """A bet or raise is allowed and the stack covers more than its largest size."""
    opts = m.options
    return opts.aggression is not None and (opts.max_to or 0) < opts.all_in_to


#: Concept id -> whether the decision waiting exercises it.
CONCEPT_TESTS: dict[str, Callable[[Moment], bool]] = {
    # The first decision of the hand: who acts first follows from the button and blinds.
    "blinds-and-button": lambda m: m.street is Street.PREFLOP and m.first_in_round,
    "order-preflop": lambda m: (
        m.street is Street.PREFLOP
        and m.players >= 3
        and (m.first_in_round or m.seat == m.big_blind)
    ),
    "order-postflop": lambda m: (
        m.street is not Street.PREFLOP and m.players >= 3 and m.first_in_round
    ),
    "heads-up-order": lambda m: m.players == 2 and m.first_in_round,
    "big-blind-option": lambda m: (
        m.street is Street.PREFLOP and m.seat == m.big_blind and m.options.can_check
    ),
    "min-raise": lambda m: (
        m.structure is not Structure.FIXED_LIMIT
        and m.options.aggression is ActionKind.RAISE
        and m.options.min_to == m.high + m.full_raise
    ),
    "pot-limit-max": lambda m: m.structure is Structure.POT_LIMIT and _sized(m),
    "fixed-limit-sizes": lambda m: m.structure is Structure.FIXED_LIMIT and _sized(m),
    "raise-cap": lambda m: m.options.blocked is Reason.RAISE_CAP_REACHED,
    "short-all-in-reopen": lambda m: (
        m.options.blocked is Reason.BETTING_NOT_REOPENED
        or (m.options.blocked is None and m.after_short_all_in)
    ),
    "antes-dead-money": lambda m: m.street is Street.PREFLOP and m.antes,
}

ALL_LEVELS = ("easy", "medium", "hard")
LIMITS = ("medium", "hard")  # the levels that deal pot-limit, fixed-limit and antes
CONCEPTS: dict[str, tuple[str, ...]] = {
    "blinds-and-button": ALL_LEVELS,
    "order-preflop": ALL_LEVELS,
    "order-postflop": ALL_LEVELS,
    "heads-up-order": ALL_LEVELS,
    "big-blind-option": ALL_LEVELS,
    "min-raise": ALL_LEVELS,
    "pot-limit-max": LIMITS,
    "fixed-limit-sizes": LIMITS,
    "raise-cap": LIMITS,
    "short-all-in-reopen": ("hard",),
    "antes-dead-money": LIMITS,
}


def exercised(hand: Hand) -> frozenset[str]:
    """The concepts the decision waiting in ``hand`` exercises."""
    now = moment(hand)
    return frozenset(concept for concept, test in CONCEPT_TESTS.items() if test(now))


def concepts_of(question: Question) -> frozenset[str]:
    return exercised(question.hand)
