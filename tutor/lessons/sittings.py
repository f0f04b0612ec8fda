"""Starting a sitting, taking its answers, and reading a question back.

The answer form carries a signed token naming the sitting and the question's position. An
answer counts only for the question on screen, once: the position moves on in the same
conditional update that claims it, and the answer's row is unique per question, so a
double submit, a replayed post or a forged token is refused with a reason and nothing is
counted twice. Each counted answer goes to the learner's record (mastery and review) for
the concepts its question exercises, and what moved is stored with the answer.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.core import signing
from django.db import transaction
from django.http import HttpRequest, QueryDict
from django.utils import timezone

from tutor.drills.drill import Grade
from tutor.drills.written import WrittenQuestion, grade, question
from tutor.learning import record as recording
from tutor.learning.models import Attempt, Learner

from . import dealing
from .courses import Unit, needed, unit
from .models import Sitting, SittingAnswer

TOKEN_SALT = "tutor.lessons.answer"
#: Questions in a review, at most (the concepts due, one question each).
REVIEW_SIZE = 8
#: How much of a posted answer is kept: fields, values per field, characters per value.
MAX_FIELDS, MAX_VALUES, MAX_CHARS = 40, 60, 200
NOT_ANSWER_FIELDS = {"csrfmiddlewaretoken", "token"}
#: A practice asks a missed concept again, with a new question, at most this many times.
MAX_AGAIN = 2


class Refused(Exception):
    """An answer not taken: ``code`` says why (``REFUSALS`` in the views words it)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def answer_token(sitting: Sitting) -> str:
    """The token of the answer form for the question on screen."""
    return signing.dumps({"s": sitting.pk, "p": sitting.position}, salt=TOKEN_SALT)


def read_token(sitting: Sitting, token: str | None) -> int:
    """The position the form was for: ``Refused`` when the token is not this sitting's
    (forged, mangled), names a question already answered (``already_answered``) or one
    not reached (``forged``)."""
    if not token or len(token) > 500:
        raise Refused("unreadable")
    try:
        data = signing.loads(token, salt=TOKEN_SALT)
    except signing.BadSignature as error:
        raise Refused("unreadable") from error
    if not isinstance(data, dict) or data.get("s") != sitting.pk:
        raise Refused("unreadable")
    position = data.get("p")
    if not isinstance(position, int) or position > sitting.position:
        raise Refused("unreadable")
    if position < sitting.position or sitting.done:
        raise Refused("already_answered")
    return position


def start(learner: Learner, unit: Unit, kind: str, rng: random.Random | None = None) -> Sitting:
    """The unit's unfinished practice or check (a second click resumes it), else a new one
    with its questions written down now."""
    existing = (
        Sitting.objects.of(learner)
        .unfinished()
        .filter(kind=kind, course=unit.course, unit=unit.slug)
        .first()
    )
    if existing is not None:
        return existing
    return Sitting.objects.create(
        learner=learner,
        kind=kind,
        course=unit.course,
        unit=unit.slug,
        questions=dealing.for_unit(unit, kind, rng),
    )


def start_review(
    learner: Learner, concepts: list[str], rng: random.Random | None = None
) -> Sitting | None:
    """The unfinished review, else a new one of the concepts due (already mixed), one
    question each at rising levels; None when nothing is due."""
    existing = Sitting.objects.of(learner).unfinished().filter(kind=Sitting.Kind.REVIEW).first()
    if existing is not None or not concepts:
        return existing
    levels = _rising(len(concepts))
    aims = [
        aim
        for concept, level in zip(concepts, levels, strict=True)
        for aim in dealing.plan([concept], 1, levels=(level,))
    ]
    return Sitting.objects.create(
        learner=learner, kind=Sitting.Kind.REVIEW, questions=dealing.write(aims, rng)
    )


