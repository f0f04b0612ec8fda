from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.http import HttpResponse
from django.test import Client

from tutor.lti import access_tokens, key_sets, keys
from tutor.lti.models import Deployment, LmsTeacher, Platform
from tutor.quizzes.models import Quiz, Slot

from .platform import LEARNER, login_params
from .platform import Platform as Simulated


@pytest.fixture(autouse=True)
def nothing_kept() -> Iterator[None]:
    """Each test fetches its platform's keys and tokens afresh (kept per process)."""
    key_sets.forget()
    access_tokens.forget()
    yield
    key_sets.forget()
    access_tokens.forget()


@pytest.fixture
def simulated() -> Iterator[Simulated]:
    platform = Simulated()
    platform.start()
    yield platform
    platform.stop()


@pytest.fixture
def quiz(db: None) -> Quiz:
    owner = get_user_model().objects.create_user("moodle-teacher", "t@example.org", "pw-123456789")
    quiz = Quiz.objects.create(owner=owner, title="Showdowns")
    Slot.objects.create(
        quiz=quiz, kind="fixed", drill="teenpatti-showdown", level="easy", seed=11, points=2
    )
    Slot.objects.create(
        quiz=quiz, kind="fixed", drill="holdem-showdown", level="medium", seed=12, points=3
    )
    return quiz


@pytest.fixture
def registered(simulated: Simulated, quiz: Quiz) -> Platform:
    """The simulated platform registered with the tool (an admin contact of its own); the
    quiz's teacher is its instructor ``teacher-1``."""
    admin = get_user_model().objects.create_user("moodle-admin", "a@example.org", "pw-123456789")
    platform = Platform.objects.create(
        name="School Moodle",
        issuer=simulated.issuer,
        client_id=simulated.client_id,
        auth_login_url=f"{simulated.base}/auth",
        auth_token_url=f"{simulated.base}/token",
        key_set_url=f"{simulated.base}/jwks",
        owner=admin,
    )
    LmsTeacher.objects.create(platform=platform, sub="teacher-1", user=quiz.owner)
    Deployment.objects.create(platform=platform, deployment_id=simulated.deployment_id)
    simulated.tool_jwks = keys.jwks()
    return platform


Launch = Callable[..., HttpResponse]


def log_in_from(client: Client, simulated: Simulated) -> dict[str, str]:
    """The OIDC login initiation, as the platform starts it: the tool's auth request."""
    response = client.post(
        "/lti/login/",
        {
            "iss": simulated.issuer,
            "login_hint": "hint-1",
            "target_link_uri": "http://testserver/lti/launch/",
            "client_id": simulated.client_id,
            "lti_deployment_id": simulated.deployment_id,
        },
    )
    assert response.status_code == 302, response.content
    return login_params(response["Location"])


@pytest.fixture
def launch(client: Client, simulated: Simulated, registered: Platform) -> Launch:
    """Log in from the platform, then post its signed id_token to the launch URL."""

    def launch(roles: list[str] | None = None, deep_link: bool = False, **changes: Any) -> Any:
        auth = log_in_from(client, simulated)
        nonce = changes.pop("nonce", auth["nonce"])
        if deep_link:
            token = simulated.deep_link_request(nonce, **changes)
        else:
            token = simulated.id_token(nonce, roles or [LEARNER], **changes)
        response = client.post("/lti/launch/", {"id_token": token, "state": auth["state"]})
        response.auth, response.id_token = auth, token  # type: ignore[attr-defined]
        return response

    return launch
