"""A question's clock and a student's deadlines, as the server keeps them.

Each stored question carries its own time limit (``{..., "time_limit": 30}``, None for
none). The clock of a live question starts when the teacher opens it; a homework
question's when the student is first shown it (``Response.shown``). A teacher may give
one student more time (``Participant.time_percent``, ``extra_seconds``) and a later
closing time for homework (``Participant.closes``); every deadline here applies them.
The page's countdown only shows what these decide.

>>> from types import SimpleNamespace as Fake
>>> session = Fake(questions=[{"time_limit": 30}, {"time_limit": None}])
>>> time_limit(session, 0, Fake(time_percent=150, extra_seconds=5))
datetime.timedelta(seconds=50)
>>> time_limit(session, 1) is None
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from .models import Participant, Response, Session

TIME_GRACE = timedelta(seconds=2)  # network delay allowed past a time limit


def time_limit(session: Any, index: int, participant: Any = None) -> timedelta | None:
    """The time question ``index`` gives (``participant``: with their extra time), or None."""
    if not 0 <= index < len(session.questions):
        return None
    seconds = session.questions[index].get("time_limit")
    if not seconds:
        return None
    if participant is None:
        return timedelta(seconds=int(seconds))
    scaled = int(seconds) * participant.time_percent / 100 + participant.extra_seconds
    return timedelta(seconds=scaled)


def deadline(session: Session, response: Response) -> datetime | None:
    """When the time of ``response``'s question is up for its student, or None."""
    limit = time_limit(session, response.index, response.participant)
    if limit is None:
        return None
    live = session.mode == Session.Mode.LIVE
    start = session.question_started if live else response.shown
    return start + limit if start else None


def question_deadline(session: Session) -> datetime | None:
    """When the open live question's time is up for the class (the projector's clock:
    a student with extra time may answer past it)."""
    limit = time_limit(session, session.current)
    start = session.question_started
    return start + limit if limit is not None and start is not None else None


def timed_out(
    session: Session, response: Response, now: datetime, grace: timedelta = TIME_GRACE
) -> bool:
    """Whether the time of ``response``'s question is up: past its deadline by more than
    ``grace`` (by default the network delay an answer in flight is allowed)."""
    limit = deadline(session, response)
    return limit is not None and now > limit + grace


def closes_for(session: Session, participant: Participant) -> datetime | None:
    """When homework closes for this student: the session's closing time, or the later
    one their teacher gave them."""
    if session.closes is None or participant.closes is None:
        return session.closes
    return max(session.closes, participant.closes)


def open_for(session: Session, participant: Participant, now: datetime | None = None) -> bool:
    """Whether the session takes this student's answers now (``Session.is_open``, with
    their own closing time)."""
    if session.state == Session.State.ENDED:
        return False
    if session.mode != Session.Mode.HOMEWORK:
        return True
    now = now or timezone.now()
    closes = closes_for(session, participant)
    return (session.opens is None or session.opens <= now) and (closes is None or now < closes)


def settled(response: Response, attempts: int) -> bool:
    """Answered for good: right, or out of attempts."""
    return response.answered is not None and (response.correct or response.attempts >= attempts)


def expired_untold(
    session: Session, responses: Iterable[Response], now: datetime | None = None
) -> list[Response]:
    """The homework questions whose time ran out before they were answered for good, and
    whose student has not been told yet, in order."""
    now = now or timezone.now()
    attempts = session.settings_view.attempts
    return sorted(
        (
            response
            for response in responses
            if not response.time_up_told
            and not settled(response, attempts)
            and timed_out(session, response, now, grace=timedelta(0))
        ),
        key=lambda response: response.index,
    )


def tell(responses: list[Response]) -> None:
    """Note that the student has been told these questions' time ran out."""
    Response.objects.filter(pk__in=[r.pk for r in responses]).update(time_up_told=True)
    for response in responses:
        response.time_up_told = True


class Outcome(enum.StrEnum):
    """What became of one question for one student: the stable codes of the CSV."""

    ANSWERED = "answered"
    TIMED_OUT = "timed_out"  # shown, and its time ran out before an answer
    IN_PROGRESS = "in_progress"  # shown, no answer yet, and the student may still answer
    NOT_ANSWERED = "not_answered"  # shown, no answer, no time ran out (or none is known)
    NEVER_REACHED = "never_reached"  # never shown to the student
    NOT_REACHED_YET = "not_reached_yet"  # never shown, in homework still open for them


#: The outcomes of a question a student may still answer: neither answered nor missed.
STILL_OPEN = frozenset({Outcome.IN_PROGRESS, Outcome.NOT_REACHED_YET})


def outcome(
    session: Session,
    response: Response | None,
    now: datetime | None = None,
    participant: Participant | None = None,
) -> Outcome:
    """The outcome of a question for the student of ``response`` (None: never shown to
    ``participant``; homework still open for them has it ``not_reached_yet``). A live
    question's clock is known only while it is the open one, so a past live question left
    unanswered is ``not_answered``; one the student may still answer (the open live
    question, or homework still open for them, its time not run out) is
    ``in_progress``."""
    if response is None:
        homework = session.mode == Session.Mode.HOMEWORK
        if homework and participant is not None and open_for(session, participant, now):
            return Outcome.NOT_REACHED_YET
        return Outcome.NEVER_REACHED
    if response.answered is not None:
        return Outcome.ANSWERED
    live_past = session.mode == Session.Mode.LIVE and (
        response.index != session.current or session.state == Session.State.ENDED
    )
    now = now or timezone.now()
    if not live_past and timed_out(session, response, now, timedelta(0)):
        return Outcome.TIMED_OUT
    if not live_past and session.state != Session.State.ENDED:
        homework = session.mode == Session.Mode.HOMEWORK
        if not homework or open_for(session, response.participant, now):
            return Outcome.IN_PROGRESS
    return Outcome.NOT_ANSWERED


def allow(
    participant: Participant, time_percent: int, extra_seconds: int, closes: datetime | None
) -> Participant:
    """Give one student more time on each question and, for homework, a later closing time
    (None: the session's); the next deadline the server works out for them applies it."""
    participant.time_percent, participant.extra_seconds = time_percent, extra_seconds
    participant.closes = closes
    participant.save(update_fields=["time_percent", "extra_seconds", "closes"])
    return participant
