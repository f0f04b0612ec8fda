"""The quiz logic that views share: sessions, answers, the teacher's controls, scores.

A session's questions are stored whole when it starts (``questions.py``); answers are
graded against the stored question.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.core.cache import caches
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import QueryDict
from django.utils import timezone

from tutor.core import names
from tutor.drills import answers
from tutor.drills.base import AnswerError
from tutor.drills.drill import Answer, Grade
from tutor.drills.registry import quiz_drills
from tutor.drills.written import NOT_ANSWER_FIELDS, WrittenQuestion, grade

from . import events, hot, nicknames, scoring
from .board import Board, Entrant, Standing, board, leaderboard, scores
from .dealing import asking, question, questions_of, runnable, snapshot
from .models import NICKNAME_LENGTH, Participant, Quiz, Response, Session, SessionSettings
from .timers import TIME_GRACE, deadline, open_for, timed_out


def start_session(
    quiz: Quiz,
    mode: str,
    opens: datetime | None = None,
    closes: datetime | None = None,
    leaderboard: bool = False,
    zone: str = "UTC",
    speed_bonus: bool = False,
    per_student: bool = False,
) -> Session:
    """A new session of ``quiz``; ``per_student``: homework that deals each student their
    own questions (:func:`questions_of`)."""
    kept = SessionSettings.of_quiz(quiz, zone, speed_bonus)
    if per_student and mode == Session.Mode.HOMEWORK:
        kept = replace(kept, per_student=True)
    return Session.objects.create(
        quiz=quiz,
        mode=mode,
        opens=opens,
        closes=closes,
        leaderboard=leaderboard,
        questions=snapshot(quiz),
        settings=kept.to_json(),
        state=Session.State.LOBBY if mode == Session.Mode.LIVE else Session.State.QUESTION,
    )


MAX_ANSWER_FIELDS = 40
MAX_FIELD_LENGTH = 200


def stored_answer(answer: QueryDict | Answer) -> dict[str, list[str]]:
    """The posted answer as it is kept and graded: every field with all its values
    (``getlist``), lists of short strings, without NUL characters (PostgreSQL's text and
    jsonb refuse them), and without the form's own fields."""
    fields = answers.posted(answer) if isinstance(answer, QueryDict) else answer
    stored: dict[str, list[str]] = {}
    for key in list(fields)[:MAX_ANSWER_FIELDS]:
        if key in NOT_ANSWER_FIELDS or "\x00" in key:
            continue
        values = answers.values(fields, key)
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
    # Homework: the first question still open to this student. A question is closed to
    # them once answered for good (right, or out of attempts) or once its time is up: the
    # clock runs per student from when they first saw it, and a question timed out stays
    # unanswered while the student goes on (coming back resumes at the next open one).
    return next_open(session, hot.responses(participant))


def next_open(session: Session, responses: dict[int, Response]) -> int | None:
    """The first homework question still open to the student of ``responses`` (their
    rows by index), or None."""
    attempts = session.settings_view.attempts
    now = timezone.now()
    for index in range(len(session.questions)):
        response = responses.get(index)
        if response is None:
            return index
        if timed_out(session, response, now, grace=timedelta(0)):
            continue
        if response.answered is None or (not response.correct and response.attempts < attempts):
            return index
    return None


def mark_shown(participant: Participant, index: int) -> Response:
    """The response row of a question, created when the question is first shown.

    Read first: the row is usually there (a live question creates every joined student's
    row when it opens, and a reload finds the row of its first view), and a read takes no
    write lock (SQLite has one writer at a time)."""
    # One row (unique per participant and index), read without building SQL (hot.py).
    response = hot.response(participant, index)
    if response is not None:
        return response
    response = Response(participant=participant, index=index)
    try:
        hot.add_response(response)  # its INSERT built once per process
        return response
    except IntegrityError:  # created meanwhile by a request of the same student
        return Response.objects.get(participant=participant, index=index)


def submit(
    session: Session, participant: Participant, index: int, answer: QueryDict | Answer
) -> tuple[Response, Grade | None]:
    """Check and store an answer. Returns the response and the feedback of this answer;
    raises :class:`Refused` (closed, late, not current, already answered) or
    :class:`AnswerError` (a malformed answer: nothing is stored)."""
    if not open_for(session, participant):
        raise Refused("closed")
    if not 0 <= index < len(session.questions):
        raise Refused("no_such_question")
    if session.mode == Session.Mode.LIVE and (
        session.state != Session.State.QUESTION or session.current != index
    ):
        raise Refused("not_current")
    q = question(session, index, participant)
    fields = stored_answer(answer)
    feedback = grade(q, fields)  # AnswerError for a malformed answer
    now = timezone.now()
    rules = session.settings_view
    attempts_allowed = rules.attempts
    # A homework question is answered once shown (its clock runs from then): the row the
    # page made. A live question's row is made here for a student who joined late.
    homework = session.mode == Session.Mode.HOMEWORK
    response = hot.response(participant, index) if homework else mark_shown(participant, index)
    if response is None:
        raise Refused("not_shown")
    if timed_out(session, response, now):
        # A repeat of an answer that was stored in time (its reply was lost) hears that
        # its first answer counts, not that it came too late.
        done = response.answered and (response.correct or response.attempts >= attempts_allowed)
        raise Refused("already_answered" if done else "too_late")
    start = (
        session.question_started
        if session.mode == Session.Mode.LIVE and session.question_started
        else response.shown
    )
    # One conditional UPDATE stores the answer: it matches only while the question may
    # still be answered, so of two posts at once (a double click, a retry whose first
    # reply was lost) exactly one is stored, whatever the database.
    elapsed_ms = max(0, int((now - start).total_seconds() * 1000)) if start else None
    share = Decimal(1) if feedback.correct else getattr(feedback, "credit", Decimal(0))
    points, bonus = _earned(rules, q, share, response.attempts, elapsed_ms)
    attempt = {"answer": fields, "correct": bool(feedback.correct), "at": now.isoformat()}
    values: hot.StoredAnswer = {
        "answer": fields,
        "answered": now,
        "correct": bool(feedback.correct),
        "points": points,
        "bonus": bonus,
        "elapsed_ms": elapsed_ms,
        "history": [*response.history, attempt],
    }
    # Matched on the attempts read, too: of two answers at once exactly one is stored, and
    # the history it extends is the one read.
    if not hot.store_answer(response, values, attempts_allowed):
        raise Refused("already_answered")
    for field, value in values.items():
        setattr(response, field, value)
    response.attempts += 1
    return response, feedback


