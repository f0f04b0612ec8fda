"""Spaced review with fsrs (the scheduler Anki uses): one card per learner and concept.

Every answer that exercises a concept reviews its card, wherever it was given: a wrong
answer rates *Again*; a right one *Easy* when it came fast (:data:`FAST_MS`), else *Good*.
fsrs then says when the concept is due again: minutes after a wrong answer, days to months
after right ones. ``/learn/review/`` asks :func:`due` for what is due now.

Every function takes the time as ``now``, so the tests run on a fixed clock.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, cast

from django.db.models import Count
from fsrs import Card, Rating, Scheduler

from tutor.concepts import CONCEPTS, TOPICS

if TYPE_CHECKING:
    from .models import Learner

#: fsrs with its published default parameters (desired retention 90 %; learning steps of
#: 1 and 10 minutes; relearning 10 minutes) and without fuzz: the same answers at the same
#: times give the same dates, which the tests pin. (Fuzz spreads reviews of thousands of
#: cards over neighbouring days; a learner here has at most one card per concept.)
SCHEDULER = Scheduler(enable_fuzzing=False)

#: A right answer is *fast*, and rates Easy, when it came in less than this many
#: milliseconds from the question being shown, by drill level. Hard questions ask for
#: more reading and arithmetic (side pots, payouts), so they are allowed longer. An
#: answer whose time is unknown rates Good.
FAST_MS: Mapping[str, int] = {"easy": 8_000, "medium": 15_000, "hard": 25_000}

#: Every card has this id: fsrs uses it only to match review logs, which are not kept.
CARD_ID = 1

GAME_OF: Mapping[str, str] = {
    concept.id: next(t.game for t in TOPICS if t.id == concept.topic)
    for concept in CONCEPTS.values()
}


def rating(correct: bool, level: str, elapsed_ms: int | None) -> Rating:
    """How an answer rates the card.

    >>> rating(False, "easy", 1000).name, rating(True, "hard", 24_999).name
    ('Again', 'Easy')
    >>> rating(True, "hard", 25_000).name, rating(True, "easy", None).name
    ('Good', 'Good')
    """
    if not correct:
        return Rating.Again
    fast = elapsed_ms is not None and elapsed_ms < FAST_MS.get(level, FAST_MS["easy"])
    return Rating.Easy if fast else Rating.Good


def utc(moment: datetime) -> datetime:
    """fsrs takes only datetimes whose zone is exactly ``datetime.UTC``."""
    return moment.astimezone(UTC)


def new_card(now: datetime) -> Card:
    return Card(card_id=CARD_ID, due=utc(now))


def load(data: Mapping[str, Any] | None, now: datetime) -> Card:
    """The card stored as ``data`` (``Card.to_dict()``); a new one when there is none or
    it cannot be read (the concept is then scheduled afresh, never a crash)."""
    if not data:
        return new_card(now)
    try:
        card = Card.from_dict(cast(Any, dict(data)))  # fsrs checks the fields itself
    except (KeyError, TypeError, ValueError):
        return new_card(now)
    card.due = utc(card.due)
    card.last_review = utc(card.last_review) if card.last_review else None
    return card


def review(data: Mapping[str, Any] | None, rated: Rating, now: datetime) -> Card:
    """The card after one answer rated ``rated`` at ``now``."""
    card, _log = SCHEDULER.review_card(load(data, now), rated, utc(now))
    return card


def later_review(a: Mapping[str, Any], b: Mapping[str, Any]) -> Mapping[str, Any]:
    """Of two stored cards of one concept, the one reviewed last (a merge keeps it)."""
    when_a = load(a, datetime.min.replace(tzinfo=UTC)).last_review
    when_b = load(b, datetime.min.replace(tzinfo=UTC)).last_review
    if when_b is not None and (when_a is None or when_b > when_a):
        return b
    return a


def interleave(concepts: list[str]) -> list[str]:
    """Concepts in the given order, alternating between the games: a review mixes
    Hold'em and Teen Patti while each game's keep their order.

    >>> interleave(["kickers", "outs", "tp-ties", "odd-chip"])
    ['kickers', 'tp-ties', 'outs', 'odd-chip']
    """
    by_game: dict[str, list[str]] = {}
    for concept in concepts:
        by_game.setdefault(GAME_OF.get(concept, ""), []).append(concept)
    queues = list(by_game.values())
    mixed: list[str] = []
    while queues:
        mixed.extend(queue.pop(0) for queue in queues)
        queues = [queue for queue in queues if queue]
    return mixed


def due(learner: Learner, now: datetime, limit: int = 10) -> list[str]:
    """The ids of ``learner``'s concepts due at ``now``, most overdue first, the games
    mixed; at most ``limit``. A learner has one row per concept, so all are read."""
    from .models import ConceptProgress

    rows = ConceptProgress.objects.filter(learner=learner, due__lte=now).order_by("due", "id")
    known = [c for c in rows.values_list("concept", flat=True) if c in CONCEPTS]
    return interleave(known)[: max(0, limit)]


def due_counts(learner_ids: Iterable[int], now: datetime, limit: int) -> dict[int, int]:
    """How many concepts each learner has due at ``now`` (at most ``limit``), by id, in
    one query; a learner with none due is left out."""
    from .models import ConceptProgress

    rows = (
        ConceptProgress.objects.filter(
            learner_id__in=list(learner_ids), due__lte=now, concept__in=list(CONCEPTS)
        )
        .values_list("learner_id")
        .annotate(count=Count("id"))
    )
    return {learner_id: min(count, limit) for learner_id, count in rows}


def next_due(learner: Learner, now: datetime) -> datetime | None:
    """When the next concept falls due after ``now`` (None when none is scheduled)."""
    from .models import ConceptProgress

    row = ConceptProgress.objects.filter(learner=learner, due__gt=now).order_by("due").first()
    return row.due if row is not None else None
