"""Every cookie the quizzes set (the participant's, the device's) follows
``SESSION_COOKIE_SECURE`` (issue 25, item 9): behind a TLS proxy that does not say so,
``request.is_secure()`` is false, and the cookies went out without ``Secure``."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from tutor.quizzes import joins, services
from tutor.quizzes.models import Quiz, Slot

pytestmark = pytest.mark.django_db


@pytest.fixture
def code() -> str:
    cache.clear()
    owner = get_user_model().objects.create_user("teacher", "", "pw-long-123456")
    quiz = Quiz.objects.create(owner=owner, title="Showdowns")
    Slot.objects.create(
        quiz=quiz, order=0, kind="fixed", drill="teenpatti-showdown", level="easy", seed=11
    )
    return services.start_session(quiz, "live").code


@pytest.mark.parametrize("secure", [True, False])
def test_the_quiz_cookies_follow_session_cookie_secure(
    client: Client, settings: Any, code: str, secure: bool
) -> None:
    settings.SESSION_COOKIE_SECURE = secure
    joined = client.post("/en/join/", {"code": code, "nickname": "Asha"})
    assert joined.status_code == 302
    for name in (joins.cookie_name(code), joins.DEVICE_COOKIE):
        assert bool(joined.cookies[name]["secure"]) is secure, name


def test_the_sign_up_device_cookie_follows_session_cookie_secure(
    client: Client, settings: Any
) -> None:
    settings.SESSION_COOKIE_SECURE = True
    page = client.get("/en/accounts/signup/")
    assert page.cookies[joins.DEVICE_COOKIE]["secure"] is True