def _earned(
    rules: SessionSettings, q: WrittenQuestion, share: Decimal, made: int, elapsed_ms: int | None
) -> tuple[scoring.Score, scoring.Score]:
    """The points an answer earns, and the speed bonus counted in them (``scoring.py``):
    ``share`` of the question's points (all for a right answer, a teacher's partial credit
    for some wrong ones, rounded half up), a later attempt's as the quiz says (sessions
    before: in full). Worked out once, when the answer is stored: a later change of the
    settings changes no score."""
    whole = Decimal(int(q.entry.get("points", 1))) * share
    points = int(whole.to_integral_value(rounding=ROUND_HALF_UP))
    if made:
        points = rules.retry_points.of(points)
    if not rules.speed_bonus:
        return points, 0
    limit = q.entry.get("time_limit")
    bonus = scoring.speed_bonus(points, elapsed_ms=elapsed_ms, limit_seconds=limit)
    return points + bonus, bonus


__all__ = [
    "TIME_GRACE",
    "AnswerError",
    "Board",
    "Entrant",
    "Refused",
    "Standing",
    "WrittenQuestion",
    "answer_counts",
    "asking",
    "board",
    "current_index",
    "deadline",
    "end",
    "finished",
    "grade",
    "leaderboard",
    "mark_shown",
    "next_question",
    "open_question",
    "question",
    "questions_of",
    "quiz_drills",
    "remove",
    "rename",
    "reveal",
    "runnable",
    "scores",
    "snapshot",
    "start_session",
    "submit",
    "timed_out",
]


# -- the teacher's controls (live mode) -------------------------------------------------
def _bump(session: Session, **changes: Any) -> Session:
    for field, value in changes.items():
        setattr(session, field, value)
    session.version = F("version") + 1
    session.save(update_fields=[*changes, "version"])
    session.refresh_from_db()
    # Redis: every server at once; per-process caches: other processes within a second.
    caches["state"].delete(f"quiz-state:{session.code}")
    return session


def open_question(session: Session, index: int) -> Session:
    """Show question ``index`` to every student and start its clock.

    The response rows of everyone who has joined are made here, in one statement, so that
    the students' page views only read (a late joiner's row is made on first view)."""
    if not 0 <= index < len(session.questions):
        raise Refused("no_such_question")
    now = timezone.now()
    Response.objects.bulk_create(
        [
            Response(participant_id=pk, index=index, shown=now)
            for pk in session.participants.filter(removed=False).values_list("pk", flat=True)
        ],
        ignore_conflicts=True,
    )
    return _bump(session, state=Session.State.QUESTION, current=index, question_started=now)


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
    session = _bump(session, state=Session.State.ENDED)
    events.ended.send(sender=Session, session=session)
    return session


def finished(session: Session, participant: Participant) -> None:
    """A homework student has no question left (their end screen): say so to whoever
    listens (``events.finished``: the LMS's gradebook)."""
    events.finished.send(sender=Session, session=session, participant=participant)


def answer_counts(session: Session, index: int) -> dict[str, int]:
    """How many have answered the question (``answered``), and how many of them rightly
    (``right``)."""
    rows = Response.objects.of_session(session).filter(index=index).answered()
    return {**rows.tally(), "joined": session.participants.filter(removed=False).count()}


def rename(participant: Participant, nickname: str) -> Participant:
    """Give a student another nickname, checked as a joining one is (:class:`Refused`
    ``nickname_unsafe``, ``nickname_empty``, ``nickname_reserved``, ``nickname_taken``, or a reason of
    ``names.UnsafeName``: ``marks``, ``joiner``)."""
    try:
        cleaned = names.clean(nickname)[:NICKNAME_LENGTH]
    except names.UnsafeName as error:
        raise Refused("nickname_unsafe" if error.reason == "invisible" else error.reason) from None
    if not cleaned:
        raise Refused("nickname_empty")
    if nicknames.reserved(cleaned):
        raise Refused("nickname_reserved")
    skeleton, capitals = names.looks(cleaned)
    others = Participant.objects.filter(session_id=participant.session_id).exclude(
        pk=participant.pk
    )
    if others.looking_like(cleaned).exists():
        raise Refused("nickname_taken")
    participant.nickname, participant.skeleton, participant.capitals = cleaned, skeleton, capitals
    try:
        with transaction.atomic():
            participant.save(update_fields=["nickname", "skeleton", "capitals"])
    except IntegrityError:  # taken meanwhile
        raise Refused("nickname_taken") from None
    _bump(participant.session)  # names on the leaderboard changed
    return participant


def remove(participant: Participant) -> Participant:
    """Take a student out of the quiz: they can no longer answer and leave the
    leaderboard; what they answered stays in the results, marked as removed."""
    participant.removed = True
    participant.save(update_fields=["removed"])
    _bump(participant.session)  # the leaderboard changed: a new version for every page
    return participant
