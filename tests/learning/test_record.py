"""Answers recorded for the concepts they exercise: on the drill page, in a quiz (signed
in only), once each."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client, RequestFactory
from django.utils import timezone
from fsrs import State

from tutor.drills.base import make_token
from tutor.learning import record
from tutor.learning.learners import COOKIE
from tutor.learning.mastery import Mastery, Outcome
from tutor.learning.models import Attempt, ConceptProgress, Learner
from tutor.quizzes import services
from tutor.quizzes.models import Participant, Quiz, Slot

from .drilling import DRILL, answer, concepts, seed_with_concepts, token_of

NOW = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)


@pytest.mark.django_db
def test_a_drill_answer_is_recorded_for_the_concepts_its_question_exercises(
    client: Client,
) -> None:
    seed = seed_with_concepts(least=2)
    response = answer(client, seed, right=False)
    assert response.status_code == 200
    exercised = concepts(seed)
    rows = ConceptProgress.objects.all()
    assert {r.concept for r in rows} == exercised
    assert all((r.answered, r.right, r.mastery) == (1, 0, Mastery.ATTEMPTED) for r in rows)
    attempts = Attempt.objects.all()
    assert {a.concept for a in attempts} == exercised
    assert {(a.drill, a.level, a.correct, a.source) for a in attempts} == {
        (DRILL.slug, "medium", False, "drill")
    }
    assert response.context["learned"] == {
        c: (Mastery.NOT_STARTED, Mastery.ATTEMPTED) for c in exercised
    }


@pytest.mark.django_db
def test_right_at_medium_on_the_drill_page_is_proficient_only_over_time(client: Client) -> None:
    seeds = [s for s in range(100) if "hand-rankings" in concepts(s)][:4]
    learned = [answer(client, seed).context["learned"]["hand-rankings"] for seed in seeds[:3]]
    assert learned == [
        (Mastery.NOT_STARTED, Mastery.ATTEMPTED),
        (Mastery.ATTEMPTED, Mastery.FAMILIAR),
        (Mastery.FAMILIAR, Mastery.FAMILIAR),  # one sitting is not enough
    ]
    row = ConceptProgress.objects.get(concept="hand-rankings")
    assert row.streak == 3 and row.streak_since is not None
    # The streak began nine hours ago: the next right answer is a later sitting's.
    row.streak_since -= timedelta(hours=9)
    row.save(update_fields=["streak_since"])
    later = answer(client, seeds[3]).context["learned"]["hand-rankings"]
    assert later == (Mastery.FAMILIAR, Mastery.PROFICIENT)


@pytest.mark.django_db
def test_a_replayed_answer_is_not_counted_twice(client: Client) -> None:
    seed = seed_with_concepts()
    token = token_of(client, seed)
    first = answer(client, seed, token=token)
    again = answer(client, seed, token=token)
    assert first.context["counted"] and not again.context["counted"]
    assert "learned" not in again.context
    assert set(ConceptProgress.objects.values_list("answered", flat=True)) == {1}
    assert Attempt.objects.count() == len(concepts(seed))


@pytest.mark.django_db
def test_a_replay_from_a_browser_that_lost_its_session_is_not_counted_either(
    client: Client,
) -> None:
    """The learner cookie outlives the session that remembers answered tokens: the
    answer's key still refuses the second copy."""
    seed = seed_with_concepts()
    token = token_of(client, seed)
    answer(client, seed, token=token)
    fresh = Client()
    fresh.cookies[COOKIE] = client.cookies[COOKIE].value
    again = answer(fresh, seed, token=token)
    assert again.context["counted"]  # the drill's own counters are per session
    assert again.context["learned"] == {}
    assert set(ConceptProgress.objects.values_list("answered", flat=True)) == {1}


@pytest.mark.django_db
def test_a_fast_right_answer_rates_easy_and_a_slow_one_good(client: Client) -> None:
    seed = seed_with_concepts()
    answer(client, seed, token=token_of(client, seed))  # answered within a second
    assert set(ConceptProgress.objects.values_list("card__state", flat=True)) == {
        State.Review.value  # Easy graduates a new card at once
    }
    ConceptProgress.objects.all().delete()
    with mock.patch("django.core.signing.time.time", return_value=time.time() - 60):
        slow = make_token(DRILL.slug, seed + 1, "medium")  # shown a minute ago
    answer(client, seed + 1, token=slow)
    assert Attempt.objects.filter(elapsed_ms__gte=59_000).exists()
    states = set(ConceptProgress.objects.values_list("card__state", flat=True))
    assert states == {State.Learning.value}  # Good: the next learning step


def test_token_time_reads_the_signed_timestamp() -> None:
    before = timezone.now().replace(microsecond=0)
    made = record.token_time(make_token(DRILL.slug, 1, "easy"))
    assert made is not None and before <= made <= timezone.now()
    assert record.token_time("no-timestamp") is None
    assert record.token_time("a:!!:b") is None


