"""Scores back to the platform (LTI Assignment and Grade Services): when a homework
student finishes, and for every student when the teacher ends the session.

Each student's score is read from their stored answers every time it is sent, so a
failed sending loses nothing: the failure is logged and kept on the student
(``LmsStudent.send_error``), and sent again by the teacher's button on the grades page or
``manage.py lti_grades retry``. A score the platform already holds is not sent again.

A request never waits long on a slow platform: the scores of a session are posted within
a time budget (``settings.LTI_PASSBACK_BUDGET`` seconds; no post starts after it), with
one access token per platform for them all; the rest are marked ``pending`` and sent by
the grades page's button or the retry command.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import requests
from django.conf import settings
from django.db import connections, router
from django.db.models import Q, QuerySet, Sum
from django.utils import timezone
from pylti1p3.assignments_grades import AssignmentsGradesService
from pylti1p3.exception import LtiException, LtiServiceException
from pylti1p3.grade import Grade
from pylti1p3.service_connector import ServiceConnector

from tutor.quizzes import events, results, services
from tutor.quizzes.models import Participant, Session

from . import access_tokens
from .access_tokens import ToolConnector
from .models import LmsStudent, ResourceLink
from .tool_config import TimedSession, registration

log = logging.getLogger(__name__)

SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"


@dataclass(frozen=True)
class Score:
    """What the platform is told of one student."""

    given: int
    maximum: int


def score_of(participant: Participant) -> Score:
    """The student's points for right answers of the points possible: the speed bonus is
    the game's, and a grade above its maximum would be refused or capped by the platform."""
    session = participant.session
    total = participant.responses.filter(answered__isnull=False, index__lt=session.asked)
    sums = total.aggregate(points=Sum("points"), bonus=Sum("bonus"))
    given = (sums["points"] or 0) - (sums["bonus"] or 0)
    return Score(given=int(given), maximum=results.max_points(session))


def connector(link: ResourceLink) -> ServiceConnector:
    """The way to the link's platform: its access token (per scopes) is fetched on the
    first post and kept until it expires (``access_tokens.py``)."""
    return ToolConnector(registration(link.platform), requests_session=TimedSession())


def _service(link: ResourceLink, via: ServiceConnector | None) -> AssignmentsGradesService:
    data = {"scope": list(link.scopes), "lineitem": link.lineitem}
    return AssignmentsGradesService(via or connector(link), data)  # type: ignore[arg-type]


def finished(participant: Participant) -> bool:
    """Whether the student is done: the session has ended, or no question is left to them."""
    session = participant.session
    if session.state == Session.State.ENDED:
        return True
    return (
        session.mode == Session.Mode.HOMEWORK
        and services.current_index(session, participant) is None
    )


def _grade(student: LmsStudent, score: Score) -> Grade:
    """The score as AGS posts it: a finished student's Completed and FullyGraded; one sent
    before the end (a teacher's resending) InProgress and Pending, so the LMS does not
    take it for a final grade."""
    done = finished(student.participant)
    return (
        Grade()
        .set_score_given(score.given)
        .set_score_maximum(score.maximum)
        .set_timestamp(timezone.now().isoformat())
        .set_activity_progress("Completed" if done else "InProgress")
        .set_grading_progress("FullyGraded" if done else "Pending")
        .set_user_id(student.sub)
    )


def held(student: LmsStudent, score: Score) -> bool:
    """Whether the platform holds this score already (nothing to send)."""
    return student.sent_score == score.given and not student.send_error and not student.pending


def send(student: LmsStudent, force: bool = False, via: ServiceConnector | None = None) -> bool:
    """Send the student's score to the link's line item: whether the platform holds it now.
    A score already sent is not sent again (``force``: it is); ``via``: a connector (and
    its access token) shared with the other students sent now."""
    link = student.link
    score = score_of(student.participant)
    if not force and held(student, score):
        return True
    if not link.lineitem or SCORE_SCOPE not in link.scopes:
        return _failed(student, "The platform gave this link no line item to post scores to.")
    try:
        _service(link, via).put_grade(_grade(student, score))
    except LtiServiceException as error:
        if error.response.status_code == 401:  # the token kept is no longer taken
            access_tokens.drop(link.platform.auth_token_url, link.platform.client_id)
        return _failed(student, f"HTTP {error.response.status_code}: {error.response.text[:300]}")
    except (LtiException, requests.RequestException, ValueError) as error:
        return _failed(student, f"{type(error).__name__}: {error}"[:500])
    student.sent_score, student.sent_at, student.send_error = score.given, timezone.now(), ""
    student.pending = False
    student.save(update_fields=["sent_score", "sent_at", "send_error", "pending"])
    return True


