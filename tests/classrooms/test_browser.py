"""A class in a real headless Chromium: the teacher makes a class with two names and runs a
live quiz for it; two students type the class's code in the join box and pick their names;
the console sees both, and a name already picked cannot be picked again.

Chromium and the launch options are the browser suite's (``tests/browser/plugin.py``:
``TUTOR_CHROMIUM`` names the executable; without it the test is skipped).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.browser.plugin import TIMEOUT_MS
from tutor.classrooms.models import Classroom, NameClaim
from tutor.quizzes.models import Quiz, Session, Slot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-password-123"
POLL_WAIT_MS = 12_000  # the console polls every 2 s; generous for a loaded machine


@pytest.fixture
def server(django_db_setup: None, live_server: Any) -> str:
    return live_server.url


@pytest.fixture
def open_page(chromium: Any) -> Iterator[Callable[[int], Any]]:
    contexts = []

    def make(width: int = 1100) -> Any:
        context = chromium.new_context(viewport={"width": width, "height": 900}, locale="en-US")
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def test_a_teacher_makes_a_class_and_two_students_join_by_name(
    server: str, open_page: Callable[..., Any]
) -> None:
    owner = get_user_model().objects.create_user("teacher", "t@example.org", PASSWORD)
    quiz = Quiz.objects.create(owner=owner, title="Friday showdowns")
    Slot.objects.create(
        quiz=quiz, order=0, kind="fixed", drill="teenpatti-showdown", level="easy", seed=21
    )

    teacher = open_page()
    teacher.goto(f"{server}/en/accounts/login/")
    teacher.fill("#id_username", "teacher")
    teacher.fill("#id_password", PASSWORD)
    teacher.click("form.account-form button[type=submit]")
    teacher.goto(f"{server}/en/quizzes/")
    teacher.click("text=Your classes")
    teacher.fill("#id_name", "7B")
    teacher.fill("#id_names", "Asha\nBohdan\n")
    teacher.click("text=Create the class")
    classroom = Classroom.objects.get()
    assert teacher.locator(".join-code").inner_text().strip() == classroom.code
    teacher.click("text=Friday showdowns")  # run it for this class: the class is chosen
    assert teacher.locator("#id_classroom").input_value() == str(classroom.pk)
    teacher.click("text=Start the session")
    session = Session.objects.get()
    assert session.class_session.classroom == classroom

    students = []
    for name in ("Asha", "Bohdan"):
        page = open_page(360)
        page.goto(f"{server}/en/join/")
        page.fill("#id_code", classroom.code.lower())
        page.click("form.join-form button[type=submit]")
        page.get_by_label(name).check()
        page.click("form.pick-form button[type=submit]")
        page.click("form.confirm-form button[type=submit]")  # "Yes, I am ..."
        page.get_by_text("You are in!").wait_for()
        students.append(page)
    teacher.get_by_text("2 students have joined").wait_for(timeout=POLL_WAIT_MS)
    assert {s.member.name for s in NameClaim.objects.filter(session=session)} == {"Asha", "Bohdan"}

    # A third device finds both names taken; the first student's device goes back in.
    late = open_page(360)
    for device in (late, students[0]):  # each types the class's code in the join box
        device.goto(f"{server}/en/join/{classroom.code}/")
        device.click("form.join-form button[type=submit]")
    assert late.get_by_label("Asha").is_disabled() and late.get_by_label("Bohdan").is_disabled()
    assert students[0].url == f"{server}/en/play/{session.code}/"
