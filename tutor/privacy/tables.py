"""An account's data as tables: each a name, its columns (the stored fields' names, as in
the JSON) and the rows of one owner, read with ``iterator()`` so a big account is never
all in memory. ``export.py`` writes them as CSV files and one JSON file.

Secrets are left out: a student's cookie token and join-form key, a share link's token,
the password's hash.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db.models import QuerySet

from tutor.classrooms.models import Classroom, Member
from tutor.learning.models import Attempt, ConceptProgress, DailyCount, Learner
from tutor.lessons.models import Sitting, SittingAnswer
from tutor.lti.models import CoTeacher, LmsStudent, LmsTeacher, ResourceLink
from tutor.quizzes.models import OwnQuestion, Participant, Quiz, Response, Session, Slot, Tag

if TYPE_CHECKING:
    from django.contrib.auth.models import User

CHUNK = 500


@dataclass(frozen=True)
class Table:
    """One table: ``fields`` are the model's (``a__b`` follows a relation); ``columns``
    their names in the files, in the same order."""

    name: str
    columns: tuple[str, ...]
    fields: tuple[str, ...]
    query: Callable[[Any], QuerySet[Any]]

    def rows(self, owner: Any) -> Iterator[tuple[Any, ...]]:
        return self.query(owner).order_by("pk").values_list(*self.fields).iterator(CHUNK)


def _table(name: str, query: Callable[[Any], QuerySet[Any]], *pairs: str) -> Table:
    """``pairs``: a column named as its field, or ``"column=field__path"``."""
    split = [pair.split("=") if "=" in pair else (pair, pair) for pair in pairs]
    return Table(name, tuple(c for c, _ in split), tuple(f for _, f in split), query)


TEACHER: tuple[Table, ...] = (
    _table(
        "quizzes",
        lambda user: Quiz.objects.filter(owner=user),
        "id", "title", "language", "shuffle", "time_limit", "feedback", "attempts",
        "retry_points", "created", "updated",
    ),
    _table(
        "quiz_questions",
        lambda user: Slot.objects.filter(quiz__owner=user),
        "id", "quiz_id", "order", "kind", "drill", "level", "seed",
        "bank_question_id=own_id", "count", "points",
    ),
    _table(
        "bank",
        lambda user: OwnQuestion.objects.filter(owner=user),
        "id", "kind", "question=data", "created", "updated",
    ),
    _table("tags", lambda user: Tag.objects.filter(owner=user), "id", "name"),
    _table(
        "bank_tags",
        lambda user: OwnQuestion.tags.through.objects.filter(ownquestion__owner=user),
        "bank_question_id=ownquestion_id", "tag_id",
    ),
    _table(
        "classes",
        lambda user: Classroom.objects.filter(owner=user),
        "id", "name", "code", "created",
    ),
    _table(
        "rosters",
        lambda user: Member.objects.filter(classroom__owner=user),
        "id", "class_id=classroom_id", "name",
    ),
    _table(
        "sessions",
        lambda user: Session.objects.filter(quiz__owner=user),
        "id", "quiz_id", "class_id=class_session__classroom_id", "code", "mode", "state",
        "settings", "created", "opens", "closes", "questions",
    ),
    _table(
        "students",
        lambda user: Participant.objects.filter(session__quiz__owner=user),
        "id", "session_id", "nickname", "roster_name_id=name_claim__member_id", "language",
        "joined", "removed",
    ),
    _table(
        "answers",
        lambda user: Response.objects.filter(participant__session__quiz__owner=user),
        "student_id=participant_id", "question=index", "answer", "correct", "points",
        "attempts", "elapsed_ms", "shown", "answered", "history",
    ),
    _table(
        "lms_accounts",
        lambda user: LmsTeacher.objects.filter(user=user),
        "platform=platform__name", "issuer=platform__issuer", "lms_user=sub", "created",
    ),
    _table(
        "lms_activities",
        lambda user: ResourceLink.objects.filter(session__quiz__owner=user)
        | ResourceLink.objects.filter(pk__in=CoTeacher.objects.filter(user=user).values("link")),
        "id", "session_id", "platform=platform__name", "resource_link_id", "title",
        "course=context_id", "lineitem", "created",
    ),
    _table(
        "lms_students",
        lambda user: LmsStudent.objects.filter(participant__session__quiz__owner=user),
        "student_id=participant_id", "activity_id=link_id", "lms_user=sub", "given_name",
        "family_name", "email", "username", "sent_score", "sent_at",
    ),
)  # fmt: skip

LEARNER: tuple[Table, ...] = (
    _table(
        "learning_settings",
        lambda learner: Learner.objects.filter(pk__in=[learner.pk] if learner else []),
        "daily_goal", "zone", "language", "remind", "reminded_on", "confirmed_email",
        "confirm_sent",
    ),
    _table(
        "daily_counts",
        lambda learner: DailyCount.objects.filter(learner=learner),
        "day", "answered", "goal", "streak",
    ),
    _table(
        "progress",
        lambda learner: ConceptProgress.objects.filter(learner=learner),
        "concept", "mastery", "answered", "right", "streak", "proficient_since", "due",
    ),
    _table(
        "learning_answers",
        lambda learner: Attempt.objects.filter(learner=learner),
        "concept", "drill", "level", "correct", "elapsed_ms", "source", "at",
    ),
    _table(
        "lesson_sittings",
        lambda learner: Sitting.objects.filter(learner=learner),
        "id", "kind", "course", "unit", "position", "started", "finished", "passed",
        "questions",
    ),
    _table(
        "lesson_answers",
        lambda learner: SittingAnswer.objects.filter(sitting__learner=learner),
        "sitting_id", "question=index", "answer", "correct", "at",
    ),
)  # fmt: skip


def account(user: User) -> dict[str, Any]:
    """The account itself (no password hash)."""
    return {
        "username": user.get_username(),
        "email": user.email,
        "date_joined": user.date_joined,
        "last_login": user.last_login,
    }


def learner_of(user: User) -> Learner | None:
    return Learner.objects.filter(user=user).first()
