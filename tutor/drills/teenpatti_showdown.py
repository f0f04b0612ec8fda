"""Pick the winner, Teen Patti: Player A's and Player B's three cards; which hand wins, or
is it a tie?"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutor.engine import teenpatti
from tutor.engine.cards import Card, shuffled_deck
from tutor.engine.errors import InvalidInput
from tutor.words import terms
from tutor.words.showdowns import (
    ShowdownRow,
    chosen,
    explain_teenpatti,
    teenpatti_names,
    teenpatti_rows,
)

from .answers import value
from .base import AnswerError
from .codec import Record
from .drill import Answer, QuestionDrill

# How often a level insists on a close decision (kicker, rank, sequence order, tie).
CLOSE_CALL_SHARE = {"easy": 0.0, "medium": 0.5, "hard": 0.85}
CLOSE = {"kicker", "rank", "sequence_order", "tie"}
MAX_TRIES = 400
CHOICES = ("player_a", "player_b", "tie")

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Question(Record):
    hand_a: Cards
    hand_b: Cards


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    rows: tuple[ShowdownRow, ...]
    explanation: str
    result_name: str
    chosen_name: str


def _deal(rng: random.Random) -> Question:
    deck = shuffled_deck(rng.randrange(2**63))
    return Question(tuple(deck[0:6:2]), tuple(deck[1:6:2]))  # A1, B1, A2, B2, A3, B3


def generate(seed: int, level: str) -> Question:
    rng = random.Random(f"teenpatti-showdown/{level}/{seed}")
    want_close = rng.random() < CLOSE_CALL_SHARE[level]
    lowest = teenpatti.TPCategory.PAIR if level == "hard" else teenpatti.TPCategory.HIGH_CARD
    question = _deal(rng)
    for _attempt in range(MAX_TRIES if want_close else 0):
        result = teenpatti.showdown(question.hand_a, question.hand_b)
        if result.decided_by.kind in CLOSE and result.values[0].category >= lowest:
            break
        question = _deal(rng)
    return question


def grade(question: Question, answer: Answer) -> Grade:
    choice = value(answer, "result")
    if choice not in CHOICES:
        raise AnswerError(_("Choose Player A, Player B or Tie."))
    result = teenpatti.showdown(question.hand_a, question.hand_b)
    names = teenpatti_names()
    return Grade(
        correct=choice == result.result,
        rows=chosen(teenpatti_rows(result, names), set()),
        explanation=explain_teenpatti(result, names),
        result_name=str(terms.TEENPATTI_RESULTS[result.result]),
        chosen_name=str(terms.TEENPATTI_RESULTS[choice]),
    )


def answer_key(question: Question) -> dict[str, list[str]]:
    return {"result": [teenpatti.showdown(question.hand_a, question.hand_b).result]}


def answer_label(question: Question, answer: Answer) -> str:
    choice = value(answer, "result")
    return str(terms.TEENPATTI_RESULTS.get(choice, choice))


def custom(params: Mapping[str, str], level: str) -> Question:
    """``hands=As Ks Qs|2d 3d 4d`` (checked by the engine)."""
    hands = params.get("hands", "").split("|")
    if len(hands) != 2:
        raise InvalidInput("hand_count", min=2, max=2, got=len(hands))
    result = teenpatti.showdown(hands[0], hands[1])
    return Question(tuple(result.values[0].cards), tuple(result.values[1].cards))


DRILL = QuestionDrill(
    slug="teenpatti-showdown",
    title=gettext_lazy("Pick the winner — Teen Patti"),
    summary=gettext_lazy("Player A's and Player B's three cards: which hand wins, or is it a tie?"),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    answer_key=answer_key,
    answer_label=answer_label,
    situation=("hands",),
    custom=custom,
)