def _rising(count: int) -> list[str]:
    levels = ("easy", "medium", "hard")
    return [levels[min(2, n * 3 // max(count, 1))] for n in range(count)]


def read(sitting: Sitting, index: int) -> WrittenQuestion:
    """Question ``index`` of the sitting, read back from what it stored."""
    return question(sitting, index)


def mark_shown(sitting: Sitting, now: datetime | None = None) -> None:
    """Note when the question on screen was first shown (a reload keeps the first time)."""
    if sitting.done or sitting.shown is not None:
        return
    sitting.shown = now or timezone.now()
    Sitting.objects.filter(pk=sitting.pk, shown__isnull=True).update(shown=sitting.shown)


def kept(data: QueryDict) -> dict[str, list[str]]:
    """The answer's own fields, bounded (a hostile post cannot fill the database)."""
    fields = [key for key in data if key not in NOT_ANSWER_FIELDS][:MAX_FIELDS]
    return {
        key[:MAX_CHARS]: [value[:MAX_CHARS] for value in data.getlist(key)[:MAX_VALUES]]
        for key in fields
    }


def submit(request: HttpRequest, sitting: Sitting, data: QueryDict) -> tuple[SittingAnswer, Grade]:
    """Take the answer to the question on screen: (its stored row, the drill's grade).
    ``Refused`` when it is not to be counted; the drill's ``AnswerError`` (translated)
    when it cannot be read, and then nothing is counted either."""
    index = read_token(sitting, data.get("token"))
    q = read(sitting, index)
    answer = kept(data)
    graded = grade(q, answer)
    now = timezone.now()
    with transaction.atomic():
        claimed = Sitting.objects.filter(
            pk=sitting.pk, position=index, finished__isnull=True
        ).update(position=index + 1, shown=None)
        if not claimed:
            raise Refused("already_answered")
        row = SittingAnswer.objects.create(
            sitting=sitting, index=index, answer=answer, correct=graded.correct, at=now
        )
        changes = _record(request, sitting, q, graded.correct, now)
        row.changes = {c: [int(old), int(new)] for c, (old, new) in changes.items()}
        row.save(update_fields=["changes"])
        sitting.position, sitting.shown = index + 1, None
        if not graded.correct:
            _ask_again(sitting, q.entry, index)
        if sitting.position >= sitting.total:
            _finish(sitting, now)
    return row, graded


def _ask_again(sitting: Sitting, entry: Mapping[str, Any], index: int) -> None:
    """A practice's missed concept asked again before its end: a new question aimed at the
    same concept and level (within what the unit taught), written down whole at the end
    of the sitting, marked with the index of the question it follows up."""
    found = unit(sitting.course, sitting.unit)
    asked_again = sum(1 for q in sitting.questions if "again" in q)
    if sitting.kind != Sitting.Kind.PRACTICE or found is None or asked_again >= MAX_AGAIN:
        return
    dealt = dealing.again(found, entry)
    if dealt is None:
        return
    sitting.questions = [*sitting.questions, {**dealt, "again": index}]
    sitting.save(update_fields=["questions"])


def _record(
    request: HttpRequest, sitting: Sitting, q: WrittenQuestion, correct: bool, now: datetime
) -> recording.Changes:
    entry: Mapping[str, Any] = q.entry
    shown = sitting.shown
    elapsed = int((now - shown).total_seconds() * 1000) if shown is not None else None
    source = Attempt.Source.REVIEW if sitting.kind == Sitting.Kind.REVIEW else Attempt.Source.LESSON
    concepts = entry.get("concepts")
    return recording.record(
        request,
        concepts if isinstance(concepts, list) else [],
        drill=str(entry.get("drill", "")),
        level=str(entry.get("level", "")),
        correct=correct,
        elapsed_ms=elapsed,
        source=source,
        key=f"lesson:{sitting.pk}:{q.index}",
        now=now,
    )


def _finish(sitting: Sitting, now: datetime) -> None:
    right = sitting.answers.filter(correct=True).count()
    sitting.finished = now
    sitting.passed = sitting.kind == Sitting.Kind.CHECK and right >= needed(sitting.total)
    sitting.save(update_fields=["finished", "passed"])
