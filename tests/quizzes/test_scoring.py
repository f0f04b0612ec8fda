"""The speed bonus (``scoring.py``): the formula, and the points a live session stores
with each answer, with the setting on and off. Fixtures: ``conftest.py``."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client

from tutor.quizzes import export, services
from tutor.quizzes.models import Participant, Quiz, Response, Session, SessionSettings
from tutor.quizzes.scoring import SPEED_WINDOW_SECONDS, speed_bonus

from .classroom import form, holdem_answers, teenpatti_answers


@pytest.mark.parametrize(
    ("points", "elapsed_ms", "limit", "bonus"),
    [
        (10, 0, 30, 10),  # answered at once: the points again
        (10, 15_000, 30, 5),  # half the time: half the points
        (10, 29_999, 30, 0),  # 0.0003 points, rounded
        (10, 30_000, 30, 0),  # at the limit: nothing
        (10, 32_000, 30, 0),  # inside the network grace past it: nothing, never negative
        (3, 10_000, 20, 2),  # 1.5, rounded half up
        (1, 0, None, 1),
        (1, (SPEED_WINDOW_SECONDS - 11) * 1000, None, 1),  # no limit: the fixed window
        (1, (SPEED_WINDOW_SECONDS - 9) * 1000, None, 0),
        (0, 0, 30, 0),  # a wrong answer (or no points left after a retry)
        (5, None, 30, 0),  # no time measured
    ],
)
def test_speed_bonus_falls_linearly_to_nothing_at_the_limit(
    points: int, elapsed_ms: int | None, limit: int | None, bonus: int
) -> None:
    assert speed_bonus(points, elapsed_ms=elapsed_ms, limit_seconds=limit) == bonus


def test_session_settings_keep_the_speed_bonus() -> None:
    assert SessionSettings().speed_bonus is False  # points for being right only
    on = SessionSettings(speed_bonus=True)
    assert SessionSettings.from_json(on.to_json()) == on
    assert SessionSettings.from_json({"speed_bonus": "yes"}).speed_bonus is False


def live(quiz: Quiz, *, speed_bonus: bool) -> tuple[Session, Participant, Participant]:
    session = services.start_session(quiz, "live", speed_bonus=speed_bonus)
    quick = Participant.objects.create(session=session, nickname="Quick")
    slow = Participant.objects.create(session=session, nickname="Slow")
    return session, quick, slow


def answer_after(session: Session, who: Participant, index: int, seconds: float) -> Response:
    """``who`` answers question ``index`` right, ``seconds`` after it opened."""
    started = session.question_started
    assert started is not None
    Session.objects.filter(pk=session.pk).update(
        question_started=started - timedelta(seconds=seconds)
    )
    session.refresh_from_db()
    answer = (
        form(result=teenpatti_answers(session)[0])
        if index == 0
        else form(winners=holdem_answers(session)[0])
    )
    response, _feedback = services.submit(session, who, index, answer)
    Session.objects.filter(pk=session.pk).update(question_started=started)
    session.refresh_from_db()
    return response


def play(session: Session, quick: Participant, slow: Participant) -> None:
    """Question 1 (2 points): Quick after 2 s, Slow after 17 s; question 2 (3 points):
    Quick after 4 s, Slow not at all. The quiz has no time limit: a 20 s window."""
    services.open_question(session, 0)
    session.refresh_from_db()
    answer_after(session, quick, 0, 2)
    answer_after(session, slow, 0, 17)
    services.next_question(session)
    session.refresh_from_db()
    answer_after(session, quick, 1, 4)
    services.end(session)


def test_without_the_speed_bonus_a_right_answer_earns_its_points(quiz: Quiz) -> None:
    session, quick, slow = live(quiz, speed_bonus=False)
    play(session, quick, slow)
    board = {entrant.nickname: points for entrant, points, _right in services.scores(session)}
    assert board == {"Quick": 2 + 3, "Slow": 2}
    assert not Response.objects.filter(bonus__gt=0).exists()


def test_with_the_speed_bonus_quicker_right_answers_earn_more(quiz: Quiz) -> None:
    session, quick, slow = live(quiz, speed_bonus=True)
    play(session, quick, slow)
    # Quick: 2 + round(2 x 18/20) = 4, then 3 + round(3 x 16/20) = 5; Slow: 2 + round(0.3).
    board = {entrant.nickname: points for entrant, points, _right in services.scores(session)}
    assert board == {"Quick": 4 + 5, "Slow": 2}
    stored = {
        (r.participant.nickname, r.index): (r.points, r.bonus)
        for r in Response.objects.answered().select_related("participant")
    }
    assert stored == {("Quick", 0): (4, 2), ("Slow", 0): (2, 0), ("Quick", 1): (5, 2)}


def test_stored_points_stay_when_the_setting_changes(quiz: Quiz) -> None:
    """Stored data is the truth: the bonus is worked out when the answer is stored and
    never again, so turning the setting off afterwards changes no score."""
    session, quick, slow = live(quiz, speed_bonus=True)
    play(session, quick, slow)
    before = list(Response.objects.order_by("pk").values_list("points", "bonus"))
    session.settings_view = SessionSettings.from_json({**session.settings, "speed_bonus": False})
    session.save(update_fields=["settings"])
    session.refresh_from_db()
    assert session.settings_view.speed_bonus is False
    assert list(Response.objects.order_by("pk").values_list("points", "bonus")) == before
    board = {entrant.nickname: points for entrant, points, _right in services.scores(session)}
    assert board == {"Quick": 9, "Slow": 2}


def test_results_and_csv_show_the_speed_bonus(quiz: Quiz, client: Client) -> None:
    session, quick, slow = live(quiz, speed_bonus=True)
    play(session, quick, slow)
    client.force_login(quiz.owner)
    page = client.get(f"/en/quizzes/session/{session.code}/results/").content.decode()
    # In the points, so the table of students keeps its four columns on a phone.
    summary = page.split('class="student-summary"')[1].split("</table>")[0]
    assert summary.count('<th scope="col"') == 4 and "(+4 for speed)" in summary
    assert "Speed bonus</th>" not in page
    assert "(+2 for speed)" in page.split('id="students-title"')[1].split("</table>")[1]
    totals = export.csv_rows(session, "totals")
    assert totals[0][-1] == "Speed bonus (counted in the points)"
    assert {row[0]: (row[1], row[-1]) for row in totals[1:]} == {"Quick": (9, 4), "Slow": (2, 0)}
    answers = export.csv_rows(session, "answers")
    assert [row[-1] for row in answers[1:]] == [2, 2, 0, 0]


def test_without_the_speed_bonus_results_and_csv_have_no_bonus_column(
    quiz: Quiz, client: Client
) -> None:
    session, quick, slow = live(quiz, speed_bonus=False)
    play(session, quick, slow)
    client.force_login(quiz.owner)
    page = client.get(f"/en/quizzes/session/{session.code}/results/").content.decode()
    assert "Speed bonus" not in page and "for speed)" not in page
    assert "Speed bonus (counted in the points)" not in export.csv_rows(session, "totals")[0]
