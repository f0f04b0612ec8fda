"""Grades back to the simulated platform (AGS): a homework student's score when they
finish, everyone's when the teacher ends the session; a failure kept and sent again."""

from __future__ import annotations

from io import StringIO
from types import SimpleNamespace
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from tests.quizzes.classroom import form, holdem_answers, teenpatti_answers
from tutor.lti.models import LmsStudent
from tutor.quizzes import services
from tutor.quizzes.models import Quiz

from .conftest import Launch
from .platform import CLAIM, LEARNER
from .platform import Platform as Simulated


def _join(launch: Launch, quiz: Quiz, sub: str = "student-1") -> tuple[str, LmsStudent]:
    response = launch([LEARNER], sub=sub, **{CLAIM + "custom": {"quiz": str(quiz.pk)}})
    return response["Location"], LmsStudent.objects.get(sub=sub)


def _answer(student: LmsStudent, right: tuple[bool, bool]) -> None:
    participant, session = student.participant, student.link.session
    tp_right, tp_wrong = teenpatti_answers(session)
    hd_right, hd_wrong = holdem_answers(session)
    for index, fields in enumerate(
        (
            form(result=tp_right if right[0] else tp_wrong),
            form(winners=hd_right if right[1] else hd_wrong),
        )
    ):
        services.mark_shown(participant, index)
        services.submit(session, participant, index, fields)


def test_finishing_homework_posts_the_score(
    launch: Launch, client: Client, simulated: Simulated, quiz: Quiz
) -> None:
    play, student = _join(launch, quiz)
    _answer(student, (False, True))  # 3 of 5 points
    assert simulated.scores == []
    assert client.get(play).status_code == 200  # the end screen
    (score,) = simulated.scores
    assert (score["scoreGiven"], score["scoreMaximum"]) == (3, 5)
    assert score["activityProgress"] == "Completed"
    assert score["gradingProgress"] == "FullyGraded"
    assert score["userId"] == "student-1" and score["timestamp"]
    student.refresh_from_db()
    assert (student.sent_score, student.send_error) == (3, "")
    client.get(play)  # the end screen again: the platform holds the score already
    assert len(simulated.scores) == 1


def test_the_speed_bonus_is_not_sent_as_a_grade(launch: Launch, quiz: Quiz) -> None:
    """With the speed bonus on, a student's points may pass the quiz's: the platform is sent
    the points for right answers, never more than the maximum."""
    from django.db.models import F

    from tutor.lti import passback

    _play, student = _join(launch, quiz)
    _answer(student, (True, True))
    student.participant.responses.update(points=F("points") + 2, bonus=2)
    score = passback.score_of(student.participant)
    assert (score.given, score.maximum) == (5, 5)


def test_ending_the_session_posts_everyones_score(
    launch: Launch, simulated: Simulated, quiz: Quiz
) -> None:
    _, first = _join(launch, quiz)
    _join(launch, quiz, sub="student-2")
    _answer(first, (True, True))
    services.end(first.link.session)
    given = sorted((s["userId"], s["scoreGiven"], s["scoreMaximum"]) for s in simulated.scores)
    assert given == [("student-1", 5, 5), ("student-2", 0, 5)]


def test_a_refused_score_is_kept_and_sent_again(
    launch: Launch, client: Client, simulated: Simulated, quiz: Quiz
) -> None:
    play, student = _join(launch, quiz)
    _answer(student, (True, True))
    simulated.refuse_scores = True
    client.get(play)
    student.refresh_from_db()
    assert student.sent_score is None and "503" in student.send_error
    with pytest.raises(CommandError):
        call_command("lti_grades", "retry", stdout=StringIO())
    simulated.refuse_scores = False
    out = StringIO()
    call_command("lti_grades", "retry", stdout=out)
    assert "Sent: 1. Failed: 0." in out.getvalue()
    assert [s["scoreGiven"] for s in simulated.scores] == [5]
    student.refresh_from_db()
    assert (student.sent_score, student.send_error) == (5, "")


def test_teacher_sees_and_resends_a_failed_grade(
    launch: Launch, client: Client, simulated: Simulated, quiz: Quiz
) -> None:
    play, student = _join(launch, quiz)
    _answer(student, (True, False))
    simulated.refuse_scores = True
    client.get(play)
    teacher = Client()
    teacher.force_login(quiz.owner)
    code = student.link.session.code
    results = teacher.get(f"/en/quizzes/session/{code}/results/").content.decode()
    assert f"/en/quizzes/session/{code}/lms-grades/" in results
    page = teacher.get(f"/en/quizzes/session/{code}/lms-grades/").content.decode()
    assert "Not sent: the platform refused or did not answer." in page
    simulated.refuse_scores = False
    sent = teacher.post(f"/en/quizzes/session/{code}/lms-grades/", follow=True)
    assert "Every grade has reached the learning platform." in sent.content.decode()
    assert [s["scoreGiven"] for s in simulated.scores] == [2]


def test_another_teacher_cannot_see_the_grades(
    launch: Launch, client: Client, quiz: Quiz, django_user_model: type
) -> None:
    _, student = _join(launch, quiz)
    other = Client()
    other.force_login(django_user_model.objects.create_user("other", "", "pw-123456789"))
    code = student.link.session.code
    assert other.get(f"/en/quizzes/session/{code}/lms-grades/").status_code == 404


def test_gradebook_csv_names_lms_students_as_their_lms_does(launch: Launch, quiz: Quiz) -> None:
    from tutor.quizzes import gradebook

    _, student = _join(launch, quiz)
    _answer(student, (True, False))
    _header, row = gradebook.rows(student.link.session, "moodle")
    assert row == ["anika@school.example", "anika.roy", "Anika", "Roy", 2]
    _header, row = gradebook.rows(student.link.session, "classroom")
    assert row == ["anika@school.example", "Anika", "Roy", 2]


