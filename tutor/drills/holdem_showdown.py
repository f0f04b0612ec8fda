"""Pick the winner, Texas Hold'em: a board and 2-6 players' hole cards; who wins the pot,
or who splits it?"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutor.core.numbers import whole_number
from tutor.engine import holdem
from tutor.engine.cards import Card, parse_cards, shuffled_deck
from tutor.engine.errors import InvalidInput
from tutor.words.showdowns import ShowdownRow, chosen, explain_holdem, holdem_rows
from tutor.words.terms import player_name

from .answers import indexes, values
from .base import AnswerError
from .codec import Record
from .drill import Answer, QuestionDrill

# How often a level insists on a close decision (kicker, split, board plays, rank).
CLOSE_CALL_SHARE = {"easy": 0.0, "medium": 0.5, "hard": 0.85}
PLAYERS = {"easy": (2, 2), "medium": (3, 4), "hard": (4, 6)}
CLOSE = {"kicker", "tie", "board_plays", "rank"}
MAX_TRIES = 400

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Question(Record):
    board: Cards
    hands: tuple[Cards, ...]


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    rows: tuple[ShowdownRow, ...]
    explanation: str
    split: bool


def _deal(rng: random.Random, players: int) -> Question:
    deck = shuffled_deck(rng.randrange(2**63))
    hands = tuple(tuple(deck[5 + 2 * i : 7 + 2 * i]) for i in range(players))
    return Question(tuple(deck[:5]), hands)


def generate(seed: int, level: str) -> Question:
    rng = random.Random(f"holdem-showdown/{level}/{seed}")
    players = rng.randint(*PLAYERS[level])
    want_close = rng.random() < CLOSE_CALL_SHARE[level]
    question = _deal(rng, players)
    for _attempt in range(MAX_TRIES if want_close else 0):
        if holdem.showdown(question.board, question.hands).decided_by.kind in CLOSE:
            break
        question = _deal(rng, players)
    return question


def _names(question: Question) -> list[str]:
    return [player_name(i) for i in range(len(question.hands))]


def grade(question: Question, answer: Answer) -> Grade:
    picked = indexes(answer, "winners", len(question.hands), _("Choose among the players shown."))
    if not picked:
        raise AnswerError(
            _("Tick at least one player: the winner, or every player who splits the pot.")
        )
    result = holdem.showdown(question.board, question.hands)
    names = _names(question)
    return Grade(
        correct=picked == set(result.winners),
        rows=chosen(holdem_rows(result, question.hands, names), picked),
        explanation=explain_holdem(result, names),
        split=len(result.winners) > 1,
    )


def for_class(right: Grade) -> Grade:
    """The right answer as a whole class sees it: nobody's choice is marked."""
    return replace(right, rows=chosen(right.rows, set()))


def answer_key(question: Question) -> dict[str, list[str]]:
    winners = holdem.showdown(question.board, question.hands).winners
    return {"winners": [str(i) for i in sorted(winners)]}


def answer_label(question: Question, answer: Answer) -> str:
    picked = sorted({n for v in values(answer, "winners") if (n := whole_number(v, 2)) is not None})
    return " + ".join(player_name(i) for i in picked)


def custom(params: Mapping[str, str], level: str) -> Question:
    """``board=Kh Kd 7c 4s 2h&hands=As Qd|Ac Jd`` (checked by the engine)."""
    board = parse_cards(params.get("board", ""))
    hands = tuple(parse_cards(h) for h in params.get("hands", "").split("|"))
    if not 2 <= len(hands) <= 9:
        raise InvalidInput("hand_count", min=2, max=9, got=len(hands))
    holdem.showdown(board, hands)  # validates counts and duplicates
    return Question(board, hands)


DRILL = QuestionDrill(
    slug="holdem-showdown",
    title=gettext_lazy("Pick the winner — Texas Hold'em"),
    summary=gettext_lazy(
        "A board and the players' hole cards: who wins the pot, or who splits it?"
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    answer_key=answer_key,
    answer_label=answer_label,
    situation=("board", "hands"),
    custom=custom,
    for_class=for_class,
)
