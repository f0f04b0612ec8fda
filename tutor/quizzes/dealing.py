"""A new session's questions, from its quiz's slots: each dealt once and written down
whole (``tutor.drills.written``), so a later change to a generator cannot rewrite a past
quiz. A slot asks questions when it holds a teacher's own question or names a drill a quiz
can hold (:func:`asking`): a quiz of only its teacher's own questions (an imported GIFT
quiz) runs like any other."""

from __future__ import annotations

import random
import secrets
from typing import cast

from django.db.models import Q, QuerySet

from tutor.drills.base import LEVELS, MAX_SEED
from tutor.drills.registry import question_drill, quiz_drills
from tutor.drills.written import Dealt, StoredQuestion, deal, own_entry

from .models import Quiz, Slot


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
            entry = cast(Dealt, own_entry(slot.own.record()))
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
