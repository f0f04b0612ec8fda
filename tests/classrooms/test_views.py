"""The teacher's class pages: making, renaming and deleting a class, its roster, running a
quiz for it; only its teacher sees or changes it, and every POST needs the CSRF token."""

from __future__ import annotations

import pytest
from django.test import Client

from tutor.classrooms.models import Classroom, ClassSession
from tutor.core.names import look_key
from tutor.quizzes.models import Quiz, Session

from .conftest import run_for

pytestmark = pytest.mark.django_db


def test_the_quiz_list_links_to_the_classes(teacher: Client) -> None:
    assert 'href="/en/quizzes/classes/"' in teacher.get("/en/quizzes/").content.decode()


def test_a_teacher_makes_a_class_with_names(teacher: Client, owner) -> None:
    response = teacher.post(
        "/en/quizzes/classes/new/", {"name": " 7B  maths ", "names": "Asha\n\nChen\n"}
    )
    classroom = Classroom.objects.get(owner=owner)
    assert (
        response.status_code == 302
        and response["Location"] == f"/en/quizzes/classes/{classroom.pk}/"
    )
    assert classroom.name == "7B maths"
    assert [m.name for m in classroom.members.all()] == ["Asha", "Chen"]
    assert all(m.skeleton and m.capitals for m in classroom.members.all())
    listed = teacher.get("/en/quizzes/classes/").content.decode()
    assert "7B maths" in listed and classroom.code in listed


def test_a_bad_new_class_shows_its_errors(teacher: Client) -> None:
    response = teacher.post("/en/quizzes/classes/new/", {"name": "", "names": "Kiran\nkіran"})
    html = response.content.decode()
    assert response.status_code == 422
    assert "This field is required." in html and "looks like “Kiran” on line 1" in html
    assert not Classroom.objects.exists()


def test_the_class_page(teacher: Client, classroom: Classroom, quiz: Quiz) -> None:
    session = run_for(classroom, quiz)
    html = teacher.get(f"/en/quizzes/classes/{classroom.pk}/").content.decode()
    assert classroom.code in html and f"/en/join/{classroom.code}/" in html
    assert all(name in html for name in ("Asha", "Bálint", "Chen"))
    assert session.code in html  # the sessions run for it
    assert f"/en/quizzes/{quiz.pk}/run/?class={classroom.pk}" in html
    assert f"/en/quizzes/classes/{classroom.pk}/report/" in html


def test_names_are_added_all_or_none(teacher: Client, classroom: Classroom) -> None:
    url = f"/en/quizzes/classes/{classroom.pk}/names/"
    refused = teacher.post(url, {"names": "Dev\nASHA"})
    assert refused.status_code == 422
    assert "“ASHA” looks like “Asha”, already on the roster" in refused.content.decode()
    assert classroom.members.count() == 3
    assert teacher.post(url, {"names": "Dev\nEla"}).status_code == 302
    assert classroom.members.count() == 5


def test_a_name_is_renamed_or_removed(teacher: Client, classroom: Classroom) -> None:
    chen = classroom.members.get(name="Chen")
    url = f"/en/quizzes/classes/{classroom.pk}/names/{chen.pk}/"
    refused = teacher.post(url, {"action": "rename", "name": "asha"}, follow=True)
    assert "looks like “Asha”" in refused.content.decode()
    teacher.post(url, {"action": "rename", "name": "Chen W"})
    chen.refresh_from_db()
    assert chen.name == "Chen W" and chen.skeleton == look_key("chen w")
    teacher.post(url, {"action": "remove"})
    assert not classroom.members.filter(pk=chen.pk).exists()
    unknown = teacher.post(url.replace(str(chen.pk), str(classroom.members.first().pk)), {})
    assert unknown.status_code == 302 and classroom.members.count() == 2


def test_a_class_is_renamed(teacher: Client, classroom: Classroom) -> None:
    url = f"/en/quizzes/classes/{classroom.pk}/rename/"
    assert teacher.post(url, {"name": "\u202e8A"}).status_code == 422
    assert teacher.post(url, {"name": "8A"}).status_code == 302
    classroom.refresh_from_db()
    assert classroom.name == "8A"


def test_deleting_a_class_keeps_its_sessions(
    teacher: Client, classroom: Classroom, quiz: Quiz
) -> None:
    session = run_for(classroom, quiz)
    url = f"/en/quizzes/classes/{classroom.pk}/delete/"
    assert "The session run for it stays" in teacher.get(url).content.decode()
    assert teacher.post(url)["Location"] == "/en/quizzes/classes/"
    assert not Classroom.objects.exists() and not ClassSession.objects.exists()
    assert Session.objects.filter(pk=session.pk).exists()


