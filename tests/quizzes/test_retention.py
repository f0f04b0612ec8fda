"""Finished sessions and anonymous progress older than RETENTION_DAYS go; recent ones,
and accounts' own progress, stay (``manage.py purge``)."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from tests.privacy.school import answered_by, fill, session_of
from tutor.learning.models import Learner
from tutor.quizzes.models import Participant, Response, Session

pytestmark = pytest.mark.django_db


def test_purge_deletes_old_sessions_and_keeps_recent_ones(db: None, settings) -> None:
    school = fill("teacher")
    settings.RETENTION_DAYS = 30
    now = timezone.now()
    old = session_of(school.quiz, created=now - timedelta(days=40))
    answered_by(old, "Old", at=now - timedelta(days=35))
    late = session_of(school.quiz, created=now - timedelta(days=40))  # answered since
    answered_by(late, "Late", at=now - timedelta(days=5))
    open_homework = session_of(school.quiz, "homework", created=now - timedelta(days=40))
    Session.objects.filter(pk=open_homework.pk).update(closes=now + timedelta(days=3))
    stale = Learner.objects.create(last_seen=now - timedelta(days=31))
    fresh = Learner.objects.create(last_seen=now - timedelta(days=2))
    Learner.objects.filter(pk=school.learner.pk).update(last_seen=now - timedelta(days=900))
    out = StringIO()
    call_command("purge", stdout=out)
    assert not Session.objects.filter(pk=old.pk).exists()
    assert not Participant.objects.filter(nickname="Old").exists()
    assert not Response.objects.filter(participant__nickname="Old").exists()
    kept = {late, open_homework, school.session, school.homework}
    assert kept <= set(Session.objects.all())
    assert set(Learner.objects.all()) == {fresh, school.learner}
    assert stale.pk is not None
    assert "Deleted 1 quiz sessions idle for 30 days (1 students, 2 answers)" in out.getvalue()
    assert "1 anonymous learners" in out.getvalue()


def test_purge_dry_run_counts_and_deletes_nothing(db: None) -> None:
    school = fill("teacher")
    old = session_of(school.quiz, created=timezone.now() - timedelta(days=400))
    answered_by(old, "Old", at=timezone.now() - timedelta(days=399))
    out = StringIO()
    call_command("purge", "--dry-run", stdout=out)
    assert Session.objects.filter(pk=old.pk).exists()
    assert out.getvalue().startswith("Would delete 1 quiz sessions idle for 365 days")


def test_purge_refuses_nonsense_days(db: None) -> None:
    with pytest.raises(CommandError):
        call_command("purge", "--days", "0")
