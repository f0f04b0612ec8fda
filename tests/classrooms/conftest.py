"""Fixtures of the classes' tests: a teacher with a class of three names and a quiz of two
fixed questions (a Teen Patti and a Hold'em showdown), and helpers to join by name."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.classrooms.models import Classroom, ClassSession, Member
from tutor.quizzes import services
from tutor.quizzes.models import Quiz, Session, Slot

PASSWORD = "a-long-password-123"
NAMES = ("Asha", "Bálint", "Chen")


@pytest.fixture
def owner(db: None) -> Any:
    return get_user_model().objects.create_user("teacher", "t@example.org", PASSWORD)


@pytest.fixture
def teacher(client: Client, owner: Any) -> Client:
    """The class's teacher, logged in."""
    client.force_login(owner)
    return client


@pytest.fixture
def stranger(db: None) -> Client:
    """Another teacher, logged in."""
    user = get_user_model().objects.create_user("other", "o@example.org", PASSWORD)
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def classroom(owner: Any) -> Classroom:
    classroom = Classroom.objects.create(owner=owner, name="7B")
    for name in NAMES:
        Member.objects.create(classroom=classroom, name=name)
    return classroom


@pytest.fixture
def quiz(owner: Any) -> Quiz:
    quiz = Quiz.objects.create(owner=owner, title="Showdowns")
    Slot.objects.create(
        quiz=quiz, order=0, kind="fixed", drill="teenpatti-showdown", level="easy", seed=11
    )
    Slot.objects.create(
        quiz=quiz, order=1, kind="fixed", drill="holdem-showdown", level="easy", seed=12
    )
    return quiz


def run_for(classroom: Classroom, quiz: Quiz, mode: str = "live", **options: Any) -> Session:
    session = services.start_session(quiz, mode, **options)
    ClassSession.objects.create(classroom=classroom, session=session)
    return session


@pytest.fixture
def live(classroom: Classroom, quiz: Quiz) -> Session:
    """A live session of the quiz, run for the class, in its lobby."""
    return run_for(classroom, quiz)


def member(classroom: Classroom, name: str) -> Member:
    return classroom.members.get(name=name)


def admitted(client: Client, code: str, lang: str = "en") -> Client:
    """The browser, having posted ``code`` (a class's, or its quiz's) in the join box: the
    name picker shows that class's roster to it now."""
    client.post(f"/{lang}/join/", {"code": code, "nickname": ""})
    return client


def pick(client: Client, session: Session, name: str, attempt: str = "", lang: str = "en"):
    """Post ``session``'s code in the join box, then pick ``name`` from its roster and
    confirm it (a class's quiz)."""
    chosen = Member.objects.get(classroom__class_sessions__session=session, name=name)
    data = {"member": str(chosen.pk), "attempt": attempt, "confirm": "yes"}
    return admitted(client, session.code, lang).post(f"/{lang}/join/class/{session.code}/", data)
