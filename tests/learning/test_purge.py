"""Anonymous progress not seen for 180 days is removed; accounts' progress never is."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from io import StringIO

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.core.management import CommandError, call_command

from tutor.learning import learners
from tutor.learning.learners import purge
from tutor.learning.mastery import Outcome
from tutor.learning.models import Attempt, ConceptProgress, Learner
from tutor.learning.record import store

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 9, 1, 3, 0, tzinfo=UTC)


def learner_seen(days_ago: float, user: AbstractBaseUser | None = None) -> Learner:
    learner = Learner.objects.create(user=user, last_seen=NOW - timedelta(days=days_ago))
    store(
        learner,
        ["outs"],
        Outcome(True, "easy", learner.last_seen),
        drill="d",
        elapsed_ms=None,
        source="drill",
    )
    return learner


def test_purge_removes_anonymous_learners_not_seen_for_the_days(user: AbstractBaseUser) -> None:
    stale = learner_seen(181)
    edge = learner_seen(180)  # seen exactly 180 days ago: not yet
    recent = learner_seen(3)
    account = learner_seen(900, user)
    assert purge(NOW, 180) == 1
    assert set(Learner.objects.all()) == {edge, recent, account}
    assert not ConceptProgress.objects.filter(learner_id=stale.pk).exists()
    assert not Attempt.objects.filter(learner_id=stale.pk).exists()
    assert purge(NOW, 2) == 2
    assert list(Learner.objects.all()) == [account]


def test_purge_works_in_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(learners, "PURGE_BATCH", 2)
    for _ in range(5):
        learner_seen(200)
    assert purge(NOW, 180) == 5 and not Learner.objects.exists()


def test_the_command_prints_how_many_it_removed() -> None:
    Learner.objects.create(last_seen=datetime(2000, 1, 1, tzinfo=UTC))
    Learner.objects.create()
    out = StringIO()
    call_command("purge_learners", stdout=out)
    assert out.getvalue().strip() == "Removed 1 anonymous learners not seen for 180 days."
    out = StringIO()
    call_command("purge_learners", "--days", "30", stdout=out)
    assert "Removed 0 " in out.getvalue()
    with pytest.raises(CommandError):
        call_command("purge_learners", "--days", "0")
