"""A teacher deletes one session, with its students and answers, after a confirm page that
counts them; only the session's owner can, and only by POST."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.privacy.school import FULL, fill, rows
from tutor.classrooms.models import ClassSession, NameClaim
from tutor.quizzes.models import Participant, Response, Session

pytestmark = pytest.mark.django_db


def test_the_confirm_page_counts_what_goes(client: Client) -> None:
    school = fill("teacher")
    client.force_login(school.user)
    page = client.get(f"/en/quizzes/session/{school.session.code}/delete/")
    text = page.content.decode()
    assert page.status_code == 200
    assert "<li>3 students</li>" in text and "<li>6 answers</li>" in text
    assert 'method="post"' in text and "csrfmiddlewaretoken" in text
    assert Session.objects.filter(pk=school.session.pk).exists()  # a GET deletes nothing


def test_the_confirm_page_counts_in_the_page_language(client: Client) -> None:
    school = fill("teacher")
    client.force_login(school.user)
    text = client.get(f"/cs/quizzes/session/{school.session.code}/delete/").content.decode()
    assert "<li>3\xa0studenti</li>" in text and "<li>6\xa0odpovědí</li>" in text  # Czech typography


def test_deleting_a_session_takes_its_students_answers_and_claims(client: Client) -> None:
    school, other = fill("teacher"), fill("other")
    client.force_login(school.user)
    response = client.post(f"/en/quizzes/session/{school.session.code}/delete/")
    assert response.status_code == 302
    assert not Session.objects.filter(pk=school.session.pk).exists()
    assert not Participant.objects.filter(session_id=school.session.pk).exists()
    assert not Response.objects.filter(participant__session_id=school.session.pk).exists()
    assert not ClassSession.objects.filter(session_id=school.session.pk).exists()
    assert not NameClaim.objects.filter(session_id=school.session.pk).exists()
    left = rows(school.user)
    assert left["sessions"] == 1 and left["members"] == 3 and left["quizzes"] == 1
    assert rows(other.user) == FULL


def test_another_teacher_cannot_delete_a_session(client: Client) -> None:
    school, other = fill("teacher"), fill("other")
    client.force_login(other.user)
    url = f"/en/quizzes/session/{school.session.code}/delete/"
    assert client.get(url).status_code == 404
    assert client.post(url).status_code == 404
    assert rows(school.user) == FULL


def test_an_anonymous_visitor_is_sent_to_log_in(client: Client) -> None:
    school = fill("teacher")
    response = client.post(f"/en/quizzes/session/{school.session.code}/delete/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert rows(school.user) == FULL
