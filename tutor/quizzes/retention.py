"""How long data is kept: finished quiz sessions, with their students' nicknames and
answers, and anonymous learners' progress, for ``settings.RETENTION_DAYS`` days
(``manage.py purge``, run daily; docs/deploying.md, "Housekeeping").

A session is finished, for keeping, once nothing has happened in it for the whole period:
made before the cutoff, nobody joined or answered since, and no homework closing after it
(one the teacher ended, homework that closed, or a live session left open and idle).
Deleting a session deletes its students, their answers and a class's claims on them;
accounts' own progress is never purged (deleting the account does that).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q, QuerySet

from tutor.learning import learners
from tutor.quizzes.models import Participant, Response, Session

BATCH = 500
SESSION_LABEL = "quizzes.Session"  # how ``delete()`` counts them


@dataclass(frozen=True)
class Purge:
    """What a purge deletes (or, dry, would delete)."""

    sessions: int
    students: int
    answers: int
    learners: int


def stale_sessions(now: datetime, days: int) -> QuerySet[Session]:
    """The sessions idle for ``days`` days before ``now`` (the module's "finished")."""
    cutoff = now - timedelta(days=days)
    recent = Q(participants__joined__gte=cutoff) | Q(participants__responses__answered__gte=cutoff)
    return (
        Session.objects.filter(created__lt=cutoff)
        .exclude(closes__gte=cutoff)
        .exclude(pk__in=Session.objects.filter(recent).values("pk"))
    )


def counts(now: datetime, days: int) -> Purge:
    """What :func:`purge` would delete now."""
    sessions = stale_sessions(now, days)
    return Purge(
        sessions=sessions.count(),
        students=Participant.objects.filter(session__in=sessions).count(),
        answers=Response.objects.filter(participant__session__in=sessions).count(),
        learners=learners.stale(now, days).count(),
    )


def purge(now: datetime, days: int) -> Purge:
    """Delete the stale sessions (a batch a transaction, each batch checked stale again
    as it is deleted) and the stale anonymous learners; returns what went."""
    stale = stale_sessions(now, days)
    found = counts(now, days)
    removed = 0
    while batch := list(stale.values_list("pk", flat=True)[:BATCH]):
        with transaction.atomic():
            _, deleted = stale.filter(pk__in=batch).delete()
        removed += deleted.get(SESSION_LABEL, 0)
    gone = learners.purge(now, days)
    return Purge(removed, found.students, found.answers, gone)
