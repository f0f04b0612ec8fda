"""A question written down whole: dealt once and kept as data, as a quiz session and a
lesson's sitting keep their questions.

When a session starts (``tutor.quizzes.dealing``), every question is dealt once and kept
in the session as data: what was dealt, the right answer and the version of the drill's
generator that dealt it. Pages, grading, the reveal, results and the CSV read that stored
question and never deal again, so a later change to a generator cannot rewrite a past
quiz. Its answers in words are ``written_answers.py``.

A stored entry::

    {"drill": <slug>, "level": "hard", "seed": 123, "version": 1,
     "question": {...the drill's Question as JSON...},
     "answer": {"pot0": ["300"], ...the right answer as a filled-in form...},
     "points": 1, "time_limit": 30}
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypedDict, cast

from django.utils.translation import get_language

from tutor.core.kept_text import kept_text

from . import own_question
from .answers import values
from .base import MAX_SEED
from .codec import JSON, Record
from .drill import Answer, Grade, QuestionDrill
from .own_question import Question as OwnRecord
from .registry import question_drill

__all__ = ["WrittenQuestion", "deal", "grade", "question"]


class Dealt(TypedDict):
    """A question dealt once and written down whole (``QuestionDrill.written``)."""

    drill: str
    level: str
    seed: int
    concept: str | None  # the concept it was aimed at, if any
    version: int  # of the drill's generator
    question: JSON  # the drill's Question, as JSON
    answer: dict[str, list[str]]  # the right answer as a filled-in form
    concepts: list[str]  # the concepts it exercises, read from the engine's answer


class StoredQuestion(Dealt):
    """An entry of ``Session.questions``."""

    points: int
    time_limit: int | None


def own_entry(record: OwnRecord) -> JSON:
    """A teacher's own question written down whole, with a fingerprint of its text for a
    seed (the page caches tell questions apart by drill, version and seed)."""
    text = json.dumps(record.to_dict(), sort_keys=True, ensure_ascii=False)
    fingerprint = int.from_bytes(hashlib.sha256(text.encode()).digest()[:6]) % MAX_SEED
    return own_question.written(record, fingerprint)


def deal(
    drill: QuestionDrill[Any, Any], level: str, seed: int, concept: str | None = None
) -> Dealt:
    """One question dealt now and written down whole."""
    return cast(Dealt, drill.written(seed, level, concept))


@dataclass(frozen=True)
class WrittenQuestion:
    """A question written down whole (question ``index`` of a session or a sitting): its
    stored entry, its drill and the drill's question read back from the entry."""

    index: int
    entry: StoredQuestion
    drill: QuestionDrill[Any, Any]
    data: Record

    @property
    def right_answer(self) -> dict[str, list[str]]:
        """The right answer as it was stored when the session started."""
        return {k: list(v) for k, v in self.entry["answer"].items()}

    def context(self) -> dict[str, Any]:
        """What the drill's partials expect besides ``question``."""
        return self.drill.context(self.data)


# Key: the drill's slug and the stored question's JSON text, which is everything the
# result depends on (no user, language or session in it). A live question is read by the
# whole class at once, so each process reads it once. Only drills whose questions are
# immutable records (``shareable``) are kept: no cache hands out a mutable object.
@lru_cache(maxsize=512)
def _read_shared(slug: str, stored: str) -> Record:
    return _read(slug, json.loads(stored))


def _read(slug: str, stored: JSON) -> Record:
    drill = question_drill(slug)
    if drill is None:
        raise KeyError(slug)
    return drill.load(stored)


def question(session: Any, index: int) -> WrittenQuestion:
    """Question ``index`` of ``session``, read back from what the session stored."""
    entry = session.questions[index]
    drill = question_drill(entry["drill"])
    if drill is None:
        raise KeyError(entry["drill"])
    if drill.shareable:
        text = json.dumps(entry["question"], sort_keys=True, separators=(",", ":"))
        return WrittenQuestion(index, entry, drill, _read_shared(drill.slug, text))
    return WrittenQuestion(index, entry, drill, _read(drill.slug, entry["question"]))


#: The answer form's own fields, never part of an answer.
NOT_ANSWER_FIELDS = ("csrfmiddlewaretoken", "index", "token")


def grade(q: WrittenQuestion, answer: Answer) -> Grade:
    """The drill's grade of ``answer`` (form data), in the active language. A class sends
    a few distinct answers to one question, so a shareable drill's grades are kept."""
    if not q.drill.shareable:
        return q.drill.grade(q.data, answer)
    fields = tuple(
        (key, tuple(values(answer, key))) for key in sorted(answer) if key not in NOT_ANSWER_FIELDS
    )
    if sum(len(key) + sum(map(len, values)) for key, values in fields) > MAX_KEPT_ANSWER:
        return q.drill.grade(q.data, answer)  # a forged, oversized answer is never kept
    return _grade_shared(get_language() or "", q.drill.slug, q.data, fields)


#: The longest answer (characters in its fields) whose grade is kept: any real answer form
#: is far shorter; a forged post of megabytes would otherwise sit in the cache's keys.
MAX_KEPT_ANSWER = 2000


# Key: the active language (the grade's sentences are in it), the drill, the question (an
# immutable record: only shareable drills) and the answer's fields in key order; no user
# or session in it: the same answer to the same question gets the same grade, itself an
# immutable record. A malformed answer raises and is not kept.
@kept_text(maxsize=512)
def _grade_shared(
    language: str, slug: str, data: Record, fields: tuple[tuple[str, tuple[str, ...]], ...]
) -> Grade:
    drill = question_drill(slug)
    if drill is None:
        raise KeyError(slug)
    return drill.grade(data, {key: list(given) for key, given in fields})


def stored_entry(entry: JSON) -> bool:
    """Whether a session entry holds its question whole (sessions made before questions
    were stored held only drill, level and seed; a migration deals those once)."""
    return isinstance(entry.get("question"), dict) and isinstance(entry.get("answer"), dict)
