"""axe-core audits in a real browser of what the page sweep does not reach: a student's
homework question, its verdict and the teacher's console on it, and the teacher's bank,
quiz page, worksheet, class report, import, a shared quiz and a class's name picker, with
no violation at all (the teacher's pages as the sweep audits: the rules that read the
words in each language, the others in one language a page). Every page type of
``pages.py`` (each state of it: every drill's question and its feedback, the answer key,
the delete pages, the account's data ...) is audited in the five languages, with no
violation at all either, by the page sweep (``test_layout_shots.py``), which walks each
state once for its layout checks and its audit; the rules and the audit are in
``axe.py``.

A failure names each rule broken, its impact and the elements that break it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import Browser, Page

from tutor.quizzes import services
from tutor.quizzes.models import Quiz, Slot

from .axe import COLOUR_RULES, SERIOUS, WORD_RULES, violations

pytestmark = pytest.mark.browser

LANGUAGES = [code for code, _ in settings.LANGUAGES]


def test_a_students_quiz_and_the_teachers_console_have_no_axe_violations(
    new_tab: Callable[..., Page], site: Callable[[str], str]
) -> None:
    owner = get_user_model().objects.create_user("axe-teacher", "a@example.org", "pw-12345678")
    quiz = Quiz.objects.create(owner=owner, title="Axe", attempts=2, time_limit=600)
    Slot.objects.create(quiz=quiz, order=0, kind="fixed", drill="legal-actions", seed=3)
    session = services.start_session(quiz, "homework", closes=timezone.now() + timedelta(hours=1))
    student = new_tab(width=360, height=740)
    student.goto(site(f"/hi/join/{session.code}/"))
    assert violations(student) == []
    student.fill("input[name=nickname]", "Asha")
    with student.expect_navigation():
        student.click("main button[type=submit]")
    assert violations(student) == []  # the question, with its countdown
    student.locator("input[name=act]").first.check()
    student.click(".answer-form button[type=submit]")
    student.wait_for_load_state()
    assert violations(student) == []  # the verdict, or the chance to try again
    teacher = new_tab()
    teacher.context.add_cookies(_login(owner, site("/")))
    for path in (
        f"/ja/quizzes/session/{session.code}/",
        f"/cs/quizzes/session/{session.code}/results/",
    ):
        teacher.goto(site(path))
        assert violations(teacher) == [], path


def _login(user: object, url: str) -> list[dict[str, str]]:
    """The session cookie of ``user`` logged in, for the browser."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    return [{"name": cookie.key, "value": cookie.value, "url": url}]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_teachers_bank_classes_printables_and_sharing_have_no_axe_violations(
    new_tab: Callable[..., Page], site: Callable[[str], str], language: str
) -> None:
    """The teacher pages of the classroom features the sweep does not reach, in each
    language: the question bank with a question in it (its list, the question's form, the
    new question's form with an error shown), the quiz page with the bank and the
    downloads, the worksheet, a class's report and its name picker, the GIFT import and a
    shared quiz seen by a colleague."""
    from decimal import Decimal

    from tutor.classrooms.class_sessions import attach
    from tutor.classrooms.models import Classroom, Member
    from tutor.drills.own_question import Question, Text
    from tutor.quizzes.interchange import share
    from tutor.quizzes.models import OwnQuestion

    owner = get_user_model().objects.create_user(f"axe-{language}", "a@example.org", "pw-1234567")
    colleague = get_user_model().objects.create_user(f"axe2-{language}", "b@example.org", "pw-1234")
    record = Question(
        "number", (Text("en", "Cards in a deck?", (), "Fifty-two."),), number=Decimal(52)
    )
    own = OwnQuestion.objects.create(owner=owner, kind="number", data=record.to_dict())
    quiz = Quiz.objects.create(owner=owner, title="Axe")
    Slot.objects.create(quiz=quiz, order=0, kind="fixed", drill="side-pots", seed=5)
    Slot.objects.create(quiz=quiz, order=1, kind="fixed", drill="own-question", own=own)
    share.turn_on(quiz)
    classroom = Classroom.objects.create(owner=owner, name="7.B")
    for name in ("Asha", "Bára", "কিরণ"):
        Member.objects.create(classroom=classroom, name=name)
    session = services.start_session(quiz, "homework", closes=timezone.now() + timedelta(hours=1))
    attach(session, classroom.pk, owner)
    teacher = new_tab(width=360, height=740)
    teacher.context.add_cookies(_login(owner, site("/")))
    # The answer key, the classes and a class, the delete pages, the account's data and
    # the privacy page are page types of the sweep, audited there in every language.
    pages = (
        "/quizzes/bank/",
        f"/quizzes/bank/{own.pk}/",
        f"/quizzes/{quiz.pk}/",
        f"/quizzes/session/{session.code}/worksheet/",
        f"/quizzes/classes/{classroom.pk}/report/",
        "/quizzes/bank/import/",
    )
    # As in the page sweep: the rules that read the words in every language; the rules of
    # the markup's structure and the colours, alike in every language, in one language a
    # page, the five in turn down the list.
    audits = itertools.count()

    def audit(page: Page) -> list[str]:
        turn = LANGUAGES[next(audits) % len(LANGUAGES)]
        return violations(page, rules=None if turn == language else WORD_RULES)

    for path in pages:
        teacher.goto(site(f"/{language}{path}"))
        assert audit(teacher) == [], path
    teacher.goto(site(f"/{language}/quizzes/bank/new/"))
    teacher.locator("form.own-form button[type=submit]").click()
    teacher.wait_for_load_state()
    assert teacher.locator(".errorlist, .error").count() > 0
    assert audit(teacher) == [], "the bank form with its errors"
    other = new_tab(width=1280, height=800)
    other.context.add_cookies(_login(colleague, site("/")))
    other.goto(site(f"/{language}/quizzes/shared/{quiz.share_token}/"))
    assert audit(other) == [], "a shared quiz"
    student = new_tab(width=360, height=740)
    student.goto(site(f"/{language}/join/{classroom.code}/"))
    with student.expect_navigation():
        student.click("form.join-form button[type=submit]")  # the class's code, posted
    assert audit(student) == [], "the name picker"
    student.get_by_label("Asha").check()
    with student.expect_navigation():
        student.click("form.pick-form button[type=submit]")
    assert audit(student) == [], "the name's confirmation"