def _failed(student: LmsStudent, reason: str) -> bool:
    log.warning("LTI score for participant %s not sent: %s", student.participant_id, reason)
    student.send_error, student.pending = reason, False
    student.save(update_fields=["send_error", "pending"])
    return False


def students_of(session: Session) -> QuerySet[LmsStudent]:
    return LmsStudent.objects.filter(link__session=session).select_related(
        "link__platform", "participant__session"
    )


@dataclass(frozen=True)
class Outcome:
    """What a sending of a session's scores did: how many the platform holds now, how
    many it refused or did not answer, how many wait (the time budget ran out)."""

    sent: int = 0
    failed: int = 0
    pending: int = 0


def send_session(session: Session, force: bool = False, budget: float | None = None) -> Outcome:
    """Every LMS student's score of the session, one access token per platform. With a
    ``budget`` (seconds; a request's), no post starts after it: the students left are
    marked ``pending``."""
    deadline = None if budget is None else time.monotonic() + budget
    connectors: dict[int, ServiceConnector] = {}
    sent = failed = pending = 0
    for student in students_of(session):
        if deadline is not None and time.monotonic() >= deadline:
            pending += _postpone(student, force)
            continue
        via = connectors.setdefault(student.link.platform_id, connector(student.link))
        if send(student, force=force, via=via):
            sent += 1
        else:
            failed += 1
    return Outcome(sent=sent, failed=failed, pending=pending)


def _postpone(student: LmsStudent, force: bool) -> int:
    """Mark the student's score to be sent later, unless the platform holds it: 1 if so."""
    if not force and held(student, score_of(student.participant)):
        return 0
    if not student.pending:
        student.pending = True
        student.save(update_fields=["pending"])
    return 1


def request_budget() -> float:
    """How long a request may spend posting scores (``settings.LTI_PASSBACK_BUDGET``)."""
    return float(settings.LTI_PASSBACK_BUDGET)


def unsent() -> QuerySet[LmsStudent]:
    """The students whose last sending failed or who wait their turn, across every session."""
    return LmsStudent.objects.filter(~Q(send_error="") | Q(pending=True)).select_related(
        "link__platform", "participant__session"
    )


def _on_finished(sender: Any, session: Session, participant: Participant, **kwargs: Any) -> None:
    # Sent with every homework end screen, most of them of students who joined with the
    # code, not from an LMS: a look-up by the participant first, its SQL written once (the
    # query below, with its joins, spent 2-3 ms of a 6 ms end screen building its SQL).
    if not _from_lms(participant.pk):
        return
    student = students_of(session).filter(participant=participant).first()
    if student is not None:
        send(student)


def _from_lms(participant_id: int) -> bool:
    """Whether the participant came from an LMS launch (has an :class:`LmsStudent`)."""
    alias = router.db_for_read(LmsStudent)
    with connections[alias].cursor() as cursor:
        cursor.execute(_from_lms_sql(alias), [participant_id])
        return cursor.fetchone() is not None


# Kept per process. Key: the database alias, one of settings.DATABASES (a finite set): the
# SQL depends only on the model and that database's quoting.
@lru_cache(maxsize=8)
def _from_lms_sql(alias: str) -> str:
    quote = connections[alias].ops.quote_name
    column = LmsStudent._meta.get_field("participant").column
    return f"SELECT 1 FROM {quote(LmsStudent._meta.db_table)} WHERE {quote(column)} = %s"


def _on_ended(sender: Any, session: Session, **kwargs: Any) -> None:
    send_session(session, budget=request_budget())  # within the teacher's request


def connect() -> None:
    events.finished.connect(_on_finished, dispatch_uid="lti-finished")
    events.ended.connect(_on_ended, dispatch_uid="lti-ended")
