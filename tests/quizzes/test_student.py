"""The student's side: join by code, answer, follow a live session, homework deadlines."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tutor.engine import holdem, teenpatti
from tutor.quizzes import services
from tutor.quizzes.models import Participant, Quiz, Response, Session

pytestmark = pytest.mark.django_db


def join(client: Client, session: Session, nickname: str = "Asha", language: str = "en"):
    return client.post(f"/{language}/join/", {"code": session.code, "nickname": nickname})


def right_answer(session: Session, index: int) -> dict:
    entry = session.questions[index]
    q = services.question(session, index)
    if entry["drill"] == "teenpatti-showdown":
        return {"result": teenpatti.showdown(q.data["hand_a"], q.data["hand_b"]).result}
    return {"winners": [str(i) for i in holdem.showdown(q.data["board"], q.data["hands"]).winners]}


def wrong_answer(session: Session, index: int) -> dict:
    right = right_answer(session, index)
    if "result" in right:
        return {"result": "tie" if right["result"] != "tie" else "player_a"}
    n = len(services.question(session, index).data["hands"])
    return {"winners": [str(next(i for i in range(n) if str(i) not in right["winners"]))]}


def test_join_sets_a_cookie_and_reload_keeps_the_place(client: Client, quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    response = join(client, session)
    assert response.status_code == 302 and response["Location"] == f"/en/play/{session.code}/"
    assert Participant.objects.filter(session=session, nickname="Asha").count() == 1
    # Coming back to the join link goes straight back to the quiz, no second participant.
    again = client.get(f"/en/join/{session.code}/")
    assert again.status_code == 302
    assert join(client, session, "Asha2").status_code == 302
    assert session.participants.count() == 1


def test_nicknames_are_unique_per_session(client: Client, quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    join(client, session, "Ravi")
    other = Client()
    response = join(other, session, "ravi")
    assert response.status_code == 422
    assert "already uses that nickname" in response.content.decode()


@pytest.mark.parametrize("code", ["", "ABC", "IIIIII", "000000", "<script>"])
def test_bad_codes_get_a_clear_error(client: Client, code: str) -> None:
    response = client.post("/cs/join/", {"code": code, "nickname": "X"})
    assert response.status_code == 422
    assert 'class="error"' in response.content.decode()


def test_guessing_codes_is_rate_limited(client: Client, quiz: Quiz) -> None:
    from django.core.cache import cache

    cache.clear()
    for _ in range(20):
        client.post("/en/join/", {"code": "ACDEFG", "nickname": "X"})
    response = client.post("/en/join/", {"code": "ACDEFG", "nickname": "X"})
    assert response.status_code == 429
    cache.clear()


def test_live_flow_lobby_question_reveal_end(client: Client, quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    join(client, session)
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "Wait for your teacher" in page and 'hx-trigger="every 2s"' in page
    version = session.version
    assert client.get(f"/en/play/{session.code}/state/?v={version}").status_code == 204
    services.open_question(session, 0)
    changed = client.get(f"/en/play/{session.code}/state/?v={version}")
    assert changed.status_code == 200 and changed["HX-Refresh"] == "true"
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "Question 1 of 2" in page and 'name="index" value="0"' in page
    answer = client.post(
        f"/en/play/{session.code}/answer/", {"index": "0", **right_answer(session, 0)}
    )
    assert answer.status_code == 302
    stored = Response.objects.get(participant__session=session, index=0)
    assert stored.correct and stored.points == 2
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "Your answer has been received." in page and "Correct!" in page  # feedback at once
    session.refresh_from_db()
    services.reveal(session)
    services.end(session)
    session.refresh_from_db()
    assert client.get(f"/en/play/{session.code}/state/?v={session.version}").status_code == 286
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "The quiz is over" in page and "2 points" in page


def test_double_submit_records_one_answer(client: Client, quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    join(client, session)
    services.open_question(session, 0)
    client.post(f"/en/play/{session.code}/answer/", {"index": "0", **wrong_answer(session, 0)})
    second = client.post(
        f"/en/play/{session.code}/answer/", {"index": "0", **right_answer(session, 0)}
    )
    assert second.status_code == 409
    assert "your first answer counts" in second.content.decode()
    rows = Response.objects.filter(participant__session=session, index=0)
    assert rows.count() == 1 and not rows.get().correct


def test_answer_to_a_question_not_open_is_refused(client: Client, quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    join(client, session)
    services.open_question(session, 0)
    response = client.post(
        f"/en/play/{session.code}/answer/", {"index": "1", **right_answer(session, 1)}
    )
    assert response.status_code == 409
    assert not Response.objects.filter(index=1).exclude(answered=None).exists()


def test_time_limit_is_enforced_by_the_server(client: Client, quiz: Quiz) -> None:
    quiz.time_limit = 10
    quiz.save()
    session = services.start_session(quiz, "live")
    join(client, session)
    services.open_question(session, 0)
    Session.objects.filter(pk=session.pk).update(
        question_started=timezone.now() - timedelta(seconds=30)
    )
    response = client.post(
        f"/en/play/{session.code}/answer/", {"index": "0", **right_answer(session, 0)}
    )
    assert response.status_code == 409 and "Time was up" in response.content.decode()
    assert not Response.objects.exclude(answered=None).exists()


def test_homework_self_paced_and_closing(client: Client, quiz: Quiz) -> None:
    now = timezone.now()
    session = services.start_session(
        quiz, "homework", opens=now - timedelta(hours=1), closes=now + timedelta(hours=1)
    )
    join(client, session)
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "Question 1 of 2" in page
    client.post(f"/en/play/{session.code}/answer/", {"index": "0", **right_answer(session, 0)})
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "Question 2 of 2" in page
    Session.objects.filter(pk=session.pk).update(closes=timezone.now() - timedelta(minutes=1))
    late = client.post(
        f"/en/play/{session.code}/answer/", {"index": "1", **right_answer(session, 1)}
    )
    assert late.status_code == 409 and "closed" in late.content.decode()


def test_quiz_language_is_used_for_the_questions(client: Client, quiz: Quiz) -> None:
    quiz.language = "cs"
    quiz.save()
    session = services.start_session(quiz, "live")
    join(client, session, language="en")
    response = client.get(f"/en/play/{session.code}/")
    assert response.status_code == 302 and response["Location"] == f"/cs/play/{session.code}/"


def test_malformed_answer_stores_nothing(client: Client, quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    join(client, session)
    services.open_question(session, 0)
    for data in ({"index": "0", "result": "player_z"}, {"index": "x"}, {"index": "0"}):
        response = client.post(f"/en/play/{session.code}/answer/", data)
        assert response.status_code == 422
    assert not Response.objects.exclude(answered=None).exists()


def test_without_the_cookie_you_are_sent_to_join(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    stranger = Client()
    assert stranger.get(f"/en/play/{session.code}/")["Location"] == f"/en/join/{session.code}/"
    assert stranger.post(f"/en/play/{session.code}/answer/", {"index": "0"}).status_code == 302
