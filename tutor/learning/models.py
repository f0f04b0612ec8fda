"""A learner's progress, kept on the server: who they are (a random key in a cookie, or an
account), where they stand on each concept, and every answer that moved it.

Nothing here is personal: a ``Learner`` row is a random key, two dates and, once they sign
up, their account. Anonymous learners not seen for 180 days are removed by
``manage.py purge_learners`` (their progress and answers with them).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from .mastery import Mastery

KEY_LENGTH = 43  # secrets.token_urlsafe(32)
CONCEPT_LENGTH = 80
DRILL_LENGTH = 60


def new_key() -> str:
    return secrets.token_urlsafe(32)


class Learner(models.Model):
    """Someone learning: anonymous (found by the key in their cookie) or an account's."""

    key = models.CharField(max_length=KEY_LENGTH, unique=True, default=new_key)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="learner",
    )
    created = models.DateTimeField(default=timezone.now)
    #: Updated at most once an hour (``learners.SEEN_EVERY``); the purge reads it.
    last_seen = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self) -> str:
        return f"learner {self.pk}"


class ConceptProgress(models.Model):
    """One learner's standing on one concept (``mastery.Progress``) and its review card."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="progress")
    concept = models.CharField(max_length=CONCEPT_LENGTH)
    mastery = models.PositiveSmallIntegerField(default=0)  # a mastery.Mastery
    answered = models.PositiveIntegerField(default=0)
    right = models.PositiveIntegerField(default=0)
    streak = models.PositiveIntegerField(default=0)
    proficient_since = models.DateTimeField(null=True, blank=True)
    #: When the current streak's first right answer came (proficient needs it long ago).
    streak_since = models.DateTimeField(null=True, blank=True)
    #: The fsrs card (``fsrs.Card.to_dict()``); ``due`` is its due date, copied out so the
    #: database can find what is due.
    card = models.JSONField(default=dict)
    due = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "concept"], name="one_progress_per_concept")
        ]
        indexes = [models.Index(fields=["learner", "due"], name="learning_due_per_learner")]

    def __str__(self) -> str:
        return f"{self.concept}: {Mastery(self.mastery).name}"


class Attempt(models.Model):
    """One answer that exercised one concept: a drill answer exercising two concepts is
    two rows. Kept while the learner is (they are small; the purge removes an anonymous
    learner's with them)."""

    class Source(models.TextChoices):
        DRILL = "drill"
        LESSON = "lesson"
        REVIEW = "review"
        QUIZ = "quiz"

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="attempts")
    concept = models.CharField(max_length=CONCEPT_LENGTH)
    drill = models.CharField(max_length=DRILL_LENGTH)
    level = models.CharField(max_length=8)
    correct = models.BooleanField()
    elapsed_ms = models.PositiveIntegerField(null=True, blank=True)
    source = models.CharField(max_length=8, choices=Source.choices)
    at = models.DateTimeField(default=timezone.now)
    #: What names the answer (a digest of the drill's question token, a quiz response and
    #: its attempt): the same answer sent twice is stored once. Empty: not checked.
    key = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["learner", "concept", "key"],
                condition=~Q(key=""),
                name="one_attempt_per_answer",
            )
        ]
        indexes = [models.Index(fields=["learner", "at"], name="learning_attempts_by_time")]

    def __str__(self) -> str:
        return f"{self.concept} {'right' if self.correct else 'wrong'} at {self.at:%Y-%m-%d}"