def test_running_a_quiz_for_a_class(teacher: Client, classroom: Classroom, quiz: Quiz) -> None:
    form = teacher.get(f"/en/quizzes/{quiz.pk}/run/?class={classroom.pk}").content.decode()
    assert "For a class" in form and f'<option value="{classroom.pk}" selected>7B</option>' in form
    response = teacher.post(
        f"/en/quizzes/{quiz.pk}/run/", {"mode": "live", "zone": "UTC", "classroom": classroom.pk}
    )
    session = Session.objects.get()
    assert response["Location"] == f"/en/quizzes/session/{session.code}/"
    assert session.class_session.classroom == classroom


def test_running_a_quiz_without_a_class(teacher: Client, classroom: Classroom, quiz: Quiz) -> None:
    teacher.post(f"/en/quizzes/{quiz.pk}/run/", {"mode": "live", "zone": "UTC", "classroom": ""})
    assert Session.objects.count() == 1 and not ClassSession.objects.exists()


def test_a_teacher_without_classes_is_not_asked(teacher: Client, quiz: Quiz) -> None:
    form = teacher.get(f"/en/quizzes/{quiz.pk}/run/").content.decode()
    assert "For a class" not in form
    teacher.post(f"/en/quizzes/{quiz.pk}/run/", {"mode": "live", "zone": "UTC", "classroom": "1"})
    assert Session.objects.count() == 1 and not ClassSession.objects.exists()


def test_another_teachers_class_cannot_be_chosen(
    stranger: Client, classroom: Classroom, django_user_model
) -> None:
    other = django_user_model.objects.get(username="other")
    theirs = Quiz.objects.create(owner=other, title="Theirs")
    theirs.slots.create(kind="fixed", drill="teenpatti-showdown", level="easy", seed=1)
    Classroom.objects.create(owner=other, name="Mine")
    response = stranger.post(
        f"/en/quizzes/{theirs.pk}/run/", {"mode": "live", "zone": "UTC", "classroom": classroom.pk}
    )
    assert response.status_code == 200 and "Select a valid choice" in response.content.decode()
    assert not Session.objects.exists()


CLASS_PAGES = [
    ("get", "/en/quizzes/classes/{pk}/"),
    ("get", "/en/quizzes/classes/{pk}/report/"),
    ("get", "/en/quizzes/classes/{pk}/report/students.csv"),
    ("get", "/en/quizzes/classes/{pk}/delete/"),
    ("post", "/en/quizzes/classes/{pk}/delete/"),
    ("post", "/en/quizzes/classes/{pk}/rename/"),
    ("post", "/en/quizzes/classes/{pk}/names/"),
    ("post", "/en/quizzes/classes/{pk}/names/{member}/"),
]


@pytest.mark.parametrize(("method", "address"), CLASS_PAGES)
def test_another_teacher_gets_a_404(
    stranger: Client, classroom: Classroom, method: str, address: str
) -> None:
    url = address.format(pk=classroom.pk, member=classroom.members.first().pk)
    data = {"name": "Mine", "names": "Mallory", "action": "remove"}
    response = getattr(stranger, method)(url, data if method == "post" else None)
    assert response.status_code == 404
    classroom.refresh_from_db()
    assert classroom.name == "7B" and classroom.members.count() == 3


@pytest.mark.parametrize(("method", "address"), CLASS_PAGES)
def test_a_visitor_is_sent_to_log_in(classroom: Classroom, method: str, address: str) -> None:
    url = address.format(pk=classroom.pk, member=classroom.members.first().pk)
    response = getattr(Client(), method)(url)
    assert response.status_code == 302 and response["Location"].startswith("/en/accounts/login/")


def test_every_post_needs_the_csrf_token(owner, classroom: Classroom) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    member = classroom.members.first()
    for url in (
        "/en/quizzes/classes/new/",
        f"/en/quizzes/classes/{classroom.pk}/rename/",
        f"/en/quizzes/classes/{classroom.pk}/names/",
        f"/en/quizzes/classes/{classroom.pk}/names/{member.pk}/",
        f"/en/quizzes/classes/{classroom.pk}/delete/",
        "/en/join/class/ACDEFG/",
    ):
        assert client.post(url, {"name": "X", "names": "Y", "action": "remove"}).status_code == 403
    assert Classroom.objects.count() == 1 and classroom.members.count() == 3
    page = client.get(f"/en/quizzes/classes/{classroom.pk}/").content.decode()
    assert page.count("csrfmiddlewaretoken") == page.count('method="post"')
