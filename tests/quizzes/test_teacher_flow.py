"""The whole classroom flow through the views: a teacher signs up, builds a quiz, runs it
live; three students join and answer (right, wrong, a double submit, a late answer); the
teacher reveals each answer, ends the quiz and reads the results and the CSV."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from tutor.drills import name_the_hand
from tutor.engine import holdem, teenpatti
from tutor.quizzes import services
from tutor.quizzes.models import Quiz, Response, Session

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-password-123"


def right(session: Session, index: int) -> dict[str, Any]:
    q = services.question(session, index)
    data = q.data
    if q.drill.slug == "teenpatti-showdown":
        return {"result": teenpatti.showdown(data.hand_a, data.hand_b).result}
    if q.drill.slug == "holdem-showdown":
        return {"winners": [str(i) for i in holdem.showdown(data.board, data.hands).winners]}
    game = holdem if data.game == "holdem" else teenpatti
    return {"category": game.evaluate(data.cards).code}


def wrong(session: Session, index: int) -> dict[str, Any]:
    answer = right(session, index)
    if "result" in answer:
        return {"result": "tie" if answer["result"] != "tie" else "player_b"}
    if "winners" in answer:
        hands = len(services.question(session, index).data.hands)
        losers = [str(i) for i in range(hands) if str(i) not in answer["winners"]]
        # When every hand splits the pot, naming one winner alone is wrong.
        return {"winners": losers[:1] or answer["winners"][:1]}
    q = services.question(session, index)
    return {
        "category": next(
            code for code, _ in name_the_hand.choices(q.data) if code != answer["category"]
        )
    }


def test_a_live_quiz_from_sign_up_to_csv() -> None:
    teacher = Client()
    # Sign up and build.
    teacher.post(
        "/en/accounts/signup/",
        {
            "username": "ms-rao",
            "email": "rao@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    teacher.post(
        "/en/quizzes/new/",
        {
            "title": "Week 3",
            "language": "",
            "time_limit": "20",
            "feedback": "after_question",
            "attempts": "1",
        },
    )
    quiz = Quiz.objects.get()
    assert quiz.owner.username == "ms-rao"
    slot_url = f"/en/quizzes/{quiz.pk}/slots/"
    teacher.post(
        slot_url,
        {
            "drill": "teenpatti-showdown",
            "level": "easy",
            "kind": "fixed",
            "count": "1",
            "points": "2",
        },
    )
    teacher.post(
        slot_url,
        {
            "drill": "holdem-showdown",
            "level": "medium",
            "kind": "fixed",
            "count": "1",
            "points": "1",
        },
    )
    teacher.post(
        slot_url,
        {"drill": "name-the-hand", "level": "easy", "kind": "drawn", "count": "1", "points": "1"},
    )
    assert quiz.slots.count() == 3

    # Start a live session.
    response = teacher.post(f"/en/quizzes/{quiz.pk}/run/", {"mode": "live", "zone": "UTC"})
    session = Session.objects.get()
    console = response["Location"]
    assert console == f"/en/quizzes/session/{session.code}/"

    # Three students join with the code.
    students = {name: Client() for name in ("Asha", "Bohdan", "Chie")}
    for name, client in students.items():
        joined = client.post("/en/join/", {"code": session.code.lower(), "nickname": name})
        assert joined.status_code == 302, name
    html = teacher.get(console).content.decode()
    assert "3 students have joined" in html

    def answer(name: str, index: int, fields: dict[str, Any]):
        return students[name].post(
            f"/en/play/{session.code}/answer/", {"index": str(index), **fields}
        )

    def press(action: str) -> None:
        session.refresh_from_db()
        teacher.post(
            f"{console}control/", {"action": action, "at": f"{session.state}:{session.current}"}
        )
        session.refresh_from_db()

    # Question 1: right, wrong with a double submit, and a late answer.
    press("start")
    assert answer("Asha", 0, right(session, 0)).status_code == 302
    assert answer("Bohdan", 0, wrong(session, 0)).status_code == 302
    assert answer("Bohdan", 0, wrong(session, 0)).status_code == 409  # the second click
    Session.objects.filter(pk=session.pk).update(
        question_started=timezone.now() - timedelta(seconds=60)
    )
    assert answer("Chie", 0, right(session, 0)).status_code == 409  # time was up
    live = teacher.get(f"{console}live/?state=question&current=0").content.decode()
    assert "2 of 3 answered" in live
    press("reveal")
    html = teacher.get(console).content.decode()
    assert "2 of 3 answered" in html and "1 right" in html and 'class="reveal"' in html

    # Question 2: Asha and Chie right; Bohdan does not answer.
    press("next")
    assert session.current == 1
    assert answer("Asha", 1, right(session, 1)).status_code == 302
    assert answer("Chie", 1, right(session, 1)).status_code == 302
    press("reveal")

    # Question 3 (drawn when the session started): Chie wrong; then the quiz ends.
    press("next")
    assert answer("Chie", 2, wrong(session, 2)).status_code == 302
    press("reveal")
    assert "Finish the quiz" in teacher.get(console).content.decode()
    press("end")
    assert session.state == "ended"
    assert answer("Asha", 2, right(session, 2)).status_code == 409  # closed

    # One stored answer per acknowledged answer; the double submit counted once.
    stored = {
        (r.participant.nickname, r.index): (r.correct, r.attempts)
        for r in Response.objects.answered().select_related("participant")
    }
    assert stored == {
        ("Asha", 0): (True, 1),
        ("Bohdan", 0): (False, 1),
        ("Asha", 1): (True, 1),
        ("Chie", 1): (True, 1),
        ("Chie", 2): (False, 1),
    }

    # Results.
    page = teacher.get(f"{console}results/")
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('class="chart"') == 4
    download = teacher.get(f"{console}results.csv")
    assert "week-3-" in download["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(download.content.decode("utf-8").lstrip("\ufeff"))))
    header = rows[0]
    detail = [dict(zip(header, row, strict=True)) for row in rows[1:]]
    assert len(detail) == 9
    got = {(r["Student"], r["Question"]): (r["Correct"], r["Points"]) for r in detail}
    assert got[("Asha", "1")] == ("yes", "2")
    assert got[("Bohdan", "1")] == ("no", "0")
    assert got[("Chie", "1")] == ("no", "0")  # the late answer was refused
    assert got[("Bohdan", "2")] == ("no", "0")
    assert got[("Chie", "3")] == ("no", "0")
    chie_first = next(r for r in detail if r["Student"] == "Chie" and r["Question"] == "1")
    assert chie_first["Answer"] == ""
    totals = teacher.get(f"{console}totals.csv").content.decode("utf-8").lstrip("\ufeff")
    rows = list(csv.reader(io.StringIO(totals)))
    summary = {row[0]: dict(zip(rows[0], row, strict=True)) for row in rows[1:]}
    assert {name: summary[name]["Points"] for name in summary} == {
        "Asha": "3",
        "Chie": "1",
        "Bohdan": "0",
    }
    assert summary["Asha"]["Points possible"] == "4"
