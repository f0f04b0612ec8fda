"""The quiz tables' QuerySet methods: only answered rows count, one session at a time."""

from __future__ import annotations

import pytest
from django.test import Client

from tutor.quizzes import services
from tutor.quizzes.models import Participant, Quiz, Response, Session

pytestmark = pytest.mark.django_db


def test_a_shown_question_is_not_an_answer(homework: Session, answered: dict) -> None:
    services.mark_shown(answered["Dev"], 0)  # Dev saw question 1 and gave no answer
    rows = Response.objects.of_session(homework)
    assert rows.count() == 6 and rows.answered().count() == 5


def test_tally_counts_answers_and_right_answers(homework: Session, answered: dict) -> None:
    first = Response.objects.of_session(homework).filter(index=0).answered()
    assert first.tally() == {"answered": 3, "right": 2}
    assert services.answer_counts(homework, 1) == {"answered": 2, "right": 2, "joined": 4}


def test_who_answered_a_question(homework: Session, answered: dict) -> None:
    second = Response.objects.of_session(homework).filter(index=1).answered()
    assert second.participant_ids() == {answered["Asha"].pk, answered["Bálint"].pk}


def test_another_sessions_answers_are_not_counted(homework: Session, answered: dict) -> None:
    other = services.start_session(homework.quiz, "live")
    assert not Response.objects.of_session(other).exists()
    assert Response.objects.of_session(homework).answered().count() == 5


def test_in_class_order_is_by_joining_then_question(homework: Session, answered: dict) -> None:
    rows = Response.objects.of_session(homework).answered().in_class_order()
    assert [(r.participant.nickname, r.index) for r in rows] == [
        ("Asha", 0),
        ("Asha", 1),
        ("Bálint", 0),
        ("Bálint", 1),
        ("=cmd|' /C calc'!A0", 0),
    ]


def test_with_answered_and_with_scores(homework: Session, answered: dict) -> None:
    services.mark_shown(answered["Dev"], 0)
    counts = {p.nickname: p.answered for p in homework.participants.with_answered()}
    assert counts == {"Asha": 2, "Bálint": 2, "=cmd|' /C calc'!A0": 1, "Dev": 0}
    scores = {p.nickname: (p.total, p.right) for p in Participant.objects.with_scores()}
    assert scores == {"Asha": (5, 2), "Bálint": (3, 1), "=cmd|' /C calc'!A0": (2, 1), "Dev": (0, 0)}


@pytest.mark.django_db
def test_the_teachers_session_lists_are_newest_first(quiz: Quiz, client: Client) -> None:
    """Regression (issue 23): counting each session's students (a GROUP BY) dropped the
    model's ordering, so the lists came in the database's order, not by time."""
    from datetime import timedelta

    from django.utils import timezone

    from tutor.classrooms.models import Classroom, ClassSession

    now = timezone.now()
    made = [services.start_session(quiz, "homework", closes=None) for _ in range(3)]
    for hours, session in zip((2, 1, 3), made, strict=True):  # not the order of their ids
        Session.objects.filter(pk=session.pk).update(created=now - timedelta(hours=hours))
    classroom = Classroom.objects.create(owner=quiz.owner, name="7B")
    for session in made:
        ClassSession.objects.create(classroom=classroom, session=session)
    newest_first = [made[1].pk, made[0].pk, made[2].pk]
    client.force_login(quiz.owner)
    for url in ("/en/quizzes/", f"/en/quizzes/{quiz.pk}/", f"/en/quizzes/classes/{classroom.pk}/"):
        listed = [s.pk for s in client.get(url).context["sessions"]]
        assert listed == newest_first, url
