"""The operators' admin pages of learners' progress (``tutor/learning/admin.py``; what is
checked for every app: ``tests/admin_pages.py``)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from tests.admin_pages import check_app
from tutor.learning.models import Attempt, ConceptProgress, DailyCount, Learner


def test_admin_pages(user: AbstractBaseUser) -> None:
    learner = Learner.objects.create(user=user)
    progress = ConceptProgress.objects.create(
        learner=learner, concept="kickers", mastery=1, answered=1, right=1, due=timezone.now()
    )
    attempt = Attempt.objects.create(
        learner=learner,
        concept="kickers",
        drill="name-the-hand",
        level="easy",
        correct=True,
        source=Attempt.Source.DRILL,
    )
    day = DailyCount.objects.create(learner=learner, day=timezone.now().date(), answered=3)
    check_app("learning", [learner, progress, attempt, day])
