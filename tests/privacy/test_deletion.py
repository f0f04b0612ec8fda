"""A teacher deletes their whole account (with their password), a learner their progress:
every row of theirs goes, nobody else's changes."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.learning.models import Attempt, ConceptProgress, Learner
from tutor.lessons.models import Sitting

from .school import FULL, PASSWORD, School, rows

pytestmark = pytest.mark.django_db


def test_the_confirm_page_counts_everything_in_the_account(teacher: Client) -> None:
    page = teacher.get("/en/accounts/delete/")
    text = page.content.decode()
    for line in ("1 quiz", "1 question in the question bank", "1 class", "3 names",
                 "2 sessions", "4 students", "8 answers", "learning progress on 1 concept"):  # fmt: skip
        assert f"<li>{line}</li>" in text
    assert 'type="password"' in text and "csrfmiddlewaretoken" in text


def test_deleting_the_account_deletes_every_row_of_it(
    teacher: Client, school: School, other: School
) -> None:
    response = teacher.post("/en/accounts/delete/", {"password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/en/"
    assert not get_user_model().objects.filter(pk=school.user.pk).exists()
    assert set(rows(school.user).values()) == {0}
    assert not Learner.objects.filter(pk=school.learner.pk).exists()
    assert rows(other.user) == FULL
    assert "_auth_user_id" not in teacher.session  # logged out


def test_a_wrong_password_deletes_nothing(teacher: Client, school: School) -> None:
    response = teacher.post("/en/accounts/delete/", {"password": "not it"})
    assert response.status_code == 422
    assert "That is not your password." in response.content.decode()
    assert rows(school.user) == FULL


def test_deleting_needs_a_post(teacher: Client, school: School) -> None:
    assert teacher.get("/en/accounts/delete/").status_code == 200
    assert teacher.put("/en/accounts/delete/").status_code == 405
    assert rows(school.user) == FULL


def test_a_learner_deletes_their_progress_only(
    teacher: Client, school: School, other: School
) -> None:
    text = teacher.get("/en/accounts/data/progress/delete/").content.decode()
    assert "<li>1 lesson sitting</li>" in text
    assert teacher.post("/en/accounts/data/progress/delete/").status_code == 302
    assert not ConceptProgress.objects.filter(learner__user=school.user).exists()
    assert not Attempt.objects.filter(learner__user=school.user).exists()
    assert not Sitting.objects.filter(learner__user=school.user).exists()
    kept = rows(school.user)
    assert kept["quizzes"] == 1 and kept["answers"] == 8 and kept["members"] == 3
    assert rows(other.user) == FULL


def test_an_account_without_a_password_is_deleted_by_typing_its_username(
    teacher: Client, school: School, other: School
) -> None:
    """A teacher who signs in only through Moodle or Canvas (LTI) has no password to type:
    the page asks for the account's username instead, and a wrong one deletes nothing."""
    school.user.set_unusable_password()
    school.user.save()
    teacher.force_login(school.user)  # a new password hash ends the old log-in
    page = teacher.get("/cs/accounts/delete/").content.decode()
    assert 'type="password"' not in page and 'name="confirm"' in page
    wrong = teacher.post("/cs/accounts/delete/", {"confirm": "someone else"})
    assert wrong.status_code == 422 and rows(school.user) == FULL
    assert "To není uživatelské jméno tohoto účtu." in wrong.content.decode()
    assert teacher.post("/cs/accounts/delete/", {"password": ""}).status_code == 422
    typed = f"  {school.user.get_username().upper()} "  # spaces and case forgiven
    response = teacher.post("/cs/accounts/delete/", {"confirm": typed})
    assert response.status_code == 302
    assert set(rows(school.user).values()) == {0} and rows(other.user) == FULL
