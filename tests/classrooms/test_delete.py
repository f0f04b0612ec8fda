"""Deleting a class: its roster always; with "sessions" ticked, also the sessions run for
it, with their students (the roster's real names) and answers. Only the owner can."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.privacy.school import FULL, fill, rows
from tutor.classrooms.models import Classroom, Member
from tutor.quizzes.models import Participant, Session

pytestmark = pytest.mark.django_db


def test_the_confirm_page_counts_the_names_and_offers_the_sessions(client: Client) -> None:
    school = fill("teacher")
    client.force_login(school.user)
    text = client.get(f"/en/quizzes/classes/{school.classroom.pk}/delete/").content.decode()
    assert "<li>3 names</li>" in text
    assert 'type="checkbox" name="sessions" value="yes"' in text
    assert "1 session, 3 students, and 6 answers" in text


def test_deleting_a_class_with_its_sessions(client: Client) -> None:
    school, other = fill("teacher"), fill("other")
    client.force_login(school.user)
    url = f"/en/quizzes/classes/{school.classroom.pk}/delete/"
    assert client.post(url, {"sessions": "yes"})["Location"] == "/en/quizzes/classes/"
    assert not Classroom.objects.filter(owner=school.user).exists()
    assert not Member.objects.filter(classroom_id=school.classroom.pk).exists()
    assert not Session.objects.filter(pk=school.session.pk).exists()
    assert not Participant.objects.filter(nickname="Asha", session__quiz__owner=school.user)
    assert Session.objects.filter(pk=school.homework.pk).exists()  # not the class's
    assert rows(other.user) == FULL


def test_deleting_a_class_alone_keeps_its_sessions(client: Client) -> None:
    school = fill("teacher")
    client.force_login(school.user)
    client.post(f"/en/quizzes/classes/{school.classroom.pk}/delete/")
    assert Session.objects.filter(pk=school.session.pk).exists()
    assert rows(school.user)["classes"] == 0


def test_another_teacher_cannot_delete_a_class(client: Client) -> None:
    school, other = fill("teacher"), fill("other")
    client.force_login(other.user)
    url = f"/en/quizzes/classes/{school.classroom.pk}/delete/"
    assert client.post(url, {"sessions": "yes"}).status_code == 404
    assert rows(school.user) == FULL
