"""Pick the winner, Texas Hold'em: a board and 2-6 players' hole cards; who wins the pot,
or who splits it?

Aimed at a concept, a question is built around it (a board that plays, two flushes, a wheel
...) with every other card random (``deal.py``); the engine's showdown decides, and
``concepts_of`` (``concepts.py``) reads what the question exercises from that showdown
alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutor.core.numbers import whole_number
from tutor.engine import holdem
from tutor.words.base import sentences
from tutor.words.hands import describe_holdem
from tutor.words.picked import picked_only, picked_player, why_holdem
from tutor.words.showdowns import ShowdownRow, chosen, explain_holdem, holdem_rows
from tutor.words.terms import player_name

from ..answers import indexes, values
from ..base import LEVELS, AnswerError
from ..codec import Record
from ..drill import Answer, QuestionDrill
from .concepts import TESTS, concepts_of
from .deal import BUILDERS, CLOSE, PLAYERS, generate, target
from .question import SLUG, Cards, Question, custom, showdown

__all__ = [
    "BUILDERS",
    "CLOSE",
    "DRILL",
    "PLAYERS",
    "TESTS",
    "Grade",
    "Question",
    "answer_label",
    "concepts_of",
    "custom",
    "for_class",
    "generate",
    "grade",
    "right_answer",
    "rows",
    "target",
]


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    rows: tuple[ShowdownRow, ...]
    explanation: str
    split: bool
    #: What the learner picked and why it is wrong ("" for a right answer).
    picked: str = ""


def _names(question: Question) -> list[str]:
    return [player_name(i) for i in range(len(question.hands))]


def grade(question: Question, answer: Answer) -> Grade:
    picked = indexes(answer, "winners", len(question.hands), _("Choose among the players shown."))
    if not picked:
        raise AnswerError(
            _("Tick at least one player: the winner, or every player who splits the pot.")
        )
    result = showdown(question)
    names = _names(question)
    return Grade(
        correct=picked == set(result.winners),
        rows=chosen(holdem_rows(result, question.hands, names), picked),
        explanation=explain_holdem(result, names),
        split=len(result.winners) > 1,
        picked=_picked(question, result, sorted(picked), names),
    )


def _picked(
    question: Question, result: holdem.Showdown, picked: list[int], names: list[str]
) -> str:
    """The first player picked who does not win, against the first winner (from the
    engine's showdown of just those two hands); else the first winner left out."""
    winner = result.winners[0]
    wrong = [i for i in picked if i not in result.winners]
    if wrong:
        loser = wrong[0]
        pair = holdem.showdown(question.board, (question.hands[winner], question.hands[loser]))
        hand = describe_holdem(result.values[loser])
        chosen_names = [names[i] for i in picked]
        first = picked_player(chosen_names, names[loser], hand)
        return sentences(first, why_holdem(pair, [names[winner], names[loser]]))
    missed = [i for i in result.winners if i not in picked]
    if not missed:
        return ""
    mine, other = picked[0], missed[0]
    pair = holdem.showdown(question.board, (question.hands[mine], question.hands[other]))
    why = why_holdem(pair, [names[mine], names[other]])
    return f"{picked_only([names[i] for i in picked])} {why}"


def rows(question: Question) -> tuple[Question, dict[str, tuple[Cards, ...]]]:
    """The rows of cards a new question's partials show (the board, each hand), and the
    question with every row emptied: the partials' markup is the same for every question
    with as many hands (``QuestionDrill.rows``)."""
    blank = Question((), tuple(() for _ in question.hands))
    return blank, {"question": (question.board,), "answer": question.hands}


def for_class(right: Grade) -> Grade:
    """The right answer as a whole class sees it: nobody's choice is marked."""
    return replace(right, rows=chosen(right.rows, set()))


def right_answer(question: Question) -> dict[str, list[str]]:
    winners = showdown(question).winners
    return {"winners": [str(i) for i in sorted(winners)]}


def answer_label(question: Question, answer: Answer) -> str:
    picked = sorted({n for v in values(answer, "winners") if (n := whole_number(v, 2)) is not None})
    return " + ".join(player_name(i) for i in picked)


DRILL = QuestionDrill(
    slug=SLUG,
    title=gettext_lazy("Pick the winner — Texas Hold'em"),
    summary=gettext_lazy(
        "A board and the players' hole cards: who wins the pot, or who splits it?"
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    right_answer=right_answer,
    answer_label=answer_label,
    situation=("board", "hands"),
    custom=custom,
    for_class=for_class,
    concepts={concept: LEVELS for concept in TESTS},
    concepts_of=concepts_of,
    target=target,
    rows=rows,
)
