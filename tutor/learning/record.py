"""Record an answer for the concepts it exercised: each concept's mastery moves by the
rules of ``mastery.py`` and its review card by fsrs (``review.py``), and the answer is
kept as an :class:`~tutor.learning.models.Attempt` per concept, all in one transaction.

Callers pass only answers they count (the drill page refuses a replayed token before it
gets here). The answer's ``key`` makes it safe anyway: the same key twice is stored once
(a unique constraint, so also when two copies arrive at the same moment).

The drill page and the quiz call the two adapters at the end, :func:`drill_answer` and
:func:`quiz_answer`; lessons and reviews call :func:`record` itself.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from django.core import signing
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone

from tutor.concepts import CONCEPTS
from tutor.core.locales import current_language
from tutor.core.zones import browser_zone
from tutor.drills.base import LEVELS

from . import daily, learners, mastery, review
from .mastery import Mastery
from .models import DRILL_LENGTH, Attempt, ConceptProgress, Learner

#: What ``record`` returns: for each concept the answer exercised, its mastery before and
#: after (equal when it did not move), so a summary can say what moved up.
Changes = dict[str, tuple[Mastery, Mastery]]

MAX_ELAPSED_MS = 2**31 - 1  # the column's limit (a question left open for weeks)
PROGRESS_FIELDS = [
    "mastery",
    "answered",
    "right",
    "streak",
    "streak_since",
    "proficient_since",
    "card",
    "due",
]


def record(
    request: HttpRequest,
    concepts: Iterable[str],
    *,
    drill: str,
    level: str,
    correct: bool,
    elapsed_ms: int | None,
    source: str,
    key: str = "",
    now: datetime | None = None,
) -> Changes:
    """Record one answer of the request's learner (made now if there is none: its cookie
    is then set on the response), and count it on the learner's day (``daily.py``, in the
    zone their browser reports). Concepts the map does not know are left out; an answer
    that exercised none records nothing and makes no learner."""
    known = sorted({c for c in concepts if c in CONCEPTS})
    if not known:
        return {}
    now = now or timezone.now()
    learner = learners.current_learner(request, create=True)
    assert learner is not None
    daily.note_place(learner, browser_zone(request), current_language())
    changes = store(
        learner,
        known,
        mastery.Outcome(bool(correct), level if level in LEVELS else LEVELS[0], now),
        drill=drill,
        elapsed_ms=elapsed_ms,
        source=source,
        key=key,
    )
    learners.seen(request, learner, now)
    return changes


def store(
    learner: Learner,
    concepts: list[str],
    outcome: mastery.Outcome,
    *,
    drill: str,
    elapsed_ms: int | None,
    source: str,
    key: str = "",
) -> Changes:
    """The database side of :func:`record`: one transaction; nothing at all when ``key``
    was stored before."""
    if elapsed_ms is not None:
        elapsed_ms = min(max(0, int(elapsed_ms)), MAX_ELAPSED_MS)
    rated = review.rating(outcome.correct, outcome.level, elapsed_ms)
    attempts = [
        Attempt(
            learner=learner,
            concept=concept,
            drill=drill[:DRILL_LENGTH],
            level=outcome.level,
            correct=outcome.correct,
            elapsed_ms=elapsed_ms,
            source=Attempt.Source(source),
            at=outcome.at,
            key=key[:64],
        )
        for concept in concepts
    ]
    changes: Changes = {}
    try:
        with transaction.atomic():
            Attempt.objects.bulk_create(attempts)  # a replayed key fails here: all undone
            daily.count_answer(learner, outcome.at)
            rows = ConceptProgress.objects.select_for_update().filter(
                learner=learner, concept__in=concepts
            )
            found = {row.concept: row for row in rows}
            made = []
            for concept in concepts:
                row = found.get(concept)
                if row is None:
                    row = ConceptProgress(learner=learner, concept=concept)
                    made.append(row)
                before = progress_of(row)
                after = mastery.advance(before, outcome)
                card = review.review(row.card, rated, outcome.at)
                set_progress(row, after, card.to_dict(), card.due)
                changes[concept] = (before.mastery, after.mastery)
            ConceptProgress.objects.bulk_create(made)
            # One UPDATE per row: a question exercises one to three concepts, and
            # bulk_update's CASE expressions cost more to build than the round trips.
            for row in found.values():
                row.save(update_fields=PROGRESS_FIELDS)
    except IntegrityError:
        return {}
    return changes


def progress_of(row: ConceptProgress) -> mastery.Progress:
    return mastery.Progress(
        mastery=Mastery(row.mastery),
        answered=row.answered,
        right=row.right,
        streak=row.streak,
        proficient_since=row.proficient_since,
        streak_since=row.streak_since,
    )


def set_progress(
    row: ConceptProgress, progress: mastery.Progress, card: Mapping[str, Any], due: datetime
) -> None:
    row.mastery = int(progress.mastery)
    row.answered = progress.answered
    row.right = progress.right
    row.streak = progress.streak
    row.proficient_since = progress.proficient_since
    row.streak_since = progress.streak_since
    row.card = dict(card)
    row.due = due


def moved_up(changes: Changes) -> list[str]:
    """The concepts whose mastery rose."""
    return [concept for concept, (old, new) in changes.items() if new > old]


# --- The two places answers come from today ---------------------------------------------


def token_time(token: str) -> datetime | None:
    """When a drill page made its (already verified) question token: ``signing.dumps``
    signs a timestamp in whole seconds, the moment the question was shown."""
    parts = token.rsplit(":", 2)
    if len(parts) != 3:
        return None
    try:
        return datetime.fromtimestamp(signing.b62_decode(parts[1]), UTC)
    except (ValueError, OverflowError, OSError):
        return None


def answer_digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:40]


def drill_answer(
    request: HttpRequest,
    concepts: Iterable[str],
    *,
    drill: str,
    level: str,
    correct: bool,
    token: str,
    answer_id: str,
) -> Changes:
    """An answer on a drill page. ``token`` is the question's verified token (its time is
    when the question was shown); ``answer_id`` names this answer (token and stage)."""
    now = timezone.now()
    shown = token_time(token)
    elapsed = int((now - shown).total_seconds() * 1000) if shown is not None else None
    return record(
        request,
        concepts,
        drill=drill,
        level=level,
        correct=correct,
        elapsed_ms=elapsed,
        source=Attempt.Source.DRILL,
        key=f"drill:{answer_digest(answer_id)}",
        now=now,
    )


def quiz_answer(request: HttpRequest, entry: Mapping[str, Any], response: Any) -> Changes:
    """An answer stored in a quiz (``response``: the quiz's ``Response`` to the question
    ``entry``), recorded only for a signed-in student: an anonymous one has only their
    nickname in this quiz. Each attempt at a question is its own answer."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    concepts = entry.get("concepts")
    return record(
        request,
        concepts if isinstance(concepts, list) else [],
        drill=str(entry.get("drill", "")),
        level=str(entry.get("level", "")),
        correct=bool(response.correct),
        elapsed_ms=response.elapsed_ms,
        source=Attempt.Source.QUIZ,
        key=f"quiz:{response.pk}:{response.attempts}",
        now=response.answered,
    )
