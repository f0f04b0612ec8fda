"""Who acts next, and what is legal: a table part-way through a betting round; the learner
names the next seat and the smallest and largest raise (or says none is allowed).

Tables have two to six players (heads-up the button posts the small blind), and from the
medium level some post antes or a big-blind ante. Aimed at a concept (``target``), the
hand is played until the engine's own state exercises it: the walk stops at the first
decision whose :func:`concepts_of` holds the concept.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from django.utils.translation import get_language, gettext_lazy, pgettext
from django.utils.translation import gettext as _

from tutor.core.locales import format_number
from tutor.core.numbers import whole_number
from tutor.engine import events as ev
from tutor.engine.betting import Action, ActionKind, Options, Reason
from tutor.engine.hand import Hand, Street
from tutor.engine.rules import AnteMode, Rules, Structure
from tutor.engine.table import Table
from tutor.words import betting as words
from tutor.words.narrate import narrate
from tutor.words.reasons import reason_text
from tutor.words.terms import seat_name, structure_name

from .answers import amount, value
from .base import AnswerError
from .codec import Record
from .drill import Answer, QuestionDrill

RULES = {"no_limit": Rules.no_limit, "pot_limit": Rules.pot_limit, "fixed_limit": Rules.fixed_limit}
#: Ante sizes per ante mode (blinds are 50/100; a big-blind ante is one big blind, TDA).
ANTE_SIZES = {"none": (0,), "each": (10, 25), "big_blind": (100,)}


@dataclass(frozen=True)
class Shape:
    """How a table is laid out and played before the question is asked."""

    structures: tuple[str, ...]
    #: Players at a table that is not heads-up, and the share of heads-up tables.
    players: tuple[int, int]
    heads_up: float
    #: Ante modes (``AnteMode`` codes) to draw from; repeat one to make it likelier.
    antes: tuple[str, ...]
    #: Seats given a short stack (so short all-ins happen), and its range.
    short_stacks: int
    short_range: tuple[int, int]
    #: Actions played before the question (dealt) or before looking for the concept (aimed).
    steps: tuple[int, int]
    #: How the seats act: a key of ``PLAYS``, with the share of bets and raises.
    play: str
    aggression: float
    #: Aimed only: the streets to reach (checking and calling) before playing as ``play``.
    streets: tuple[str, ...] = ("preflop",)


LEVEL_SHAPES = {
    "easy": Shape(("no_limit",), (3, 4), 0.2, ("none",), 0, (120, 450), (0, 4), "random", 0.3),
    "medium": Shape(
        ("pot_limit", "fixed_limit"),
        (4, 6),
        0.15,
        ("none", "none", "each", "big_blind"),
        0,
        (120, 450),
        (0, 7),
        "random",
        0.45,
    ),
    "hard": Shape(
        ("no_limit", "pot_limit", "fixed_limit"),
        (4, 6),
        0.15,
        ("none", "none", "each", "big_blind"),
        2,
        (120, 450),
        (0, 10),
        "random",
        0.45,
    ),
}

#: The betting rounds, in order (``Street`` codes).
STREETS = ("preflop", "flop", "turn", "river")
#: What an aimed question changes in its level's shape; ``structures`` narrows the
#: level's own (or replaces them when none of the level's fits).
AIMED: dict[str, dict[str, Any]] = {
    "blinds-and-button": {"steps": (0, 0)},
    "order-preflop": {"heads_up": 0.0, "steps": (0, 2)},
    "order-postflop": {"heads_up": 0.0, "steps": (0, 0), "streets": STREETS[1:]},
    "heads-up-order": {"heads_up": 1.0, "steps": (0, 0), "streets": STREETS},
    "big-blind-option": {"steps": (0, 0), "play": "passive"},
    "min-raise": {
        "structures": ("no_limit", "pot_limit"),
        "steps": (0, 2),
        "aggression": 0.6,
        "streets": STREETS,
    },
    "pot-limit-max": {"structures": ("pot_limit",), "steps": (0, 2), "streets": STREETS},
    "fixed-limit-sizes": {"structures": ("fixed_limit",), "steps": (0, 2), "streets": STREETS},
    "raise-cap": {
        "structures": ("fixed_limit",),
        "heads_up": 0.0,
        "steps": (0, 0),
        "play": "raise",
        "streets": STREETS[:3],
    },
    "short-all-in-reopen": {
        "heads_up": 0.0,
        "short_stacks": 2,
        "short_range": (150, 600),
        "steps": (0, 0),
        "play": "shove",
        "streets": STREETS[:2],
    },
    "antes-dead-money": {"antes": ("each", "big_blind"), "steps": (0, 3)},
}

#: A stack this small shoves when the "shove" play can (every other stack is 2,000 or more).
SHORT = 600
#: Hands tried for an aimed question, and the actions walked in each.
AIM_HANDS = 40
WALK = 40


@dataclass(frozen=True)
class Question(Record):
    """The hand as the engine keeps it (server side only: it holds the deck)."""

    hand: Hand
    structure: str


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    seat_ok: bool
    limits_ok: bool
    next: str
    can_raise: bool
    is_bet: bool
    min_to: int | None
    max_to: int | None
    to_call: int
    high: int
    increment: int
    pot: int
    structure: str
    blocked: str
    all_in_only: bool
    #: The rules of play that name the seat to act, and what the antes do to the call.
    order: tuple[str, ...] = ()
    antes: tuple[str, ...] = ()


# -- playing a hand up to the question -----------------------------------------------
def _random_action(rng: random.Random, hand: Hand, aggressive: float) -> Action:
    opts = hand.options()
    roll = rng.random()
    if opts.aggression is not None and roll < aggressive:
        lo, hi = opts.min_to or 0, opts.max_to or 0
        to = hi if rng.random() < 0.15 else rng.randint(lo, max(lo, min(hi, lo * 3)))
        return Action(opts.aggression, to)
    if not opts.can_check and roll > 0.85:
        return Action(ActionKind.FOLD)
    return Action(ActionKind.CHECK) if opts.can_check else Action(ActionKind.CALL)


def _passive(rng: random.Random, hand: Hand, aggressive: float) -> Action:
    """Check or call, now and then fold: rounds end without a raise."""
    opts = hand.options()
    if opts.can_check:
        return Action(ActionKind.CHECK)
    return Action(ActionKind.FOLD) if rng.random() < 0.15 else Action(ActionKind.CALL)


def _raise(rng: random.Random, hand: Hand, aggressive: float) -> Action:
    """Raise whenever allowed (the smallest size), else call: a round runs into its cap."""
    opts = hand.options()
    if opts.aggression is not None and rng.random() < 0.9:
        return Action(opts.aggression, opts.min_to)
    return Action(ActionKind.CHECK) if opts.can_check else Action(ActionKind.CALL)


def _shove(rng: random.Random, hand: Hand, aggressive: float) -> Action:
    """Once someone has raised, a short stack puts its chips in; the first raise is sized
    so that such an all-in falls short of a full raise; everyone else checks or calls: the
    raiser then faces a short all-in."""
    opts, rnd = hand.options(), hand.round
    assert rnd is not None
    passive = Action(ActionKind.CHECK) if opts.can_check else Action(ActionKind.CALL)
    if opts.aggression is None or opts.min_to is None or opts.max_to is None:
        return passive
    raised = any(isinstance(e, ev.Bet | ev.Raise) for e in _round_actions(hand))
    if hand.stacks[opts.seat] <= SHORT:  # shove only for less than a full raise
        short = opts.all_in_to - rnd.high < rnd.threshold() and opts.all_in_to <= opts.max_to
        return Action(opts.aggression, opts.all_in_to) if raised and short else passive
    if raised:
        return passive
    shorts = [
        all_in
        for s in range(hand.seats)
        if s != opts.seat and hand.can_act(s) and hand.stacks[s] <= SHORT
        if (all_in := rnd.bets[s] + hand.stacks[s]) > opts.min_to
    ]
    if shorts:  # size the raise so that the next short all-in is less than a full raise
        low = max(opts.min_to, (min(shorts) + rnd.high) // 2 + 1)
        top = min(min(shorts) - 1, opts.max_to)
        if low <= top:
            return Action(opts.aggression, rng.randint(low, top))
    return Action(opts.aggression, opts.min_to)


PLAYS: dict[str, Callable[[random.Random, Hand, float], Action]] = {
    "random": _random_action,
    "passive": _passive,
    "raise": _raise,
    "shove": _shove,
}


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
    rng = random.Random(f"betting/{level}/{seed}")
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


def aimed_shape(level: str, concept: str) -> Shape:
    """The level's shape, changed as ``AIMED`` says for ``concept``."""
    shape = LEVEL_SHAPES[level]
    changes = dict(AIMED.get(concept, {}))
    wanted = changes.pop("structures", None)
    if isinstance(wanted, tuple):
        kept = tuple(s for s in shape.structures if s in wanted)
        changes["structures"] = kept or wanted
    return replace(shape, **changes)


