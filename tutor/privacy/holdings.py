"""What an account holds, counted: the confirm page of its deletion and the "your data"
page say it in words ("1 quiz", "3 names", "8 answers"), the same counts for both."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import ngettext

from tutor.classrooms import deletion as class_deletion
from tutor.classrooms.models import Classroom, Member
from tutor.core.locales import current_language
from tutor.learning.models import Attempt, ConceptProgress, DailyCount, Learner
from tutor.lessons.models import Sitting
from tutor.quizzes import deletion
from tutor.quizzes.models import OwnQuestion, Quiz, Session
from tutor.words.base import number

if TYPE_CHECKING:
    from django.contrib.auth.models import User


@dataclass(frozen=True)
class Progress:
    """A learner's progress: concepts with a standing, answers recorded, lesson sittings,
    days counted towards the daily goal."""

    concepts: int
    answers: int
    sittings: int
    days: int = 0

    @classmethod
    def of(cls, learner: Learner | None) -> Progress:
        if learner is None:
            return cls(0, 0, 0)
        return cls(
            concepts=ConceptProgress.objects.filter(learner=learner).count(),
            answers=Attempt.objects.filter(learner=learner).count(),
            sittings=Sitting.objects.filter(learner=learner).count(),
            days=DailyCount.objects.filter(learner=learner).count(),
        )

    @property
    def empty(self) -> bool:
        return not (self.concepts or self.answers or self.sittings or self.days)

    def lines(self) -> list[str]:
        return [
            _counted(
                ngettext(
                    "learning progress on %(shown)s concept",
                    "learning progress on %(shown)s concepts",
                    self.concepts,
                ),
                self.concepts,
            ),
            _counted(
                ngettext(
                    "%(shown)s answer to drills and lessons",
                    "%(shown)s answers to drills and lessons",
                    self.answers,
                ),
                self.answers,
            ),
            _counted(
                ngettext("%(shown)s lesson sitting", "%(shown)s lesson sittings", self.sittings),
                self.sittings,
            ),
            _counted(
                ngettext(
                    "%(shown)s day counted towards your daily goal",
                    "%(shown)s days counted towards your daily goal",
                    self.days,
                ),
                self.days,
            ),
        ]


def _counted(message: str, n: int) -> str:
    return message % {"shown": number(n, current_language())}


@dataclass(frozen=True)
class Holdings:
    """Everything an account holds, as a teacher and as a learner."""

    quizzes: int
    bank: int
    classes: int
    names: int
    sessions: deletion.SessionsHeld
    progress: Progress

    @classmethod
    def of(cls, user: User) -> Holdings:
        return cls(
            quizzes=Quiz.objects.filter(owner=user).count(),
            bank=OwnQuestion.objects.filter(owner=user).count(),
            classes=Classroom.objects.filter(owner=user).count(),
            names=Member.objects.filter(classroom__owner=user).count(),
            sessions=deletion.SessionsHeld.of(Session.objects.filter(quiz__owner=user)),
            progress=Progress.of(Learner.objects.filter(user=user).first()),
        )

    def teacher_lines(self) -> list[str]:
        return [
            deletion.quizzes(self.quizzes),
            deletion.bank_questions(self.bank),
            class_deletion.classes(self.classes),
            class_deletion.names(self.names),
            *self.sessions.lines(),
        ]

    def lines(self) -> list[str]:
        return [*self.teacher_lines(), *self.progress.lines()]
