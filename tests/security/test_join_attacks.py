"""The join's attacks from a penetration test (issue 25, items 1 and 2), each run for real:
throwaway devices from one address must never lock out a student with the right code; a GET
of a join address answers the same for any code; a class's roster shows only to a browser
that posted its code; a name another student holds cannot be taken."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from tutor.classrooms.models import Classroom, ClassSession, Member
from tutor.quizzes import joins, services
from tutor.quizzes.models import Quiz, Session, Slot

pytestmark = pytest.mark.django_db
SCHOOL = "203.0.113.9"  # one address for a whole school (NAT)


@pytest.fixture(autouse=True)
def no_limits_left_over() -> Any:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def quiz() -> Quiz:
    owner = get_user_model().objects.create_user("teacher", "t@example.org", "pw-123-long")
    quiz = Quiz.objects.create(owner=owner, title="Showdowns")
    Slot.objects.create(
        quiz=quiz, order=0, kind="fixed", drill="teenpatti-showdown", level="easy", seed=11
    )
    return quiz


@pytest.fixture
def classroom(quiz: Quiz) -> Classroom:
    classroom = Classroom.objects.create(owner=quiz.owner, name="7B")
    for name in ("Asha", "Bálint", "Chen"):
        Member.objects.create(classroom=classroom, name=name)
    return classroom


@pytest.fixture
def class_quiz(quiz: Quiz, classroom: Classroom) -> Session:
    session = services.start_session(quiz, "live")
    ClassSession.objects.create(classroom=classroom, session=session)
    return session


def device() -> Client:
    """A browser behind the school's address, with the device cookie the join form sets."""
    browser = Client(REMOTE_ADDR=SCHOOL)
    browser.get("/en/join/")
    return browser


def guess(browser: Client, code: str = "ACDEFG") -> int:
    return browser.post("/en/join/", {"code": code, "nickname": "G"}).status_code


def test_throwaway_devices_never_lock_out_a_student_with_the_right_code(quiz: Quiz) -> None:
    earlier = services.start_session(quiz, "live")
    returning = device()
    assert (
        returning.post("/en/join/", {"code": earlier.code, "nickname": "Omar"}).status_code == 302
    )
    session = services.start_session(quiz, "live")
    for _ in range(15):  # 15 throwaway devices, each to its own limit: 300 wrong codes
        guesser = device()
        statuses = [guess(guesser) for _ in range(joins.JOIN_ATTEMPTS + 1)]
        assert statuses[-1] == 429  # each guesser meets its own limit
    fresh = device()
    assert fresh.post("/en/join/", {"code": session.code, "nickname": "Mina"}).status_code == 302
    back = returning.post("/en/join/", {"code": session.code, "nickname": "Omar"})
    assert back.status_code == 302
    assert {p.nickname for p in session.participants.all()} == {"Mina", "Omar"}


def test_new_devices_are_limited_per_address_and_joined_ones_are_not(
    quiz: Quiz, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(joins, "NEW_DEVICES_PER_ADDRESS", 3)
    returning = device()
    session = services.start_session(quiz, "live")
    assert (
        returning.post("/en/join/", {"code": session.code, "nickname": "Omar"}).status_code == 302
    )
    for _ in range(2):  # two more new devices post a code: the address's three
        assert guess(device()) == 422
    device()  # opening the form costs nothing ...
    late = Client(REMOTE_ADDR=SCHOOL)  # ... posting a code from a fourth new device does
    refused = late.post("/en/join/", {"code": session.code, "nickname": "Late"})
    assert refused.status_code == 429
    assert "Too many new devices" in refused.content.decode()
    again = services.start_session(quiz, "live")  # the joined device is never refused
    assert returning.post("/en/join/", {"code": again.code, "nickname": "Omar"}).status_code == 302
    elsewhere = Client(REMOTE_ADDR="198.51.100.4")  # another address mints its own
    assert elsewhere.post("/en/join/", {"code": session.code, "nickname": "Eva"}).status_code == 302


def _form_only(page: str, code: str) -> str:
    """The join page without what differs per request (the CSRF token, the form's key) and
    with the code of its address (in the form and the language links) as ``CODE``."""
    page = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", page)
    page = re.sub(r'"X-CSRFToken": "[^"]*"', "", page)
    page = re.sub(r'name="attempt" value="[^"]*"', "", page)
    return page.replace(code, "CODE")


def test_a_get_of_a_join_address_answers_the_same_for_any_code(
    class_quiz: Session, classroom: Classroom, quiz: Quiz
) -> None:
    ordinary = services.start_session(quiz, "live")
    codes = [classroom.code, class_quiz.code, ordinary.code, "ACDEFG", "ACDEFGHJKM"]
    answers = [Client().get(f"/en/join/{code}/") for code in codes]
    assert [a.status_code for a in answers] == [200] * len(codes)
    pages = {_form_only(a.content.decode(), code) for a, code in zip(answers, codes, strict=True)}
    assert len(pages) == 1
    pickers = [Client().get(f"/en/join/class/{code}/") for code in codes]
    led = {
        (p.status_code, p["Location"].replace(c, "CODE"))
        for p, c in zip(pickers, codes, strict=True)
    }
    assert led == {(302, "/en/join/CODE/")}


def test_the_roster_shows_only_after_the_class_code_is_posted(
    class_quiz: Session, classroom: Classroom
) -> None:
    stranger = Client()
    for code in (class_quiz.code, classroom.code):
        for method in ("get", "post"):
            page = getattr(stranger, method)(f"/en/join/class/{code}/", {"member": "1"})
            assert "Asha" not in page.content.decode() and page.status_code == 302
    asha = Member.objects.get(name="Asha")
    stranger.post(f"/en/join/class/{class_quiz.code}/", {"member": asha.pk, "confirm": "yes"})
    assert not class_quiz.participants.exists()
    student = Client()
    led = student.post("/en/join/", {"code": classroom.code, "nickname": ""})
    assert led.status_code == 302
    roster = student.get(f"/en/join/class/{class_quiz.code}/")
    assert roster.status_code == 200 and "Asha" in roster.content.decode()


def _pick(client: Client, session: Session, name: str, confirm: bool = True) -> Any:
    member = Member.objects.get(name=name)
    data = {"member": str(member.pk), **({"confirm": "yes"} if confirm else {})}
    return client.post(f"/en/join/class/{session.code}/", data)


def test_a_claimed_name_cannot_be_taken_and_a_free_one_asks_to_confirm(
    class_quiz: Session,
) -> None:
    asha, impostor = Client(), Client()
    for browser in (asha, impostor):
        assert browser.post("/en/join/", {"code": class_quiz.code}).status_code == 302
    asks = _pick(asha, class_quiz, "Asha", confirm=False)
    assert asks.status_code == 200 and "Is this you?" in asks.content.decode()
    assert not class_quiz.participants.exists()
    assert _pick(asha, class_quiz, "Asha").status_code == 302
    for confirm in (False, True):
        refused = _pick(impostor, class_quiz, "Asha", confirm=confirm)
        assert refused.status_code == 422 and "already picked Asha" in refused.content.decode()
    assert [p.nickname for p in class_quiz.participants.all()] == ["Asha"]
