"""A learner without an account sees, downloads (JSON) and deletes their own progress:
the one their cookie names, never another's."""

from __future__ import annotations

import pytest
from django.test import Client

from tutor.learning.learners import COOKIE
from tutor.learning.models import Attempt, ConceptProgress, Learner

from .drilling import answer, seed_with_concepts

pytestmark = pytest.mark.django_db


def test_an_anonymous_learner_downloads_their_progress(client: Client) -> None:
    answer(client, seed_with_concepts())
    Learner.objects.create()  # someone else's
    learner = Learner.objects.filter(progress__isnull=False).distinct().get()
    response = client.get("/en/accounts/data/progress.json")
    assert response["Content-Disposition"].startswith("attachment")
    data = response.json()
    concepts = set(learner.progress.values_list("concept", flat=True))
    assert {p["concept"] for p in data["progress"]} == concepts and concepts
    assert len(data["learning_answers"]) == learner.attempts.count()


def test_the_data_page_counts_this_browsers_progress(client: Client) -> None:
    assert "no learning progress" in client.get("/en/accounts/data/").content.decode()
    answer(client, seed_with_concepts())
    text = client.get("/en/accounts/data/").content.decode()
    assert "learning progress on" in text and "Download it (JSON)" in text


def test_an_anonymous_learner_deletes_their_progress(client: Client) -> None:
    answer(client, seed_with_concepts())
    other = Client()
    answer(other, seed_with_concepts())
    mine, theirs = Learner.objects.order_by("pk")
    page = client.get("/en/accounts/data/progress/delete/").content.decode()
    assert "csrfmiddlewaretoken" in page and "answers to drills and lessons" in page
    response = client.post("/en/accounts/data/progress/delete/")
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == ""  # the cookie goes too
    assert list(Learner.objects.all()) == [theirs]
    assert not ConceptProgress.objects.filter(learner_id=mine.pk).exists()
    assert not Attempt.objects.filter(learner_id=mine.pk).exists()
    assert ConceptProgress.objects.filter(learner=theirs).exists()
