"""Scores back to the platform (LTI Assignment and Grade Services): when a homework
student finishes, and for every student when the teacher ends the session.

Each student's score is read from their stored answers every time it is sent, so a
failed sending loses nothing: the failure is logged and kept on the student
(``LmsStudent.send_error``), and sent again by the teacher's button on the grades page or
``manage.py lti_grades retry``. A score the platform already holds is not sent again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import requests
from django.db.models import QuerySet, Sum
from django.utils import timezone
from pylti1p3.assignments_grades import AssignmentsGradesService
from pylti1p3.exception import LtiException, LtiServiceException
from pylti1p3.grade import Grade
from pylti1p3.service_connector import ServiceConnector

from tutor.quizzes import events, results, services
from tutor.quizzes.models import Participant, Session

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
    """The student's points (the speed bonus included) of the points possible."""
    session = participant.session
    total = participant.responses.filter(answered__isnull=False, index__lt=session.asked)
    given = total.aggregate(points=Sum("points"))["points"] or 0
    return Score(given=int(given), maximum=results.max_points(session))


def _service(link: ResourceLink) -> AssignmentsGradesService:
    connector = ServiceConnector(registration(link.platform), requests_session=TimedSession())
    data = {"scope": list(link.scopes), "lineitem": link.lineitem}
    return AssignmentsGradesService(connector, data)  # type: ignore[arg-type]


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


def send(student: LmsStudent, force: bool = False) -> bool:
    """Send the student's score to the link's line item: whether the platform holds it now.
    A score already sent is not sent again (``force``: it is)."""
    link = student.link
    score = score_of(student.participant)
    if not force and student.sent_score == score.given and not student.send_error:
        return True
    if not link.lineitem or SCORE_SCOPE not in link.scopes:
        return _failed(student, "The platform gave this link no line item to post scores to.")
    try:
        _service(link).put_grade(_grade(student, score))
    except LtiServiceException as error:
        return _failed(student, f"HTTP {error.response.status_code}: {error.response.text[:300]}")
    except (LtiException, requests.RequestException, ValueError) as error:
        return _failed(student, f"{type(error).__name__}: {error}"[:500])
    student.sent_score, student.sent_at, student.send_error = score.given, timezone.now(), ""
    student.save(update_fields=["sent_score", "sent_at", "send_error"])
    return True


def _failed(student: LmsStudent, reason: str) -> bool:
    log.warning("LTI score for participant %s not sent: %s", student.participant_id, reason)
    student.send_error = reason
    student.save(update_fields=["send_error"])
    return False


def students_of(session: Session) -> QuerySet[LmsStudent]:
    return LmsStudent.objects.filter(link__session=session).select_related(
        "link__platform", "participant__session"
    )


def send_session(session: Session, force: bool = False) -> tuple[int, int]:
    """Every LMS student's score of the session: (sent, failed)."""
    sent = failed = 0
    for student in students_of(session):
        if send(student, force=force):
            sent += 1
        else:
            failed += 1
    return sent, failed


def unsent() -> QuerySet[LmsStudent]:
    """The students whose last sending failed, across every session."""
    return LmsStudent.objects.exclude(send_error="").select_related(
        "link__platform", "participant__session"
    )


def _on_finished(sender: Any, session: Session, participant: Participant, **kwargs: Any) -> None:
    student = students_of(session).filter(participant=participant).first()
    if student is not None:
        send(student)


def _on_ended(sender: Any, session: Session, **kwargs: Any) -> None:
    send_session(session)


def connect() -> None:
    events.finished.connect(_on_finished, dispatch_uid="lti-finished")
    events.ended.connect(_on_ended, dispatch_uid="lti-ended")