def build_aimed(seed: int, level: str, concept: str) -> Hand:
    """A hand played until its next decision exercises ``concept`` (by :func:`exercised`);
    the level's dealt hand when none does within ``AIM_HANDS`` hands."""
    rng = random.Random(f"betting/{level}/{concept}/{seed}")
    shape = aimed_shape(level, concept)
    for _attempt in range(AIM_HANDS):
        hand = _deal(rng, shape)
        street = STREETS.index(rng.choice(shape.streets))
        while _waiting(hand) and STREETS.index(hand.street.value) < street:
            hand.do(_passive(rng, hand, 0.0))
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


# -- the concepts a decision exercises, read from the engine ---------------------------
def _round_actions(hand: Hand) -> list[ev.Event]:
    """The players' actions in the betting round under way, read from the history."""
    actions = []
    for event in reversed(hand.events):
        if isinstance(event, ev.DealHole | ev.DealBoard):
            break
        if event.is_action:
            actions.append(event)
    return actions[::-1]


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
        first_in_round=not _round_actions(hand),
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


# -- the page ------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatLine:
    index: int
    label: str
    stack: int
    bet: int
    folded: bool
    all_in: bool
    button: bool


@dataclass(frozen=True)
class Situation:
    """The table as every player sees it: no hole cards."""

    structure_name: str
    antes: str  # what the table's antes are ("" without antes)
    log: list[str]
    seat_list: list[SeatLine]
    board: tuple[str, ...]  # card codes, as the seat view gives them
    pot: int


