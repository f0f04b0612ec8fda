"""A learner's progress, kept on the server: who they are (a random key in a cookie, or an
account), where they stand on each concept, and every answer that moved it.

Nothing here is personal: a ``Learner`` row is a random key, two dates, their daily goal,
the time zone and language their browser last reported and, once they sign up, their
account (whether it wants reminder e-mails, and the address it confirmed for them). Anonymous learners not seen for 180 days
are removed by ``manage.py purge_learners`` (their progress and answers with them).
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
ZONE_LENGTH = 64
LANGUAGE_LENGTH = 16
DEFAULT_GOAL = 10


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
    #: Questions a day the learner aims at (``daily.GOALS``); their days are counted in
    #: ``zone``, the IANA name their browser last reported (empty: none yet).
    daily_goal = models.PositiveSmallIntegerField(default=DEFAULT_GOAL)
    zone = models.CharField(max_length=ZONE_LENGTH, blank=True, default="")
    #: The page language of their last answer: the language of their reminders.
    language = models.CharField(max_length=LANGUAGE_LENGTH, blank=True, default="")
    #: An account with an e-mail address may ask for reminders (``reminders.py``);
    #: ``reminded_on`` is the learner's own day of the last one (one a day at most).
    remind = models.BooleanField(default=False)
    reminded_on = models.DateField(null=True, blank=True)
    #: The account's address once its owner confirmed it (``addresses.py``): reminders
    #: go only while it is still the account's address. ``confirm_sent``: when the last
    #: confirmation e-mail went (one every ``addresses.RESEND_EVERY`` at most).
    confirmed_email = models.EmailField(max_length=254, blank=True, default="")
    confirm_sent = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"learner {self.pk}"


class DailyCount(models.Model):
    """The questions a learner answered on one day of their own time zone, the goal then in
    force, and the streak of goal-met days ending on it (0: not met). One small row a day;
    rows older than ``RETENTION_DAYS`` go on a day's first answer (``daily.count_answer``), the
    streak carried on the newest row."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="days")
    day = models.DateField()
    answered = models.PositiveIntegerField(default=0)
    goal = models.PositiveSmallIntegerField(default=DEFAULT_GOAL)
    streak = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["learner", "day"], name="one_count_per_day")]

    def __str__(self) -> str:
        return f"{self.day}: {self.answered} of {self.goal}"


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
