"""The operators' admin pages of classes (``tutor/classrooms/admin.py``; what is checked
for every app: ``tests/admin_pages.py``)."""

from __future__ import annotations

from tests.admin_pages import check_app
from tutor.classrooms.models import Classroom, ClassSession, NameClaim
from tutor.quizzes.models import Participant, Session


def test_admin_pages(classroom: Classroom, live: Session) -> None:
    member = classroom.members.first()
    assert member is not None
    participant = Participant.objects.create(session=live, nickname=member.name)
    claim = NameClaim.objects.create(member=member, session=live, participant=participant)
    run = ClassSession.objects.get(session=live)
    check_app("classrooms", [classroom, member, run, claim])
