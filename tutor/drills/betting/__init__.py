"""Who acts next, and what is legal: a table part-way through a betting round; the learner
names the next seat and the smallest and largest raise (or says none is allowed).

Tables have two to six players (heads-up the button posts the small blind), and from the
medium level some post antes or a big-blind ante. Aimed at a concept (``target``), the
hand is played until the engine's own state exercises it: the walk stops at the first
decision whose :func:`concepts_of` holds the concept.

The package: ``question.py`` (the hand and what reads it), ``shape.py`` (how each level
lays out and plays a table), ``play.py`` (how the seats act), ``deal.py`` (dealing and
aiming), ``concepts.py`` (what a decision exercises), ``page.py`` (the table shown); here
the grading, the right answer and label, and ``DRILL``.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from tutor.core.locales import current_language, format_number
from tutor.core.numbers import read_chips, whole_number
from tutor.engine import events as ev
from tutor.engine.betting import ActionKind, Options, check_amount
from tutor.engine.errors import IllegalAction
from tutor.engine.hand import Hand, Street
from tutor.engine.rules import Structure
from tutor.words import betting as words
from tutor.words.picked_figures import figure_line
from tutor.words.reasons import reason_text
from tutor.words.terms import seat_name

from ..answers import amount, value
from ..base import AnswerError
from ..codec import Record
from ..drill import Answer, QuestionDrill
from .concepts import CONCEPT_TESTS, CONCEPTS, Moment, concepts_of, exercised, moment
from .deal import RULES, build, build_aimed, generate, target
from .page import context
from .question import SLUG, Question, ante_mode
from .shape import AIMED, LEVEL_SHAPES, Shape, aimed_shape

__all__ = [
    "AIMED",
    "CONCEPTS",
    "CONCEPT_TESTS",
    "DRILL",
    "LEVEL_SHAPES",
    "RULES",
    "Grade",
    "Moment",
    "Question",
    "Shape",
    "aimed_shape",
    "answer_label",
    "build",
    "build_aimed",
    "concepts_of",
    "context",
    "exercised",
    "generate",
    "grade",
    "moment",
    "right_answer",
    "target",
]


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
    #: What the learner picked and why it is wrong ("" for a right answer).
    picked: str = ""


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
    mode = ante_mode(hand)
    if mode is None or not any(isinstance(e, ev.PostAnte) for e in hand.events):
        return ()
    seat, language = seat_name(opts.seat), current_language()
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
        blocked=reason_text(opts.blocked.value, {}, current_language()) if opts.blocked else "",
        all_in_only=can_raise and opts.min_to == opts.max_to == opts.all_in_to,
        order=_order(hand, concepts_of(question)),
        antes=_antes(hand, opts),
        picked=_picked(hand, seat, None if no_raise else (low or 0, high or 0)),
    )


def _picked(hand: Hand, seat: int, limits: tuple[int, int] | None) -> str:
    """The seat picked to act, else the limits: a figure the engine refuses comes with the
    engine's reason; one it allows, with the figure it allows beyond it."""
    opts, language = hand.options(), current_language()
    to_act = seat_name(hand.to_act or 0)
    if seat != hand.to_act:
        return figure_line("seat", language, chosen=seat_name(seat), seat=to_act)
    blocked = not _can_raise(hand)
    if limits is None or blocked:
        return _raise_or_not(opts, to_act, limits, blocked, language)
    low, high = limits
    assert opts.aggression is not None and opts.min_to is not None and opts.max_to is not None
    for code, given in (("low_refused", low), ("high_refused", high)):
        try:
            check_amount(opts, opts.aggression, given)
        except IllegalAction as refused:
            why = reason_text(refused.code, refused.details, language)
            return figure_line(code, language, amount=given, why=why)
    if low != opts.min_to:
        return figure_line("low_too_high", language, amount=low, minimum=opts.min_to)
    if high != opts.max_to:
        return figure_line("high_too_low", language, amount=high, maximum=opts.max_to)
    return ""


def _raise_or_not(
    opts: Options, seat: str, limits: tuple[int, int] | None, blocked: bool, language: str
) -> str:
    """No raise said where one is allowed, or limits given where none is."""
    if blocked and limits is not None:
        refused = opts.blocked_error()
        why = reason_text(refused.code, refused.details, language)
        return figure_line("blocked", language, low=limits[0], high=limits[1], seat=seat, why=why)
    if blocked:
        return ""
    code = "no_raise_bet" if opts.aggression is ActionKind.BET else "no_raise_raise"
    if opts.min_to == opts.max_to:
        code = "no_raise_exact"
    return figure_line(code, language, seat=seat, minimum=opts.min_to, maximum=opts.max_to)


def right_answer(question: Question) -> dict[str, list[str]]:
    hand, opts = question.hand, question.hand.options()
    key = {"next": [str(hand.to_act)]}
    if _can_raise(hand):
        key.update(min_to=[str(opts.min_to)], max_to=[str(opts.max_to)])
    else:
        key["no_raise"] = ["on"]
    return key


def _chips_text(text: str) -> str:
    chips = read_chips(text)
    return format_number(chips, current_language()) if chips is not None else "?"


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
    slug=SLUG,
    title=gettext_lazy("Who acts next, and what is legal?"),
    summary=gettext_lazy(
        "A hand part-way through a betting round: name the next player and the smallest and largest raise."
    ),
    version=2,
    question_type=Question,
    generate=generate,
    grade=grade,
    right_answer=right_answer,
    answer_label=answer_label,
    context=context,
    shareable=False,  # the question holds the engine's Hand, which is mutable
    concepts=MappingProxyType(CONCEPTS),
    concepts_of=concepts_of,
    target=target,
)
