"""The review: the concepts due, mixed from both games, one question each; when nothing
is due, when the next one is. The answers that make concepts due are given at a fixed
time in the past, so what is due does not depend on the clock."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from django.test import Client

from tutor.learning import mastery, record, review
from tutor.learning.models import Learner
from tutor.lessons import progress, sittings
from tutor.lessons.models import Sitting

from .conftest import post_answer, right, start, token

pytestmark = pytest.mark.django_db

MONDAY = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)


def answered(learner: Learner, concepts: list[str], correct: bool, at: datetime) -> None:
    for concept in concepts:
        record.store(
            learner,
            [concept],
            mastery.Outcome(correct, "medium", at),
            drill="test",
            elapsed_ms=None,
            source="drill",
        )


def learner_of(client: Client) -> Learner:
    start(client)  # a practice makes the learner and sets the cookie
    return Learner.objects.get()


def test_a_newcomer_has_nothing_due(learner_client: Client) -> None:
    html = learner_client.get("/en/learn/review/").content.decode()
    assert "Nothing is due now" in html
    assert "Concepts come up for review once you have practised them." in html
    response = learner_client.post("/en/learn/review/")
    assert response.status_code == 200 and Sitting.objects.count() == 0


def test_due_concepts_are_reviewed_mixed_one_question_each(learner_client: Client) -> None:
    learner = learner_of(learner_client)
    answered(learner, ["kickers", "outs", "tp-ties"], False, MONDAY)
    assert review.due(learner, MONDAY, 10) == []  # a wrong answer comes back minutes later
    html = learner_client.get("/en/learn/review/").content.decode()
    assert "3 concepts are due" in html
    response = learner_client.post("/en/learn/review/")
    assert response.status_code == 302
    sitting = Sitting.objects.get(kind="review")
    assert [q["concept"] for q in sitting.questions] == ["kickers", "tp-ties", "outs"]
    assert learner_client.post("/en/learn/review/")["Location"] == response["Location"]
    for index in range(3):
        fields = right(sitting.questions[index])
        post_answer(learner_client, sitting, fields, token(learner_client, sitting))
    summary = learner_client.get(response["Location"]).content.decode()
    assert "You got 3 of 3 right (100%)." in summary
    assert "Nothing else is due now." in summary


def test_start_review_with_a_fixed_clock() -> None:
    learner = Learner.objects.create()
    answered(learner, ["tp-rtp", "equity"], False, MONDAY)
    later = datetime(2026, 3, 2, 19, 0, tzinfo=UTC)
    due = review.due(learner, later, sittings.REVIEW_SIZE)
    assert sorted(due) == ["equity", "tp-rtp"]
    sitting = sittings.start_review(learner, due)
    assert sitting is not None and sitting.kind == "review" and sitting.total == 2
    assert {q["drill"] for q in sitting.questions} == {"outs-and-odds", "teenpatti-rtp"}
    assert sittings.start_review(learner, due) == sitting  # resumes the unfinished one
    assert sittings.start_review(Learner.objects.create(), []) is None


def test_when_nothing_is_due_the_next_date_is_given(learner_client: Client) -> None:
    learner = learner_of(learner_client)
    now = datetime.now(UTC)
    answered(learner, ["kickers"], True, now)
    upcoming = review.next_due(learner, now)
    assert upcoming is not None
    html = learner_client.get("/cs/learn/review/").content.decode()
    # In the page language's own way, in the page language's usual zone (no browser zone).
    assert progress.when(upcoming, "cs", ZoneInfo("Europe/Prague")) in html