def test_a_score_sent_before_the_end_is_in_progress(
    launch: Launch, client: Client, simulated: Simulated, quiz: Quiz
) -> None:
    _, student = _join(launch, quiz)
    teacher = Client()
    teacher.force_login(quiz.owner)
    teacher.post(f"/en/quizzes/session/{student.link.session.code}/lms-grades/")
    (score,) = simulated.scores
    assert (score["activityProgress"], score["gradingProgress"]) == ("InProgress", "Pending")


def _end_on_a_slow_platform(
    launch: Launch, simulated: Simulated, quiz: Quiz, settings: Any, monkeypatch: Any
) -> tuple[str, int]:
    """Four students; each score takes the platform 0.3 s, the request may spend 0.5 s: no
    post starts after the budget, so two are sent and the rest wait. The platform's time is
    a clock that moves 0.3 s a score posted, so the machine's own speed never counts."""
    from tutor.lti import passback

    settings.LTI_PASSBACK_BUDGET = 0.5
    students = [_join(launch, quiz, sub=f"student-{n}")[1] for n in range(1, 5)]
    clock = SimpleNamespace(monotonic=lambda: 0.3 * len(simulated.scores))
    with monkeypatch.context() as patched:
        patched.setattr(passback, "time", clock)
        services.end(students[0].link.session)
    posted = len(simulated.scores)
    assert posted == 2
    assert LmsStudent.objects.filter(pending=True).count() == 4 - posted
    assert len(simulated.tokens) == 1  # one access token for every student of the link
    settings.LTI_PASSBACK_BUDGET = 60
    return students[0].link.session.code, posted


def _each_sent_once(simulated: Simulated) -> None:
    assert sorted(s["userId"] for s in simulated.scores) == [f"student-{n}" for n in range(1, 5)]
    assert not LmsStudent.objects.filter(pending=True).exists()


def test_a_slow_platform_leaves_grades_pending_for_the_retry(
    launch: Launch, simulated: Simulated, quiz: Quiz, settings: Any, monkeypatch: Any
) -> None:
    _code, posted = _end_on_a_slow_platform(launch, simulated, quiz, settings, monkeypatch)
    out = StringIO()
    call_command("lti_grades", "retry", stdout=out)
    assert f"Sent: {4 - posted}. Failed: 0." in out.getvalue()
    _each_sent_once(simulated)


def test_a_slow_platform_leaves_grades_pending_for_the_button(
    launch: Launch, simulated: Simulated, quiz: Quiz, settings: Any, monkeypatch: Any
) -> None:
    code, _posted = _end_on_a_slow_platform(launch, simulated, quiz, settings, monkeypatch)
    teacher = Client()
    teacher.force_login(quiz.owner)
    page = teacher.get(f"/en/quizzes/session/{code}/lms-grades/").content.decode()
    assert "Waiting to be sent: the platform answered slowly." in page
    sent = teacher.post(f"/en/quizzes/session/{code}/lms-grades/", follow=True)
    assert "Every grade has reached the learning platform." in sent.content.decode()
    _each_sent_once(simulated)


def test_the_button_tells_of_grades_still_waiting(
    launch: Launch, simulated: Simulated, quiz: Quiz, settings: Any, monkeypatch: Any
) -> None:
    code, _posted = _end_on_a_slow_platform(launch, simulated, quiz, settings, monkeypatch)
    settings.LTI_PASSBACK_BUDGET = 0
    teacher = Client()
    teacher.force_login(quiz.owner)
    sent = teacher.post(f"/cs/quizzes/session/{code}/lms-grades/", follow=True).content.decode()
    assert "čekají" in sent


def test_two_students_finishing_share_one_access_token(
    launch: Launch, client: Client, simulated: Simulated, quiz: Quiz
) -> None:
    for sub in ("student-1", "student-2"):
        play, student = _join(launch, quiz, sub=sub)
        _answer(student, (True, False))
        client.get(play)  # the end screen: the score goes
    assert len(simulated.scores) == 2
    assert simulated.token_fetches == 1


def test_a_refused_token_is_dropped_and_a_new_one_fetched(
    launch: Launch, client: Client, simulated: Simulated, quiz: Quiz
) -> None:
    from tutor.lti import passback

    play, student = _join(launch, quiz)
    _answer(student, (True, True))
    client.get(play)
    simulated.tokens.clear()  # the platform forgot every token it gave
    assert not passback.send(student, force=True)
    assert passback.send(student, force=True)
    assert simulated.token_fetches == 2


def test_a_student_who_joined_with_the_code_costs_the_passback_one_look_up(
    launch: Launch, simulated: Simulated, quiz: Quiz, django_assert_num_queries: Any
) -> None:
    """Every homework end screen says the student finished; for a student who joined with
    the code (no LMS launch) the passback only looks them up, and posts nothing."""
    from tutor.lti import passback

    _play, lms = _join(launch, quiz)
    session = lms.link.session
    other = Client()
    other.post("/en/join/", {"code": session.code, "nickname": "Asha"})
    walk_in = session.participants.get(nickname="Asha")
    assert passback._from_lms(lms.participant_id) and not passback._from_lms(walk_in.pk)
    with django_assert_num_queries(1) as captured:
        services.finished(session, walk_in)
    (query,) = captured.captured_queries
    assert "JOIN" not in query["sql"].upper()  # not the student read with their link
    _answer(lms, (True, True))
    services.finished(session, lms.participant)  # the LMS student's score still goes back
    assert [score["scoreGiven"] for score in simulated.scores] == [5]
    assert simulated.scores[0]["userId"] == "student-1"
