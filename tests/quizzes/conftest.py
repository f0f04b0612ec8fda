from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

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