@pytest.mark.django_db
def test_store_returns_each_concepts_old_and_new_mastery(learner: Learner) -> None:
    def go(correct: bool, minutes: int) -> dict[str, tuple[Mastery, Mastery]]:
        at = NOW + timedelta(minutes=minutes)
        return record.store(
            learner,
            ["kickers", "split-pot"],
            Outcome(correct, "hard", at),
            drill="holdem-showdown",
            elapsed_ms=None,
            source="lesson",
        )

    later = 8 * 60  # minutes: the streak reaches into a later sitting
    assert go(True, 0)["kickers"] == (Mastery.NOT_STARTED, Mastery.ATTEMPTED)
    assert go(True, 1)["kickers"] == (Mastery.ATTEMPTED, Mastery.FAMILIAR)
    changes = go(True, later)
    assert record.moved_up(changes) == ["kickers", "split-pot"]
    assert go(True, later + 1)["kickers"] == (Mastery.PROFICIENT, Mastery.PROFICIENT)
    assert record.moved_up(go(False, later + 2)) == []
    row = ConceptProgress.objects.get(learner=learner, concept="kickers")
    assert (row.answered, row.right, row.streak, row.mastery) == (5, 4, 0, Mastery.FAMILIAR)
    assert row.due == NOW + timedelta(minutes=later + 2 + 10)  # Again: relearn in 10 minutes
    assert row.card["last_review"] == (NOW + timedelta(minutes=later + 2)).isoformat()


@pytest.mark.django_db
def test_store_refuses_a_key_it_has_stored(learner: Learner) -> None:
    def go() -> dict[str, tuple[Mastery, Mastery]]:
        return record.store(
            learner,
            ["outs"],
            Outcome(True, "easy", NOW),
            drill="d",
            elapsed_ms=5,
            source="drill",
            key="k1",
        )

    assert go() and go() == {}
    assert ConceptProgress.objects.get().answered == 1 and Attempt.objects.count() == 1


@pytest.mark.django_db
def test_record_leaves_out_unknown_concepts_and_makes_no_learner_for_none(
    rf: RequestFactory,
) -> None:
    request = rf.post("/")
    changes = record.record(
        request,
        ["no-such-rule"],
        drill="x",
        level="easy",
        correct=True,
        elapsed_ms=None,
        source="drill",
    )
    assert changes == {} and not Learner.objects.exists()
    changes = record.record(
        request,
        ["outs", "no-such-rule", "outs"],
        drill="x" * 500,
        level="impossible",
        correct=True,
        elapsed_ms=-5,
        source="review",
    )
    assert list(changes) == ["outs"]
    attempt = Attempt.objects.get()
    assert (attempt.level, attempt.elapsed_ms, len(attempt.drill)) == ("easy", 0, 60)


# --- Quizzes -----------------------------------------------------------------------------


@pytest.fixture
def homework(db: None) -> object:
    owner = get_user_model().objects.create_user("teacher", "", "a-long-password-123")
    quiz = Quiz.objects.create(owner=owner, title="Friday")
    Slot.objects.create(
        quiz=quiz, order=0, kind="fixed", drill="holdem-showdown", level="hard", seed=12
    )
    Slot.objects.create(
        quiz=quiz, order=1, kind="fixed", drill="teenpatti-showdown", level="easy", seed=11
    )
    return services.start_session(quiz, "homework", closes=timezone.now() + timedelta(hours=1))


def play(client: Client, session: object, nickname: str) -> None:
    code = session.code  # type: ignore[attr-defined]
    assert client.post("/en/join/", {"code": code, "nickname": nickname}).status_code == 302
    for index, entry in enumerate(session.questions):  # type: ignore[attr-defined]
        assert client.get(f"/en/play/{code}/").status_code == 200  # the question is shown
        response = client.post(f"/en/play/{code}/answer/", {"index": str(index), **entry["answer"]})
        assert response.status_code == 302


@pytest.mark.django_db
def test_quiz_answers_are_recorded_only_when_signed_in(
    client: Client, homework: object, user: AbstractBaseUser
) -> None:
    anonymous = Client()
    play(anonymous, homework, "Dev")
    assert not Learner.objects.exists() and COOKIE not in anonymous.cookies
    client.force_login(user)
    play(client, homework, "Asha")
    learner = Learner.objects.get(user=user)
    exercised = {c for entry in homework.questions for c in entry["concepts"]}  # type: ignore[attr-defined]
    assert exercised and set(learner.progress.values_list("concept", flat=True)) == exercised
    assert set(learner.attempts.values_list("source", "correct")) == {("quiz", True)}
    responses = Participant.objects.get(nickname="Asha").responses.all()
    assert {a.elapsed_ms for a in learner.attempts.all()} <= {r.elapsed_ms for r in responses}
