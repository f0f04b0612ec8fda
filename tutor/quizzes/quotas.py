"""How much one teacher may ask of the server: the questions a quiz deals, the questions
in their bank, the questions of one download, and one GIFT import's size and questions.

The limits are settings (``QUIZ_MAX_QUESTIONS``, ``BANK_MAX_QUESTIONS``,
``EXPORT_MAX_QUESTIONS``, ``IMPORT_MAX_BYTES``, ``IMPORT_MAX_QUESTIONS``), read when they
are checked, so an operator changes them in the environment. Each bounds the time of a
request: a session's start and a download deal and write every question of the quiz, a
search and an import read the teacher's bank. A check that fails raises
:class:`QuotaExceeded` with the sentence to show, in the active language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db.models import Case, IntegerField, Sum, Value, When
from django.utils.translation import ngettext

from tutor.core.locales import current_language, format_number

from .models import OwnQuestion, Quiz, Slot

if TYPE_CHECKING:
    from django.contrib.auth.models import User


class QuotaExceeded(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def quiz_limit() -> int:
    return int(settings.QUIZ_MAX_QUESTIONS)


def bank_limit() -> int:
    return int(settings.BANK_MAX_QUESTIONS)


def export_limit() -> int:
    return int(settings.EXPORT_MAX_QUESTIONS)


def import_bytes() -> int:
    return int(settings.IMPORT_MAX_BYTES)


def import_questions() -> int:
    return int(settings.IMPORT_MAX_QUESTIONS)


def quiz_size(quiz: Quiz) -> int:
    """The questions a session of ``quiz`` deals: one per fixed slot, ``count`` per drawn
    slot (counted in the database, nothing dealt)."""
    per_slot = Case(
        When(kind=Slot.Kind.FIXED, then=Value(1)),
        default="count",
        output_field=IntegerField(),
    )
    return quiz.slots.aggregate(total=Sum(per_slot))["total"] or 0


def _numbers(limit: int, questions: int) -> dict[str, str]:
    language = current_language()
    return {
        "count": format_number(limit, language),
        "questions": format_number(questions, language),
    }


def check_quiz(quiz: Quiz, adding: int, removing: int = 0) -> None:
    """Refuse a change that would leave ``quiz`` with more questions than a quiz may have."""
    after = quiz_size(quiz) - removing + adding
    if adding > removing and after > quiz_limit():
        raise QuotaExceeded(_quiz_too_big(after))


def check_start(quiz: Quiz) -> None:
    """Refuse to start a session of a quiz, made before its limit, that deals more."""
    if (size := quiz_size(quiz)) > quiz_limit():
        raise QuotaExceeded(_quiz_too_big(size))


def _quiz_too_big(questions: int) -> str:
    limit = quiz_limit()
    return ngettext(
        "A quiz can have at most %(count)s question, and this one would have %(questions)s.",
        "A quiz can have at most %(count)s questions, and this one would have %(questions)s.",
        limit,
    ) % _numbers(limit, questions)


def check_bank(owner: User, adding: int) -> None:
    """Refuse ``adding`` questions to a bank that would then hold more than it may."""
    limit = bank_limit()
    after = OwnQuestion.objects.filter(owner=owner).count() + adding
    if adding > 0 and after > limit:
        raise QuotaExceeded(
            ngettext(
                "Your question bank can hold at most %(count)s question, and it would have "
                "%(questions)s.",
                "Your question bank can hold at most %(count)s questions, and it would have "
                "%(questions)s.",
                limit,
            )
            % _numbers(limit, after)
        )


def check_export(questions: int) -> None:
    """Refuse a download of more questions than one may hold."""
    limit = export_limit()
    if questions > limit:
        raise QuotaExceeded(
            ngettext(
                "A download can hold at most %(count)s question, and this one would have "
                "%(questions)s.",
                "A download can hold at most %(count)s questions, and this one would have "
                "%(questions)s.",
                limit,
            )
            % _numbers(limit, questions)
        )
