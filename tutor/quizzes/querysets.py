"""The questions asked of the quiz tables, as QuerySet methods: a session's answers, how
many answered a question and how many of them rightly, who answered what, the scores.

``models.py`` makes these the default managers, so ``Response.objects.of_session(s)``
and ``session.participants.with_scores()`` read as what they fetch. Only answered rows
count anywhere: a response row is made when a question is shown, before any answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from django.db import models
from django.db.models import Count, Q, Sum, Value
from django.db.models.functions import Coalesce

from tutor.core.names import looks

from .fields import ScoreField
from .scoring import Score

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    from .models import (
        Participant,
        Response,  # noqa: F401 (named in a string: ResponseQuerySet's base)
        Session,
    )

#: A participant's answered responses (the filter of an annotation over ``responses``).
ANSWERED = Q(responses__answered__isnull=False)


class ResponseQuerySet(models.QuerySet["Response"]):
    def answered(self) -> ResponseQuerySet:
        return self.filter(answered__isnull=False)

    def of_session(self, session: Session) -> ResponseQuerySet:
        return self.filter(participant__session=session)

    def in_class_order(self) -> ResponseQuerySet:
        """Student by student in the order they joined, then question by question, with
        the student fetched in the same query."""
        return self.select_related("participant").order_by(
            "participant__joined", "participant_id", "index"
        )

    def tally(self) -> dict[str, int]:
        """How many rows, and how many of them right (call it on answered rows)."""
        return {"answered": self.count(), "right": self.filter(correct=True).count()}

    def participant_ids(self) -> set[int]:
        return set(self.values_list("participant_id", flat=True))

    def bonus_by_participant(self) -> dict[int, Score]:
        """Each participant's speed bonus, summed over these rows (only those with one)."""
        rows = self.filter(bonus__gt=0).values("participant_id").annotate(total=Sum("bonus"))
        return {row["participant_id"]: row["total"] for row in rows.order_by()}


class Scores(TypedDict):
    """What ``with_scores`` adds to each participant."""

    total: Score
    right: int


class SessionQuerySet(models.QuerySet["Session"]):
    def listed(self) -> SessionQuerySet:
        """The sessions as a teacher's lists show them: each with ``joined`` (how many
        students), newest first. The order is said here: a query that counts (GROUP BY)
        leaves the model's own ordering out."""
        return (
            self.select_related("quiz")
            .annotate(joined=Count("participants"))
            .order_by("-created", "-id")
        )


class ParticipantQuerySet(models.QuerySet["Participant"]):
    def with_answered(self) -> ParticipantQuerySet:
        """Each participant with ``answered``: how many questions they have answered."""
        return self.annotate(answered=Count("responses", filter=ANSWERED))

    def looking_like(self, nickname: str) -> ParticipantQuerySet:
        """The participants whose nickname looks like ``nickname`` (``names.looks``): one
        indexed look-up, however large the class."""
        lower, upper = looks(nickname)
        return self.filter(Q(skeleton=lower) | Q(capitals=upper))

    # The row type is Any: the plugin leaves annotate()'s row type unsolved.
    def with_scores(self) -> ParticipantQuerySet[WithAnnotations[Participant, Scores], Any]:
        """Each participant with ``total`` (points) and ``right`` (right answers), in one
        query for the whole class."""
        return self.annotate(
            # Typed as the column: a whole score reads as an int (``scoring.score``).
            total=Coalesce(
                Sum("responses__points", filter=ANSWERED),
                Value(0),
                output_field=ScoreField(),
            ),
            right=Count("responses", filter=ANSWERED & Q(responses__correct=True)),
        )


__all__ = ["ANSWERED", "ParticipantQuerySet", "ResponseQuerySet", "SessionQuerySet"]
