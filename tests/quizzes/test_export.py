"""The results as CSV: every answer, then every student's totals, safe to open in a
spreadsheet, in the teacher's language."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone, translation

from tutor.quizzes import export, services
from tutor.quizzes.models import Response, Session

from .classroom import NAMES, teenpatti_answers


def read_csv(response: Any) -> list[list[str]]:
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:])))


@pytest.mark.django_db
def test_csv_export(owner: Client, homework: Session, answered: dict) -> None:
    response = owner.get(f"/en/quizzes/session/{homework.code}/results.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    date = timezone.localdate(homework.created).isoformat()
    assert response["Content-Disposition"] == (
        f'attachment; filename="showdowns-fridays-class-{date}.csv"'
    )
    rows = read_csv(response)
    header = rows[0]
    assert header[:3] == ["Student", "Language", "Question"] and len(header) == 16
    assert [] not in rows  # one table per file (regression: the totals followed a blank row)
    detail = [dict(zip(header, row, strict=True)) for row in rows[1:]]
    assert len(detail) == 4 * 2  # one row per student × question
    _tp_right, tp_wrong = teenpatti_answers(homework)
    balint = [r for r in detail if r["Student"] == "Bálint"]
    assert [(r["Question"], r["Answer"], r["Correct"], r["Points"]) for r in balint] == [
        ("1", NAMES[tp_wrong], "no", "0"),
        ("2", balint[1]["Answer"], "yes", "3"),
    ]
    assert balint[0]["Right answer"] == NAMES[_tp_right]  # the key in words, no card codes
    assert balint[0]["Time (seconds)"] == "6.0" and balint[0]["Language"] == "cs"
    assert balint[0]["Seed"] == "11" and balint[1]["Seed"] == "12"
    assert balint[0]["Level"] == "Easy" and balint[1]["Points possible"] == "3"
    dev = [r for r in detail if r["Student"] == "Dev"]
    assert [(r["Answer"], r["Correct"], r["Points"]) for r in dev] == [("", "no", "0")] * 2
    assert [r["Answered at (UTC)"] for r in dev] == ["", ""]
    totals = owner.get(f"/en/quizzes/session/{homework.code}/totals.csv")
    assert totals["Content-Disposition"] == (
        f'attachment; filename="showdowns-fridays-class-{date}-totals.csv"'
    )
    rows = read_csv(totals)
    assert [] not in rows
    summary_header = rows[0]
    summary = {row[0]: dict(zip(summary_header, row, strict=True)) for row in rows[1:]}
    assert summary["Asha"]["Points"] == "5" and summary["Asha"]["Points possible"] == "5"
    assert summary["Bálint"]["Correct answers"] == "1"
    assert summary["Dev"]["Questions answered"] == "0" and summary["Dev"]["Questions"] == "2"
    assert summary["Asha"]["Average time (seconds)"] != ""
    # A nickname that a spreadsheet would run as a formula is made harmless.
    assert "'=cmd|' /C calc'!A0" in summary
    assert not any(row and row[0].startswith("=") for row in rows)


@pytest.mark.parametrize("text", ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
def test_formula_text_gets_an_apostrophe(text: str) -> None:
    assert export.safe_cell(text) == "'" + text


def test_other_cells_are_kept() -> None:
    assert [export.safe_cell(v) for v in ("Asha", "a=b", 3, None)] == ["Asha", "a=b", 3, None]


@pytest.mark.django_db
def test_csv_filename_keeps_non_latin_titles(owner: Client, homework: Session) -> None:
    Session.objects.filter(pk=homework.pk).update(settings={**homework.settings, "title": "তাস খেলা"})
    response = owner.get(f"/bn/quizzes/session/{homework.code}/results.csv")
    disposition = response["Content-Disposition"]
    assert disposition.startswith("attachment; filename*=utf-8''")
    assert disposition.endswith(".csv")
    rows = read_csv(response)
    assert len(rows) == 1  # the header alone: nobody joined


@pytest.mark.django_db
def test_csv_headers_in_the_teachers_language(owner: Client, homework: Session) -> None:
    english = read_csv(owner.get(f"/en/quizzes/session/{homework.code}/results.csv"))[0]
    with translation.override("cs"):
        expected = translation.gettext("Student")
    czech = read_csv(owner.get(f"/cs/quizzes/session/{homework.code}/results.csv"))[0]
    assert czech[0] == expected and len(czech) == len(english)


@pytest.mark.django_db
def test_ending_a_live_quiz_early_leaves_the_unopened_questions_out(
    client: Client, quiz: Any
) -> None:
    """Regression: a live quiz ended after its first question counted the second, never
    asked, as "not answered" everywhere (the student's "0 of 2", the CSV's points possible)."""
    session = services.start_session(quiz, "live")
    student = Client()
    student.post("/en/join/", {"code": session.code, "nickname": "Asha"})
    services.open_question(session, 0)
    right, _wrong = teenpatti_answers(session)
    student.post(f"/en/play/{session.code}/answer/", {"index": "0", "result": right})
    session.refresh_from_db()
    services.end(session)
    page = student.get(f"/en/play/{session.code}/").content.decode()
    assert "2 points, 1 of 1 questions right" in page
    client.force_login(quiz.owner)
    rows = read_csv(client.get(f"/en/quizzes/session/{session.code}/results.csv"))
    detail = [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]
    assert [r["Question"] for r in detail] == ["1"]
    rows = read_csv(client.get(f"/en/quizzes/session/{session.code}/totals.csv"))
    summary = dict(zip(rows[0], rows[1], strict=True))
    assert summary["Points possible"] == "2" and summary["Questions"] == "1"
    results = client.get(f"/en/quizzes/session/{session.code}/results/").content.decode()
    assert "out of 2)" in results  # the points possible: question 1's alone


@pytest.mark.django_db
@pytest.mark.parametrize(("rule", "earned"), [("full", 2), ("half", 1), ("none", 0)])
def test_every_attempt_is_kept_and_a_late_right_answer_earns_as_set(
    client: Client, quiz: Any, rule: str, earned: int
) -> None:
    """Retries: the points of a right answer after a wrong one follow the quiz's setting,
    shown in the results; every answer given is stored and exported."""
    quiz.attempts, quiz.retry_points = 3, rule
    quiz.save()
    session = services.start_session(quiz, "homework")
    student = Client()
    student.post("/en/join/", {"code": session.code, "nickname": "Asha"})
    student.get(f"/en/play/{session.code}/")  # the question is shown: it may be answered
    right, wrong = teenpatti_answers(session)
    for answer in (wrong, right):
        student.post(f"/en/play/{session.code}/answer/", {"index": "0", "result": answer})
    stored = Response.objects.get(index=0)
    assert (stored.attempts, stored.correct, stored.points) == (2, True, earned)
    assert [(a["answer"], a["correct"]) for a in stored.history] == [
        ({"result": [wrong]}, False),
        ({"result": [right]}, True),
    ]
    client.force_login(quiz.owner)
    rows = read_csv(client.get(f"/en/quizzes/session/{session.code}/results.csv"))
    first = dict(zip(rows[0], rows[1], strict=True))
    assert first["Earlier answers"] == NAMES[wrong] and first["Answer"] == NAMES[right]
    assert first["Points"] == str(earned) and first["Attempts"] == "2"
    page = client.get(f"/en/quizzes/session/{session.code}/results/").content.decode()
    label = {"full": "All the points", "half": "Half the points, rounded down"}.get(
        rule, "No points"
    )
    assert f"A right answer after a wrong one earned: {label}." in page
