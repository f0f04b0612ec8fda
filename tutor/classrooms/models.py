"""A class: a teacher's roster of student names and a permanent join code; the sessions run
for it, and which roster name each student of those sessions picked.

The quizzes' tables are left as they are: a session belongs to a class through
:class:`ClassSession`, and a participant is a roster name through :class:`NameClaim`. A class
code is drawn from the session codes' alphabet, longer (``LONG_CODE_LENGTH``: it lasts), and
is never one of theirs (``signals.py`` keeps new sessions off the six-character class codes
of older classes), so the one join box takes either.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tutor.core.collation import sorted_by_language
from tutor.core.locales import current_language
from tutor.core.names import LOOK_KEY_LENGTH, looks
from tutor.quizzes.models import (
    LONG_CODE_LENGTH,
    NICKNAME_LENGTH,
    Participant,
    Session,
    new_code,
)

CLASS_NAME_LENGTH = 120


def code_in_use(code: str) -> bool:
    """Whether a class or a session already answers to ``code``."""
    return (
        Classroom.objects.filter(code=code).exists() or Session.objects.filter(code=code).exists()
    )


def new_class_code() -> str:
    """A join code that no class and no session has."""
    while True:
        code = new_code(LONG_CODE_LENGTH)
        if not code_in_use(code):
            return code


class MemberQuerySet(models.QuerySet["Member"]):
    def in_order(self) -> list[Member]:
        """The roster as the page language sorts names (ICU collation)."""
        return sorted_by_language(self, current_language(), key=lambda m: m.name)

    def looking_like(self, name: str) -> MemberQuerySet:
        """The roster names that look like ``name`` (``names.looks``), as two students'
        nicknames in one quiz may not."""
        lower, upper = looks(name)
        return self.filter(Q(skeleton=lower) | Q(capitals=upper))


class Classroom(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="classrooms"
    )
    name = models.CharField(_("name"), max_length=CLASS_NAME_LENGTH)
    code = models.CharField(max_length=LONG_CODE_LENGTH, unique=True, default=new_class_code)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class Member(models.Model):
    """One name on a class's roster (a student, without an account)."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="members")
    name = models.CharField(max_length=NICKNAME_LENGTH)
    #: How the name looks (``names.looks``: hashes of its confusable skeletons): one per class, so no two names on the
    #: roster, and no two students' nicknames in a class's quiz, look alike.
    skeleton = models.CharField(max_length=LOOK_KEY_LENGTH)
    capitals = models.CharField(max_length=LOOK_KEY_LENGTH, default="")

    objects = MemberQuerySet.as_manager()

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["classroom", "skeleton"], name="unique_member_skeleton_per_class"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.skeleton, self.capitals = looks(self.name)
        super().save(*args, **kwargs)


class ClassSession(models.Model):
    """A session run for a class: its students pick their names from the roster."""

    classroom = models.ForeignKey(
        Classroom, on_delete=models.CASCADE, related_name="class_sessions"
    )
    session = models.OneToOneField(Session, on_delete=models.CASCADE, related_name="class_session")

    def __str__(self) -> str:
        return f"{self.classroom} · {self.session}"


class NameClaim(models.Model):
    """The roster name a participant of a class's session picked (claimed): at most one
    participant per name and session (a name is "taken" once claimed)."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="claims")
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="+")
    participant = models.OneToOneField(
        Participant, on_delete=models.CASCADE, related_name="name_claim"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["member", "session"], name="one_claim_per_name"),
        ]

    def __str__(self) -> str:
        return f"{self.member} · {self.session}"
