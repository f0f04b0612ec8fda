"""A live quiz in a real headless Chromium: the teacher runs it from the console while two
student pages join and answer; both sides follow each other by htmx polling alone.

Chromium and the launch options are the browser suite's (``tests/browser/plugin.py``:
``TUTOR_CHROMIUM`` names the executable; without it the test is skipped).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.browser.plugin import TIMEOUT_MS
from tutor.engine import holdem, teenpatti
from tutor.quizzes import services
from tutor.quizzes.models import Quiz, Session, Slot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-password-123"
POLL_WAIT_MS = 12_000  # the pages poll every 2 s; generous for a loaded 2-core machine


@pytest.fixture
def server(django_db_setup: None, live_server: Any) -> str:
    """The live server, asked for after the test database exists (as in tests/browser)."""
    return live_server.url


@pytest.fixture
def open_page(chromium: Any) -> Iterator[Callable[[], Any]]:
    contexts = []

    def make() -> Any:
        context = chromium.new_context(viewport={"width": 1100, "height": 900}, locale="en-US")
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda error: problems.append(f"uncaught: {error}"))
        page.on(
            "console",
            lambda msg: (
                problems.append(msg.text)
                if msg.type == "error" and "Refused to" in msg.text
                else None
            ),
        )
        page.problems = problems
        return page

    yield make
    for context in contexts:
        context.close()


def test_teacher_runs_a_live_quiz_while_two_students_answer(
    server: str, open_page: Callable[[], Any]
) -> None:
    owner = get_user_model().objects.create_user("teacher", "t@example.org", PASSWORD)
    quiz = Quiz.objects.create(owner=owner, title="Friday showdowns")
    Slot.objects.create(
        quiz=quiz, order=0, kind="fixed", drill="teenpatti-showdown", level="easy", seed=21
    )
    Slot.objects.create(
        quiz=quiz, order=1, kind="fixed", drill="holdem-showdown", level="easy", seed=22
    )

    teacher = open_page()
    teacher.goto(f"{server}/en/accounts/login/")
    teacher.fill("#id_username", "teacher")
    teacher.fill("#id_password", PASSWORD)
    teacher.click("form.account-form button[type=submit]")
    teacher.goto(f"{server}/en/quizzes/{quiz.pk}/run/")
    teacher.click("text=Start the session")
    code = teacher.locator(".join-code").inner_text().strip()
    session = Session.objects.get(code=code)
    assert teacher.url == f"{server}/en/quizzes/session/{code}/"
    assert teacher.locator("svg.qr").count() == 1

    # The console notices students joining without a reload.
    teacher.evaluate("window.__console = 1")
    students = {}
    for nickname in ("Asha", "Bohdan"):
        page = open_page()
        page.goto(f"{server}/en/join/{code}/")
        page.fill("#id_nickname", nickname)
        page.click("form.join-form button[type=submit]")
        page.get_by_text("You are in!").wait_for()
        page.evaluate("window.__student = 1")  # gone if the page reloads
        students[nickname] = page
    teacher.get_by_text("2 students have joined").wait_for(timeout=POLL_WAIT_MS)
    assert teacher.evaluate("window.__console") == 1

    # Question 1: the students' pages follow the teacher.
    teacher.click("text=Show the first question")
    q = services.question(session, 0)
    result = teenpatti.showdown(q.data.hand_a, q.data.hand_b).result
    wrong = "tie" if result != "tie" else "player_a"
    for nickname, choice in (("Asha", result), ("Bohdan", wrong)):
        page = students[nickname]
        page.get_by_text("Question 1 of 2").wait_for(timeout=POLL_WAIT_MS)
        # The question was swapped in by the poll, and focus moved to its heading.
        assert page.evaluate("window.__student") == 1
        assert page.evaluate("document.activeElement.id") == "q-title"
        page.check(f"form.answer-form input[name=result][value={choice}]")
        page.click("form.answer-form button[type=submit]")
        page.locator(".feedback__verdict").wait_for()
    assert students["Asha"].evaluate("document.activeElement.id") == "fb-title"
    assert "Correct!" in students["Asha"].locator(".feedback__verdict").inner_text()
    assert "Not quite." in students["Bohdan"].locator(".feedback__verdict").inner_text()
    teacher.evaluate("window.__console = 2")
    teacher.get_by_text("2 of 2 answered").wait_for(timeout=POLL_WAIT_MS)
    assert teacher.evaluate("window.__console") == 2  # the count came by polling
    teacher.click("text=Reveal the answer")
    assert teacher.locator(".reveal .explanation").count() == 1
    assert re.search(r"1 right", teacher.locator("#live").inner_text())

    # Question 2: only Asha answers; then the teacher finishes the quiz.
    teacher.click("text=Next question")
    q = services.question(session, 1)
    winners = holdem.showdown(q.data.board, q.data.hands).winners
    asha = students["Asha"]
    asha.get_by_text("Question 2 of 2").wait_for(timeout=POLL_WAIT_MS)
    for winner in winners:
        asha.check(f"form.answer-form input[name=winners][value='{winner}']")
    asha.click("form.answer-form button[type=submit]")
    asha.locator(".feedback__verdict").wait_for()
    teacher.get_by_text("1 of 2 answered").wait_for(timeout=POLL_WAIT_MS)
    teacher.click("text=Reveal the answer")
    teacher.click("text=Finish the quiz")
    for page in students.values():
        page.get_by_text("The quiz is over").wait_for(timeout=POLL_WAIT_MS)
        assert page.evaluate("window.__student") == 1  # followed the class without a reload
        assert page.locator(".poll").count() == 0  # and stopped polling
    assert teacher.locator("[hx-trigger]").count() == 0  # the console stopped polling

    teacher.click("#main >> text=Results")
    table = teacher.locator("table.student-summary").inner_text()
    assert table.index("Asha") < table.index("Bohdan")
    for page in (teacher, *students.values()):
        assert page.problems == [], page.problems


def test_homework_with_a_time_limit_and_retries_for_three_students(
    server: str, open_page: Callable[[], Any]
) -> None:
    """Homework, 60 s a question, two attempts: a wrong first answer hears only that it is
    not right and the second is explained; a student who left a question open past its
    time comes back to the next one; the keyboard alone answers (Tab, Space, Enter)."""
    from datetime import timedelta

    from django.utils import timezone

    from tutor.quizzes.models import Response

    owner = get_user_model().objects.create_user("teacher", "t@example.org", PASSWORD)
    quiz = Quiz.objects.create(owner=owner, title="Homework", time_limit=60, attempts=2)
    for order, seed in enumerate((21, 23, 25)):
        Slot.objects.create(
            quiz=quiz, order=order, kind="fixed", drill="teenpatti-showdown", seed=seed
        )
    session = services.start_session(quiz, "homework", closes=timezone.now() + timedelta(hours=1))
    results = [
        teenpatti.showdown(q.data.hand_a, q.data.hand_b).result
        for q in (services.question(session, i) for i in range(3))
    ]

    def wrong(i: int) -> str:
        return "tie" if results[i] != "tie" else "player_a"

    pages = {}
    for nickname, language in (("Asha", "en"), ("Kiran", "bn"), ("Aiko", "ja")):
        page = open_page()
        page.goto(f"{server}/{language}/join/{session.code}/")
        page.fill("#id_nickname", nickname)
        page.click("form.join-form button[type=submit]")
        page.locator("form.answer-form").wait_for()
        pages[nickname] = page

    # Asha: wrong, then right: the first gives nothing away.
    asha = pages["Asha"]
    asha.check(f"form.answer-form input[name=result][value={wrong(0)}]")
    asha.click("form.answer-form button[type=submit]")
    asha.get_by_text("Not right yet. Try again: 1 attempt left.").wait_for()
    assert asha.locator(".feedback").count() == 0
    asha.check(f"form.answer-form input[name=result][value={results[0]}]")
    asha.click("form.answer-form button[type=submit]")
    asha.locator(".feedback__verdict").wait_for()
    assert "Correct!" in asha.locator(".feedback__verdict").inner_text()
    asha.click("text=Next question")
    asha.get_by_text("Question 2 of 3").wait_for()

    # Kiran leaves question 1 open past its time and comes back to question 2.
    kiran = pages["Kiran"]
    Response.objects.filter(participant__nickname="Kiran", index=0).update(
        shown=timezone.now() - timedelta(seconds=90)
    )
    kiran.reload()
    assert kiran.locator("input[name=index]").get_attribute("value") == "1"

    # Aiko answers by keyboard alone: focus the first choice, Space, Enter.
    aiko = pages["Aiko"]
    aiko.locator("form.answer-form input[name=result]").first.focus()
    aiko.keyboard.press("Space")
    aiko.keyboard.press("Enter")
    aiko.locator(".feedback__verdict, .bad").first.wait_for()
    stored = Response.objects.get(participant__nickname="Aiko", index=0)
    assert stored.attempts == 1 and len(stored.history) == 1
    assert Response.objects.get(participant__nickname="Kiran", index=0).answered is None
    for page in pages.values():
        assert page.problems == [], page.problems
