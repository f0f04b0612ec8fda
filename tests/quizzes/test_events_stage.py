"""The stage sent in a stream's event to every student of a language
(tutor/quizzes/shared_stage.py) is the stage the student's own request gets, in every
language; a stage of a student's own is never sent."""

from __future__ import annotations

import re

import pytest
from django.core.cache import caches
from django.test import Client

from tests.conftest import LANGUAGES
from tutor.core.kept_pages import TOKEN
from tutor.quizzes import services, shared_stage
from tutor.quizzes.joins import cookie_name
from tutor.quizzes.models import Participant, Quiz, Session
from tutor.site.dev_catalogs import forget_text

from .classroom import form, teenpatti_answers

pytestmark = pytest.mark.django_db


def join(session: Session, nickname: str, language: str) -> Client:
    client = Client()
    client.post(f"/{language}/join/", {"code": session.code, "nickname": nickname})
    assert client.cookies.get(cookie_name(session.code)), "joining set no cookie"
    return client


def polled(client: Client, session: Session, language: str) -> str:
    """The stage the student's poll gets when the class has moved on."""
    reply = client.get(
        f"/{language}/play/{session.code}/state/?v={session.version - 1}", HTTP_HX_REQUEST="true"
    )
    assert reply.status_code == 200
    return reply.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_stage_in_the_event_is_the_polled_stage(quiz: Quiz, language: str) -> None:
    session = services.start_session(quiz, "live")
    student = join(session, "Asha", language)
    for index in range(2):
        session = services.open_question(session, index)
        made = shared_stage.markup(session.code, language)
        assert made is not None and made[0] == session.version
        own = polled(student, session, language)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', own)
        assert token and TOKEN in made[1]
        assert made[1].replace(TOKEN, token[1]) == own


def token_in(stage: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', stage)
    return found[1] if found else ""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_verdict_in_the_event_is_the_polled_stage(quiz: Quiz, language: str) -> None:
    session = services.start_session(quiz, "live")
    names = ("Asha", "Bára", "Chen")  # right, wrong, no answer
    students = [join(session, name, language) for name in names]
    session = services.open_question(session, 0)
    right, wrong = teenpatti_answers(session)
    for name, answer in zip(names, (right, wrong), strict=False):
        student = Participant.objects.get(session=session, nickname=name)
        services.submit(session, student, 0, form(result=answer))
    session = services.reveal(session)
    heard = set()
    for name, student in zip(names, students, strict=True):
        pk = Participant.objects.get(session=session, nickname=name).pk
        made = shared_stage.verdict(session.code, language, pk, session.version)
        assert made is not None
        own = polled(student, session, language)
        assert made.replace(TOKEN, token_in(own)) == own
        heard.add(made)
    assert len(heard) == 3  # each answer its own stage


def test_a_stage_of_a_students_own_is_not_shared(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    join(session, "Asha", "en")
    assert shared_stage.markup(session.code, "en") is None  # the lobby: nothing to send
    session = services.open_question(session, 0)
    assert shared_stage.markup(session.code, "en") is not None
    student = Participant.objects.get(session=session)
    at = session.version
    assert shared_stage.verdict(session.code, "en", student.pk, at) is None  # not revealed
    session = services.reveal(session)
    assert shared_stage.markup(session.code, "en") is None  # each student's verdict
    assert shared_stage.verdict(session.code, "en", student.pk, session.version) is not None
    assert shared_stage.verdict(session.code, "en", student.pk, at) is None  # an old version
    session = services.end(session)
    assert shared_stage.markup(session.code, "en") is None  # each student's score
    assert shared_stage.verdict(session.code, "en", student.pk, session.version) is None
    assert shared_stage.markup("NOSUCH", "en") is None


def test_a_timed_question_is_not_shared(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    session.questions[0]["time_limit"] = 30  # each student's clock, with their extra time
    session.save(update_fields=["questions"])
    session = services.open_question(session, 0)
    assert shared_stage.markup(session.code, "en") is None


def test_an_edited_catalog_makes_the_kept_stages_anew(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    join(session, "Bára", "cs")
    session = services.open_question(session, 0)
    made = shared_stage.markup(session.code, "cs")
    assert made is not None
    key = f"quiz-shared-stage:{session.code}:{session.version}:cs"
    assert caches["local"].get(key) == made[1]
    forget_text()  # what the development server does when a catalog is compiled
    assert caches["local"].get(key) is None
