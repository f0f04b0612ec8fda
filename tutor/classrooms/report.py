"""A class's report across every session run for it: per student (every name on the
roster, also those who missed sessions) and per concept, for each student and the class.

Only stored data is read: each session's questions as they were stored when it started
(``Session.questions``: points and the concepts each question exercises) and the answers
given (``Response``). A question counts when it was asked (``Session.asked``: all of
homework, the questions a live session opened), for every student who took that session
(picked their name in it), answered or not: a question left unanswered was asked and not
answered right. :func:`tally` does the counting on plain values, so it is tested without
the database.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tutor.concepts import CONCEPTS, Concept
from tutor.quizzes.models import Participant, Response, Session

from .models import Classroom, Member, NameClaim


@dataclass
class Tally:
    """Questions asked and answered right."""

    right: int = 0
    asked: int = 0

    @property
    def share(self) -> Fraction | None:
        return Fraction(self.right, self.asked) if self.asked else None

    def add(self, correct: bool) -> None:
        self.asked += 1
        self.right += int(correct)


@dataclass
class StudentRow:
    member: Member
    sessions: int = 0
    points: int = 0
    possible: int = 0
    questions: Tally = field(default_factory=Tally)
    #: The class's sessions this name never joined.
    absent: int = 0


@dataclass
class ConceptRow:
    id: str
    concept: Concept | None  # None: an id the concept map no longer has
    whole_class: Tally = field(default_factory=Tally)
    #: Per student who was asked it, in roster order.
    students: list[tuple[Member, Tally]] = field(default_factory=list)
    #: The students never asked it (missed those sessions).
    not_asked: list[Member] = field(default_factory=list)

    @property
    def title(self) -> str:
        return str(self.concept.title) if self.concept else self.id


@dataclass
class Attendance:
    """One session of the class and the roster names that never joined it."""

    session: Session
    absent: list[Member]


@dataclass
class ClassReport:
    classroom: Classroom
    sessions: list[Session]
    students: list[StudentRow]
    concepts: list[ConceptRow]
    #: Every session in order, with who was absent from it.
    attendance: list[Attendance] = field(default_factory=list)


def attendance(
    members: list[Member], sessions: list[Session], claims: Iterable[tuple[int, int]]
) -> list[Attendance]:
    """Who of ``members`` (roster order) took no part in each session, from the
    ``(session id, member id)`` of every name claimed."""
    present = set(claims)
    return [
        Attendance(session, [m for m in members if (session.pk, m.pk) not in present])
        for session in sessions
    ]


#: (session, member id, {question index: (correct, points)}) for each name claim.
Taken = tuple[Session, int, dict[int, tuple[bool, int]]]


def tally(
    members: list[Member], taken: Iterable[Taken]
) -> tuple[list[StudentRow], list[ConceptRow]]:
    """The students' rows (roster order) and the concepts' rows (concept-map order, ids it
    no longer knows last) from what each student took."""
    students = {m.pk: StudentRow(m) for m in members}
    per_concept: dict[str, dict[int, Tally]] = {}
    for session, member_id, answers in taken:
        row = students.get(member_id)
        if row is None:
            continue
        row.sessions += 1
        for index, entry in enumerate(session.questions[: session.asked]):
            correct, points = answers.get(index, (False, 0))
            row.points += points
            row.possible += int(entry.get("points", 1))
            row.questions.add(correct)
            for concept in dict.fromkeys(entry.get("concepts") or ()):
                per_concept.setdefault(concept, {}).setdefault(member_id, Tally()).add(correct)
    order = {cid: n for n, cid in enumerate(CONCEPTS)}
    concepts = [
        _concept_row(cid, per_concept[cid], members)
        for cid in sorted(per_concept, key=lambda c: (order.get(c, len(order)), c))
    ]
    return list(students.values()), concepts


def _concept_row(cid: str, tallies: dict[int, Tally], members: list[Member]) -> ConceptRow:
    row = ConceptRow(cid, CONCEPTS.get(cid))
    for member in members:
        one = tallies.get(member.pk)
        if one is None:
            row.not_asked.append(member)
            continue
        row.students.append((member, one))
        row.whole_class.right += one.right
        row.whole_class.asked += one.asked
    return row


def class_report(classroom: Classroom) -> ClassReport:
    """The report of ``classroom``, in five queries whatever the number of sessions (the
    fifth reads what each student of a per-student session was dealt)."""
    members = classroom.members.in_order()
    sessions = list(Session.objects.filter(class_session__classroom=classroom).order_by("created"))
    by_id = {s.pk: s for s in sessions}
    claims = list(
        NameClaim.objects.filter(member__classroom=classroom, session__in=sessions).values_list(
            "session_id", "member_id", "participant_id"
        )
    )
    answers: dict[int, dict[int, tuple[bool, int]]] = {pid: {} for _s, _m, pid in claims}
    rows: Any = (
        Response.objects.filter(participant_id__in=list(answers))
        .answered()
        .values_list("participant_id", "index", "correct", "points")
    )
    for pid, index, correct, points in rows:
        answers[pid][index] = (correct, points)
    own = _own_questions([pid for sid, _m, pid in claims if by_id[sid].settings_view.per_student])
    taken = [(_as_taken(by_id[sid], own.get(pid)), mid, answers[pid]) for sid, mid, pid in claims]
    students, concepts = tally(members, taken)
    for row in students:
        row.absent = len(sessions) - row.sessions
    present = attendance(members, sessions, ((sid, mid) for sid, mid, _p in claims))
    return ClassReport(classroom, sessions, students, concepts, present)


def _own_questions(participants: list[int]) -> dict[int, list[Any]]:
    """The questions each of these students of per-student sessions was dealt, if any."""
    rows = Participant.objects.filter(pk__in=participants).values_list("pk", "questions")
    return {pk: questions for pk, questions in rows if questions}


def _as_taken(session: Session, questions: list[Any] | None) -> Session:
    """The session as one student took it: in a per-student session, with the questions
    they were dealt (their points and concepts), else as it is."""
    if not questions:
        return session
    taken = copy.copy(session)
    taken.questions = questions
    return taken
