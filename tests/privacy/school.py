"""What the privacy tests delete and download: two teachers, each with everything an account can hold
(a quiz and its sessions, a bank question and its tag, a class with its roster and a
session run for it, where students claimed their names and answered, and the account's
own learning progress), so that a test can delete or download one and see the other
untouched."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from tutor.classrooms.models import Classroom, ClassSession, Member, NameClaim
from tutor.drills.own_question import Question, Text
from tutor.learning.models import Attempt, ConceptProgress, Learner
from tutor.lessons.models import Sitting, SittingAnswer
from tutor.quizzes.models import OwnQuestion, Participant, Quiz, Response, Session, Slot, Tag

PASSWORD = "a-long-password-123"
NAMES = ("Asha", "Bálint", "=cmd|' /C calc'!A0")


@dataclass
class School:
    """One teacher's account and what it holds."""

    user: Any
    quiz: Quiz
    classroom: Classroom
    session: Session  # run for the class, ended
    homework: Session  # not for a class
    learner: Learner


def session_of(quiz: Quiz, mode: str = "live", created: datetime | None = None) -> Session:
    """A session of ``quiz`` with two stored questions (rows only: nothing is dealt)."""
    session = Session.objects.create(
        quiz=quiz, mode=mode, state=Session.State.ENDED, current=1, questions=[{}, {}]
    )
    if created is not None:
        Session.objects.filter(pk=session.pk).update(created=created)
        session.refresh_from_db()
    return session


def answered_by(session: Session, nickname: str, at: datetime | None = None) -> Participant:
    """A student of ``session`` who answered both questions (the first right)."""
    student = Participant.objects.create(session=session, nickname=nickname)
    when = at or timezone.now()
    for index in (0, 1):
        Response.objects.create(
            participant=student,
            index=index,
            answer={"choice": ["=1+1" if index else "a"]},
            answered=when,
            correct=index == 0,
            points=1 if index == 0 else 0,
        )
    if at is not None:
        Participant.objects.filter(pk=student.pk).update(joined=at)
    return student


def fill(username: str) -> School:
    user = get_user_model().objects.create_user(username, f"{username}@example.org", PASSWORD)
    quiz = Quiz.objects.create(owner=user, title=f"=Showdowns of {username}")
    tag = Tag.objects.create(owner=user, name="week 3", key="week 3")
    own = OwnQuestion.objects.create(
        owner=user,
        kind="truefalse",
        data=Question("truefalse", (Text("en", "Is a pair a hand?"),), (0,)).to_dict(),
    )
    own.tags.add(tag)
    Slot.objects.create(quiz=quiz, order=0, kind="fixed", drill="teenpatti-showdown", seed=11)
    Slot.objects.create(quiz=quiz, order=1, kind="fixed", drill="own-question", own=own)
    classroom = Classroom.objects.create(owner=user, name="7B")
    session = session_of(quiz)
    ClassSession.objects.create(classroom=classroom, session=session)
    for name in NAMES:
        member = Member.objects.create(classroom=classroom, name=name)
        student = answered_by(session, name)
        NameClaim.objects.create(member=member, session=session, participant=student)
    homework = session_of(quiz, "homework")
    answered_by(homework, "Dev")
    learner = Learner.objects.create(user=user)
    ConceptProgress.objects.create(learner=learner, concept="kickers", due=timezone.now())
    Attempt.objects.create(
        learner=learner,
        concept="kickers",
        drill="name-the-hand",
        level="easy",
        correct=True,
        source="drill",
    )
    sitting = Sitting.objects.create(learner=learner, kind="practice", course="holdem", unit="u1")
    SittingAnswer.objects.create(sitting=sitting, index=0, answer={"a": ["b"]}, correct=True)
    return School(user, quiz, classroom, session, homework, learner)


def rows(user: Any) -> dict[str, int]:
    """How many rows of each kind ``user``'s account holds."""
    sessions = Session.objects.filter(quiz__owner=user)
    return {
        "quizzes": Quiz.objects.filter(owner=user).count(),
        "slots": Slot.objects.filter(quiz__owner=user).count(),
        "bank": OwnQuestion.objects.filter(owner=user).count(),
        "tags": Tag.objects.filter(owner=user).count(),
        "classes": Classroom.objects.filter(owner=user).count(),
        "members": Member.objects.filter(classroom__owner=user).count(),
        "sessions": sessions.count(),
        "students": Participant.objects.filter(session__in=sessions).count(),
        "answers": Response.objects.filter(participant__session__in=sessions).count(),
        "claims": NameClaim.objects.filter(session__in=sessions).count(),
        "progress": ConceptProgress.objects.filter(learner__user=user).count(),
        "attempts": Attempt.objects.filter(learner__user=user).count(),
        "sittings": Sitting.objects.filter(learner__user=user).count(),
    }


FULL = {
    "quizzes": 1,
    "slots": 2,
    "bank": 1,
    "tags": 1,
    "classes": 1,
    "members": 3,
    "sessions": 2,
    "students": 4,
    "answers": 8,
    "claims": 3,
    "progress": 1,
    "attempts": 1,
    "sittings": 1,
}
