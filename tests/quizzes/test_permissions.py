"""Who may see and change a quiz: only its owner. Another teacher gets 404 on every
teacher address (never the data), an anonymous visitor (a student has no account) is
sent to log in, and a POST without the CSRF token is refused."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.quizzes import services
from tutor.quizzes.models import Participant, Quiz, Session, Slot

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-password-123"
SECRET_TITLE = "Secret quiz of Ms Owner"
SECRET_NICK = "Zdeňka-only-in-results"


@pytest.fixture
def owned() -> tuple[Quiz, Slot, Session]:
    owner = get_user_model().objects.create_user("owner", "owner@example.org", PASSWORD)
    quiz = Quiz.objects.create(owner=owner, title=SECRET_TITLE)
    slot = Slot.objects.create(
        quiz=quiz, kind="fixed", drill="teenpatti-showdown", level="easy", seed=5
    )
    session = services.start_session(quiz, "live")
    Participant.objects.create(session=session, nickname=SECRET_NICK)
    return quiz, slot, session


@pytest.fixture
def intruder() -> Client:
    get_user_model().objects.create_user("intruder", "intruder@example.org", PASSWORD)
    client = Client()
    assert client.login(username="intruder", password=PASSWORD)
    return client


def get_urls(quiz: Quiz, session: Session) -> list[str]:
    return [
        f"/en/quizzes/{quiz.pk}/",
        f"/en/quizzes/{quiz.pk}/delete/",
        f"/en/quizzes/{quiz.pk}/run/",
        f"/en/quizzes/session/{session.code}/",
        f"/en/quizzes/session/{session.code}/live/?state=lobby&current=-1",
        f"/en/quizzes/session/{session.code}/results/",
        f"/en/quizzes/session/{session.code}/results.csv",
        f"/en/quizzes/session/{session.code}/totals.csv",
    ]


def post_urls(quiz: Quiz, slot: Slot, session: Session) -> list[tuple[str, dict[str, str]]]:
    return [
        (
            f"/en/quizzes/{quiz.pk}/",
            {"title": "Hijacked", "feedback": "at_once", "attempts": "1"},
        ),
        (f"/en/quizzes/{quiz.pk}/delete/", {}),
        (f"/en/quizzes/{quiz.pk}/copy/", {}),
        (f"/en/quizzes/{quiz.pk}/run/", {"mode": "live", "zone": "UTC"}),
        (
            f"/en/quizzes/{quiz.pk}/slots/",
            {"drill": "betting", "level": "easy", "kind": "drawn", "count": "2", "points": "1"},
        ),
        (f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/", {"level": "hard", "count": "1", "points": "9"}),
        (f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/move/", {"direction": "down"}),
        (f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/deal/", {}),
        (f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/delete/", {}),
        (
            f"/en/quizzes/session/{session.code}/control/",
            {"action": "start", "at": "lobby:-1"},
        ),
    ]


def assert_unchanged(quiz: Quiz, slot: Slot, session: Session) -> None:
    quiz_now = Quiz.objects.get(pk=quiz.pk)
    assert quiz_now.title == SECRET_TITLE
    assert list(Quiz.objects.values_list("title", flat=True)) == [SECRET_TITLE]
    slot_now = Slot.objects.get(pk=slot.pk)
    assert (slot_now.level, slot_now.points, slot_now.seed) == ("easy", 1, 5)
    assert Slot.objects.count() == 1
    session_now = Session.objects.get()
    assert (session_now.state, session_now.current) == ("lobby", -1)


def test_another_teacher_gets_404_and_never_the_data(
    owned: tuple[Quiz, Slot, Session], intruder: Client
) -> None:
    quiz, slot, session = owned
    for url in get_urls(quiz, session):
        response = intruder.get(url)
        assert response.status_code == 404, url
        body = response.content.decode()
        assert SECRET_TITLE not in body and SECRET_NICK not in body, url
    for url, data in post_urls(quiz, slot, session):
        assert intruder.post(url, data).status_code == 404, url
    assert_unchanged(quiz, slot, session)


def test_another_teachers_list_shows_none_of_it(
    owned: tuple[Quiz, Slot, Session], intruder: Client
) -> None:
    quiz, _slot, session = owned
    body = intruder.get("/en/quizzes/").content.decode()
    assert SECRET_TITLE not in body
    assert session.code not in body
    assert f"/quizzes/{quiz.pk}/" not in body


def test_anonymous_visitors_are_sent_to_log_in(
    owned: tuple[Quiz, Slot, Session], client: Client, language: str
) -> None:
    quiz, slot, session = owned
    for url in get_urls(quiz, session):
        url = url.replace("/en/", f"/{language}/", 1)
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(f"/{language}/accounts/login/?next="), url
    for url, data in post_urls(quiz, slot, session):
        response = client.post(url, data)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/en/accounts/login/"), url
    assert_unchanged(quiz, slot, session)


def test_a_student_with_a_participant_cookie_is_still_anonymous(
    owned: tuple[Quiz, Slot, Session],
) -> None:
    _quiz, _slot, session = owned
    student = Client()
    student.post("/en/join/", {"code": session.code, "nickname": "Student"})
    for url in (
        f"/en/quizzes/session/{session.code}/",
        f"/en/quizzes/session/{session.code}/results/",
        f"/en/quizzes/session/{session.code}/results.csv",
        f"/en/quizzes/session/{session.code}/totals.csv",
    ):
        response = student.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    response = student.post(
        f"/en/quizzes/session/{session.code}/control/", {"action": "start", "at": "lobby:-1"}
    )
    assert response.status_code == 302
    assert Session.objects.get().state == "lobby"


def test_csrf_is_enforced_on_teacher_posts(owned: tuple[Quiz, Slot, Session]) -> None:
    quiz, slot, session = owned
    owner = Client(enforce_csrf_checks=True)
    assert owner.login(username="owner", password=PASSWORD)
    for url, data in post_urls(quiz, slot, session):
        assert owner.post(url, data).status_code == 403, url
    assert_unchanged(quiz, slot, session)


def test_state_changes_need_post(owned: tuple[Quiz, Slot, Session]) -> None:
    quiz, slot, session = owned
    owner = Client()
    assert owner.login(username="owner", password=PASSWORD)
    for url in (
        f"/en/quizzes/{quiz.pk}/copy/",
        f"/en/quizzes/{quiz.pk}/slots/",
        f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/move/",
        f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/deal/",
        f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/delete/",
        f"/en/quizzes/session/{session.code}/control/",
    ):
        assert owner.get(url).status_code == 405, url
    assert_unchanged(quiz, slot, session)


def test_a_slot_of_another_quiz_is_404_even_for_a_teacher_owning_some_quiz(
    owned: tuple[Quiz, Slot, Session], intruder: Client
) -> None:
    _quiz, slot, _session = owned
    mine = Quiz.objects.create(owner=get_user_model().objects.get(username="intruder"), title="M")
    response = intruder.post(f"/en/quizzes/{mine.pk}/slots/{slot.pk}/delete/")
    assert response.status_code == 404
    assert Slot.objects.filter(pk=slot.pk).exists()


def test_the_owner_gets_every_page(owned: tuple[Quiz, Slot, Session]) -> None:
    quiz, _slot, session = owned
    owner = Client()
    assert owner.login(username="owner", password=PASSWORD)
    for url in get_urls(quiz, session):
        assert owner.get(url).status_code == 200, url
