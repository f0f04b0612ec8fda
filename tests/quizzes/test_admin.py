"""The operators' admin pages of quizzes (``tutor/quizzes/admin.py``; what is checked for
every app: ``tests/admin_pages.py``)."""

from __future__ import annotations

from tests.admin_pages import check_app, operator
from tutor.core.admin_json import json_block
from tutor.core.names import looks
from tutor.drills.own_question import Question, Text
from tutor.quizzes.models import OwnQuestion, Participant, Response, Session, Tag, UsernameLook


def test_admin_pages(answered: dict[str, Participant], homework: Session) -> None:
    owner = homework.quiz.owner
    tag = Tag.objects.create(owner=owner, name="Week 3", key="week 3")
    own = OwnQuestion.objects.create(
        owner=owner,
        kind="truefalse",
        data=Question("truefalse", (Text("en", "?"),), (1,)).to_dict(),
    )
    own.tags.add(tag)
    response = Response.objects.filter(participant=answered["Asha"]).first()
    slot = homework.quiz.slots.first()
    assert response is not None and slot is not None
    look = UsernameLook.objects.create(
        user=homework.quiz.owner, skeleton=looks("teacher")[0], capitals=looks("teacher")[1]
    )
    objects = [homework.quiz, slot, tag, own, homework, answered["Asha"], response, look]
    check_app("quizzes", objects)


def test_stored_questions_and_answers_are_read_only(answered: dict[str, Participant]) -> None:
    staff = operator()
    response = Response.objects.filter(participant=answered["Asha"]).first()
    assert response is not None
    page = staff.get(f"/admin/quizzes/response/{response.pk}/change/").content.decode()
    assert 'name="answer"' not in page and 'name="history"' not in page
    assert str(json_block(response.answer)) in page
    session = response.participant.session
    page = staff.get(f"/admin/quizzes/session/{session.pk}/change/").content.decode()
    assert 'name="questions"' not in page and 'name="state"' not in page
    assert str(json_block(session.questions)) in page
