"""The operators' admin pages of the learning path's sittings (``tutor/lessons/admin.py``;
what is checked for every app: ``tests/admin_pages.py``)."""

from __future__ import annotations

from django.test import Client

from tests.admin_pages import check_app
from tutor.lessons.models import Sitting

from .conftest import post_answer, right, start, token


def test_admin_pages(learner_client: Client) -> None:
    sitting = start(learner_client)
    entry = sitting.questions[0]
    post_answer(learner_client, sitting, right(entry), token(learner_client, sitting))
    answer = Sitting.objects.get(pk=sitting.pk).answers.get()
    check_app("lessons", [sitting, answer])
