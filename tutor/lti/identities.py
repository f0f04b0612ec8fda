"""The students of a session as their LMS knows them (for ``tutor.quizzes.gradebook``,
which this app hands itself to at start-up): the e-mail, username and names of their
last launch."""

from __future__ import annotations

from django.urls import reverse

from tutor.quizzes.gradebook import Identity
from tutor.quizzes.models import Session

from .models import LmsStudent


def of_session(session: Session) -> dict[int, Identity]:
    return {
        student.participant_id: Identity(
            email=student.email,
            username=student.username,
            first_name=student.given_name or student.participant.nickname,
            last_name=student.family_name,
        )
        for student in LmsStudent.objects.filter(link__session=session).select_related(
            "participant"
        )
    }


def grades_page(session: Session) -> str | None:
    if not session.lti_links.exists():
        return None
    return reverse("lms:grades", args=[session.code])
