"""A session's results, question by question and student by student: how the answers to
each question split (grouped by a readable label, the right answer always among them),
and every student's answer to every question, best student first.

The results page, the charts (``charts.py``) and the CSV (``export.py``) read these; the
labels and the right answers come from ``answers.py``; the queries are QuerySet methods
(``querysets.py``). Every question is read through ``services.question``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from django.db.models import Count, Sum
from django.utils import timezone

from tutor.drills.base import LEVEL_NAMES
from tutor.drills.written_answers import answer_label, key_label, question_title, title_language

from . import services
from .models import Participant, Response, Session
from .scoring import Score, score
from .timers import STILL_OPEN, Outcome, outcome


# -- per question ------------------------------------------------------------------------
@dataclass
class Split:
    label: str
    count: int
    correct: bool
    is_key: bool = False


@dataclass
class QuestionResult:
    index: int
    drill: str
    drill_title: str
    level: str
    seed: int
    points: int
    joined: int
    answered: int
    right: int
    average_ms: int | None
    key_label: str
    splits: list[Split] = field(default_factory=list)
    #: Of those who have not answered, in homework still open for them (``timers``): with
    #: the question open now, its time not run out; and those not shown it yet.
    in_progress: int = 0
    not_reached: int = 0
    #: The language of ``drill_title`` when it is a teacher's own prompt, else "".
    title_language: str = ""

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def level_name(self) -> str:
        return str(LEVEL_NAMES.get(self.level, self.level))

    @property
    def ratio(self) -> Decimal | None:
        """The share of the students present who answered right (not of those who
        answered: a question most left unanswered is not a success)."""
        return Decimal(self.right) / Decimal(self.joined) if self.joined else None

    @property
    def unanswered(self) -> int:
        """No answer, and none to come: timed out, skipped, or the session over for them."""
        return max(0, self.joined - self.answered - self.in_progress - self.not_reached)

    @property
    def average_seconds(self) -> Decimal | None:
        if self.average_ms is None:
            return None
        return (Decimal(self.average_ms) / 1000).quantize(Decimal("0.1"))


def answered_responses(session: Session) -> list[Response]:
    return list(Response.objects.of_session(session).answered().in_class_order())


#: The question a response answered: the session's, or in a per-student session the
#: student's own.
Asked = Callable[[Response], services.WrittenQuestion]


def _splits(labelled: Iterable[tuple[str, bool, int]], key_label: str) -> list[Split]:
    """The answers (label, right or not, how many) grouped by label and rightness, the
    right answer always present (when there is one for everyone: not in a per-student
    session)."""
    groups: dict[tuple[str, bool], int] = {}
    for label, correct, count in labelled:
        groups[(label, correct)] = groups.get((label, correct), 0) + count
    if key_label and (key_label, True) not in groups:
        groups[(key_label, True)] = 0
    splits = [
        Split(label, count, correct, is_key=correct and label == key_label)
        for (label, correct), count in groups.items()
    ]
    splits.sort(key=lambda s: (not s.correct, -s.count, s.label))
    return splits


def _question_result(
    q: services.WrittenQuestion, rows: list[Response], joined: int, asked: Asked | None = None
) -> QuestionResult:
    """``asked``: in a per-student session, each response's own question (the result then
    has no one right answer)."""
    entry = q.entry
    right = key_label(q) if asked is None else ""
    times = [r.elapsed_ms for r in rows if r.elapsed_ms is not None]
    return QuestionResult(
        index=q.index,
        drill=entry["drill"],
        drill_title=question_title(q),
        title_language=title_language(q),
        level=entry["level"],
        seed=entry["seed"],
        points=int(entry.get("points", 1)),
        joined=joined,
        answered=len(rows),
        right=sum(1 for r in rows if r.correct),
        average_ms=round(sum(times) / len(times)) if times else None,
        key_label=right,
        splits=_splits(
            ((answer_label((asked or _the(q))(r), r.answer), r.correct, 1) for r in rows), right
        ),
    )


def question_results(
    session: Session, responses: list[Response] | None = None
) -> list[QuestionResult]:
    """Every question of the session in order, with how its answers split."""
    responses = answered_responses(session) if responses is None else responses
    present = list(session.participants.filter(removed=False))
    by_index: dict[int, list[Response]] = {}
    for response in responses:
        by_index.setdefault(response.index, []).append(response)
    asked = _own_questions(session) if session.settings_view.per_student else None
    waiting = Counter(
        (index, missed)
        for (_pk, index), missed in unanswered(session, present, responses).items()
        if missed in STILL_OPEN
    )
    results = []
    for index in range(session.asked):
        rows = by_index.get(index, [])
        result = _question_result(services.question(session, index), rows, len(present), asked)
        result.in_progress = waiting[(index, Outcome.IN_PROGRESS)]
        result.not_reached = waiting[(index, Outcome.NOT_REACHED_YET)]
        results.append(result)
    return results


def _own_questions(session: Session) -> Asked:
    """Each response's own question in a per-student session, read from its student."""
    students = {p.pk: p for p in session.participants.all()}
    return lambda response: asked_of(session, students[response.participant_id], response.index)


def asked_of(session: Session, participant: Participant, index: int) -> services.WrittenQuestion:
    """The question ``index`` this student was asked, as stored; the session's for a
    student of a per-student session who never opened it (nothing is dealt here)."""
    if participant.questions:
        return services.question(session, index, participant)
    return services.question(session, index)


