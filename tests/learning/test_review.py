"""Spaced review with fsrs, on a fixed clock."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from fsrs import Card, Rating, State

from tutor.learning import review
from tutor.learning.mastery import Outcome
from tutor.learning.models import ConceptProgress, Learner
from tutor.learning.record import store

NOW = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)


def after(*ratings: Rating, start: datetime = NOW, gap: timedelta = timedelta(0)) -> Card:
    """A new card reviewed with ``ratings``, ``gap`` apart, from ``start``."""
    data = None
    card = review.new_card(start)
    for step, rated in enumerate(ratings):
        card = review.review(data, rated, start + step * gap)
        data = card.to_dict()
    return card


def test_rating_from_an_answer() -> None:
    assert review.rating(False, "hard", 100) == Rating.Again
    assert review.rating(False, "easy", None) == Rating.Again
    assert review.rating(True, "medium", None) == Rating.Good
    for level, limit in review.FAST_MS.items():
        assert review.rating(True, level, limit - 1) == Rating.Easy
        assert review.rating(True, level, limit) == Rating.Good
    assert review.FAST_MS["easy"] < review.FAST_MS["medium"] < review.FAST_MS["hard"]


def test_first_answer_again_is_sooner_than_good_sooner_than_easy() -> None:
    again, good, easy = (after(r).due for r in (Rating.Again, Rating.Good, Rating.Easy))
    assert NOW < again < good < easy
    # fsrs 6 defaults: learning steps of 1 and 10 minutes; Easy graduates at once.
    assert again - NOW == timedelta(minutes=1)
    assert good - NOW == timedelta(minutes=10)
    assert easy - NOW >= timedelta(days=1)


def test_a_reviewed_card_again_good_easy_are_ordered() -> None:
    known = after(Rating.Good, Rating.Good, gap=timedelta(minutes=10))
    assert known.state == State.Review
    later = known.due + timedelta(hours=1)
    dues = [
        review.review(known.to_dict(), r, later).due
        for r in (Rating.Again, Rating.Good, Rating.Easy)
    ]
    assert later < dues[0] < dues[1] < dues[2]
    assert dues[0] - later == timedelta(minutes=10)  # relearning


def test_intervals_grow_with_right_answers_on_time() -> None:
    card = after(Rating.Good, Rating.Good, gap=timedelta(minutes=10))
    intervals = []
    for _ in range(4):
        at = card.due
        card = review.review(card.to_dict(), Rating.Good, at)
        intervals.append(card.due - at)
    assert intervals == sorted(intervals) and intervals[0] < intervals[-1]


def test_the_schedule_is_deterministic() -> None:
    """No fuzz: the same answers at the same times give the same dates."""
    ratings = (Rating.Good, Rating.Easy, Rating.Again, Rating.Good)
    assert after(*ratings, gap=timedelta(days=3)) == after(*ratings, gap=timedelta(days=3))


def test_a_card_round_trips_through_json() -> None:
    card = after(Rating.Good, Rating.Again, Rating.Easy, gap=timedelta(days=2))
    text = json.dumps(card.to_dict())
    back = review.load(json.loads(text), NOW)
    assert back == card
    assert review.review(json.loads(text), Rating.Good, NOW + timedelta(days=9)) == review.review(
        card.to_dict(), Rating.Good, NOW + timedelta(days=9)
    )


@pytest.mark.parametrize("data", [None, {}, {"due": "tomorrow"}, {"card_id": "x"}, {"state": 9}])
def test_an_unreadable_card_starts_afresh(data: dict[str, object] | None) -> None:
    card = review.load(data, NOW)
    assert (card.state, card.due, card.last_review) == (State.Learning, NOW, None)


def test_times_in_other_zones_are_taken_as_utc() -> None:
    prague = NOW.astimezone(ZoneInfo("Europe/Prague"))
    assert review.review(None, Rating.Good, prague).due == after(Rating.Good).due


def test_later_review_keeps_the_card_reviewed_last() -> None:
    old = after(Rating.Easy).to_dict()
    new = after(Rating.Again, start=NOW + timedelta(days=1)).to_dict()
    assert review.later_review(old, new) is new
    assert review.later_review(new, old) is new
    assert review.later_review({}, old) is old


def test_interleave_alternates_games_keeping_each_games_order() -> None:
    concepts = ["kickers", "outs", "odd-chip", "tp-ties", "tp-rtp"]
    assert review.interleave(concepts) == ["kickers", "tp-ties", "outs", "tp-rtp", "odd-chip"]


def answer(
    learner: Learner, concept: str, correct: bool, at: datetime, ms: int | None = None
) -> None:
    store(
        learner, [concept], Outcome(correct, "medium", at), drill="d", elapsed_ms=ms, source="drill"
    )


@pytest.mark.django_db
def test_due_lists_what_is_due_most_overdue_first_games_mixed(learner: Learner) -> None:
    answer(learner, "kickers", False, NOW)  # due NOW + 1 min
    answer(learner, "outs", False, NOW - timedelta(hours=2))  # due 1 h 59 min ago
    answer(learner, "tp-ties", False, NOW - timedelta(hours=1))  # due 59 min ago
    answer(learner, "odd-chip", True, NOW - timedelta(minutes=20))  # due 10 min ago
    answer(learner, "tp-rtp", True, NOW, ms=1000)  # Easy: due in days
    later = NOW + timedelta(minutes=5)
    assert review.due(learner, later) == ["outs", "tp-ties", "odd-chip", "kickers"]
    assert review.due(learner, NOW) == ["outs", "tp-ties", "odd-chip"]
    assert review.due(learner, later, limit=2) == ["outs", "tp-ties"]
    assert review.due(learner, NOW - timedelta(days=1)) == []
    assert review.next_due(learner, later) == ConceptProgress.objects.get(concept="tp-rtp").due


@pytest.mark.django_db
def test_due_is_per_learner_and_skips_concepts_no_longer_in_the_map(learner: Learner) -> None:
    other = Learner.objects.create()
    answer(other, "kickers", False, NOW)
    answer(learner, "outs", False, NOW)
    ConceptProgress.objects.create(learner=learner, concept="retired-rule", due=NOW)
    assert review.due(learner, NOW + timedelta(hours=1)) == ["outs"]
    assert review.next_due(learner, NOW + timedelta(days=400)) is None
