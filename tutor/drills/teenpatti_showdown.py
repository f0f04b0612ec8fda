"""Pick the winner, Teen Patti: Player A's and Player B's three cards; which hand wins, or
is it a tie?

Aimed at a concept, a question is built around it (two sequences, two hands of the same
ranks) with the suits, ranks and sides at random; the engine's showdown decides, and
``concepts_of`` reads what the question exercises from that showdown alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutor.engine import teenpatti
from tutor.engine.cards import DECK, Card, Rank, Suit, shuffled_deck
from tutor.engine.errors import InvalidInput
from tutor.words import terms
from tutor.words.base import sentences
from tutor.words.hands import describe_teenpatti
from tutor.words.picked import picked_player, picked_tie, why_teenpatti
from tutor.words.showdowns import (
    ShowdownRow,
    chosen,
    explain_teenpatti,
    teenpatti_names,
    teenpatti_rows,
)

from .answers import value
from .base import LEVELS, AnswerError
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
    #: What the learner picked and why it is wrong ("" for a right answer).
    picked: str = ""


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
        picked=_picked(question, result, choice, names),
    )


def _picked(question: Question, result: teenpatti.TPShowdown, choice: str, names: list[str]) -> str:
    """The hand picked against the other (a tie picked: the losing hand against the
    winner's), with why from the engine's showdown."""
    if choice == result.result:
        return ""
    hands = (question.hand_a, question.hand_b)
    if result.result == "tie":
        mine = CHOICES.index(choice)
        first = picked_player([names[mine]], names[mine], describe_teenpatti(result.values[mine]))
        pair = teenpatti.showdown(hands[mine], hands[1 - mine])
        return sentences(first, why_teenpatti(pair, [names[mine], names[1 - mine]]))
    winner = CHOICES.index(result.result)
    loser = 1 - winner
    hand = describe_teenpatti(result.values[loser])
    if choice == "tie":
        first = picked_tie(names[loser], hand)
    else:
        first = picked_player([names[loser]], names[loser], hand)
    pair = teenpatti.showdown(hands[winner], hands[loser])
    return sentences(first, why_teenpatti(pair, [names[winner], names[loser]]))


def right_answer(question: Question) -> dict[str, list[str]]:
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


# What a question exercises, read from the engine's showdown (its result and decision).

Test = Callable[[teenpatti.TPShowdown], bool]


def _decided_by(kind: str) -> Test:
    def test(result: teenpatti.TPShowdown) -> bool:
        return result.decided_by.kind == kind

    return test


def _tie(result: teenpatti.TPShowdown) -> bool:
    """Same category and ranks (the cards differ, so the suits do): a tie."""
    return result.result == "tie"


#: Concept id -> whether a question's showdown exercises it.
TESTS: dict[str, Test] = {
    "tp-rankings": _decided_by("category"),
    "tp-sequence-order": _decided_by("sequence_order"),
    "tp-suits-never-decide": _tie,
    "tp-ties": _tie,
}


def concepts_of(question: Question) -> frozenset[str]:
    result = teenpatti.showdown(question.hand_a, question.hand_b)
    return frozenset(concept for concept, test in TESTS.items() if test(result))


# Questions aimed at a concept: a builder places the ranks the concept needs, with suits
# and sides at random; ``target`` keeps the first question whose showdown exercises it.

Builder = Callable[[random.Random], Question]
RANKS = tuple(Rank)
SUITS = tuple(Suit)
SEQUENCES = teenpatti.SEQUENCE_ORDER
#: A-2-3, the sequence whose place (second, below A-K-Q) is the one to learn.
A23 = 1
#: Questions a target builds before it settles for the last (most hit at the first).
TARGET_TRIES = 100


def _hand(
    rng: random.Random, ranks: Sequence[int], taken: set[Card], suit: Suit | None = None
) -> tuple[Card, ...]:
    """Cards of ``ranks`` (all of ``suit``, if given) not taken yet; they are taken now."""
    cards = []
    for rank in ranks:
        card = rng.choice(
            [c for c in DECK if c.rank == rank and c not in taken and suit in (None, c.suit)]
        )
        taken.add(card)
        cards.append(card)
    rng.shuffle(cards)
    return tuple(cards)


def _sides(rng: random.Random, first: tuple[Card, ...], second: tuple[Card, ...]) -> Question:
    """The two hands as Player A's and Player B's, in a random order."""
    return Question(first, second) if rng.random() < 0.5 else Question(second, first)


def _sequences(rng: random.Random) -> Question:
    """Two different sequences (A-2-3 in half of them), both pure or both not."""
    if rng.random() < 0.5:
        first, second = A23, rng.choice([i for i in range(len(SEQUENCES)) if i != A23])
    else:
        first, second = rng.sample(range(len(SEQUENCES)), 2)
    taken: set[Card] = set()
    suits: Sequence[Suit | None] = rng.sample(SUITS, 2) if rng.random() < 0.25 else (None, None)
    return _sides(
        rng,
        _hand(rng, SEQUENCES[first], taken, suits[0]),
        _hand(rng, SEQUENCES[second], taken, suits[1]),
    )


def _same_ranks(kinds: tuple[str, ...]) -> Builder:
    """Two hands of the same ranks in other suits, of a kind drawn from ``kinds``."""

    def build(rng: random.Random) -> Question:
        kind = rng.choice(kinds)
        if kind == "pair":
            pair, odd = rng.sample(RANKS, 2)
            ranks: Sequence[int] = (pair, pair, odd)
        elif kind in ("sequence", "pure_sequence"):
            ranks = rng.choice(SEQUENCES)
        else:
            ranks = rng.sample(RANKS, 3)
        suited = kind in ("color", "pure_sequence")
        suits: Sequence[Suit | None] = rng.sample(SUITS, 2) if suited else (None, None)
        taken: set[Card] = set()
        return _sides(rng, _hand(rng, ranks, taken, suits[0]), _hand(rng, ranks, taken, suits[1]))

    return build


#: Concept id -> how a question aimed at it is built (``TESTS`` judges it).
BUILDERS: dict[str, Builder] = {
    "tp-rankings": _deal,
    "tp-sequence-order": _sequences,
    "tp-suits-never-decide": _same_ranks(("color", "pure_sequence", "high_card")),
    "tp-ties": _same_ranks(("high_card", "pair", "color", "sequence", "pure_sequence")),
}


def target(seed: int, level: str, concept: str) -> Question:
    """A question aimed at ``concept``: the first built that exercises it (the last built if
    none does)."""
    build = BUILDERS[concept]
    rng = random.Random(f"teenpatti-showdown/{level}/{concept}/{seed}")
    question = build(rng)
    for _attempt in range(TARGET_TRIES):
        if concept in concepts_of(question):
            break
        question = build(rng)
    return question


DRILL = QuestionDrill(
    slug="teenpatti-showdown",
    title=gettext_lazy("Pick the winner — Teen Patti"),
    summary=gettext_lazy("Player A's and Player B's three cards: which hand wins, or is it a tie?"),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    right_answer=right_answer,
    answer_label=answer_label,
    situation=("hands",),
    custom=custom,
    concepts={concept: LEVELS for concept in TESTS},
    concepts_of=concepts_of,
    target=target,
)
