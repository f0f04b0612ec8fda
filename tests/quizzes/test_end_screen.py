"""The end screen of an ended session, put together from kept parts (``end_screen.py``),
is the one the template renders whole, byte for byte: in several languages, with ties on
the leaderboard, without a leaderboard, in homework, after a student is removed or
renamed once the session has ended."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from unittest import mock

import pytest
from django.core.cache import caches
from django.template.loader import get_template
from django.test import Client
from django.utils import timezone, translation

from tests.quizzes.test_student import join, right_answer, wrong_answer
from tutor.core import kept_pages
from tutor.quizzes import board, end_screen, hot, services, stage
from tutor.quizzes.models import Participant, Quiz, Response, Session
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


def test_a_homework_students_own_score_is_the_boards(quiz: Quiz) -> None:
    """Before a homework's end a student's end screen counts their score from their own
    answers, not from the whole class's board: the two agree, with the speed bonus's
    thousandths, wrong answers, and questions shown but never answered."""
    session = services.start_session(quiz, Session.Mode.HOMEWORK, speed_bonus=True)
    students = [Participant.objects.create(session=session, nickname=f"P{n}") for n in range(9)]
    start = timezone.now()
    for n, student in enumerate(students):
        for index in range(2):
            shown = start + timedelta(seconds=n * 7 + index)
            with mock.patch("django.utils.timezone.now", return_value=shown):
                services.mark_shown(student, index)
            if (n + index) % 4 == 3:
                continue  # shown, never answered
            answer = right_answer if (n * 3 + index) % 5 else wrong_answer
            later = shown + timedelta(milliseconds=1_000 + 1_371 * n + 613 * index)
            with mock.patch("django.utils.timezone.now", return_value=later):
                services.submit(session, student, index, answer(session, index))
    kept = services.board(session)
    scores = {
        student.pk: end_screen.own_score(hot.responses(student).values()) for student in students
    }
    assert scores == {student.pk: kept.place(student.pk) for student in students}
    assert any(isinstance(points, Decimal) for points, _right in scores.values())  # the bonus
    assert len({right for _points, right in scores.values()}) > 1


@pytest.mark.parametrize("leaderboard", [False, True])
def test_a_homework_end_screen_reads_no_whole_board(quiz: Quiz, leaderboard: bool) -> None:
    """A student who has done their homework sees their score before the teacher closes
    it, and the leaderboard when it shows, without the whole class's board being read."""
    session = services.start_session(quiz, Session.Mode.HOMEWORK, leaderboard=leaderboard)
    clients = []
    for n in range(3):
        client = Client()
        join(client, session, f"Pupil {n}", LANGUAGES[n])
        clients.append(client)
    students = list(session.participants.order_by("joined", "id"))
    for n, student in enumerate(students):
        for index in range(2):
            services.mark_shown(student, index)
            answer = wrong_answer if (n, index) == (2, 1) else right_answer
            services.submit(session, student, index, answer(session, index))
    for student, client in zip(students, clients, strict=True):
        with mock.patch.object(board, "_read", wraps=board._read) as read:
            page = client.get(f"/{student.language}/play/{session.code}/").content.decode()
        assert read.call_count == 0  # the whole class's board is not read
        assert ('class="leaderboard"' in page) is leaderboard
        rules = stage.Rules.of(session, participant=student)
        here = Stage(session, student, len(session.questions), Screen.FINISHED)
        expected = end_screen.finished(here, stage.at_end(rules))
        assert (expected.score, expected.right) == services.board(session).place(student.pk)
        with translation.override(student.language):
            sentence = get_template(f"{end_screen.TEMPLATE}#end-score").render(
                {"score": expected.score, "right": expected.right, "total": 2}
            )
        sentence = kept_pages.finish(sentence, student.language).strip()
        assert 'class="score"' in sentence and sentence in page, student.language


D = Decimal
#: Points of each student's answers, in the order they join: ties across the last rank
#: shown (5, 6, 7; 3), sums that floats make a hair apart (0.1 + 0.2 = 0.30000000000000004,
#: 0.7 + 0.1 = 0.7999999999999999), a student who never answered.
CLASSES = {
    "ties": [
        (D("0.1"), D("0.2")),
        (D("0.3"),),
        (D("0.2"), D("0.1")),
        *[(D(5), D(n % 3)) for n in range(8)],
        *[(D("1.5"), D("1.5"))] * 4,
        (D("0.3"), D(0)),
        (),
    ],
    # The tenth place a tie of 0.8 and 0.7 + 0.1: the database sorts 0.8 first.
    "floats": [*[(D(10),)] * 9, (D("0.7"), D("0.1")), (D("0.8"),), (D("0.5"),)],
}


@pytest.mark.parametrize("backwards", [False, True])
@pytest.mark.parametrize("name", CLASSES)
def test_a_homework_leaderboard_read_alone_is_the_boards(
    quiz: Quiz, name: str, backwards: bool
) -> None:
    """Before the end the leaderboard is read without the whole class (the best rows and
    their ties): the same ranks as the whole board's."""
    session = services.start_session(quiz, Session.Mode.HOMEWORK, leaderboard=True)
    points = CLASSES[name][::-1] if backwards else CLASSES[name]
    now = timezone.now()
    for n, answers in enumerate(points):
        student = Participant.objects.create(session=session, nickname=f"P{n}")
        # Some join in the same second: who joined first, then who came first, decides.
        Participant.objects.filter(pk=student.pk).update(joined=now + timedelta(seconds=n % 5))
        for index, value in enumerate(answers):
            Response.objects.create(
                participant=student, index=index, answered=now, correct=value > 1, points=value
            )
    whole = board._read(session).top
    assert board.top(session) == whole
    assert len(whole) > board.LEADERBOARD_TOP  # the tie at the last rank shown, whole
    if name == "floats":
        assert session.participants.count() == 12  # no student joined twice
    for cut in (3, 9, 12, 15):  # fewer students: every rank shown
        session.participants.filter(nickname__in=[f"P{n}" for n in range(cut, 99)]).update(
            removed=True
        )
        assert board.top(session) == board._read(session).top
        session.participants.update(removed=False)
