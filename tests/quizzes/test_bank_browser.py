"""A teacher's own question in a real headless Chromium: written in the bank form (kind
chosen with the arrow keys, the fields that do not fit the kind hidden), added to a quiz,
and answered by a Czech student in Czech and a Japanese student in the main language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tutor.quizzes import services
from tutor.quizzes.models import OwnQuestion, Quiz, Response

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-password-123"


@pytest.fixture
def server(django_db_setup: None, live_server: Any) -> str:
    return live_server.url


def test_a_teacher_writes_a_question_and_students_answer_it(
    server: str, new_tab: Callable[..., Any]
) -> None:
    owner = get_user_model().objects.create_user("teacher", "t@example.org", PASSWORD)
    quiz = Quiz.objects.create(owner=owner, title="Own")
    teacher = new_tab(width=1100, height=900)
    teacher.goto(f"{server}/en/accounts/login/")
    teacher.fill("#id_username", "teacher")
    teacher.fill("#id_password", PASSWORD)
    teacher.keyboard.press("Enter")
    teacher.wait_for_url(f"{server}/en/quizzes/")
    teacher.goto(f"{server}/en/quizzes/{quiz.pk}/")
    teacher.click("text=Write a new question")

    # The kind by keyboard: focus the first radio, arrow down to "several right answers".
    teacher.locator("input[name=kind]").first.focus()
    teacher.keyboard.press("ArrowDown")
    assert teacher.locator("input[name=kind][value=multiple]").is_checked()
    # Only the fields of that kind show.
    assert teacher.locator(".own-answer--truth").is_hidden()
    assert teacher.locator(".own-answer--choice").is_visible()
    teacher.fill("#id_prompt_en", "Which of these are pairs?")
    for i, text in enumerate(("Two kings", "A king and a queen", "Two fives")):
        teacher.fill(f"#id_choice_en_{i}", text)
    teacher.locator("summary", has_text="čeština").click()
    teacher.fill("#id_prompt_cs", "Které z nich jsou páry?")
    for i, text in enumerate(("Dva králové", "Král a dáma", "Dvě pětky")):
        teacher.fill(f"#id_choice_cs_{i}", text)
    teacher.fill("#id_explanation_cs", "Pár jsou dvě karty stejné hodnoty.")
    teacher.check("#id_right_0")
    teacher.check("#id_right_2")
    teacher.fill("#id_tags", "pairs")
    teacher.locator("form.own-form button[type=submit]").press("Enter")
    teacher.wait_for_url(f"{server}/en/quizzes/{quiz.pk}/#slots")
    assert teacher.get_by_text("Which of these are pairs?").first.is_visible()
    assert OwnQuestion.objects.get().record().right == (0, 2)

    session = services.start_session(quiz, "homework", closes=None)
    for nickname, language, ticks in (("Bára", "cs", (0, 2)), ("Aiko", "ja", (0,))):
        student = new_tab(width=360, height=900)
        student.goto(f"{server}/{language}/join/{session.code}/")
        student.fill("#id_nickname", nickname)
        student.click("form.join-form button[type=submit]")
        student.locator("form.answer-form").wait_for()
        prompt = student.locator(".own-question")
        if language == "cs":
            # The page sets "z nich" with a non-breaking space (Czech typography).
            assert "Které z\u00a0nich jsou páry?" in prompt.inner_text()
            assert prompt.get_attribute("lang") is None
        else:
            assert "Which of these are pairs?" in prompt.inner_text()
            assert prompt.get_attribute("lang") == "en"
        for i in ticks:
            student.check(f"form.answer-form input[name=choice][value='{i}']")
        student.click("form.answer-form button[type=submit]")
        student.locator(".feedback__verdict").wait_for()
        assert student.problems == []
    assert Response.objects.get(participant__nickname="Bára").correct
    assert not Response.objects.get(participant__nickname="Aiko").correct
    assert teacher.problems == []
