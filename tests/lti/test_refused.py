"""A tampered or replayed launch is refused with a clear 4xx page, never a 500."""

from __future__ import annotations

import time

import pytest
from django.test import Client

from tutor.lti.models import LmsStudent, Platform
from tutor.quizzes.models import Quiz

from .conftest import Launch
from .platform import CLAIM, LEARNER, new_key


@pytest.fixture
def custom(quiz: Quiz) -> dict[str, object]:
    return {CLAIM + "custom": {"quiz": str(quiz.pk)}}


def test_the_untampered_launch_is_taken(launch: Launch, custom: dict[str, object]) -> None:
    """The baseline the refusals below differ from by one thing each."""
    assert launch([LEARNER], **custom).status_code == 302


@pytest.mark.parametrize(
    ("change", "status", "words"),
    [
        ({"key": new_key()}, 400, "could not be verified"),  # bad signature, same kid
        ({"aud": "another-tool"}, 403, "not registered"),  # wrong audience
        ({"exp": int(time.time()) - 60}, 400, "has expired"),
        ({"iss": "https://evil.example"}, 403, "not registered"),  # unknown issuer
        ({CLAIM + "deployment_id": "99"}, 403, "deployment ID"),  # unknown deployment
        ({"nonce": "made-up"}, 400, "could not be verified"),  # a nonce the tool never gave
    ],
    ids=["signature", "audience", "expired", "issuer", "deployment", "nonce"],
)
def test_tampered_launch_is_refused(
    launch: Launch, custom: dict[str, object], change: dict[str, object], status: int, words: str
) -> None:
    response = launch([LEARNER], locale="en", **custom, **change)
    assert response.status_code == status
    assert words in response.content.decode()
    assert LmsStudent.objects.count() == 0
    assert "frame-ancestors 'self' https:" in response["Content-Security-Policy"]


def test_replayed_launch_is_refused(
    launch: Launch, client: Client, custom: dict[str, object]
) -> None:
    first = launch([LEARNER], locale="en", **custom)
    assert first.status_code == 302
    again = client.post("/lti/launch/", {"id_token": first.id_token, "state": first.auth["state"]})
    assert again.status_code == 400
    assert "already been used" in again.content.decode()


def test_refusal_speaks_the_launch_language(launch: Launch, custom: dict[str, object]) -> None:
    response = launch([LEARNER], locale="ja_JP", exp=int(time.time()) - 60, **custom)
    assert response.status_code == 400
    assert 'lang="ja"' in response.content.decode()


def test_garbage_token_is_a_400(client: Client, registered: object) -> None:
    response = client.post("/lti/launch/", {"id_token": "not.a.jwt", "state": "state-x"})
    assert response.status_code == 400


def test_login_from_an_unknown_platform_is_a_403(client: Client, registered: object) -> None:
    response = client.post(
        "/lti/login/", {"iss": "https://evil.example", "login_hint": "x", "client_id": "y"}
    )
    assert response.status_code == 403


def test_student_cannot_use_the_picker(launch: Launch, client: Client) -> None:
    response = launch(deep_link=True, **{CLAIM + "roles": [LEARNER]})
    assert response.status_code == 403


def test_a_platform_whose_keys_do_not_come_is_a_502(
    launch: Launch, custom: dict[str, object], registered: Platform
) -> None:
    registered.key_set_url = "http://127.0.0.1:9/jwks"  # nothing listens on port 9
    registered.save()
    response = launch([LEARNER], locale="en", **custom)
    assert response.status_code == 502
    assert "did not answer" in response.content.decode()
