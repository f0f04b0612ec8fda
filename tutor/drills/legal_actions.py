"""What may this player do? A table part-way through a betting round, with its house rule
on folding when checking is free; the learner ticks every action the player to act may
take. The engine answers: each action is put to ``Hand.verify``, and a refusal comes with
the engine's reason code.

Tables are the betting drill's (``betting.build``), half of them played on to a decision
where checking is free (the first to act after the flop, the big blind's option), then
replayed under the house rule drawn for the question: the Japanese guide's (fold only
when facing a bet) or the TDA's (a fold is allowed at any turn and stands).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from types import MappingProxyType

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutor.core.locales import current_language
from tutor.engine.betting import Action, ActionKind
from tutor.engine.errors import IllegalAction
from tutor.engine.hand import Hand, Street
from tutor.engine.rules import FreeFold
from tutor.words import legal_actions as words
from tutor.words.base import join_names
from tutor.words.picked import choice_line
from tutor.words.reasons import reason_text
from tutor.words.terms import seat_name

from . import betting
from .answers import values
from .base import MAX_SEED, AnswerError
from .codec import Record
from .drill import Answer, QuestionDrill

SLUG = "legal-actions"
#: Where a dealt question is played on to, half the time: a decision where checking is free.
CHECK_SPOTS = ("order-postflop", "big-blind-option")


@dataclass(frozen=True)
class Question(Record):
    """The hand as the engine keeps it, under the question's house rule (server side only:
    it holds the deck)."""

    hand: Hand
    structure: str


@dataclass(frozen=True)
class ActionRow(Record):
    code: str
    name: str
    legal: bool
    chosen: bool
    why: str


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    seat: str
    rows: tuple[ActionRow, ...]
    #: What the learner picked and why it is wrong ("" for a right answer).
    picked: str = ""


def _under(hand: Hand, rule: FreeFold) -> Hand:
    """The same hand, dealt and played alike, under the house rule ``rule``."""
    setup = replace(hand.setup, rules=replace(hand.rules, free_fold=rule))
    return Hand.replay(setup, hand.events)


def generate(seed: int, level: str) -> Question:
    rng = random.Random(f"{SLUG}/{level}/{seed}")
    rule = rng.choice(tuple(FreeFold))
    table_seed = rng.randrange(MAX_SEED)
    if rng.random() < 0.5:
        hand = betting.build_aimed(table_seed, level, rng.choice(CHECK_SPOTS))
    else:
        hand = betting.build(table_seed, level)
    return Question(_under(hand, rule), hand.rules.structure.code)


def _why_allowed(kind: ActionKind, check_free: bool, preflop: bool) -> str:
    """The code of why an allowed action is allowed: a fold when checking is free has its
    own (the house rule), and so have a check and a raise of the big blind's option."""
    if check_free and kind is ActionKind.FOLD:
        return "free_fold"
    if check_free and preflop and kind is ActionKind.CHECK:
        return "check_option"
    if check_free and kind is ActionKind.RAISE:
        return "raise_blind"
    return kind.value


def verdicts(hand: Hand) -> dict[str, tuple[bool, str]]:
    """Action code -> (whether the engine allows it now, why in words)."""
    opts, preflop = hand.options(), hand.street is Street.PREFLOP
    out = {}
    for kind in ActionKind:
        to = opts.min_to if kind in (ActionKind.BET, ActionKind.RAISE) else None
        try:
            hand.verify(Action(kind, to))
        except IllegalAction as refused:
            out[kind.value] = (
                False,
                reason_text(refused.code, refused.details, current_language()),
            )
            continue
        out[kind.value] = (True, words.allowed_text(_why_allowed(kind, opts.can_check, preflop)))
    return out


def legal(question: Question) -> list[str]:
    return [code for code, (ok, _why) in verdicts(question.hand).items() if ok]


def _chosen(answer: Answer) -> set[str]:
    chosen = set(values(answer, "act"))
    if not chosen or not chosen <= words.ACTIONS.keys():
        raise AnswerError(_("Tick every action the player may take."))
    return chosen


def grade(question: Question, answer: Answer) -> Grade:
    chosen = _chosen(answer)
    rows = tuple(
        ActionRow(code, words.action_name(code), ok, code in chosen, why)
        for code, (ok, why) in verdicts(question.hand).items()
    )
    return Grade(
        correct=all(row.legal == row.chosen for row in rows),
        seat=seat_name(question.hand.to_act or 0),
        rows=rows,
        picked=_picked(rows),
    )


def _picked(rows: tuple[ActionRow, ...]) -> str:
    """The first action ticked that the engine refuses (with its reason), else the first
    allowed action left out (with why it is allowed)."""
    chosen = join_names([row.name for row in rows if row.chosen])
    refused = next((r for r in rows if r.chosen and not r.legal), None)
    if refused is not None:
        return choice_line("illegal_action", chosen=chosen, action=refused.name, why=refused.why)
    missed = next((r for r in rows if r.legal and not r.chosen), None)
    if missed is not None:
        return choice_line("missed_action", chosen=chosen, action=missed.name, why=missed.why)
    return ""


def right_answer(question: Question) -> dict[str, list[str]]:
    return {"act": legal(question)}


def answer_label(question: Question, answer: Answer) -> str:
    known = [code for code in words.ACTIONS if code in values(answer, "act")]
    return join_names([words.action_name(code) for code in known]) or "?"


def concepts_of(question: Question) -> frozenset[str]:
    """From the engine's options: a free check puts the house rule on folding to the test;
    the big blind's free check before the flop is its option."""
    hand = question.hand
    opts = hand.options()
    concepts = set()
    if opts.can_check:
        concepts.add("fold-when-check-free")
        if hand.street is Street.PREFLOP and opts.seat == hand.big_blind_seat:
            concepts.add("big-blind-option")
    return frozenset(concepts)


def context(question: Question) -> dict[str, object]:
    hand = question.hand
    return {
        **betting.context(betting.Question(hand, question.structure)),
        "seat": seat_name(hand.to_act or 0),
        "house_rule": words.house_rule_text(hand.rules.free_fold.code),
        "actions": list(words.ACTIONS.items()),
    }


DRILL = QuestionDrill(
    slug=SLUG,
    title=gettext_lazy("What may this player do?"),
    summary=gettext_lazy(
        "A hand part-way through a betting round: tick every action the player to act may "
        "take, under the table's house rule on folding."
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    right_answer=right_answer,
    answer_label=answer_label,
    context=context,
    shareable=False,  # the question holds the engine's Hand, which is mutable
    concepts=MappingProxyType(
        {
            concept: ("easy", "medium", "hard")
            for concept in ("fold-when-check-free", "big-blind-option")
        }
    ),
    concepts_of=concepts_of,
)
