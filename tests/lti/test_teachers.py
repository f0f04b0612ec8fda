"""Each LMS instructor is a tutor account of their own: teachers of one platform see only
their own quizzes, and a session's console opens to its owner and the instructors of the
course its link was set up in, nobody else."""

from __future__ import annotations

import re
from html import unescape

from django.contrib.auth import get_user_model
from django.test import Client

from tutor.lti import teachers
from tutor.lti.launches import Person
from tutor.lti.models import LmsTeacher, ResourceLink
from tutor.quizzes.models import Quiz, Slot, UsernameLook

from .conftest import Launch
from .platform import CLAIM, INSTRUCTOR


def _quiz(owner: object, title: str) -> Quiz:
    quiz = Quiz.objects.create(owner=owner, title=title)
    Slot.objects.create(
        quiz=quiz, kind="fixed", drill="teenpatti-showdown", level="easy", seed=1, points=1
    )
    return quiz


def _picked(launch: Launch, sub: str) -> list[str]:
    page = launch(deep_link=True, sub=sub, locale="en").content.decode()
    return re.findall(r"<bdi>([^<]+)</bdi> \(", page)


def test_each_instructor_picks_from_their_own_quizzes(launch: Launch, quiz: Quiz) -> None:
    assert _picked(launch, "teacher-2") == []  # B's first launch: an account, no quiz yet
    b = LmsTeacher.objects.get(sub="teacher-2").user
    _quiz(b, "Side pots")
    assert _picked(launch, "teacher-2") == ["Side pots"]
    assert _picked(launch, "teacher-1") == ["Showdowns"]  # A's own, not B's
    assert LmsTeacher.objects.get(sub="teacher-2").user == b  # relaunch: the same account


def test_first_launch_makes_an_account_from_the_claims(launch: Launch, quiz: Quiz) -> None:
    launch(deep_link=True, sub="teacher-2")
    user = LmsTeacher.objects.get(sub="teacher-2").user
    assert user.username == "anika.roy"  # Moodle's username
    assert (user.first_name, user.last_name, user.email) == ("Anika", "Roy", "anika@school.example")
    assert not user.has_usable_password()
    assert UsernameLook.objects.filter(user=user).exists()
    launch(deep_link=True, sub="teacher-3")  # the same names: another account, name unlike
    other = LmsTeacher.objects.get(sub="teacher-3").user
    assert other != user and other.username == "anika"


def test_a_username_never_looks_like_another_accounts(db: None) -> None:
    get_user_model().objects.create_user("x", "", "pw")
    person = Person("s", "\u202eevil", "", "", "", "x")  # taken, then unsafe: the fallback
    assert teachers.free_username(person) == "lms-teacher"
    get_user_model().objects.create_user("lms-teacher", "", "pw")
    assert teachers.free_username(person) == "x-2"


def _set_up_by_a(launch: Launch, quiz: Quiz) -> str:
    response = launch([INSTRUCTOR], sub="teacher-1", **{CLAIM + "custom": {"quiz": str(quiz.pk)}})
    code = ResourceLink.objects.get().session.code
    assert response["Location"] == f"/cs/quizzes/session/{code}/"
    return code


def test_a_co_teacher_of_the_course_opens_the_console(
    launch: Launch, client: Client, quiz: Quiz
) -> None:
    code = _set_up_by_a(launch, quiz)
    client.logout()
    landed = launch([INSTRUCTOR], sub="teacher-2", **{CLAIM + "custom": {"quiz": str(quiz.pk)}})
    assert landed["Location"] == f"/cs/quizzes/session/{code}/"
    assert client.get(landed["Location"]).status_code == 200
    b = LmsTeacher.objects.get(sub="teacher-2").user
    assert b != quiz.owner and ResourceLink.objects.get().session.quiz.owner == quiz.owner


def test_an_instructor_of_another_course_cannot_reach_the_console(
    launch: Launch, client: Client, quiz: Quiz
) -> None:
    code = _set_up_by_a(launch, quiz)
    client.logout()
    other_course = {CLAIM + "context": {"id": "course-10"}, CLAIM + "custom": {}}
    refused = launch([INSTRUCTOR], sub="teacher-2", **other_course)
    assert refused.status_code == 403
    b = LmsTeacher.objects.get(sub="teacher-2").user
    client.force_login(b)
    assert client.get(f"/en/quizzes/session/{code}/").status_code == 404
    assert client.get(f"/en/quizzes/session/{code}/lms-grades/").status_code == 404


def test_a_teacher_without_quizzes_is_signed_in_to_build_one(
    launch: Launch, client: Client, quiz: Quiz
) -> None:
    page = launch(deep_link=True, sub="teacher-2").content.decode()
    entry = re.search(r'href="(/lti/enter/[^"]+)"', page)
    assert entry is not None and "Showdowns" not in page
    client.logout()
    landed = client.get(unescape(entry.group(1)))
    assert landed["Location"] == "/ja/quizzes/"
    b = LmsTeacher.objects.get(sub="teacher-2").user
    assert client.get("/ja/quizzes/").context["user"] == b
