"""The speed bonus (``scoring.py``): the formula, and the points a live session stores
with each answer, with the setting on and off. Fixtures: ``conftest.py``."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from unittest import mock

import pytest
from django.test import Client

from tutor.quizzes import export, gradebook, services
from tutor.quizzes.forms import MAX_POINTS, MIN_TIME_LIMIT
from tutor.quizzes.models import Participant, Quiz, Response, Session, SessionSettings
from tutor.quizzes.scoring import SPEED_WINDOW_SECONDS, speed_bonus

from .classroom import form, holdem_answers, teenpatti_answers


@pytest.mark.parametrize(
    ("points", "elapsed_ms", "limit", "bonus"),
    [
        (10, 0, 30, "10"),  # answered at once: the points again
        (10, 15_000, 30, "5"),  # half the time: half the points
        (10, 29_999, 30, "0.000"),  # 0.0003 points, rounded to the thousandth
        (10, 29_990, 30, "0.003"),
        (10, 30_000, 30, "0"),  # at the limit: nothing
        (10, 32_000, 30, "0"),  # inside the network grace past it: nothing, never negative
        (3, 10_000, 20, "1.5"),
        (2, 600, 20, "1.94"),  # the walk-through's two answers: no longer alike
        (2, 6_500, 20, "1.35"),
        (1, 0, None, "1"),
        (1, (SPEED_WINDOW_SECONDS - 11) * 1000, None, "0.55"),  # no limit: the fixed window
        (1, 1_000, 3_600, "1"),  # an hour's window: 0.99972, to the thousandth
        (1, 4_000, 3_600, "0.999"),
        (0, 0, 30, "0"),  # a wrong answer (or no points left after a retry)
        (5, None, 30, "0"),  # no time measured
    ],
)
def test_speed_bonus_falls_linearly_to_nothing_at_the_limit(
    points: int, elapsed_ms: int | None, limit: int | None, bonus: str
) -> None:
    exact = Decimal(bonus).quantize(Decimal("0.001"))
    assert speed_bonus(points, elapsed_ms=elapsed_ms, limit_seconds=limit) == exact


#: Every weight the builder allows a question that can earn points (0 earns no bonus).
WEIGHTS = range(1, MAX_POINTS + 1)


@pytest.mark.parametrize("limit", [MIN_TIME_LIMIT, None, 60, 1_000])
def test_speed_bonus_never_rewards_a_slower_answer(limit: int | None) -> None:
    window = (limit or SPEED_WINDOW_SECONDS) * 1000
    times = range(0, window + 2_000, max(100, window // 200))
    for points in WEIGHTS:
        bonuses = [speed_bonus(points, elapsed_ms=t, limit_seconds=limit) for t in times]
        assert bonuses == sorted(bonuses, reverse=True), points


@pytest.mark.parametrize("limit", [MIN_TIME_LIMIT, None, 60, 1_000])
def test_speed_bonus_tells_answers_a_second_apart(limit: int | None) -> None:
    """Of two right answers a second apart inside the window, the quicker earns more, on
    every weight: whole points told 0.6 s from 6.5 s apart on a 2-point question only
    now and then (both a bonus of 2)."""
    window = (limit or SPEED_WINDOW_SECONDS) * 1000
    for points in WEIGHTS:
        for t in range(0, window - 1_000 + 1, max(1_000, window // 40)):
            quick = speed_bonus(points, elapsed_ms=t, limit_seconds=limit)
            slow = speed_bonus(points, elapsed_ms=t + 1_000, limit_seconds=limit)
            assert quick > slow, (points, t)


def test_speed_bonus_of_a_small_question_tells_the_walk_through_answers_apart() -> None:
    quick = speed_bonus(2, elapsed_ms=600, limit_seconds=20)
    slow = speed_bonus(2, elapsed_ms=6_500, limit_seconds=20)
    assert quick > slow > 0


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
    """``who`` answers question ``index`` right, ``seconds`` after it opened (the clock
    stopped there: a bonus in thousandths would see the milliseconds a test takes)."""
    started = session.question_started
    assert started is not None
    answer = (
        form(result=teenpatti_answers(session)[0])
        if index == 0
        else form(winners=holdem_answers(session)[0])
    )
    with mock.patch("django.utils.timezone.now", return_value=started + timedelta(seconds=seconds)):
        response, _feedback = services.submit(session, who, index, answer)
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
    # Quick: 2 + 2 x 18/20 = 3.8, then 3 + 3 x 16/20 = 5.4; Slow: 2 + 2 x 3/20 = 2.3.
    board = {entrant.nickname: points for entrant, points, _right in services.scores(session)}
    assert board == {"Quick": Decimal("9.2"), "Slow": Decimal("2.3")}
    stored = {
        (r.participant.nickname, r.index): (r.points, r.bonus)
        for r in Response.objects.answered().select_related("participant")
    }
    assert stored == {
        ("Quick", 0): (Decimal("3.8"), Decimal("1.8")),
        ("Slow", 0): (Decimal("2.3"), Decimal("0.3")),
        ("Quick", 1): (Decimal("5.4"), Decimal("2.4")),
    }


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
    assert board == {"Quick": Decimal("9.2"), "Slow": Decimal("2.3")}


def test_results_and_csv_show_the_speed_bonus(quiz: Quiz, client: Client) -> None:
    session, quick, slow = live(quiz, speed_bonus=True)
    play(session, quick, slow)
    client.force_login(quiz.owner)
    page = client.get(f"/en/quizzes/session/{session.code}/results/").content.decode()
    # In the points, so the table of students keeps its four columns on a phone.
    summary = page.split('class="student-summary"')[1].split("</table>")[0]
    assert summary.count('<th scope="col"') == 4 and "(+4.2 for speed)" in summary
    assert "Speed bonus</th>" not in page
    assert "(+1.8 for speed)" in page.split('id="students-title"')[1].split("</table>")[1]
    totals = export.csv_rows(session, "totals")
    assert totals[0][-1] == "Speed bonus (counted in the points)"
    assert {row[0]: (str(row[1]), str(row[-1])) for row in totals[1:]} == {
        "Quick": ("9.2", "4.2"),
        "Slow": ("2.3", "0.3"),
    }
    answers = export.csv_rows(session, "answers")
    assert [str(row[-1]) for row in answers[1:]] == ["1.8", "2.4", "0.3", "0"]
    czech = client.get(f"/cs/quizzes/session/{session.code}/results/").content.decode()
    assert "9,2" in czech and "4,2" in czech  # Babel's numbers, in the page's language


def test_without_the_speed_bonus_results_and_csv_have_no_bonus_column(
    quiz: Quiz, client: Client
) -> None:
    session, quick, slow = live(quiz, speed_bonus=False)
    play(session, quick, slow)
    client.force_login(quiz.owner)
    page = client.get(f"/en/quizzes/session/{session.code}/results/").content.decode()
    assert "Speed bonus" not in page and "for speed)" not in page
    assert "Speed bonus (counted in the points)" not in export.csv_rows(session, "totals")[0]


def test_without_the_speed_bonus_points_stay_whole_numbers(quiz: Quiz) -> None:
    """Points for being right only: the scores, the answers' points and the gradebook's
    grades are the very whole numbers they always were (ints, no "2.000" anywhere)."""
    session, quick, slow = live(quiz, speed_bonus=False)
    play(session, quick, slow)
    points = [points for _entrant, points, _right in services.scores(session)]
    stored = list(Response.objects.answered().values_list("points", "bonus"))
    assert points == [5, 2] and all(type(p) is int for p in points)
    assert stored == [(2, 0), (3, 0), (2, 0)] and all(type(p) is int for p, _ in stored)
    assert [row[-1] for row in gradebook.rows(session, "moodle")[1:]] == [5, 2]
    assert [row[1] for row in export.csv_rows(session, "totals")[1:]] == [5, 2]


def test_scores_stored_as_whole_points_still_read(quiz: Quiz, client: Client) -> None:
    """A session stored before the bonus had thousandths (whole points and a whole
    bonus in each row) reads, ranks, grades and shows as it did."""
    session, quick, slow = live(quiz, speed_bonus=True)
    play(session, quick, slow)
    Response.objects.filter(participant=quick).update(points=4, bonus=2)
    Response.objects.filter(participant=slow).update(points=2, bonus=0)
    board = {entrant.nickname: points for entrant, points, _right in services.scores(session)}
    assert board == {"Quick": 8, "Slow": 2}
    assert [row[-1] for row in gradebook.rows(session, "moodle")[1:]] == [4, 2]
    client.force_login(quiz.owner)
    page = client.get(f"/en/quizzes/session/{session.code}/results/").content.decode()
    assert "(+4 for speed)" in page and ".000" not in page
