"""The gradebook CSV an LMS imports: Moodle's and Google Classroom's layouts."""

from __future__ import annotations

import csv
import io

from django.test import Client

from tutor.quizzes import gradebook
from tutor.quizzes.models import Participant, Session


def _rows(response: object) -> list[list[str]]:
    text = response.content.decode("utf-8")  # type: ignore[attr-defined]
    assert not text.startswith("\ufeff")  # Moodle would keep a mark in the first header
    return list(csv.reader(io.StringIO(text)))


def test_moodle_layout_names_students_then_one_grade_column(
    client: Client, answered: dict[str, Participant], homework: Session
) -> None:
    client.force_login(homework.quiz.owner)
    response = client.get(f"/en/quizzes/session/{homework.code}/gradebook-moodle.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "gradebook-moodle.csv" in response["Content-Disposition"]
    header, *rows = _rows(response)
    assert header == ["Email address", "Username", "First name", "Last name", homework.title]
    assert rows[0] == ["", "Asha", "Asha", "", "5"]  # a nickname: matched by hand
    assert ["", "'=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0", "", "2"] in rows  # no formula
    assert len(rows) == 4


def test_classroom_layout(
    client: Client, answered: dict[str, Participant], homework: Session
) -> None:
    client.force_login(homework.quiz.owner)
    response = client.get(f"/en/quizzes/session/{homework.code}/gradebook-classroom.csv")
    header, first, *_rest = _rows(response)
    assert header == ["Email Address", "First Name", "Last Name", homework.title]
    assert first == ["", "Asha", "", "5"]


def test_the_speed_bonus_stays_out_of_the_grade(
    client: Client, answered: dict[str, Participant], homework: Session
) -> None:
    """A gradebook's grade is the points for right answers, never above what the quiz is
    worth: the speed bonus is the game's, and an LMS would refuse or cap it."""
    from django.db.models import F

    answered["Asha"].responses.update(points=F("points") + 3, bonus=3)
    client.force_login(homework.quiz.owner)
    for layout in ("moodle", "classroom"):
        response = client.get(f"/en/quizzes/session/{homework.code}/gradebook-{layout}.csv")
        _header, first, *_rest = _rows(response)
        assert first[-1] == "5"


def test_removed_students_leave_the_gradebook(
    answered: dict[str, Participant], homework: Session
) -> None:
    answered["Dev"].removed = True
    answered["Dev"].save()
    names = [row[1] for row in gradebook.rows(homework, "moodle")[1:]]
    assert "Dev" not in names and "Asha" in names


def test_unknown_layout_is_a_404(client: Client, homework: Session) -> None:
    client.force_login(homework.quiz.owner)
    response = client.get(f"/en/quizzes/session/{homework.code}/gradebook-excel.csv")
    assert response.status_code == 404


def test_results_page_offers_both_gradebooks(client: Client, homework: Session) -> None:
    client.force_login(homework.quiz.owner)
    page = client.get(f"/en/quizzes/session/{homework.code}/results/").content.decode()
    assert "gradebook-moodle.csv" in page and "gradebook-classroom.csv" in page
