"""What deleting a session (or a quiz, or more) takes with it, counted in words for the
confirm pages: "4 students", "8 answers". The classes and the whole account
(``tutor.classrooms``, ``tutor.privacy``) count with these too.

A session's deletion is the database's cascade: its students (``Participant``), their
answers (``Response``) and, for a class's session, the class's link and name claims.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils.translation import ngettext

from tutor.core.locales import current_language
from tutor.words.base import number

from .models import Participant, Response, Session


def _shown(n: int) -> dict[str, str]:
    return {"shown": number(n, current_language())}


def students(n: int) -> str:
    return ngettext("%(shown)s student", "%(shown)s students", n) % _shown(n)


def answers(n: int) -> str:
    # Translators: what a deletion takes with it: students' answers in quizzes.
    return ngettext("%(shown)s answer", "%(shown)s answers", n) % _shown(n)


def sessions(n: int) -> str:
    return ngettext("%(shown)s session", "%(shown)s sessions", n) % _shown(n)


def quizzes(n: int) -> str:
    return ngettext("%(shown)s quiz", "%(shown)s quizzes", n) % _shown(n)


def bank_questions(n: int) -> str:
    return ngettext(
        "%(shown)s question in the question bank", "%(shown)s questions in the question bank", n
    ) % _shown(n)


@dataclass(frozen=True)
class SessionsHeld:
    """Sessions, with how many students joined them and how many answers they gave."""

    sessions: int
    students: int
    answers: int

    @classmethod
    def of(cls, chosen: QuerySet[Session]) -> SessionsHeld:
        return cls(
            sessions=chosen.count(),
            students=Participant.objects.filter(session__in=chosen).count(),
            answers=Response.objects.filter(
                participant__session__in=chosen, answered__isnull=False
            ).count(),
        )

    def lines(self, with_sessions: bool = True) -> list[str]:
        """The counts in words; without the sessions' own count for one session."""
        head = [sessions(self.sessions)] if with_sessions else []
        return [*head, students(self.students), answers(self.answers)]
