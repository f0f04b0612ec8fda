"""What a session keeps of its quiz when it starts (``SessionSettings``), and the two
choices it holds: when feedback shows (``Feedback``, a quiz's ``Quiz.Feedback``) and what
a right answer after a wrong one earns (``RetryPoints``). Kept apart from ``models.py``:
every student request reads a session's settings, and ``Session.settings_view`` keeps
the parsed copy on the instance."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Self

from django.db import models
from django.utils.translation import pgettext_lazy

if TYPE_CHECKING:
    from .models import Quiz


class Feedback(models.TextChoices):
    AT_ONCE = "at_once", pgettext_lazy("quiz feedback", "At once, after each answer")
    AFTER_QUESTION = (
        "after_question",
        pgettext_lazy("quiz feedback", "After each question is closed"),
    )
    AT_END = "at_end", pgettext_lazy("quiz feedback", "At the end of the quiz")


class RetryPoints(models.TextChoices):
    """What a right answer earns after a wrong one (a question with attempts left)."""

    FULL = "full", pgettext_lazy("retry points", "All the points")
    HALF = "half", pgettext_lazy("retry points", "Half the points, rounded down")
    NONE = "none", pgettext_lazy("retry points", "No points")

    def of(self, points: int) -> int:
        """The points a later right answer earns of a question worth ``points``."""
        if self is RetryPoints.FULL:
            return points
        return points // 2 if self is RetryPoints.HALF else 0


@dataclass(frozen=True)
class SessionSettings:
    """What a session keeps of its quiz when it starts, and the time zone its times are
    shown in: the one place their defaults live. Stored as JSON in ``Session.settings``
    (``to_json``, these names as keys); read back with ``from_json``, where a missing key,
    or a value of the wrong kind, is its default and an unknown key is ignored, so every
    session ever stored reads the same."""

    title: str = ""  # empty: the quiz's own title
    language: str = ""  # empty: each student's own language
    feedback: Feedback = Feedback.AT_ONCE
    attempts: int = 1  # answers allowed per question, until one is right
    retry_points: RetryPoints = RetryPoints.FULL
    zone: str = "UTC"  # the time zone of the session's times (opening, closing, created)
    #: A right answer earns a bonus that falls with the time taken (``scoring.py``).
    speed_bonus: bool = False
    per_student: bool = False  # homework dealing each student their own questions

    @classmethod
    def of_quiz(cls, quiz: Quiz, zone: str = "UTC", speed_bonus: bool = False) -> Self:
        return cls(
            title=quiz.title,
            language=quiz.language,
            feedback=Feedback(quiz.feedback),
            attempts=quiz.attempts,
            retry_points=RetryPoints(quiz.retry_points),
            zone=zone,
            speed_bonus=speed_bonus,
        )

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Self:
        default = cls()
        title, language, zone = data.get("title"), data.get("language"), data.get("zone")
        attempts, speed_bonus = data.get("attempts"), data.get("speed_bonus")
        return cls(
            title=title if isinstance(title, str) else default.title,
            language=language if isinstance(language, str) else default.language,
            feedback=_choice(Feedback, data.get("feedback"), default.feedback),
            attempts=attempts if type(attempts) is int else default.attempts,
            retry_points=_choice(RetryPoints, data.get("retry_points"), default.retry_points),
            zone=zone if isinstance(zone, str) and zone else default.zone,
            speed_bonus=speed_bonus if type(speed_bonus) is bool else default.speed_bonus,
            per_student=data.get("per_student") is True,  # else the default, False
        )

    def to_json(self) -> dict[str, str | int | bool]:
        return {field.name: _plain(getattr(self, field.name)) for field in fields(self)}


def _choice[C: models.TextChoices](choices: type[C], value: object, default: C) -> C:
    """``value`` as one of ``choices``, else ``default``."""
    return choices(value) if value in choices.values else default


def _plain(value: str | int | bool) -> str | int | bool:
    return str(value) if isinstance(value, str) else value
