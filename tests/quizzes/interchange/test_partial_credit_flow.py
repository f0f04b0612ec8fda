"""Issue 23, end to end: a GIFT question of weighted choices imported through the bank's
import page keeps its weights in the preview, the bank and a quiz, and a student who
ticks one half-right choice earns half the points."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.quizzes.models import OwnQuestion, Quiz, Response, Session

pytestmark = pytest.mark.django_db

URL = "/cs/quizzes/bank/import/"
GIFT = (
    "::Q2 partial:: Which of these are made hands? { ~%50%One pair ~%50%Two pair ~%-100%High card }"
)


def imported(client: Client, quiz: Quiz) -> Response:
    data = {"step": "preview", "language": "en", "text": GIFT, "quiz": quiz.pk}
    preview = client.post(URL, data)
    assert preview.status_code == 200
    page = preview.content.decode()
    assert page.count("50\xa0%") == 2 and "-100\xa0%" in page  # each choice's weight
    return client.post(URL, {**preview.context["carry"], "step": "import"})


def test_a_half_right_choice_imported_from_gift_earns_half_the_points(client: Client) -> None:
    user = get_user_model().objects.create_user("teacher", "t@example.org", "pw-long-123456")
    client.force_login(user)
    quiz = Quiz.objects.create(owner=user, title="Homework")
    assert imported(client, quiz).status_code == 302
    question = OwnQuestion.objects.get()
    assert question.record().credit == (Decimal(50), Decimal(50), Decimal(-100))
    editor = client.get(f"/cs/quizzes/bank/{question.pk}/").content.decode()
    assert editor.count("hodnota 50\xa0%") == 2 and "hodnota -100\xa0%" in editor
    quiz.slots.update(points=4)
    data = {"mode": "homework", "zone": "UTC", "opens": "2020-01-01T00:00"}
    run = client.post(f"/cs/quizzes/{quiz.pk}/run/", {**data, "closes": "2999-01-01T00:00"})
    assert run.status_code == 302
    session = Session.objects.get(quiz=quiz)
    student = Client()
    student.post("/cs/join/", {"code": session.code, "nickname": "Asha"})
    student.get(f"/cs/play/{session.code}/")
    answered = student.post(f"/cs/play/{session.code}/answer/", {"index": "0", "choice": ["0"]})
    assert answered.status_code == 302
    assert Response.objects.get().points == 2
