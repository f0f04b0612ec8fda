from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.test import Client
from django.utils import timezone

from tutor.quizzes import board, services
from tutor.quizzes.models import Participant, Quiz, Response, Session, Slot

from .classroom import form, holdem_answers, teenpatti_answers

PASSWORD = "a-long-password-123"


@pytest.fixture
def nothing_kept():
    """No kept fragment or ended board left from another test, before or after."""
    caches["local"].clear()
    board.forget()
    yield
    caches["local"].clear()
    board.forget()


@pytest.fixture
def quiz(db: None) -> Quiz:
    """A teacher's quiz of two fixed questions: a Teen Patti and a Hold'em showdown."""
    owner = get_user_model().objects.create_user("teacher", "t@example.org", PASSWORD)
    quiz = Quiz.objects.create(owner=owner, title="Showdowns: Friday's class!")
    Slot.objects.create(
        quiz=quiz,
        order=0,
        kind="fixed",
        drill="teenpatti-showdown",
        level="easy",
        seed=11,
        points=2,
    )
    Slot.objects.create(
        quiz=quiz, order=1, kind="fixed", drill="holdem-showdown", level="medium", seed=12, points=3
    )
    return quiz


@pytest.fixture
def teacher(client: Client) -> Client:
    """A logged-in teacher's client."""
    user = get_user_model().objects.create_user("teacher", "t@example.org", PASSWORD)
    client.force_login(user)
    return client


@pytest.fixture
def homework(quiz: Quiz) -> Session:
    """A homework session of the conftest quiz, open for an hour."""
    return services.start_session(quiz, "homework", closes=timezone.now() + timedelta(hours=1))


@pytest.fixture
def answered(homework: Session) -> dict[str, Participant]:
    """Asha: both right; Bálint: first wrong, second right; a nickname that a spreadsheet
    would run as a formula: first right only; Dev joined and answered nothing. Known
    times on the first question: 4 s, 6 s, 8 s."""
    people = {
        n: Participant.objects.create(session=homework, nickname=n, language=lang)
        for n, lang in (
            ("Asha", "hi"),
            ("Bálint", "cs"),
            ("=cmd|' /C calc'!A0", "ja"),
            ("Dev", "en"),
        )
    }
    for person, questions in (
        (people["Asha"], 2),
        (people["Bálint"], 2),
        (people["=cmd|' /C calc'!A0"], 1),
    ):
        for index in range(questions):
            services.mark_shown(person, index)  # shown before answered, as on the page
    tp_right, tp_wrong = teenpatti_answers(homework)
    hd_right, _hd_wrong = holdem_answers(homework)
    services.submit(homework, people["Asha"], 0, form(result=tp_right))
    services.submit(homework, people["Asha"], 1, form(winners=hd_right))
    services.submit(homework, people["Bálint"], 0, form(result=tp_wrong))
    services.submit(homework, people["Bálint"], 1, form(winners=hd_right))
    services.submit(homework, people["=cmd|' /C calc'!A0"], 0, form(result=tp_right))
    for nickname, ms in (("Asha", 4000), ("Bálint", 6000), ("=cmd|' /C calc'!A0", 8000)):
        Response.objects.filter(participant=people[nickname], index=0).update(elapsed_ms=ms)
    return people


@pytest.fixture
def owner(client: Client, homework: Session) -> Client:
    """The homework session's teacher, logged in."""
    client.force_login(homework.quiz.owner)
    return client
