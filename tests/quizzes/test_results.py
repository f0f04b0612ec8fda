"""Results: how the answers to each question split, every student's answers, and the
results page."""

from __future__ import annotations

import re
from collections import Counter
from datetime import timedelta
from decimal import Decimal

import pytest
from django.test import Client
from django.utils import timezone

from tutor.quizzes import export, results, services
from tutor.quizzes.models import Participant, Quiz, Response, Session

from .classroom import NAMES, form, teenpatti_answers

pytestmark = pytest.mark.django_db


def test_question_results_split_and_share(homework: Session, answered: dict) -> None:
    first, second = results.question_results(homework)
    tp_right, tp_wrong = teenpatti_answers(homework)
    assert (first.joined, first.answered, first.right, first.unanswered) == (4, 3, 2, 0)
    assert first.not_reached == 1  # Dev, who may still open it: the homework is open
    # Regression: the share was of those who answered (2 of 3), not of those present.
    assert first.ratio == Decimal(2) / Decimal(4)
    assert first.average_seconds == Decimal("6.0")
    assert first.key_label == NAMES[tp_right]
    splits = [(s.label, s.count, s.correct, s.is_key) for s in first.splits]
    assert splits == [(NAMES[tp_right], 2, True, True), (NAMES[tp_wrong], 1, False, False)]
    assert (second.answered, second.right, second.points) == (2, 2, 3)
    assert second.ratio == Decimal(2) / Decimal(4)
    assert (first.number, first.drill, first.level_name, first.seed) == (
        1,
        "teenpatti-showdown",
        "Easy",
        11,
    )


def test_the_right_answer_shows_even_when_nobody_chose_it(homework: Session) -> None:
    first, _second = results.question_results(homework)
    tp_right, _ = teenpatti_answers(homework)
    assert [(s.label, s.count, s.is_key) for s in first.splits] == [(NAMES[tp_right], 0, True)]
    assert first.ratio is None and first.average_seconds is None  # nobody has joined


def test_student_results_have_every_answer(homework: Session, answered: dict) -> None:
    students = results.student_results(homework)
    by_name = {s.participant.nickname: s for s in students}
    assert [s.participant.nickname for s in students][:2] == ["Asha", "Bálint"]  # best first
    assert (by_name["Asha"].points, by_name["Asha"].right) == (5, 2)
    assert (by_name["Bálint"].points, by_name["Bálint"].right) == (3, 1)
    assert (by_name["Dev"].points, by_name["Dev"].answered) == (0, 0)
    assert by_name["Dev"].average_seconds is None
    _tp_right, tp_wrong = teenpatti_answers(homework)
    cell = by_name["Bálint"].cells[0]
    assert (cell.answered, cell.correct, cell.label, cell.points, cell.attempts) == (
        True,
        False,
        NAMES[tp_wrong],
        0,
        1,
    )
    assert cell.seconds == Decimal("6.0") and cell.number == 1
    assert not by_name["Dev"].cells[0].answered


def test_max_points_adds_every_question(homework: Session) -> None:
    assert results.max_points(homework) == 2 + 3


# -- the results page --------------------------------------------------------------------
def test_results_page(owner: Client, homework: Session, answered: dict) -> None:
    response = owner.get(f"/en/quizzes/session/{homework.code}/results/")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('class="chart"') == 3  # the overview and one per question
    assert "50%" in html and "6 s" in html
    tp_right, tp_wrong = teenpatti_answers(homework)
    assert f"Right answer: {NAMES[tp_right]}" in html
    table = html.split('class="student-summary"')[1].split("</table>")[0]
    rows = re.findall(r'<tr><th scope="row"><a href="#student-\d+">(.*?)</a></th>', table)
    assert rows[:2] == ["<bdi>Asha</bdi>", "<bdi>Bálint</bdi>"]
    # Regression: one wide table scrolled sideways; each student's answers now have a
    # table of their own, a row per question, labels in full.
    balint = html.split("><bdi>Bálint</bdi></h3>")[1].split("</table>")[0]
    assert NAMES[tp_wrong] in balint and "✗" in balint
    assert 'class="table-scroll"' not in html.split('id="students-title"')[1]
    assert f'href="/en/quizzes/session/{homework.code}/results.csv"' in html