def question_result(session: Session, index: int) -> QuestionResult:
    """One question's result (the console and the projector after its reveal): the
    answers counted by the database, each different answer labelled once, however large
    the class (as :func:`question_results` counts them, row by row)."""
    rows = Response.objects.of_session(session).filter(index=index).answered()
    groups = list(
        rows.values("answer", "correct")
        .annotate(n=Count("pk"), ms=Sum("elapsed_ms"), timed=Count("elapsed_ms"))
        .order_by()
    )
    q = services.question(session, index)
    right = key_label(q)
    timed = sum(g["timed"] for g in groups)
    return QuestionResult(
        index=q.index,
        drill=q.entry["drill"],
        drill_title=question_title(q),
        title_language=title_language(q),
        level=q.entry["level"],
        seed=q.entry["seed"],
        points=int(q.entry.get("points", 1)),
        joined=session.participants.filter(removed=False).count(),
        answered=sum(g["n"] for g in groups),
        right=sum(g["n"] for g in groups if g["correct"]),
        average_ms=round(sum(g["ms"] or 0 for g in groups) / timed) if timed else None,
        key_label=right,
        splits=_splits(
            ((answer_label(q, g["answer"]), g["correct"], g["n"]) for g in groups), right
        ),
    )


def _the(q: services.WrittenQuestion) -> Asked:
    return lambda _response: q


# -- per student -------------------------------------------------------------------------
@dataclass
class Cell:
    index: int
    answered: bool
    label: str = ""
    correct: bool = False
    points: Score = 0  # the speed bonus included
    bonus: Score = 0  # the speed bonus, as stored with the answer
    elapsed_ms: int | None = None
    attempts: int = 0
    at: datetime | None = None  # when the last answer came
    #: The answers given before the last, in words, in order.
    earlier: tuple[str, ...] = ()
    #: What became of the question for the student (answered, timed out, never reached).
    outcome: Outcome = Outcome.ANSWERED
    #: The seed of the question the student was asked (their own in a per-student session).
    seed: int | None = None
    #: The right answer to the question the student was asked, in words.
    key: str = ""

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def seconds(self) -> Decimal | None:
        if self.elapsed_ms is None:
            return None
        return (Decimal(self.elapsed_ms) / 1000).quantize(Decimal("0.1"))


@dataclass
class StudentResult:
    participant: Participant
    cells: list[Cell]

    @property
    def points(self) -> Score:
        return score(sum((c.points for c in self.cells), start=0))

    @property
    def bonus(self) -> Score:
        """The speed bonus earned, counted in :attr:`points`."""
        return score(sum((c.bonus for c in self.cells), start=0))

    @property
    def right(self) -> int:
        return sum(1 for c in self.cells if c.correct)

    @property
    def answered(self) -> int:
        return sum(1 for c in self.cells if c.answered)

    @property
    def average_seconds(self) -> Decimal | None:
        times = [c.elapsed_ms for c in self.cells if c.elapsed_ms is not None]
        if not times:
            return None
        return (Decimal(sum(times)) / len(times) / 1000).quantize(Decimal("0.1"))


def _cell(
    q: services.WrittenQuestion, response: Response | None, missed: Outcome = Outcome.NEVER_REACHED
) -> Cell:
    seed, key = q.entry["seed"], key_label(q)
    if response is None:
        return Cell(q.index, answered=False, outcome=missed, seed=seed, key=key)
    return Cell(
        q.index,
        seed=seed,
        key=key,
        answered=True,
        label=answer_label(q, response.answer),
        correct=response.correct,
        points=response.points,
        bonus=response.bonus,
        elapsed_ms=response.elapsed_ms,
        attempts=response.attempts,
        at=response.answered,
        earlier=tuple(answer_label(q, attempt["answer"]) for attempt in response.history[:-1]),
    )


def student_results(
    session: Session, responses: list[Response] | None = None
) -> list[StudentResult]:
    """Every participant with every question: the answer given (or none), best first."""
    responses = answered_responses(session) if responses is None else responses
    questions = [services.question(session, i) for i in range(session.asked)]
    answers: dict[tuple[int, int], Response] = {(r.participant_id, r.index): r for r in responses}
    participants = list(session.participants.all())
    missed = unanswered(session, participants, responses)
    per_student = session.settings_view.per_student
    students = []
    for participant in participants:
        asked = (
            [asked_of(session, participant, q.index) for q in questions]
            if per_student
            else questions
        )
        keys = [(participant.pk, q.index) for q in asked]
        cells = [
            _cell(q, answers.get(key), missed.get(key, Outcome.NEVER_REACHED))
            for q, key in zip(asked, keys, strict=True)
        ]
        students.append(StudentResult(participant, cells))
    students.sort(key=lambda s: (-s.points, -s.right, s.participant.joined))
    return students


def unanswered(
    session: Session, participants: list[Participant], responses: list[Response]
) -> dict[tuple[int, int], Outcome]:
    """The outcome of every question ``participants`` have not answered (``responses``:
    the session's answered rows), by (student, index): timed out, in progress, not
    answered; never shown: not reached yet (homework open for them) or never reached.
    The students' cells and the questions' counts both read these, so they agree."""
    by_pk = {participant.pk: participant for participant in participants}
    answered = {(r.participant_id, r.index) for r in responses}
    now = timezone.now()
    missed = {
        (participant.pk, index): outcome(session, None, now, participant)
        for participant in participants
        for index in range(session.asked)
        if (participant.pk, index) not in answered
    }
    for response in Response.objects.of_session(session).filter(answered=None):
        if (response.participant_id, response.index) in missed:
            response.participant = by_pk[response.participant_id]
            missed[(response.participant_id, response.index)] = outcome(session, response, now)
    return missed


def max_points(session: Session) -> int:
    """The points of the questions that count (:attr:`Session.asked`)."""
    return sum(int(e.get("points", 1)) for e in session.questions[: session.asked])