def test_the_audit_finds_what_a_screen_reader_user_would_miss(chromium: Browser) -> None:
    """The audit itself, on a page broken on purpose: an image without a text equivalent,
    a button without a name, a form field without a label, pale text and a link told
    apart by colour alone are each reported; only the serious and critical ones when asked
    for those, and all but the colours' when the colour rules are left out."""
    context = chromium.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.set_content(
        '<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>'
        '<h1>Broken</h1><img src="data:,"><button></button><input type="text">'
        '<p style="color:#bbb">Pale words</p><p style="color:#000">Read <a href="#x"'
        ' style="color:#222;text-decoration:none">this link</a> in a sentence.</p>'
        "</main></body></html>"
    )
    found = violations(page)
    serious = violations(page, SERIOUS)
    colourless = violations(page, colours=False)
    words = violations(page, rules=WORD_RULES)
    context.close()
    rules = {line.split(" ")[0] for line in found}
    assert {"image-alt", "button-name", "label"} <= rules, found
    assert serious and all("(critical)" in line or "(serious)" in line for line in serious)
    # Pale grey on white, and a link told from its sentence by colour alone: found by the
    # colour rules, and only by them (the page sweep runs those in one language a page).
    assert {"color-contrast", "link-in-text-block"} <= rules, found
    assert {line.split(" ")[0] for line in colourless} == rules - set(COLOUR_RULES)
    # The rules of the words (run in every language by the sweep) find the nameless
    # image, button and field, and nothing of the colours.
    assert {line.split(" ")[0] for line in words} == {"image-alt", "button-name", "label"}
