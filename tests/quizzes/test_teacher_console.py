"""Running a quiz: starting live and homework sessions, the console (join code, link, QR
code, lobby, live answer counts, the projector's question and the revealed answer), the
teacher's controls and the polled fragment."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
import segno
from django.contrib.auth import get_user_model
from django.http import QueryDict
from django.test import Client
from django.utils import timezone

from tutor.engine import holdem, teenpatti
from tutor.quizzes import services
from tutor.quizzes.models import CODE_ALPHABET, Participant, Quiz, Response, Session, Slot

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-password-123"


@pytest.fixture
def quiz(teacher: Client) -> Quiz:
    quiz = Quiz.objects.create(owner=get_user_model().objects.get(), title="Showdowns")
    Slot.objects.create(
        quiz=quiz, order=0, kind="fixed", drill="teenpatti-showdown", level="easy", seed=11
    )
    Slot.objects.create(
        quiz=quiz, order=1, kind="fixed", drill="holdem-showdown", level="medium", seed=12
    )
    return quiz


def form(**fields: str | list[str]) -> QueryDict:
    data = QueryDict(mutable=True)
    for key, value in fields.items():
        data.setlist(key, value if isinstance(value, list) else [value])
    return data


def right(session: Session, index: int) -> QueryDict:
    """The right answer, straight from the engine."""
    q = services.question(session, index)
    if q.drill.slug == "teenpatti-showdown":
        return form(result=teenpatti.showdown(q.data.hand_a, q.data.hand_b).result)
    winners = holdem.showdown(q.data.board, q.data.hands).winners
    return form(winners=[str(i) for i in winners])


def wrong(session: Session, index: int) -> QueryDict:
    q = services.question(session, index)
    if q.drill.slug == "teenpatti-showdown":
        result = teenpatti.showdown(q.data.hand_a, q.data.hand_b).result
        return form(result="tie" if result != "tie" else "player_a")
    winners = set(holdem.showdown(q.data.board, q.data.hands).winners)
    loser = next(i for i in range(len(q.data.hands)) if i not in winners)
    return form(winners=[str(loser)])


def run(client: Client, quiz: Quiz, **fields: str):
    data = {"mode": "live", "zone": "UTC"}
    data.update(fields)
    return client.post(f"/en/quizzes/{quiz.pk}/run/", data)


def press(client: Client, session: Session, action: str, at: str | None = None):
    session.refresh_from_db()
    at = at if at is not None else f"{session.state}:{session.current}"
    response = client.post(
        f"/en/quizzes/session/{session.code}/control/", {"action": action, "at": at}
    )
    session.refresh_from_db()
    return response


def test_start_a_live_session(teacher: Client, quiz: Quiz) -> None:
    response = run(teacher, quiz, leaderboard="on")
    session = Session.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/en/quizzes/session/{session.code}/"
    assert (session.mode, session.state, session.current, session.leaderboard) == (
        "live",
        "lobby",
        -1,
        True,
    )
    assert [q["drill"] for q in session.questions] == ["teenpatti-showdown", "holdem-showdown"]
    assert [q["seed"] for q in session.questions] == [11, 12]
    assert len(session.code) == 6 and set(session.code) <= set(CODE_ALPHABET)


def test_console_shows_code_link_and_qr(teacher: Client, quiz: Quiz) -> None:
    run(teacher, quiz)
    session = Session.objects.get()
    html = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    link = f"http://testserver/en/join/{session.code}/"
    assert '<p class="join-code"' in html and f">{session.code}</p>" in html
    assert f'href="{link}"' in html
    svg = re.search(r"<svg role=\"img\"[^>]*class=\"qr\".*?</svg>", html, re.S)
    assert svg, "no QR code"
    qr = svg.group(0)
    assert "style=" not in qr and "<script" not in qr
    assert "<title>" in qr
    # It encodes the join link: the same modules as segno draws for that address.
    expected = segno.make(link, error="m").svg_inline(lineclass="qr__line", omitsize=True)
    assert re.search(r' d="([^"]+)"', expected).group(1) in qr  # type: ignore[union-attr]


def test_join_link_uses_the_quiz_language(teacher: Client, quiz: Quiz) -> None:
    quiz.language = "ja"
    quiz.save()
    run(teacher, quiz)
    session = Session.objects.get()
    html = teacher.get(f"/cs/quizzes/session/{session.code}/").content.decode()
    assert f'href="http://testserver/ja/join/{session.code}/"' in html
    assert '<html lang="cs"' in html
    press(teacher, session, "start")
    html = teacher.get(f"/cs/quizzes/session/{session.code}/").content.decode()
    assert (
        '<section class="console-question" aria-labelledby="console-question-title" lang="ja">'
        in html
    )


def test_lobby_lists_who_joined(teacher: Client, quiz: Quiz) -> None:
    run(teacher, quiz)
    session = Session.objects.get()
    for nickname in ("Asha", "Jiří", "ミナ"):
        Participant.objects.create(session=session, nickname=nickname)
    html = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    assert "3 students have joined" in html
    for nickname in ("Asha", "Jiří", "ミナ"):
        assert f"<li><bdi>{nickname}</bdi>" in html


def test_controls_walk_through_the_quiz(teacher: Client, quiz: Quiz) -> None:
    run(teacher, quiz)
    session = Session.objects.get()
    assert press(teacher, session, "start").status_code == 302
    assert (session.state, session.current) == ("question", 0)
    assert session.question_started is not None
    press(teacher, session, "reveal")
    assert (session.state, session.current) == ("reveal", 0)
    press(teacher, session, "next")
    assert (session.state, session.current) == ("question", 1)
    press(teacher, session, "reveal")
    html = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    assert "Finish the quiz" in html and 'value="next"' not in html
    press(teacher, session, "end")
    assert session.state == "ended"
    html = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    assert "hx-trigger" not in html  # polling stops once the session has ended
    assert 'name="action"' not in html


def test_a_double_click_never_skips_a_question(teacher: Client, quiz: Quiz) -> None:
    run(teacher, quiz)
    session = Session.objects.get()
    press(teacher, session, "start")
    at = f"{session.state}:{session.current}"
    press(teacher, session, "next", at=at)
    assert session.current == 1
    response = press(teacher, session, "next", at=at)  # the second click of the double click
    assert session.current == 1 and session.state == "question"
    assert "already moved on" in teacher.get(response["Location"]).content.decode()


@pytest.mark.parametrize(("action", "at"), [("explode", "lobby:-1"), ("reveal", "lobby:-1")])
def test_impossible_controls_change_nothing(
    teacher: Client, quiz: Quiz, action: str, at: str
) -> None:
    run(teacher, quiz)
    session = Session.objects.get()
    response = press(teacher, session, action, at=at)
    assert response.status_code == 302
    assert (session.state, session.current) == ("lobby", -1)


def test_live_answer_counts_and_who_answered(teacher: Client, quiz: Quiz) -> None:
    run(teacher, quiz)
    session = Session.objects.get()
    asha, jiri, mina = (
        Participant.objects.create(session=session, nickname=n) for n in ("Asha", "Jiri", "Mina")
    )
    press(teacher, session, "start")
    services.submit(session, asha, 0, right(session, 0))
    services.submit(session, jiri, 0, wrong(session, 0))
    url = f"/en/quizzes/session/{session.code}/live/?state=question&current=0"
    fragment = teacher.get(url)
    assert fragment.status_code == 200
    html = fragment.content.decode()
    assert "<html" not in html
    assert "2 of 3 answered" in html
    assert "right" not in html.split("answered</span>")[1].split("</p>")[0]  # not before reveal
    # Regression: a ✓ beside a name read as "right"; the mark says "answered", neutral.
    answered_mark = '<span class="badge">answered</span>'
    assert f'<li class="lobby-list__answered"><bdi>Asha</bdi> {answered_mark}' in html
    assert f'<li class="lobby-list__answered"><bdi>Jiri</bdi> {answered_mark}' in html
    assert "✓" not in html
    assert "<li><bdi>Mina</bdi>" in html
    press(teacher, session, "reveal")
    html = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    assert "2 of 3 answered" in html and "1 right" in html
    # Opening the question made everyone's row; Mina's holds no answer.
    assert list(mina.responses.values_list("index", "answered")) == [(0, None)]


def test_poll_refreshes_when_the_state_changed_and_stops_at_the_end(
    teacher: Client, quiz: Quiz
) -> None:
    run(teacher, quiz)
    session = Session.objects.get()
    base = f"/en/quizzes/session/{session.code}/live/"
    assert teacher.get(f"{base}?state=lobby&current=-1").status_code == 200
    press(teacher, session, "start")
    stale = teacher.get(f"{base}?state=lobby&current=-1", HTTP_HX_REQUEST="true")
    assert stale.headers.get("HX-Refresh") == "true"
    press(teacher, session, "end")
    final = teacher.get(f"{base}?state=ended&current=0", HTTP_HX_REQUEST="true")
    assert final.status_code == 286


def test_reveal_shows_the_right_answer_and_explanation(teacher: Client, quiz: Quiz) -> None:
    run(teacher, quiz)
    session = Session.objects.get()
    press(teacher, session, "start")
    html = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    assert "Question 1 of 2" in html
    assert 'class="reveal"' not in html and "showdown-row--winner" not in html
    press(teacher, session, "reveal")
    html = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    q = services.question(session, 0)
    result = teenpatti.showdown(q.data.hand_a, q.data.hand_b)
    expected = {"player_a": "Player A wins", "player_b": "Player B wins", "tie": "Tie"}
    reveal = html.split('class="reveal"')[1]
    assert f"<strong>{expected[result.result]}</strong>" in reveal
    assert 'class="explanation"' in reveal
    press(teacher, session, "next")
    press(teacher, session, "reveal")
    html = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    reveal = html.split('class="reveal"')[1]
    q = services.question(session, 1)
    winners = holdem.showdown(q.data.board, q.data.hands).winners
    assert reveal.count("showdown-row--winner") == len(winners)
    assert "your choice" not in reveal


def test_projector_shows_the_question_in_the_quiz_language(teacher: Client, quiz: Quiz) -> None:
    quiz.language = "cs"
    quiz.save()
    run(teacher, quiz)
    session = Session.objects.get()
    press(teacher, session, "start")
    press(teacher, session, "reveal")
    english = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    question = english.split('class="console-question"')[1]
    assert "Hráč A" in question  # Player A, in Czech
    assert "Vyhrává" in question or "Remíza" in question  # the revealed result, in Czech


def test_leaderboard_after_reveal_when_asked_for(teacher: Client, quiz: Quiz) -> None:
    run(teacher, quiz, leaderboard="on")
    session = Session.objects.get()
    first = Participant.objects.create(session=session, nickname="First")
    second = Participant.objects.create(session=session, nickname="Second")
    press(teacher, session, "start")
    services.submit(session, second, 0, right(session, 0))
    services.submit(session, first, 0, wrong(session, 0))
    html = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    assert "Leaderboard" not in html
    press(teacher, session, "reveal")
    html = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    board = html.split('<ol class="leaderboard">')[1].split("</ol>")[0]
    assert board.index("Second") < board.index("First")
    assert "<bdi>Second</bdi> — 1 point" in board


def test_homework_session_with_times_in_the_teachers_zone(teacher: Client, quiz: Quiz) -> None:
    opens = (timezone.now() + timedelta(days=1)).astimezone(UTC).replace(second=0, microsecond=0)
    local_opens = opens + timedelta(hours=5, minutes=30)  # Asia/Kolkata has no DST
    local_closes = local_opens + timedelta(days=2)
    response = run(
        teacher,
        quiz,
        mode="homework",
        zone="Asia/Kolkata",
        opens=local_opens.strftime("%Y-%m-%dT%H:%M"),
        closes=local_closes.strftime("%Y-%m-%dT%H:%M"),
    )
    session = Session.objects.get()
    assert response.status_code == 302
    assert session.mode == "homework"
    assert session.opens == opens
    assert session.closes == opens + timedelta(days=2)
    html = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    assert "Asia/Kolkata" in html and "Close the homework now" in html
    assert 'value="start"' not in html
    press(teacher, session, "start", at=f"{session.state}:{session.current}")
    assert session.state == "question" and session.current == -1  # no teacher pacing
    press(teacher, session, "end")
    assert session.state == "ended" and not session.is_open


def test_homework_opening_now_by_default(teacher: Client, quiz: Quiz) -> None:
    closes = datetime.now(UTC) + timedelta(hours=3)
    run(teacher, quiz, mode="homework", closes=closes.strftime("%Y-%m-%dT%H:%M"))
    session = Session.objects.get()
    assert session.opens is not None and session.opens <= timezone.now()
    assert session.is_open


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"opens": "2031-05-02T10:00", "closes": "2031-05-01T10:00"},
            "must be after the opening time",
        ),
        (
            {"opens": "2031-05-01T10:00", "closes": "2031-05-01T10:00"},
            "must be after the opening time",
        ),
        ({"opens": "2031-05-01T10:00"}, "needs a closing time"),
        ({"closes": "2001-05-01T10:00"}, "must be in the future"),
        ({"closes": "tomorrow"}, "Enter a valid date/time"),
        ({"closes": "2031-05-01T10:00", "zone": "Mars/Olympus"}, "Select a valid choice"),
    ],
)
def test_bad_homework_times_show_form_errors(
    teacher: Client, quiz: Quiz, fields: dict[str, str], message: str
) -> None:
    response = run(teacher, quiz, mode="homework", **fields)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Session.objects.exists()


@pytest.mark.parametrize("mode", ["", "party"])
def test_bad_mode_shows_a_form_error(teacher: Client, quiz: Quiz, mode: str) -> None:
    response = run(teacher, quiz, mode=mode)
    assert response.status_code == 200 and 'class="errorlist' in response.content.decode()
    assert not Session.objects.exists()


def test_homework_console_counts_per_question(teacher: Client, quiz: Quiz) -> None:
    closes = datetime.now(UTC) + timedelta(hours=3)
    run(teacher, quiz, mode="homework", closes=closes.strftime("%Y-%m-%dT%H:%M"))
    session = Session.objects.get()
    asha = Participant.objects.create(session=session, nickname="Asha")
    for index in (0, 1):
        services.mark_shown(asha, index)
    services.submit(session, asha, 0, right(session, 0))
    services.submit(session, asha, 1, wrong(session, 1))
    html = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    table = html.split("Answers so far")[1].split("</table>")[0]
    rows = re.findall(
        r'<th scope="row">(\d)</th><td class="num">(\d)</td><td class="num">(\d)</td>', table
    )
    assert rows == [("1", "1", "1"), ("2", "1", "0")]
    assert re.search(r'<bdi>Asha</bdi>\s*<span class="muted">\(2/2\)</span>', html)


def test_editing_the_quiz_later_does_not_change_a_session(teacher: Client, quiz: Quiz) -> None:
    run(teacher, quiz)
    session = Session.objects.get()
    before = list(session.questions)
    slot = quiz.slots.first()
    teacher.post(f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/deal/")
    teacher.post(f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/delete/")
    session.refresh_from_db()
    assert session.questions == before
    assert Response.objects.count() == 0


def test_poll_after_logging_out_reloads_the_page(teacher: Client, quiz: Quiz) -> None:
    run(teacher, quiz)
    session = Session.objects.get()
    teacher.post("/en/accounts/logout/")
    url = f"/en/quizzes/session/{session.code}/live/?state=lobby&current=-1"
    assert teacher.get(url, HTTP_HX_REQUEST="true").headers.get("HX-Refresh") == "true"
    assert teacher.get(url)["Location"].startswith("/en/accounts/login/?next=")


def test_a_code_in_lower_case_finds_the_session(teacher: Client, quiz: Quiz) -> None:
    run(teacher, quiz)
    session = Session.objects.get()
    assert teacher.get(f"/en/quizzes/session/{session.code.lower()}/").status_code == 200
    assert teacher.get(f"/en/quizzes/session/{session.code}X/").status_code == 404


def test_tied_students_share_a_rank(quiz: Quiz) -> None:
    """Regression: students tied on points got ranks 2 and 3."""
    session = services.start_session(quiz, "live", leaderboard=True)
    people = {
        n: Participant.objects.create(session=session, nickname=n)
        for n in ("Asha", "Jiri", "Mina", "Omar")
    }
    services.open_question(session, 0)
    for name in ("Asha", "Jiri", "Mina"):
        services.submit(session, people[name], 0, right(session, 0))
    services.next_question(session)
    services.submit(session, people["Asha"], 1, right(session, 1))
    standings = services.leaderboard(session)
    assert [(s.rank, s.participant.nickname) for s in standings] == [
        (1, "Asha"),
        (2, "Jiri"),
        (2, "Mina"),
        (4, "Omar"),
    ]
    assert [s.rank for s in services.leaderboard(session, top=2)] == [1, 2, 2]


def test_the_teacher_renames_a_student_checked_as_joining_is(teacher: Client, quiz: Quiz) -> None:
    run(teacher, quiz)
    session = Session.objects.get()
    asha, _mina = (
        Participant.objects.create(session=session, nickname=n) for n in ("Asha", "Mina")
    )
    url = f"/en/quizzes/session/{session.code}/student/{asha.pk}/"
    page = teacher.post(url, {"action": "rename", "nickname": "Asha K"}, follow=True)
    assert "Renamed to <bdi>Asha K</bdi>." in page.content.decode()
    for taken in ("mina", "Мina", "\u202eAsha", "   "):  # a Cyrillic М; bidi; nothing
        teacher.post(url, {"action": "rename", "nickname": taken})
        asha.refresh_from_db()
        assert asha.nickname == "Asha K"


def test_a_removed_student_leaves_the_quiz_but_not_the_results(teacher: Client, quiz: Quiz) -> None:
    run(teacher, quiz, leaderboard="on")
    session = Session.objects.get()
    student = Client()
    student.post("/en/join/", {"code": session.code, "nickname": "Troll"})
    troll = Participant.objects.get(nickname="Troll")
    press(teacher, session, "start")
    services.submit(session, troll, 0, right(session, 0))
    other = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    assert "Remove <bdi>Troll</bdi> from the quiz" in other
    url = f"/en/quizzes/session/{session.code}/student/{troll.pk}/"
    page = teacher.post(url, {"action": "remove"}, follow=True).content.decode()
    assert "<bdi>Troll</bdi> has left the quiz; their answers stay in the results." in page
    live = teacher.get(f"/en/quizzes/session/{session.code}/live/?state=question&current=0")
    assert "Troll" not in live.content.decode()  # neither in the list nor the board
    assert services.leaderboard(session) == []
    answer = student.post(f"/en/play/{session.code}/answer/", {"index": "0"})
    assert answer.status_code == 302 and "/join/" in answer["Location"]  # out of the quiz
    results = teacher.get(f"/en/quizzes/session/{session.code}/results/").content.decode()
    assert "<bdi>Troll</bdi> (removed)" in results
    csv_text = teacher.get(f"/en/quizzes/session/{session.code}/totals.csv").content.decode()
    assert "Troll (removed)" in csv_text
    assert teacher.post(url, {"action": "remove"}).status_code == 404  # already removed


def test_the_projector_shows_how_the_class_answered_and_a_podium(
    teacher: Client, quiz: Quiz
) -> None:
    run(teacher, quiz, leaderboard="on")
    session = Session.objects.get()
    people = [Participant.objects.create(session=session, nickname=n) for n in "ABCD"]
    press(teacher, session, "start")
    for person in people[:3]:
        services.submit(session, person, 0, right(session, 0))
    services.submit(session, people[3], 0, wrong(session, 0))
    press(teacher, session, "reveal")
    page = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    assert "How the class answered" in page and '<svg class="chart"' in page
    assert "<title>No answer" not in page  # all four answered
    press(teacher, session, "end")
    page = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    podium = page.split('class="podium__places"')[1].split("</ol>")[0]
    assert podium.count('value="1"') == 3  # three tied at the top share first place
    assert '<span class="podium__name">D</span>' not in podium


def test_the_zone_list_offers_real_places_and_the_browsers_zone_first(
    teacher: Client, quiz: Quiz
) -> None:
    """Regression: the list offered "Etc/GMT+5", "US/Pacific" and old names beside the
    real zones, and never the teacher's own zone."""
    from tutor.core.zones import zone_names

    names = zone_names()
    assert {"UTC", "Asia/Kolkata", "Europe/Kyiv", "America/Sao_Paulo"} <= names
    assert not {"Etc/GMT+5", "US/Pacific", "EST5EDT", "Asia/Calcutta", "Europe/Kiev"} & names
    teacher.cookies["browser_zone"] = "America/Sao_Paulo"
    page = teacher.get(f"/cs/quizzes/{quiz.pk}/run/").content.decode()
    assert '<option value="America/Sao_Paulo" selected>' in page
    teacher.cookies["browser_zone"] = "Etc/GMT+5"  # not offered: the language's zone
    page = teacher.get(f"/cs/quizzes/{quiz.pk}/run/").content.decode()
    assert '<option value="Europe/Prague" selected>' in page