def _ante_mode(hand: Hand) -> str | None:
    """The code of the table's antes, ``None`` when there are none."""
    mode = hand.rules.ante_mode
    return None if mode is AnteMode.NONE or not hand.level.ante else mode.code


def context(question: Question) -> dict[str, object]:
    hand, language = question.hand, get_language() or "en"
    view = hand.view(None)
    seat_list = [
        SeatLine(
            index=s["seat"],
            label=seat_name(s["seat"]),
            stack=s["stack"],
            bet=s["bet"],
            folded=s["folded"],
            all_in=s["all_in"],
            button=s["seat"] == view["button"],
        )
        for s in view["seats"]
        if s["seated"]
    ]
    mode = _ante_mode(hand)
    about = Situation(
        structure_name=str(structure_name(question.structure)),
        antes=words.table_antes(mode, hand.level.ante, language) if mode else "",
        log=narrate(view["history"], seat_name, language),
        seat_list=seat_list,
        board=tuple(view["board"]),
        pot=view["pot"],
    )
    return {"about": about}


# -- grading -------------------------------------------------------------------------
def _can_raise(hand: Hand) -> bool:
    opts = hand.options()
    return opts.aggression is not None and opts.blocked is None


def _order(hand: Hand, concepts: frozenset[str]) -> tuple[str, ...]:
    """The rules of play that name the seat to act."""
    heads_up = sum(stack is not None for stack in hand.setup.stacks) == 2
    street = "preflop" if hand.street is Street.PREFLOP else "postflop"
    codes = [f"heads_up_{street}" if heads_up else street]
    if "big-blind-option" in concepts:
        codes.append("big_blind_option")
    return tuple(words.order_text(code) for code in codes)


