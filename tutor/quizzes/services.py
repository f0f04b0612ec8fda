"""The quiz logic that views share: snapshots, questions, answers, scores.

Questions come from the drills (the stateless ones): a snapshot entry names a drill, a
level and a seed, and the drill's engine-backed ``generate``/``grade`` do the rest.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from tutor.drills.base import LEVELS, MAX_SEED, AnswerError, Drill
from tutor.drills.registry import DRILLS

from .models import Participant, Quiz, Response, Session

#: Drills whose questions can go into a quiz (one question, one answer).
QUIZ_DRILLS = ("holdem-showdown", "teenpatti-showdown", "name-the-hand", "side-pots", "betting")
TIME_GRACE = timedelta(seconds=2)  # network delay allowed past a time limit


def quiz_drills() -> list[Drill]:
    return [DRILLS[slug] for slug in QUIZ_DRILLS]


def snapshot(quiz: Quiz) -> list[dict[str, Any]]:
    """The questions of a new session: fixed slots as they are, drawn slots dealt now."""
    questions: list[dict[str, Any]] = []
    for slot in quiz.slots.all():
        if slot.drill not in QUIZ_DRILLS or slot.level not in LEVELS:
            continue
        seeds = (
            [slot.seed]
            if slot.kind == slot.Kind.FIXED and slot.seed is not None
            else [secrets.randbelow(MAX_SEED) for _ in range(max(1, slot.count))]
        )
        for seed in seeds:
            questions.append(
                {"drill": slot.drill, "level": slot.level, "seed": int(seed), "points": slot.points}
            )
    if quiz.shuffle:
        random.shuffle(questions)
    for entry in questions:
        entry["time_limit"] = quiz.time_limit
    return questions


def start_session(
    quiz: Quiz, mode: str, opens=None, closes=None, leaderboard: bool = False
) -> Session:  # type: ignore[no-untyped-def]
    return Session.objects.create(
        quiz=quiz,
        mode=mode,
        opens=opens,
        closes=closes,
        leaderboard=leaderboard,
        questions=snapshot(quiz),
        settings={
            "title": quiz.title,
            "language": quiz.language,
            "feedback": quiz.feedback,
            "attempts": quiz.attempts,
        },
        state=Session.State.LOBBY if mode == Session.Mode.LIVE else Session.State.QUESTION,
    )


@dataclass(frozen=True)
class Question:
    index: int
    entry: dict[str, Any]
    drill: Drill
    data: dict[str, Any]

    @property
    def template(self) -> str:
        return self.drill.template

    def context(self) -> dict[str, Any]:
        """What the drill's partials expect besides ``question``."""
        return {name: fn(self.data) for name, fn in self.drill.options.items()}


def question(session: Session, index: int) -> Question:
    entry = session.questions[index]
    drill = DRILLS[entry["drill"]]
    return Question(index, entry, drill, drill.generate(entry["seed"], entry["level"]))  # type: ignore[misc]


def grade(q: Question, answer: Mapping[str, Any]) -> dict[str, Any]:
    return q.drill.grade(q.data, answer)  # type: ignore[misc]


NOT_ANSWER_FIELDS = ("csrfmiddlewaretoken", "index", "token")
MAX_ANSWER_FIELDS = 40
MAX_FIELD_LENGTH = 200


def stored_answer(answer: Mapping[str, Any]) -> dict[str, list[str]]:
    """The posted answer as it is kept: lists of short strings, without NUL characters
    (PostgreSQL's text and jsonb refuse them), and without the form's own fields."""
    stored: dict[str, list[str]] = {}
    for key in list(answer)[:MAX_ANSWER_FIELDS]:
        if key in NOT_ANSWER_FIELDS or "\x00" in key:
            continue
        values = answer.getlist(key) if hasattr(answer, "getlist") else [answer[key]]
        stored[key[:MAX_FIELD_LENGTH]] = [
            str(v).replace("\x00", "")[:MAX_FIELD_LENGTH] for v in values[:MAX_ANSWER_FIELDS]
        ]
    return stored


