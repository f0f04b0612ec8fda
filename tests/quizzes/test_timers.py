"""Timers that act (issue 23): time's up moves a homework student on and says so, a live
student waits for the teacher, the server refuses answers to questions never shown,
per-question limits, a student's extra time, and "timed out" apart from "never reached"."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.translation import gettext, pgettext

from tutor.core.locales import format_number
from tutor.quizzes import services
from tutor.quizzes.models import Participant, Quiz, Response, Session, Slot

from .classroom import form
from .test_student import join, right_answer

pytestmark = pytest.mark.django_db


def _homework(quiz: Quiz, limit: int | None = 30, questions: int = 3) -> Session:
    quiz.time_limit = limit
    quiz.save()
    for order in range(2, questions):
        Slot.objects.create(
            quiz=quiz, order=order, kind="fixed", drill="holdem-showdown", level="easy", seed=order
        )
    return services.start_session(quiz, "homework", closes=timezone.now() + timedelta(hours=1))


def _age(index: int, seconds: int) -> None:
    """Question ``index`` was shown ``seconds`` ago."""
    Response.objects.filter(index=index).update(shown=timezone.now() - timedelta(seconds=seconds))


def test_homework_refuses_an_answer_to_a_question_never_shown(client: Client, quiz: Quiz) -> None:
    """Issue 25, item 7: an answer posted to a question the student was never shown was
    stored, at 0.0 s."""
    session = _homework(quiz, limit=None)
    join(client, session)
    client.get(f"/en/play/{session.code}/")  # question 1 is shown
    posted = client.post(
        f"/en/play/{session.code}/answer/", {"index": "1", **right_answer(session, 1)}
    )
    assert posted.status_code == 409
    assert "has not been shown to you yet" in posted.content.decode()
    assert not Response.objects.filter(index=1).exists()


def test_homework_time_up_moves_on_and_says_so(client: Client, quiz: Quiz) -> None:
    """At 0 s the button greyed out with no message and no way on; the next request after
    the time is up (the countdown's, or a reload without JavaScript) moves the student on
    with a notice, told once."""
    session = _homework(quiz)
    join(client, session, "Kiran", "bn")
    play = f"/bn/play/{session.code}/"
    client.get(play)
    _age(0, 31)
    page = client.get(play).content.decode()
    with translation.override("bn"):
        notice = escape(
            gettext("Time's up for question %(numbers)s: it was not answered in time.")
            % {"numbers": format_number(1, "bn")}
        )
    assert notice in page
    assert 'name="index" value="1"' in page
    again = client.get(play).content.decode()
    assert notice not in again and 'name="index" value="1"' in again


def test_a_late_homework_answer_hears_time_is_up_and_moves_on(client: Client, quiz: Quiz) -> None:
    session = _homework(quiz)
    join(client, session)
    client.get(f"/en/play/{session.code}/")
    _age(0, 45)
    late = client.post(
        f"/en/play/{session.code}/answer/", {"index": "0", **right_answer(session, 0)}
    )
    text = late.content.decode()
    assert late.status_code == 409 and "Time was up" in text
    assert 'name="index" value="1"' in text
    assert not Response.objects.exclude(answered=None).exists()


def test_a_returning_student_hears_which_questions_expired(client: Client, quiz: Quiz) -> None:
    session = _homework(quiz, questions=4)
    join(client, session)
    participant = Participant.objects.get()
    for index in (0, 1):
        Response.objects.create(participant=participant, index=index)
    _age(0, 600)
    _age(1, 300)
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "Time ran out on questions 1 and 2 while you were away" in page
    assert 'name="index" value="2"' in page


def test_the_time_limit_of_each_question_is_its_own(quiz: Quiz) -> None:
    """Each stored question carries its limit; the deadline read the first question's."""
    session = _homework(quiz, limit=None)
    session.questions[1]["time_limit"] = 20
    session.save()
    participant = Participant.objects.create(session=session, nickname="Asha")
    first = services.mark_shown(participant, 0)
    second = services.mark_shown(participant, 1)
    assert services.deadline(session, first) is None
    assert services.deadline(session, second) == second.shown + timedelta(seconds=20)


def _live(client: Client, quiz: Quiz) -> Session:
    quiz.time_limit = 10
    quiz.save()
    session = services.start_session(quiz, "live")
    join(client, session)
    services.open_question(session, 0)
    Session.objects.filter(pk=session.pk).update(
        question_started=timezone.now() - timedelta(seconds=11)
    )
    return session


def test_live_time_up_waits_for_the_teacher(client: Client, quiz: Quiz) -> None:
    session = _live(client, quiz)
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "Time's up — waiting for the teacher." in page
    assert 'name="index"' not in page


def test_the_console_says_the_question_s_time_is_up(quiz: Quiz) -> None:
    teacher = Client()
    teacher.force_login(quiz.owner)
    session = _live(Client(), quiz)
    page = teacher.get(f"/en/quizzes/session/{session.code}/").content.decode()
    assert "Time's up for this question." in page


def _shown_timed_out_and_never_reached(quiz: Quiz) -> Session:
    session = _homework(quiz)
    participant = Participant.objects.create(session=session, nickname="Asha")
    services.mark_shown(participant, 0)
    _age(0, 60)
    return session


def test_results_tell_timed_out_from_never_reached(quiz: Quiz, client: Client) -> None:
    session = _shown_timed_out_and_never_reached(quiz)
    client.force_login(quiz.owner)
    page = client.get(f"/cs/quizzes/session/{session.code}/results/").content.decode()
    with translation.override("cs"):
        timed_out = pgettext("quiz results", "timed out")
        not_yet = pgettext("quiz results", "not reached yet")
        never = pgettext("quiz results", "never reached")
    # Open: the questions not shown yet may still be reached; once over, never.
    assert timed_out in page and not_yet in page and never not in page
    services.end(session)
    page = client.get(f"/cs/quizzes/session/{session.code}/results/").content.decode()
    assert timed_out in page and never in page and not_yet not in page


def test_csv_has_stable_codes_for_timed_out_and_never_reached(quiz: Quiz, client: Client) -> None:
    session = _shown_timed_out_and_never_reached(quiz)
    client.force_login(quiz.owner)
    text = client.get(f"/ja/quizzes/session/{session.code}/results.csv").content.decode()
    rows = list(csv.reader(io.StringIO(text[1:])))
    assert [row[-1] for row in rows[1:]] == ["timed_out", "not_reached_yet", "not_reached_yet"]
    services.end(session)
    text = client.get(f"/ja/quizzes/session/{session.code}/results.csv").content.decode()
    rows = list(csv.reader(io.StringIO(text[1:])))
    assert [row[-1] for row in rows[1:]] == ["timed_out", "never_reached", "never_reached"]


def test_a_question_a_student_is_on_is_in_progress_not_unanswered(
    quiz: Quiz, client: Client
) -> None:
    """Results opened mid-homework: the question a student has open, with time left, is
    "in progress" (the CSV's code ``in_progress``), not a question they skipped."""
    session = _homework(quiz)
    participant = Participant.objects.create(session=session, nickname="Eva")
    services.mark_shown(participant, 0)
    client.force_login(quiz.owner)
    page = client.get(f"/cs/quizzes/session/{session.code}/results/").content.decode()
    with translation.override("cs"):
        assert pgettext("quiz results", "in progress") in page
        assert pgettext("quiz results", "no answer") not in page
    text = client.get(f"/en/quizzes/session/{session.code}/results.csv").content.decode()
    rows = list(csv.reader(io.StringIO(text[1:])))
    assert [row[-1] for row in rows[1:]] == ["in_progress", "not_reached_yet", "not_reached_yet"]
    services.end(session)
    text = client.get(f"/en/quizzes/session/{session.code}/results.csv").content.decode()
    assert list(csv.reader(io.StringIO(text[1:])))[1][-1] == "not_answered"  # over: skipped


def test_extra_time_for_one_student(quiz: Quiz) -> None:
    teacher = Client()
    teacher.force_login(quiz.owner)
    session = _homework(quiz)
    asha = Participant.objects.create(session=session, nickname="Asha")
    url = f"/en/quizzes/session/{session.code}/student/{asha.pk}/time/"
    reply = teacher.post(url, {"time_percent": "150", "extra_seconds": "5", "closes": ""})
    assert reply.status_code == 302
    asha.refresh_from_db()
    shown = services.mark_shown(asha, 0)
    assert services.deadline(session, shown) == shown.shown + timedelta(seconds=50)
    bad = teacher.post(url, {"time_percent": "-3", "extra_seconds": "x"}, follow=True)
    assert bad.status_code == 200 and "Enter a whole number" in bad.content.decode()


def test_a_later_deadline_for_one_student(quiz: Quiz) -> None:
    teacher = Client()
    teacher.force_login(quiz.owner)
    session = _homework(quiz, limit=None)
    Session.objects.filter(pk=session.pk).update(closes=timezone.now() - timedelta(minutes=1))
    session.refresh_from_db()
    asha = Participant.objects.create(session=session, nickname="Asha")
    later = (timezone.now() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    url = f"/en/quizzes/session/{session.code}/student/{asha.pk}/time/"
    teacher.post(url, {"time_percent": "100", "extra_seconds": "0", "closes": later})
    asha.refresh_from_db()
    from tutor.quizzes import timers

    assert timers.open_for(session, asha)
    services.mark_shown(asha, 0)
    stored, _feedback = services.submit(session, asha, 0, form(**right_answer(session, 0)))
    assert stored.answered is not None


def test_the_results_page_offers_each_student_more_time(quiz: Quiz, client: Client) -> None:
    session = _homework(quiz)
    asha = Participant.objects.create(session=session, nickname="Asha", time_percent=200)
    client.force_login(quiz.owner)
    page = client.get(f"/en/quizzes/session/{session.code}/results/").content.decode()
    assert f'action="/en/quizzes/session/{session.code}/student/{asha.pk}/time/"' in page
    assert "Each question's time limit: 200%, plus 0 s." in page
