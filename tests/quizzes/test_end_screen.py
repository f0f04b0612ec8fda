"""The end screen of an ended session, put together from kept parts (``end_screen.py``),
is the one the template renders whole, byte for byte: in several languages, with ties on
the leaderboard, without a leaderboard, in homework, after a student is removed or
renamed once the session has ended."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.template.loader import get_template
from django.test import Client
from django.utils import translation

from tests.quizzes.test_student import join, right_answer, wrong_answer
from tutor.core import kept_pages
from tutor.quizzes import end_screen, services, stage
from tutor.quizzes.models import Participant, Quiz, Session
from tutor.quizzes.stage import Screen, Stage

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("nothing_kept")]

LANGUAGES = ("en", "bn", "ja", "cs")


def whole(session: Session, participant: Participant, language: str) -> str:
    """The student's end screen rendered whole by the template, as before any of it was
    kept, and typeset."""
    rules = stage.Rules.of(session, participant=participant)
    here = Stage(session, participant, len(session.questions), Screen.FINISHED)
    here = end_screen.finished(here, stage.at_end(rules))
    context = {**here.context(), "csrf_token": kept_pages.TOKEN, "LANGUAGE_CODE": language}
    with translation.override(language):
        html = get_template("quizzes/student/play.html#stage").render(context)
        return kept_pages.finish(html, language)


def end_screen_of(client: Client, session: Session, language: str) -> str:
    """What the student's page gets once the stream says the session changed."""
    url = f"/{language}/play/{session.code}/state/?v=0"
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def class_of(quiz: Quiz, *, leaderboard: bool = True, mode: str = "live", people: int = 8):
    """A session answered by ``people`` students in four languages, two of them with the
    same score (a tie), and their browsers."""
    session = services.start_session(quiz, mode, leaderboard=leaderboard)
    clients = []
    for n in range(people):
        client = Client()
        join(client, session, f"Pupil {n}", LANGUAGES[n % len(LANGUAGES)])
        clients.append(client)
    if mode == Session.Mode.LIVE:
        services.open_question(session, 0)
    students = list(session.participants.order_by("joined", "id"))
    for n, student in enumerate(students):
        answer = right_answer if n % 3 else wrong_answer
        services.mark_shown(student, 0)  # homework: the page showed it
        services.submit(session, student, 0, answer(session, 0))
    if mode == Session.Mode.LIVE:
        services.open_question(session, 1)
    for n, student in enumerate(students[:5]):
        answer = right_answer if n % 2 else wrong_answer
        services.mark_shown(student, 1)
        services.submit(session, student, 1, answer(session, 1))
    session = services.end(Session.objects.get(pk=session.pk))
    return session, list(zip(students, clients, strict=True))


def test_the_kept_end_screen_is_the_whole_template_in_every_language(quiz: Quiz) -> None:
    session, students = class_of(quiz)
    for _ in range(2):  # made, then read from what is kept
        for student, client in students:
            language = student.language
            screen = end_screen_of(client, session, language)
            assert screen == whole(session, student, language), (student.nickname, language)
    screen = end_screen_of(students[1][1], session, "bn")
    assert "Pupil 0" in screen and 'class="leaderboard"' in screen
    assert any(key.startswith(":1:quiz-end:") for key in caches["local"]._cache)  # type: ignore[attr-defined]


def test_ties_on_the_leaderboard_share_a_rank_in_the_kept_screen(quiz: Quiz) -> None:
    session, students = class_of(quiz)
    ranks = [s.rank for s in services.leaderboard(session)]
    assert len(ranks) > len(set(ranks))  # the class has a tie
    student, client = students[2]
    screen = end_screen_of(client, session, student.language)
    assert screen == whole(session, student, student.language)
    assert screen.count('<li value="') == len(ranks)


def test_without_the_leaderboard_the_kept_screen_has_none(quiz: Quiz) -> None:
    session, students = class_of(quiz, leaderboard=False)
    for student, client in students[:4]:
        screen = end_screen_of(client, session, student.language)
        assert screen == whole(session, student, student.language)
        assert 'class="leaderboard"' not in screen


def test_an_ended_homework_end_screen_is_kept_alike(quiz: Quiz) -> None:
    session, students = class_of(quiz, mode=Session.Mode.HOMEWORK)
    for student, client in students[:4]:
        screen = end_screen_of(client, session, student.language)
        assert screen == whole(session, student, student.language)


def test_a_student_removed_after_the_end_leaves_the_kept_screen(quiz: Quiz) -> None:
    session, students = class_of(quiz)
    (first, client), (gone, _) = students[0], students[1]
    assert "Pupil 1" in end_screen_of(client, session, first.language)
    services.remove(gone)
    session.refresh_from_db()
    screen = end_screen_of(client, session, first.language)
    assert "Pupil 1" not in screen and screen == whole(session, first, first.language)


def test_a_student_renamed_after_the_end_is_renamed_on_the_kept_screen(quiz: Quiz) -> None:
    session, students = class_of(quiz)
    (first, client), (renamed, _) = students[0], students[1]
    assert "Pupil 1" in end_screen_of(client, session, first.language)
    services.rename(renamed, "Ravi")
    session.refresh_from_db()
    screen = end_screen_of(client, session, first.language)
    assert "Pupil 1" not in screen and "Ravi" in screen
    assert screen == whole(session, first, first.language)


def test_a_nickname_that_spells_a_stand_in_stays_as_typed(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live", leaderboard=True)
    clients = []
    for name in (end_screen.SCORE, end_screen.ROWS, "Asha"):
        client = Client()
        join(client, session, name)
        clients.append(client)
    session = services.end(session)
    for client, student in zip(clients, session.participants.order_by("pk"), strict=True):
        screen = end_screen_of(client, session, "en")
        assert screen == whole(session, student, "en")
        assert end_screen.SCORE in screen and end_screen.ROWS in screen


def test_the_explanations_are_rendered_for_the_student_alone(quiz: Quiz) -> None:
    session, students = class_of(quiz)
    client = students[0][1]
    end_screen_of(client, session, "en")  # the kept frame made
    page = client.get(f"/en/play/{session.code}/?review=1").content.decode()
    assert 'class="feedback review-item"' in page
    assert f'href="/en/play/{session.code}/?review=1#review"' not in page  # the link is gone
    assert "<h2>Leaderboard</h2>" in page


def test_a_kept_board_is_read_once_and_handed_out_as_it_is(
    quiz: Quiz, django_assert_num_queries
) -> None:
    session, students = class_of(quiz)
    kept = services.board(session)
    with django_assert_num_queries(0):
        again = services.board(session)
    assert again is kept
    assert isinstance(kept.rows, tuple) and isinstance(kept.top, tuple)
    with pytest.raises(TypeError):
        kept.places[0] = (1, 1)  # type: ignore[index]
    student = students[0][0]
    assert kept.place(student.pk) == next((p, r) for e, p, r in kept.rows if e.pk == student.pk)
