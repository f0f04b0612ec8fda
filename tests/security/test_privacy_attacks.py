"""The deletions and the download against someone who should not: another teacher, a
forged page without the CSRF token, hostile values in the password box and the address,
a forged learner cookie. Nothing of the victim changes, and nothing answers with a 500."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.privacy.school import FULL, PASSWORD, fill, rows
from tutor.learning.models import Learner

pytestmark = pytest.mark.django_db


def deletions(school) -> list[str]:
    return [
        f"/en/quizzes/session/{school.session.code}/delete/",
        f"/en/quizzes/classes/{school.classroom.pk}/delete/",
    ]


def test_another_teacher_can_delete_nothing_of_a_teachers(client: Client) -> None:
    victim, attacker = fill("victim"), fill("attacker")
    client.force_login(attacker.user)
    for url in deletions(victim):
        assert client.post(url, {"sessions": "yes"}).status_code == 404
    client.post("/en/accounts/data/progress/delete/")  # the attacker's own progress only
    own = client.get("/en/accounts/data/download/")
    assert b"".join(own.streaming_content)  # read to the end, which closes it
    assert rows(victim.user) == FULL


def test_a_post_without_the_csrf_token_deletes_nothing() -> None:
    school = fill("teacher")
    client = Client(enforce_csrf_checks=True)
    client.force_login(school.user)
    urls = [
        *deletions(school),
        "/en/accounts/data/progress/delete/",
        "/en/accounts/delete/",
    ]
    for url in urls:
        assert client.post(url, {"password": PASSWORD, "sessions": "yes"}).status_code == 403
    assert rows(school.user) == FULL


@pytest.mark.parametrize(
    "password",
    ["", "x" * 100_000, "\x00", "' OR 1=1 --", "<script>alert(1)</script>", ["a", "b"]],
)
def test_hostile_passwords_delete_nothing(client: Client, password: object) -> None:
    school = fill("teacher")
    client.force_login(school.user)
    response = client.post("/en/accounts/delete/", {"password": password})
    assert response.status_code == 422
    assert "<script>alert(1)</script>" not in response.content.decode()
    assert rows(school.user) == FULL


@pytest.mark.parametrize("code", ["ZZZZZZ", "abc", "A" * 300, "%00", "ACDEFG%27"])
def test_hostile_session_codes_are_not_found(client: Client, code: str) -> None:
    school = fill("teacher")
    client.force_login(school.user)
    assert client.post(f"/en/quizzes/session/{code}/delete/").status_code == 404
    assert rows(school.user) == FULL


def test_a_forged_learner_cookie_deletes_no_ones_progress(client: Client) -> None:
    school = fill("teacher")
    anonymous = Learner.objects.create()
    client.cookies["learner"] = anonymous.key  # unsigned: ignored
    assert client.post("/en/accounts/data/progress/delete/").status_code == 302
    assert Learner.objects.filter(pk=anonymous.pk).exists()
    assert rows(school.user) == FULL
