"""Share links: the owner turns one on and off; another teacher sees the quiz and copies
it, own questions and tags included; a wrong or turned-off link is a 404 page; a visitor
who is not logged in is asked to log in."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.drills.own_question import Question, Text
from tutor.quizzes.models import OwnQuestion, Quiz, Slot, Tag

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-password-123"


def make_user(name: str) -> Any:
    return get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD)


@pytest.fixture
def shared() -> Quiz:
    """Ms Owner's quiz, shared: a fixed drill question, a drawn one, an own question."""
    user = make_user("owner")
    quiz = Quiz.objects.create(
        owner=user, title="Pots for week 3", shuffle=True, attempts=2, retry_points="half"
    )
    record = Question(
        kind="single",
        texts=(Text("en", "Who posts the big blind?", ("The button", "Two seats left of it")),),
        right=(1,),
    )
    own = OwnQuestion.objects.create(owner=user, kind="single", data=record.to_dict())
    own.tags.set([Tag.objects.create(owner=user, name="Blinds", key="blinds")])
    Slot.objects.create(quiz=quiz, order=0, kind="fixed", drill="side-pots", level="hard", seed=7)
    Slot.objects.create(quiz=quiz, order=1, kind="drawn", drill="side-pots", level="easy", count=3)
    Slot.objects.create(quiz=quiz, order=2, kind="fixed", drill="own-question", level="", own=own)
    Slot.objects.create(quiz=quiz, order=3, kind="fixed", drill="own-question", level="", own=own)
    client = Client()
    client.force_login(user)
    response = client.post(f"/en/quizzes/{quiz.pk}/share/", {"share": "on"})
    assert response.status_code == 302
    quiz.refresh_from_db()
    assert quiz.share_token and len(quiz.share_token) == 32
    return quiz


def teacher(name: str = "colleague") -> tuple[Client, Any]:
    user = make_user(name)
    client = Client()
    client.force_login(user)
    return client, user


def test_share_link_shows_on_the_quiz_page_for_copying(shared: Quiz) -> None:
    client = Client()
    client.force_login(shared.owner)
    page = client.get(f"/en/quizzes/{shared.pk}/").content.decode()
    assert f'value="http://testserver/en/quizzes/shared/{shared.share_token}/"' in page
    assert 'id="share-link" readonly' in page


def test_share_page_shows_the_quiz_to_another_teacher(shared: Quiz) -> None:
    client, _user = teacher()
    response = client.get(f"/en/quizzes/shared/{shared.share_token}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Pots for week 3" in page
    assert "Who posts the big blind?" in page
    assert "Compute the side pots" in page or "side pots" in page.lower()
    assert "3 questions drawn for each session" in page
    assert "Copy into my quizzes" in page


def test_share_copy_makes_the_quiz_and_its_questions_the_colleagues(shared: Quiz) -> None:
    client, user = teacher()
    response = client.post(f"/en/quizzes/shared/{shared.share_token}/copy/")
    copy = Quiz.objects.get(owner=user)
    assert response.status_code == 302 and response["Location"] == f"/en/quizzes/{copy.pk}/"
    assert (copy.title, copy.shuffle, copy.attempts, copy.retry_points) == (
        "Pots for week 3",
        True,
        2,
        "half",
    )
    assert copy.share_token is None
    slots = list(copy.slots.all())
    assert [(s.kind, s.drill, s.level, s.seed, s.count) for s in slots[:2]] == [
        ("fixed", "side-pots", "hard", 7, 1),
        ("drawn", "side-pots", "easy", None, 3),
    ]
    # The own question is copied once into the colleague's bank, with its tag.
    mine = OwnQuestion.objects.get(owner=user)
    assert slots[2].own == slots[3].own == mine
    assert mine.data == OwnQuestion.objects.get(owner=shared.owner).data
    assert [t.name for t in mine.tags.all()] == ["Blinds"]
    assert Tag.objects.get(owner=user).pk != Tag.objects.get(owner=shared.owner).pk
    # The owner's quiz is untouched.
    assert shared.slots.count() == 4 and Quiz.objects.filter(owner=shared.owner).count() == 1


def test_share_copy_twice_reuses_the_questions_already_copied(shared: Quiz) -> None:
    client, user = teacher()
    for _ in range(2):
        client.post(f"/en/quizzes/shared/{shared.share_token}/copy/")
    assert Quiz.objects.filter(owner=user).count() == 2
    assert OwnQuestion.objects.filter(owner=user).count() == 1


def test_share_link_turned_off_is_a_404(shared: Quiz) -> None:
    token = shared.share_token
    owner = Client()
    owner.force_login(shared.owner)
    owner.post(f"/en/quizzes/{shared.pk}/share/", {"share": "off"})
    shared.refresh_from_db()
    assert shared.share_token is None
    client, user = teacher()
    response = client.get(f"/en/quizzes/shared/{token}/")
    assert response.status_code == 404
    assert "This share link does not work" in response.content.decode()
    assert client.post(f"/en/quizzes/shared/{token}/copy/").status_code == 404
    assert not Quiz.objects.filter(owner=user).exists()
    # Turned on again, the link is new: the old one stays dead.
    owner.post(f"/en/quizzes/{shared.pk}/share/", {"share": "on"})
    shared.refresh_from_db()
    assert shared.share_token and shared.share_token != token


@pytest.mark.parametrize("token", ["x", "a" * 32, "../../etc", "%00", "é" * 32, "a" * 500])
def test_share_wrong_tokens_are_a_translated_404(shared: Quiz, token: str) -> None:
    client, _user = teacher()
    response = client.get(f"/cs/quizzes/shared/{token}/")
    assert response.status_code == 404
    assert '<html lang="cs"' in response.content.decode()


def test_share_anonymous_visitor_is_asked_to_log_in_and_come_back(shared: Quiz) -> None:
    client = Client()
    path = f"/en/quizzes/shared/{shared.share_token}/"
    response = client.get(path)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Pots for week 3" not in page
    assert f'href="/en/accounts/login/?next={path}"' in page
    copy = client.post(f"{path}copy/")
    assert copy.status_code == 302 and "/accounts/login/" in copy["Location"]
    assert Quiz.objects.count() == 1


def test_share_only_the_owner_turns_the_link_on_or_off(shared: Quiz) -> None:
    client, _user = teacher()
    token = shared.share_token
    assert client.post(f"/en/quizzes/{shared.pk}/share/", {"share": "off"}).status_code == 404
    shared.refresh_from_db()
    assert shared.share_token == token
    assert Client().post(f"/en/quizzes/{shared.pk}/share/", {"share": "off"}).status_code == 302
    shared.refresh_from_db()
    assert shared.share_token == token


def test_share_owner_copying_their_own_link_keeps_one_bank_question(shared: Quiz) -> None:
    client = Client()
    client.force_login(shared.owner)
    client.post(f"/en/quizzes/shared/{shared.share_token}/copy/")
    assert Quiz.objects.filter(owner=shared.owner).count() == 2
    assert OwnQuestion.objects.filter(owner=shared.owner).count() == 1
