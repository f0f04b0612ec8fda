"""A homework session of the conftest quiz, answered by a small class: the helpers the
results, charts and CSV tests share (their fixtures are in ``conftest.py``)."""

from __future__ import annotations

from django.http import QueryDict

from tutor.engine import holdem, teenpatti
from tutor.quizzes import services
from tutor.quizzes.models import Session

#: How each Teen Patti result reads in English.
NAMES = {"player_a": "Player A wins", "player_b": "Player B wins", "tie": "Tie"}


def form(**fields: str | list[str]) -> QueryDict:
    data = QueryDict(mutable=True)
    for key, value in fields.items():
        data.setlist(key, value if isinstance(value, list) else [value])
    return data


def teenpatti_answers(session: Session) -> tuple[str, str]:
    """The right and a wrong answer to question 1 (Teen Patti), from the engine."""
    q = services.question(session, 0)
    result = teenpatti.showdown(q.data.hand_a, q.data.hand_b).result
    return result, ("tie" if result != "tie" else "player_a")


def holdem_answers(session: Session) -> tuple[list[str], list[str]]:
    """The right and a wrong answer to question 2 (Hold'em), from the engine."""
    q = services.question(session, 1)
    winners = holdem.showdown(q.data.board, q.data.hands).winners
    loser = next(i for i in range(len(q.data.hands)) if i not in winners)
    return [str(w) for w in winners], [str(loser)]
