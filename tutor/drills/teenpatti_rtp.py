"""Return to player, Teen Patti 20-20: of the bets offered, which gives back the most of
what is staked on it, on average? The engine's exact return table answers (every deal of
the two hands counted, no sampling)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutor.core.locales import current_language
from tutor.engine import tp2020
from tutor.words.odds import percent
from tutor.words.picked import choice_line
from tutor.words.terms import TEENPATTI_BETS

from .answers import value
from .base import AnswerError
from .codec import Record
from .drill import Answer, QuestionDrill

#: Bets with the same return: one of each group is offered at a time.
GROUPS = (("player_a", "player_b"), ("tie",), ("pair_plus_a", "pair_plus_b"), ("six_card_bonus",))
OFFERED = {"easy": 2, "medium": 3, "hard": 4}
PER = 100  # the feedback says what comes back of this many chips staked


@dataclass(frozen=True)
class Question(Record):
    bets: tuple[str, ...]  # bet codes of tp2020.BETS, in the order offered


@dataclass(frozen=True)
class ReturnRow(Record):
    bet: str
    name: str
    rtp: Decimal  # the exact return as a ratio, rounded to 6 places for display
    back: Decimal  # of PER chips staked, how many come back on average (two places)
    best: bool
    chosen: bool


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    best_name: str
    chosen_name: str
    rows: tuple[ReturnRow, ...]
    #: What the learner picked and why it is wrong ("" for a right answer).
    picked: str = ""


def generate(seed: int, level: str) -> Question:
    rng = random.Random(f"teenpatti-rtp/{level}/{seed}")
    groups = rng.sample(GROUPS, OFFERED[level])
    return Question(tuple(rng.choice(group) for group in groups))


def _returns(question: Question) -> dict[str, Fraction]:
    table = tp2020.return_to_player()
    return {bet: table[bet] for bet in question.bets}


def best_bet(question: Question) -> str:
    returns = _returns(question)
    return max(question.bets, key=lambda bet: returns[bet])


def _decimal(ratio: Fraction, places: str) -> Decimal:
    return (Decimal(ratio.numerator) / Decimal(ratio.denominator)).quantize(Decimal(places))


def grade(question: Question, answer: Answer) -> Grade:
    chosen = value(answer, "best")
    if chosen not in question.bets:
        raise AnswerError(_("Choose one of the bets offered."))
    returns, best = _returns(question), best_bet(question)
    rows = tuple(
        ReturnRow(
            bet=bet,
            name=str(TEENPATTI_BETS[bet]),
            rtp=_decimal(returns[bet], "0.000001"),
            back=_decimal(returns[bet] * PER, "0.01"),
            best=bet == best,
            chosen=bet == chosen,
        )
        for bet in sorted(question.bets, key=lambda bet: -returns[bet])
    )
    return Grade(
        correct=chosen == best,
        best_name=str(TEENPATTI_BETS[best]),
        chosen_name=str(TEENPATTI_BETS[chosen]),
        rows=rows,
        picked="" if chosen == best else _picked(chosen, best, returns),
    )


def _picked(chosen: str, best: str, returns: dict[str, Fraction]) -> str:
    """The bet picked and its exact return, beside the best bet's."""
    language = current_language()
    return choice_line(
        "rtp",
        chosen=str(TEENPATTI_BETS[chosen]),
        chosen_rtp=percent(returns[chosen], language),
        best=str(TEENPATTI_BETS[best]),
        best_rtp=percent(returns[best], language),
    )


def right_answer(question: Question) -> dict[str, list[str]]:
    return {"best": [best_bet(question)]}


def answer_label(question: Question, answer: Answer) -> str:
    chosen = value(answer, "best")
    return str(TEENPATTI_BETS.get(chosen, chosen))


def concepts_of(question: Question) -> frozenset[str]:
    """Every question turns on the exact return table; two bets of one group never meet."""
    returns = _returns(question)
    distinct = len(set(returns.values())) == len(question.bets) >= 2
    return frozenset({"tp-rtp"}) if distinct else frozenset()


def context(question: Question) -> dict[str, object]:
    return {"offered": [(bet, TEENPATTI_BETS[bet]) for bet in question.bets], "per": PER}


DRILL = QuestionDrill(
    slug="teenpatti-rtp",
    title=gettext_lazy("Return to player — Teen Patti 20-20"),
    summary=gettext_lazy(
        "Which bet gives back the most of what is staked on it, on average? The exact return of every bet decides."
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    right_answer=right_answer,
    answer_label=answer_label,
    context=context,
    concepts={"tp-rtp": ("easy", "medium", "hard")},
    concepts_of=concepts_of,
)
