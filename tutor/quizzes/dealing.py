"""A new session's questions, from its quiz's slots: each dealt once and written down
whole (``tutor.drills.written``), so a later change to a generator cannot rewrite a past
quiz. A slot asks questions when it holds a teacher's own question or names a drill a quiz
can hold (:func:`asking`): a quiz of only its teacher's own questions (an imported GIFT
quiz) runs like any other. Per-student homework deals each student's questions the same
way from seeds of their own (:func:`for_student`), stored with them (:func:`questions_of`)."""

from __future__ import annotations

import hashlib
import random
import secrets
from dataclasses import replace
from typing import cast

from django.db.models import Q, QuerySet

from tutor.drills.base import LEVELS, MAX_SEED
from tutor.drills.own_question import DRILL as OWN_DRILL
from tutor.drills.own_question import MULTIPLE, SINGLE, for_quiz
from tutor.drills.own_question import Question as OwnRecord
from tutor.drills.registry import question_drill, quiz_drills
from tutor.drills.written import Dealt, StoredQuestion, WrittenQuestion, deal, own_entry
from tutor.drills.written import question as written_question

from .models import Participant, Quiz, Session, Slot

CHOICE_KINDS = (SINGLE, MULTIPLE)


def asking(slots: QuerySet[Slot]) -> QuerySet[Slot]:
    """The slots a new session deals questions from: the teacher's own questions, and
    drills a quiz can hold at one of their levels."""
    drills = [drill.slug for drill in quiz_drills()]
    return slots.filter(Q(own__isnull=False) | Q(drill__in=drills, level__in=LEVELS))


def runnable(quizzes: QuerySet[Quiz]) -> QuerySet[Quiz]:
    """The quizzes with a question to ask: those a session can be started of."""
    return quizzes.filter(slots__in=asking(Slot.objects.all())).distinct()


def snapshot(quiz: Quiz) -> list[StoredQuestion]:
    """The questions of a new session: fixed slots as they are, drawn slots dealt now."""
    questions: list[StoredQuestion] = []
    for slot in asking(quiz.slots.all()).select_related("own"):
        if slot.own is not None:
            # The quiz's language first: what a student reads when theirs is not written.
            entry = cast(Dealt, own_entry(for_quiz(slot.own.record(), quiz.language)))
            questions.append(
                StoredQuestion(**entry, points=slot.points, time_limit=quiz.time_limit)
            )
            continue
        drill = question_drill(slot.drill)
        if drill is None or not drill.quiz or slot.level not in LEVELS:
            continue
        seeds = (
            [slot.seed]
            if slot.kind == slot.Kind.FIXED and slot.seed is not None
            else [secrets.randbelow(MAX_SEED) for _ in range(max(1, slot.count))]
        )
        for seed in seeds:
            dealt = deal(drill, slot.level, int(seed))
            questions.append(
                StoredQuestion(**dealt, points=slot.points, time_limit=quiz.time_limit)
            )
    if quiz.shuffle:
        random.shuffle(questions)
    return questions


def student_seed(code: str, participant: int, index: int) -> int:
    """The seed of question ``index`` for one student of a per-student session: derived
    from the session's code and the student, so it is the same however often it is asked
    (and then stored whole, never dealt again).

    >>> student_seed("ACDEFG", 7, 0) == student_seed("ACDEFG", 7, 0) != student_seed("ACDEFG", 8, 0)
    True
    """
    digest = hashlib.sha256(f"{code}/{participant}/{index}".encode()).digest()
    return int.from_bytes(digest[:8]) % MAX_SEED


def for_student(
    questions: list[StoredQuestion], code: str, participant: int
) -> list[StoredQuestion]:
    """One student's questions of a per-student session: each drill question dealt again
    at its level from the student's own seed, each of the teacher's own questions with
    its choices in the student's own order; points and time limits as the session's."""
    dealt: list[StoredQuestion] = []
    for index, entry in enumerate(questions):
        seed = student_seed(code, participant, index)
        drill = question_drill(entry["drill"])
        if entry["drill"] == OWN_DRILL.slug:
            record = shuffled(OwnRecord.from_dict(entry["question"]), seed)
            own = cast(Dealt, own_entry(record))
        elif drill is not None and entry["level"] in LEVELS:
            own = deal(drill, entry["level"], seed, entry.get("concept"))
        else:  # a drill no longer dealt: the session's question, as stored
            dealt.append(entry)
            continue
        dealt.append(
            StoredQuestion(**own, points=entry["points"], time_limit=entry.get("time_limit"))
        )
    return dealt


def shuffled(record: OwnRecord, seed: int) -> OwnRecord:
    """A teacher's choice question with its choices (in every language) in an order of
    its own, the right ones moved with them; any other question as it is."""
    counts = {len(text.choices) for text in record.texts}
    if record.kind not in CHOICE_KINDS or len(counts) != 1:
        return record
    order = list(range(counts.pop()))
    random.Random(seed).shuffle(order)  # order[new place] = old place
    texts = tuple(
        replace(text, choices=tuple(text.choices[old] for old in order)) for text in record.texts
    )
    right = tuple(sorted(order.index(old) for old in record.right))
    return replace(record, texts=texts, right=right)


def questions_of(session: Session, participant: Participant) -> list[StoredQuestion]:
    """The questions this student is asked: the session's, or in a per-student session
    their own, dealt on first read and stored whole with them (then only ever read)."""
    if not session.settings_view.per_student:
        return session.questions
    if not participant.questions:
        # Two requests at once deal the same questions (the seeds are the student's), so
        # whichever write lands last stores what the first stored.
        participant.questions = for_student(session.questions, session.code, participant.pk)
        Participant.objects.filter(pk=participant.pk).update(questions=participant.questions)
    return participant.questions


def question(
    session: Session, index: int, participant: Participant | None = None
) -> WrittenQuestion:
    """Question ``index`` as stored: the session's, or with ``participant`` the one this
    student is asked (:func:`questions_of`)."""
    if participant is None or not session.settings_view.per_student:
        return written_question(session, index)
    questions_of(session, participant)
    return written_question(participant, index)
