from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.quizzes.models import Quiz, Slot

PASSWORD = "a-long-password-123"


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


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    """Quick password hashing: these tests create and log in many teachers."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def teacher(client: Client) -> Client:
    """A logged-in teacher's client."""
    user = get_user_model().objects.create_user("teacher", "t@example.org", PASSWORD)
    client.force_login(user)
    return client