class Refused(Exception):
    """An answer the server will not take; ``code`` says why (the view words it)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def current_index(session: Session, participant: Participant) -> int | None:
    """The question this participant should see now, or ``None`` (lobby, finished)."""
    if session.mode == Session.Mode.LIVE:
        return (
            session.current
            if session.state in (Session.State.QUESTION, Session.State.REVEAL)
            else None
        )
    done = set(participant.responses.filter(answered__isnull=False).values_list("index", flat=True))
    attempts = session.settings.get("attempts", 1)
    for index in range(len(session.questions)):
        if index not in done:
            return index
        response = participant.responses.get(index=index)
        if not response.correct and response.attempts < attempts:
            return index
    return None


def deadline(session: Session, response: Response | None) -> Any:
    limit = session.questions and session.questions[0].get("time_limit")
    if not limit:
        return None
    start = (
        session.question_started
        if session.mode == Session.Mode.LIVE
        else (response.shown if response else None)
    )
    return start + timedelta(seconds=limit) if start else None


def mark_shown(participant: Participant, index: int) -> Response:
    """The response row of a question, created when the question is first shown."""
    try:
        with transaction.atomic():
            response, _ = Response.objects.get_or_create(participant=participant, index=index)
    except IntegrityError:
        response = Response.objects.get(participant=participant, index=index)
    return response


def submit(
    session: Session, participant: Participant, index: int, answer: Mapping[str, Any]
) -> tuple[Response, dict[str, Any] | None]:
    """Check and store an answer. Returns the response and the feedback of this answer;
    raises :class:`Refused` (closed, late, not current, already answered) or
    :class:`AnswerError` (a malformed answer: nothing is stored)."""
    if not session.is_open:
        raise Refused("closed")
    if not 0 <= index < len(session.questions):
        raise Refused("no_such_question")
    if session.mode == Session.Mode.LIVE and (
        session.state != Session.State.QUESTION or session.current != index
    ):
        raise Refused("not_current")
    q = question(session, index)
    feedback = grade(q, answer)  # AnswerError for a malformed answer
    now = timezone.now()
    attempts_allowed = session.settings.get("attempts", 1)
    with transaction.atomic():
        response = mark_shown(participant, index)
        response = Response.objects.select_for_update().get(pk=response.pk)
        if response.answered and (response.correct or response.attempts >= attempts_allowed):
            raise Refused("already_answered")
        limit = deadline(session, response)
        if limit is not None and now > limit + TIME_GRACE:
            raise Refused("too_late")
        start = (
            session.question_started
            if session.mode == Session.Mode.LIVE and session.question_started
            else response.shown
        )
        response.answer = stored_answer(answer)
        response.answered = now
        response.attempts = F("attempts") + 1
        response.correct = bool(feedback["correct"])
        response.points = int(q.entry.get("points", 1)) if feedback["correct"] else 0
        response.elapsed_ms = max(0, int((now - start).total_seconds() * 1000)) if start else None
        response.save()
        response.refresh_from_db()
    return response, feedback


__all__ = [
    "QUIZ_DRILLS",
    "AnswerError",
    "Question",
    "Refused",
    "answer_counts",
    "current_index",
    "deadline",
    "end",
    "grade",
    "mark_shown",
    "next_question",
    "open_question",
    "question",
    "quiz_drills",
    "reveal",
    "scores",
    "snapshot",
    "start_session",
    "submit",
]


# -- the teacher's controls (live mode) -------------------------------------------------
def _bump(session: Session, **changes: Any) -> Session:
    for field, value in changes.items():
        setattr(session, field, value)
    session.version = F("version") + 1
    session.save(update_fields=[*changes, "version"])
    session.refresh_from_db()
    return session


def open_question(session: Session, index: int) -> Session:
    """Show question ``index`` to every student and start its clock."""
    if not 0 <= index < len(session.questions):
        raise Refused("no_such_question")
    return _bump(
        session, state=Session.State.QUESTION, current=index, question_started=timezone.now()
    )


def next_question(session: Session) -> Session:
    if session.current + 1 >= len(session.questions):
        return end(session)
    return open_question(session, session.current + 1)


def reveal(session: Session) -> Session:
    """Close the current question and show its answer and explanation."""
    if session.state != Session.State.QUESTION:
        raise Refused("not_current")
    return _bump(session, state=Session.State.REVEAL)


def end(session: Session) -> Session:
    return _bump(session, state=Session.State.ENDED)


def answer_counts(session: Session, index: int) -> dict[str, int]:
    """How many have answered the question, and how many of them correctly."""
    rows = Response.objects.filter(participant__session=session, index=index).answered()
    return {
        "answered": rows.count(),
        "correct": rows.filter(correct=True).count(),
        "joined": session.participants.count(),
    }


def scores(session: Session) -> list[tuple[Participant, int, int]]:
    """(participant, points, correct answers), best first: the leaderboard."""
    board = []
    for participant in session.participants.all():
        rows = participant.responses.answered()
        board.append((participant, sum(r.points for r in rows), sum(1 for r in rows if r.correct)))
    board.sort(key=lambda item: (-item[1], item[0].joined))
    return board