def _antes(hand: Hand, opts: Options) -> tuple[str, ...]:
    """What the antes posted do to the call before the flop, and to the pot-limit maximum."""
    mode = _ante_mode(hand)
    if mode is None or not any(isinstance(e, ev.PostAnte) for e in hand.events):
        return ()
    seat, language = seat_name(opts.seat), get_language() or "en"
    lines = []
    if hand.street is Street.PREFLOP:
        lines.append(words.ante_note(mode, seat, hand.level.ante, opts.to_call, language))
    if hand.rules.structure is Structure.POT_LIMIT and _can_raise(hand):
        lines.append(words.pot_limit_antes_text())
    return tuple(lines)


def grade(question: Question, answer: Answer) -> Grade:
    hand = question.hand
    if (seat := whole_number(value(answer, "next"), 2)) is None or seat >= hand.seats:
        raise AnswerError(_("Choose the seat that acts next."))
    no_raise = value(answer, "no_raise") == "on"
    low, high = amount(value(answer, "min_to")), amount(value(answer, "max_to"))
    if not no_raise and (low is None or high is None):
        raise AnswerError(
            _(
                "Enter the smallest and the largest raise (the total bet after raising), or tick that no raise is allowed."
            )
        )
    opts = hand.options()
    can_raise = _can_raise(hand)
    limits_ok = (
        (not no_raise and (low, high) == (opts.min_to, opts.max_to)) if can_raise else no_raise
    )
    current = hand.round.high if hand.round else 0
    return Grade(
        correct=seat == hand.to_act and limits_ok,
        seat_ok=seat == hand.to_act,
        limits_ok=limits_ok,
        next=seat_name(hand.to_act or 0),
        can_raise=can_raise,
        is_bet=opts.aggression is ActionKind.BET,
        min_to=opts.min_to,
        max_to=opts.max_to,
        to_call=opts.to_call,
        high=current,
        increment=(opts.min_to or 0) - current,
        pot=hand.pot,
        structure=question.structure,
        blocked=reason_text(opts.blocked.value, {}, get_language() or "en") if opts.blocked else "",
        all_in_only=can_raise and opts.min_to == opts.max_to == opts.all_in_to,
        order=_order(hand, concepts_of(question)),
        antes=_antes(hand, opts),
    )


def answer_key(question: Question) -> dict[str, list[str]]:
    hand, opts = question.hand, question.hand.options()
    key = {"next": [str(hand.to_act)]}
    if _can_raise(hand):
        key.update(min_to=[str(opts.min_to)], max_to=[str(opts.max_to)])
    else:
        key["no_raise"] = ["on"]
    return key


def _chips_text(text: str) -> str:
    chips = whole_number(text.replace(" ", "").replace(",", ""))
    return format_number(chips, get_language() or "en") if chips is not None else "?"


def answer_label(question: Question, answer: Answer) -> str:
    number = whole_number(value(answer, "next"), 2)
    seat = seat_name(number) if number is not None else "?"
    if value(answer, "no_raise") == "on":
        # Translators: an answer in the results: the seat chosen to act next, and that no raise is allowed.
        return pgettext("quiz answer", "%(seat)s, no raise") % {"seat": seat}
    # Translators: an answer in the results: the seat to act next and the smallest and largest raise.
    return pgettext("quiz answer", "%(seat)s, raise %(low)s to %(high)s") % {
        "seat": seat,
        "low": _chips_text(value(answer, "min_to")),
        "high": _chips_text(value(answer, "max_to")),
    }


DRILL = QuestionDrill(
    slug="betting",
    title=gettext_lazy("Who acts next, and what is legal?"),
    summary=gettext_lazy(
        "A hand part-way through a betting round: name the next player and the smallest and largest raise."
    ),
    version=2,
    question_type=Question,
    generate=generate,
    grade=grade,
    answer_key=answer_key,
    answer_label=answer_label,
    context=context,
    shareable=False,  # the question holds the engine's Hand, which is mutable
    concepts=MappingProxyType(CONCEPTS),
    concepts_of=concepts_of,
    target=target,
)