def test_results_in_the_teachers_language_whatever_the_quiz_language(
    owner: Client, homework: Session, answered: dict
) -> None:
    homework.settings = {**homework.settings, "language": "ja"}
    homework.save()
    html = owner.get(f"/cs/quizzes/session/{homework.code}/results/").content.decode()
    assert '<html lang="cs"' in html
    tp_right, _ = teenpatti_answers(homework)
    czech = {"player_a": "Vyhrává Hráč A", "player_b": "Vyhrává Hráč B"}
    if tp_right in czech:
        assert czech[tp_right] in html
    assert "Hráč" in html  # the Hold'em winners' labels, in Czech


def test_results_page_with_nobody(owner: Client, homework: Session) -> None:
    response = owner.get(f"/en/quizzes/session/{homework.code}/results/")
    assert response.status_code == 200
    assert "Nobody has joined this session yet." in response.content.decode()


# -- who has not answered, in an open homework --------------------------------------------
def open_homework(quiz: Quiz) -> Session:
    """A homework of 30 s questions, open an hour more: Asha answered question 1, Ravi has
    it open now, Mina has not opened it, Tom's time on it ran out four minutes ago."""
    quiz.time_limit = 30
    quiz.save()
    session = services.start_session(quiz, "homework", closes=timezone.now() + timedelta(hours=1))
    people = {n: Participant.objects.create(session=session, nickname=n) for n in NOBODY_YET}
    for name in ("Asha", "Ravi", "Tom"):
        services.mark_shown(people[name], 0)
    services.submit(session, people["Asha"], 0, form(result=teenpatti_answers(session)[0]))
    earlier = timezone.now() - timedelta(minutes=5)
    Response.objects.filter(participant=people["Tom"], index=0).update(shown=earlier)
    return session


NOBODY_YET = ("Asha", "Ravi", "Mina", "Tom")


def test_open_homework_counts_apart_who_is_still_working(quiz: Quiz) -> None:
    """Regression (issue 23): "No answer" (joined - answered) counted, in an open
    homework, a student with the question open and one who had not reached it yet."""
    session = open_homework(quiz)
    first, second = results.question_results(session)
    assert (first.answered, first.in_progress, first.not_reached, first.unanswered) == (
        1,
        1,
        1,
        1,  # Tom, whose time ran out
    )
    assert (second.answered, second.in_progress, second.not_reached, second.unanswered) == (
        0,
        0,
        4,
        0,
    )
    # The same as the students' own outcomes, question by question.
    outcomes = Counter(str(s.cells[0].outcome) for s in results.student_results(session))
    assert outcomes == {"answered": 1, "in_progress": 1, "not_reached_yet": 1, "timed_out": 1}
    rows = export.csv_rows(session, "answers")
    assert Counter(row[-1] for row in rows[1:] if row[2] == 1) == outcomes


def test_after_the_homework_ends_the_unanswered_are_no_answer(quiz: Quiz) -> None:
    session = open_homework(quiz)
    services.end(session)
    first, second = results.question_results(session)
    assert (first.answered, first.in_progress, first.not_reached, first.unanswered) == (
        1,
        0,
        0,
        3,
    )
    assert (second.in_progress, second.not_reached, second.unanswered) == (0, 0, 4)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("In progress", "Not reached yet", "No answer")),
        ("cs", ("Právě řeší", "Na otázku ještě nedošli", "Bez odpovědi")),
    ],
)
def test_results_page_and_chart_name_who_is_still_working(
    quiz: Quiz, client: Client, language: str, words: tuple[str, str, str]
) -> None:
    session = open_homework(quiz)
    client.force_login(quiz.owner)
    page = client.get(f"/{language}/quizzes/session/{session.code}/results/").content.decode()
    section = page.split('id="question-1"')[1].split("</section>")[0]
    chart, table = section.split("</svg>")[0], section.split("<tbody>")[1]
    for word in words:
        assert re.search(rf"<th scope=\"row\">{word}</th><td class=\"num\">1</td>", table), word
        assert word in chart, word
