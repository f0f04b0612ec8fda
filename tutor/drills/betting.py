"""Who acts next, and what is legal: a table part-way through a betting round; the learner
names the next seat and the smallest and largest raise (or says none is allowed)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.utils.translation import get_language, gettext_lazy, pgettext
from django.utils.translation import gettext as _

from tutor.core.locales import format_number
from tutor.core.numbers import whole_number
from tutor.engine.betting import Action, ActionKind
from tutor.engine.hand import Hand
from tutor.engine.rules import Rules
from tutor.engine.table import Table
from tutor.words.narrate import narrate
from tutor.words.reasons import reason_text
from tutor.words.terms import seat_name, structure_name

from .answers import amount, value
from .base import AnswerError
from .codec import Record
from .drill import Answer, QuestionDrill

STRUCTURES = {
    "easy": ("no_limit",),
    "medium": ("pot_limit", "fixed_limit"),
    "hard": ("no_limit", "pot_limit", "fixed_limit"),
}
RULES = {"no_limit": Rules.no_limit, "pot_limit": Rules.pot_limit, "fixed_limit": Rules.fixed_limit}
PLAYERS = {"easy": (3, 4), "medium": (4, 6), "hard": (4, 6)}
STEPS = {"easy": 4, "medium": 7, "hard": 10}


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


def build(seed: int, level: str) -> Hand:
    rng = random.Random(f"betting/{level}/{seed}")
    structure = rng.choice(STRUCTURES[level])
    players = rng.randint(*PLAYERS[level])
    for _attempt in range(50):
        stacks: list[int | None] = [100 * rng.randint(20, 120) for _ in range(players)]
        if level == "hard":
            for seat in rng.sample(range(players), 2):
                stacks[seat] = rng.randint(120, 450)  # short stacks: short all-ins
        table = Table(RULES[structure](50, 100), stacks, button=rng.randrange(players))
        hand = table.new_hand(seed=rng.randrange(2**32))
        for _step in range(rng.randint(1, STEPS[level])):
            if hand.is_over or hand.to_act is None:
                break
            hand.do(_random_action(rng, hand, 0.45 if level != "easy" else 0.3))
        if not hand.is_over and hand.to_act is not None:
            return hand
    raise RuntimeError("no betting situation found")  # pragma: no cover


def generate(seed: int, level: str) -> Question:
    hand = build(seed, level)
    return Question(hand, hand.rules.structure.code)


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
    log: list[str]
    seat_list: list[SeatLine]
    board: tuple[str, ...]  # card codes, as the seat view gives them
    pot: int


def context(question: Question) -> dict[str, object]:
    view = question.hand.view(None)
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
    about = Situation(
        structure_name=str(structure_name(question.structure)),
        log=narrate(view["history"], seat_name, get_language() or "en"),
        seat_list=seat_list,
        board=tuple(view["board"]),
        pot=view["pot"],
    )
    return {"about": about}


def _can_raise(hand: Hand) -> bool:
    opts = hand.options()
    return opts.aggression is not None and opts.blocked is None


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
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    answer_key=answer_key,
    answer_label=answer_label,
    context=context,
    shareable=False,  # the question holds the engine's Hand, which is mutable
)
