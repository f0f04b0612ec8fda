"""The verdict on correctness: after the server has stopped, the session's rows compared with
what each student was told. Every acknowledged answer ("received") is stored, with exactly
the choices of the request told so; an answer is stored without that only when a post's
reply was lost (and, if the student repeated it, the repeat was told "already answered");
nothing else is stored, and every participant joined once."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from benchmarks.load_quiz.client import Student
from benchmarks.load_quiz.pages import ALREADY, SETTLED, STORED, Answer

MAX_PROBLEMS = 20  # problems listed; one more line says there were more


@dataclass
class Check:
    acknowledged: int = 0  # (student, question) pairs told "received"
    confirmed: int = 0  # not told so, but a repeat was told "already answered"
    stored_unconfirmed: int = 0  # stored from a post whose reply was lost; never repeated
    answered_rows: int = 0
    missing: int = 0  # pairs neither acknowledged nor confirmed (not answered at all)
    timed_out: int = 0  # homework: pairs answered only after the time limit (none stored)
    double_acks: int = 0
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(text)
        elif len(self.problems) == MAX_PROBLEMS:
            self.problems.append("... (more)")

    @property
    def matches(self) -> bool:
        """The database holds what the students were told, and nothing else."""
        return not self.problems and self.answered_rows == (
            self.acknowledged + self.confirmed + self.stored_unconfirmed
        )


@dataclass(frozen=True)
class Stored:
    answered: bool
    answer: Answer | None
    attempts: int


def stored_responses(session_id: int) -> tuple[dict[tuple[str, int], Stored], Counter[str]]:
    """The session's responses by (nickname, question), and how often each nickname joined."""
    from tutor.quizzes.models import Participant, Response

    rows = {
        (nickname, index): Stored(answered is not None, answer, attempts)
        for nickname, index, answered, answer, attempts in Response.objects.filter(
            participant__session_id=session_id
        ).values_list("participant__nickname", "index", "answered", "answer", "attempts")
    }
    participants = Counter(
        Participant.objects.filter(session_id=session_id).values_list("nickname", flat=True)
    )
    return rows, participants


def normal(answer: Any) -> Any:
    """An answer with every value a sorted list, so that equal choices compare equal.

    >>> normal({"hand": ["b", "a"], "winner": "p1"})
    {'hand': ['a', 'b'], 'winner': ['p1']}
    """
    if not isinstance(answer, dict):
        return answer
    return {k: sorted(v) if isinstance(v, list) else [v] for k, v in answer.items()}


def check_database(students: list[Student], session_id: int, questions: int) -> Check:
    rows, participants = stored_responses(session_id)
    check = Check(answered_rows=sum(1 for row in rows.values() if row.answered))
    ours = {student.nickname for student in students}
    for nickname, count in participants.items():
        if nickname not in ours or count != 1:
            check.problem(f"participant {nickname!r} stored {count} time(s), not one of ours")
    for nickname, index in rows:
        if nickname not in ours or not 0 <= index < questions:
            check.problem(f"a response of {nickname!r} to question {index + 1} nobody sent")
    for student in students:
        joined = student.nickname in participants
        late = getattr(student, "late", set())  # homework: answered after the time limit
        for index in range(questions):
            if index in late:
                check.timed_out += 1
                row = rows.get((student.nickname, index))
                if row is not None and row.answered:
                    check.problem(f"{student.nickname}, question {index + 1}: stored too late")
                continue
            check_answer(
                check,
                f"{student.nickname}, question {index + 1}",
                student.answers.get(index, []),
                rows.get((student.nickname, index)),
                joined,
            )
    return check


def check_answer(
    check: Check, where: str, sent: list[tuple[Answer, str]], row: Stored | None, joined: bool
) -> None:
    """One (student, question): every post ``sent`` with what its reply said, against the
    stored ``row``."""
    acked = [normal(a) for a, outcome in sent if outcome == STORED]
    confirmed = any(outcome == ALREADY for _, outcome in sent)
    unknown = [normal(a) for a, outcome in sent if outcome != STORED and outcome not in SETTLED]
    stored = normal(row.answer) if row and row.answered else None
    if row and row.answered and row.attempts != 1:
        check.problem(f"{where}: stored with attempts={row.attempts}")
    if len(acked) > 1:
        check.double_acks += 1
        check.problem(f"{where}: {len(acked)} answers acknowledged, one allowed")
    if acked:
        check.acknowledged += 1
        if stored is None:
            check.problem(f"{where}: acknowledged but not in the database")
        elif stored != acked[0]:
            check.problem(f"{where}: stored {stored}, but {acked[0]} was acknowledged")
    elif confirmed:
        check.confirmed += 1
        if stored is None:
            check.problem(f"{where}: 'already answered', but nothing is stored")
        elif stored not in unknown:
            check.problem(f"{where}: stored {stored}, which no lost post sent")
    else:
        if joined:
            check.missing += 1
        if stored is not None:
            if stored in unknown:
                check.stored_unconfirmed += 1
            else:
                check.problem(f"{where}: stored {stored} without any post of it")
