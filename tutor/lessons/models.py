"""A learner's sittings: a unit's practice or check, or a review, with every answer given.

A sitting writes its questions down whole when it starts (``questions``, the entries of
``QuestionDrill.written``, as a quiz session does), so a reload or a browser restart
resumes on the same question and the summary reads only what was stored. ``position``
is how many questions have been answered: the one on screen. Each answer is a row of its
own, one per question (a unique constraint), so an answer sent twice counts once.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import pgettext_lazy

from tutor.learning.models import Learner

SLUG_LENGTH = 60


class SittingQuerySet(models.QuerySet["Sitting"]):
    def of(self, learner: Learner | None) -> SittingQuerySet:
        """The learner's sittings (none for no learner)."""
        return self.filter(learner=learner) if learner is not None else self.none()

    def unfinished(self) -> SittingQuerySet:
        return self.filter(finished__isnull=True)

    def passed_units(self) -> set[tuple[str, str]]:
        """(course, unit) of every unit whose check was passed."""
        rows = self.filter(kind=Sitting.Kind.CHECK, passed=True).values_list("course", "unit")
        return set(rows)

    def started_units(self) -> set[tuple[str, str]]:
        """(course, unit) of every unit with a practice or a check begun."""
        return set(self.exclude(kind=Sitting.Kind.REVIEW).values_list("course", "unit"))

    def with_right(self) -> SittingQuerySet:
        """Each sitting with ``right``: how many of its answers were right."""
        return self.annotate(right=Count("answers", filter=Q(answers__correct=True)))


class Sitting(models.Model):
    class Kind(models.TextChoices):
        PRACTICE = "practice", pgettext_lazy("lesson sitting", "Practice")
        CHECK = "check", pgettext_lazy("lesson sitting", "Check")
        REVIEW = "review", pgettext_lazy("lesson sitting", "Review")

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="sittings")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    #: The unit's course and slug (``courses.py``); empty for a review.
    course = models.CharField(max_length=SLUG_LENGTH, blank=True, default="")
    unit = models.CharField(max_length=SLUG_LENGTH, blank=True, default="")
    #: The questions written down whole when it started (``QuestionDrill.written``).
    questions = models.JSONField(default=list)
    #: How many questions are answered: the index of the one on screen.
    position = models.PositiveSmallIntegerField(default=0)
    #: When the question at ``position`` was first shown (for how fast it was answered).
    shown = models.DateTimeField(null=True, blank=True)
    started = models.DateTimeField(default=timezone.now)
    finished = models.DateTimeField(null=True, blank=True)
    #: A check with enough right answers (``Unit.to_pass``), set when it finishes.
    passed = models.BooleanField(default=False)

    objects = SittingQuerySet.as_manager()

    class Meta:
        ordering = ["-started", "-id"]
        indexes = [models.Index(fields=["learner", "course", "unit"], name="lessons_by_unit")]

    def __str__(self) -> str:
        return f"{self.kind} {self.course}/{self.unit} #{self.pk}"

    @property
    def total(self) -> int:
        return len(self.questions)

    @property
    def asked_again(self) -> int:
        """How many questions a practice added on concepts missed in it (``sittings``)."""
        return sum(1 for entry in self.questions if "again" in entry)

    @property
    def planned(self) -> int:
        """The questions it started with."""
        return self.total - self.asked_again

    @property
    def done(self) -> bool:
        return self.finished is not None


class SittingAnswer(models.Model):
    """One answer of a sitting: as sent, whether it was right, and what it moved."""

    sitting = models.ForeignKey(Sitting, on_delete=models.CASCADE, related_name="answers")
    index = models.PositiveSmallIntegerField()
    #: The submitted fields, as lists of strings (what the drill's ``grade`` reads).
    answer = models.JSONField(default=dict)
    correct = models.BooleanField(default=False)
    #: What recording it did, per concept: [mastery before, mastery after].
    changes = models.JSONField(default=dict)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["sitting_id", "index"]
        constraints = [
            models.UniqueConstraint(fields=["sitting", "index"], name="one_answer_per_question")
        ]

    def __str__(self) -> str:
        return f"{self.sitting_id} #{self.index + 1}"
