"""Name the hand: 5-7 Hold'em cards or 3 Teen Patti cards; at the hard level, also pick
the best five cards.

Aimed at a concept, the cards are built around it (a wheel, ranks that would wrap round
the ace) with the rest random; the engine's evaluation decides, and ``concepts_of`` reads
what the question exercises from that evaluation alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from tutor.engine import holdem, teenpatti
from tutor.engine.cards import DECK, Card, Rank, Suit, parse_cards
from tutor.engine.errors import InvalidCards, InvalidInput
from tutor.engine.holdem import WHEEL, WRAPAROUNDS
from tutor.words import terms
from tutor.words.cards import cards_text
from tutor.words.hands import describe_holdem, describe_teenpatti
from tutor.words.picked import wrong_category, wrong_five

from .answers import value, values
from .base import LEVELS, AnswerError
from .codec import Record
from .drill import Answer, QuestionDrill

HOLDEM_TARGETS = tuple(terms.HOLDEM_CATEGORIES)
TEENPATTI_TARGETS = tuple(c for c in terms.TEENPATTI_CATEGORIES if c != "three_aces")
RANKS = list(Rank)
SUITS = list(Suit)
TRIES = 60
RUNS = ("royal_flush", "straight_flush", "straight", "pure_sequence", "sequence")
SUITED_RUNS = ("royal_flush", "straight_flush", "pure_sequence")


@dataclass(frozen=True)
class Question(Record):
    game: str  # "holdem" or "teenpatti"
    cards: tuple[Card, ...]
    pick_five: bool


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    category_ok: bool
    five_ok: bool | None  # None when the best five were not asked for
    name: str
    chosen_name: str
    description: str
    definition: str
    chosen_definition: str
    best: tuple[Card, ...]
    #: What the learner picked and why it is wrong ("" for a right answer).
    picked: str = ""


def _card(rank: int, suit: Suit) -> Card:
    return Card.parse(Rank(rank).char + suit.char)


def _same_rank(rank: int, count: int, rng: random.Random) -> list[Card]:
    suits = SUITS if count == len(SUITS) else rng.sample(SUITS, count)
    return [_card(rank, s) for s in suits]


def _core(rng: random.Random, target: str, size: int) -> list[Card]:
    """Cards that make ``target`` (the rest of the hand is filled at random)."""
    suit = rng.choice(SUITS)
    first, second = rng.sample(RANKS, 2)
    if target in RUNS:
        length = 5 if size >= 5 else 3
        top = 14 if target == "royal_flush" else rng.randint(length, 14)
        run = [14 if r == 1 else r for r in range(top - length + 1, top + 1)]
        flush = target in SUITED_RUNS
        return [_card(r, suit if flush else rng.choice(SUITS)) for r in run]
    if target in ("flush", "color"):
        return [_card(r, suit) for r in rng.sample(RANKS, 5 if size >= 5 else 3)]
    sets = {
        "four_of_a_kind": ((first, 4),),
        "full_house": ((first, 3), (second, 2)),
        "three_of_a_kind": ((first, 3),),
        "trail": ((first, 3),),
        "two_pair": ((first, 2), (second, 2)),
        "one_pair": ((first, 2),),
        "pair": ((first, 2),),
    }
    return [card for rank, count in sets.get(target, ()) for card in _same_rank(rank, count, rng)]


def _deal(rng: random.Random, target: str, size: int) -> list[Card]:
    core = _core(rng, target, size)[:size]
    rest = [c for c in DECK if c not in core]
    cards = core + rng.sample(rest, size - len(core))
    rng.shuffle(cards)
    return cards


def generate(seed: int, level: str) -> Question:
    rng = random.Random(f"name-the-hand/{level}/{seed}")
    game = "teenpatti" if level == "easy" and rng.random() < 0.5 else "holdem"
    return _named(rng, level, game)


def _size(rng: random.Random, level: str) -> int:
    """How many Hold'em cards a level deals (a draw is made at every level: the golden
    fixtures pin the sequence of draws)."""
    return {"easy": 5, "medium": rng.choice((6, 7)), "hard": 7}[level]


def _named(rng: random.Random, level: str, game: str) -> Question:
    """A hand of a category drawn at random, for ``game`` at ``level``."""
    if game == "teenpatti":
        size, targets = 3, TEENPATTI_TARGETS
    else:
        size, targets = _size(rng, level), HOLDEM_TARGETS
    target = rng.choice(targets)
    cards = _deal(rng, target, size)
    for _attempt in range(TRIES):
        if _code(game, cards) == target:
            break
        cards = _deal(rng, target, size)
    return Question(game, tuple(cards), level == "hard" and game == "holdem")


def _code(game: str, cards: list[Card] | tuple[Card, ...]) -> str:
    if game == "holdem":
        return holdem.evaluate(cards).code
    return teenpatti.evaluate(cards).code


def _names(question: Question) -> Mapping[str, object]:
    return terms.HOLDEM_CATEGORIES if question.game == "holdem" else terms.TEENPATTI_CATEGORIES


def choices(question: Question) -> list[tuple[str, str]]:
    return [(code, str(name)) for code, name in _names(question).items() if code != "three_aces"]


def _five(question: Question, answer: Answer) -> tuple[Card, ...] | None:
    """The five cards ticked as the best five (``None`` when they were not asked for)."""
    if not question.pick_five:
        return None
    try:
        picked = tuple(Card.parse(p) for p in values(answer, "five"))
    except InvalidCards as error:
        raise AnswerError(_("Pick the best five cards from the cards shown.")) from error
    if len(set(picked)) != 5 or not set(picked) <= set(question.cards):
        raise AnswerError(_("Pick exactly five of the cards shown."))
    return picked


def _picked(
    question: Question, chosen: str, code: str, described: str, wrong: tuple[Card, ...] | None
) -> str:
    """The "you picked" line: the wrong name first, else the five cards wrongly ticked."""
    if chosen != code:
        chosen_name = str(_names(question)[chosen])
        return wrong_category(chosen_name, terms.definition(question.game, chosen), described)
    if wrong is None:
        return ""
    made = describe_holdem(holdem.evaluate(wrong))
    return wrong_five(cards_text([c.code for c in wrong]), made, described)


def grade(question: Question, answer: Answer) -> Grade:
    chosen = value(answer, "category")
    if chosen not in {code for code, _name in choices(question)}:
        raise AnswerError(_("Choose the name of the hand."))
    if question.game == "holdem":
        hand = holdem.evaluate(question.cards)
        best, code, description = tuple(hand.best_five), hand.code, describe_holdem(hand)
        definitions = terms.HOLDEM_DEFINITIONS
    else:
        tp_hand = teenpatti.evaluate(question.cards)
        best, code, description = (), tp_hand.code, describe_teenpatti(tp_hand)
        definitions = terms.TEENPATTI_DEFINITIONS
    five = _five(question, answer)
    five_ok = None if five is None else holdem.evaluate(five) == holdem.evaluate(question.cards)
    names = _names(question)
    correct = chosen == code and five_ok is not False
    return Grade(
        correct=correct,
        category_ok=chosen == code,
        five_ok=five_ok,
        name=str(names[code]),
        chosen_name=str(names[chosen]),
        description=description,
        definition=str(definitions[code]),
        chosen_definition=str(definitions[chosen]),
        best=best,
        picked=_picked(question, chosen, code, description, five if five_ok is False else None),
    )


def right_answer(question: Question) -> dict[str, list[str]]:
    if question.game == "holdem":
        hand = holdem.evaluate(question.cards)
        key = {"category": [hand.code]}
        if question.pick_five:
            key["five"] = [c.code for c in hand.best_five]
        return key
    return {"category": [teenpatti.evaluate(question.cards).code]}


def answer_label(question: Question, answer: Answer) -> str:
    """The hand's name, and the five cards when the question asked for them (in the order
    the question shows them): two answers that differ only in their five read apart."""
    choice = value(answer, "category")
    name = str(_names(question).get(choice, choice))
    try:
        five = _five(question, answer)
    except AnswerError:
        return name
    if five is None:
        return name
    shown = [card.code for card in question.cards if card in five]
    return pgettext("a hand's name and the five cards that make it", "%(hand)s: %(cards)s") % {
        "hand": name,
        "cards": cards_text(shown),
    }


def custom(params: Mapping[str, str], level: str) -> Question:
    """``game=holdem&cards=As Ks Qs Js Ts`` (5-7 Hold'em cards or 3 Teen Patti cards)."""
    game = params.get("game", "holdem")
    cards = parse_cards(params.get("cards", ""))
    if game == "holdem":
        holdem.evaluate(cards)
    elif game == "teenpatti":
        teenpatti.evaluate(cards)
    else:
        raise InvalidInput("unknown_game", game=game)
    return Question(game, cards, level == "hard" and game == "holdem" and len(cards) > 5)


# What a question exercises, read from the engine's evaluation of the cards.

Test = Callable[[tuple[Card, ...], holdem.HandValue], bool]

STRAIGHTS = (holdem.Category.STRAIGHT, holdem.Category.STRAIGHT_FLUSH)


def _always(cards: tuple[Card, ...], hand: holdem.HandValue) -> bool:
    """Naming a Hold'em hand is knowing the rankings."""
    return True


def _picks_five(cards: tuple[Card, ...], hand: holdem.HandValue) -> bool:
    """The hand is the best five of six or seven cards."""
    return len(hand.best_five) < len(cards)


def _wheel(cards: tuple[Card, ...], hand: holdem.HandValue) -> bool:
    """A five-high straight (or straight flush): the ace counts as one."""
    return hand.category in STRAIGHTS and hand.ranks[0] == 5


def _wrap_is_no_straight(cards: tuple[Card, ...], hand: holdem.HandValue) -> bool:
    """Five ranks round the corner (Q-K-A-2-3), and the hand is less than a straight:
    calling it a straight is wrong."""
    ranks = {int(card.rank) for card in cards}
    return hand.category < holdem.Category.STRAIGHT and any(set(w) <= ranks for w in WRAPAROUNDS)


#: Concept id -> whether a Hold'em question exercises it.
HOLDEM_TESTS: dict[str, Test] = {
    "hand-rankings": _always,
    "best-five-of-seven": _picks_five,
    "wheel-straight": _wheel,
    "no-wraparound": _wrap_is_no_straight,
}


def _kickers_picked(cards: tuple[Card, ...], hand: holdem.HandValue) -> bool:
    """Another five of the cards make the same category for less (a pair of nines with
    other side cards, a lower straight): picking the best five compares within the
    category, which naming it does not."""
    return any(
        other.category is hand.category and other != hand
        for other in map(holdem.evaluate, combinations(cards, 5))
    )


#: The concepts of every Teen Patti question (naming it is knowing its rankings).
TEENPATTI_CONCEPTS = frozenset({"tp-rankings"})


def concepts_of(question: Question) -> frozenset[str]:
    if question.game != "holdem":
        return TEENPATTI_CONCEPTS
    hand = holdem.evaluate(question.cards)
    found = {c for c, test in HOLDEM_TESTS.items() if test(question.cards, hand)}
    if question.pick_five and _kickers_picked(question.cards, hand):
        found.add("kickers")
    return frozenset(found)


# Questions aimed at a concept: for a wheel or a wrap-around, five ranks in random suits and
# the rest of the cards at random; for the rankings, a hand as ``generate`` deals it.

#: Hands a target builds before it settles for the last (most hit at the first).
TARGET_TRIES = 100


def _wheel_core(rng: random.Random) -> list[Card]:
    return [_card(rank, rng.choice(SUITS)) for rank in WHEEL]


def _wrap_core(rng: random.Random) -> list[Card]:
    return [_card(rank, rng.choice(SUITS)) for rank in rng.choice(WRAPAROUNDS)]


#: Concept id -> the five cards a hand aimed at it is built around.
CORES: dict[str, Callable[[random.Random], list[Card]]] = {
    "wheel-straight": _wheel_core,
    "no-wraparound": _wrap_core,
}


def _around(
    rng: random.Random, level: str, core: Callable[[random.Random], list[Card]]
) -> Question:
    """A Hold'em hand of the level's size: the core's five cards and the rest at random."""
    cards = core(rng)
    cards += rng.sample([c for c in DECK if c not in cards], _size(rng, level) - len(cards))
    rng.shuffle(cards)
    return Question("holdem", tuple(cards), level == "hard")


def _built(rng: random.Random, level: str, concept: str) -> Question:
    """The first hand built around the concept's core that exercises it (else the last)."""
    question = _around(rng, level, CORES[concept])
    for _attempt in range(TARGET_TRIES):
        if concept in concepts_of(question):
            break
        question = _around(rng, level, CORES[concept])
    return question


def target(seed: int, level: str, concept: str) -> Question:
    """A question aimed at ``concept``: a wheel or a wrap-around built until the engine's
    value exercises it; for the rankings, a hand of the concept's game as ``generate``
    deals it."""
    rng = random.Random(f"name-the-hand/{level}/{concept}/{seed}")
    if concept in CORES:
        return _built(rng, level, concept)
    if concept in TEENPATTI_CONCEPTS:
        return _named(rng, level, "teenpatti")
    if concept in HOLDEM_TESTS:
        return _named(rng, level, "holdem")
    raise KeyError(concept)


DRILL = QuestionDrill(
    slug="name-the-hand",
    title=gettext_lazy("Name the hand"),
    summary=gettext_lazy(
        "Five to seven Hold'em cards or three Teen Patti cards: what is the hand called?"
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    right_answer=right_answer,
    answer_label=answer_label,
    context=lambda question: {"choices": choices(question)},
    situation=("game", "cards"),
    custom=custom,
    concepts={
        "hand-rankings": LEVELS,
        "best-five-of-seven": ("medium", "hard"),
        "wheel-straight": LEVELS,
        "no-wraparound": LEVELS,
        "tp-rankings": ("easy",),
    },
    concepts_of=concepts_of,
    target=target,
)
