"""The printable answer key and worksheet of a session: only its teacher sees them; the
key has every question counted with its right answer and explanation, the worksheet the
same questions without them; both in every language."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils.html import escape

from tutor.drills.written_answers import answer_label
from tutor.quizzes import services
from tutor.quizzes.models import Quiz, Session, Slot
from tutor.quizzes.print_views import scoped_ids

from .classroom import NAMES, holdem_answers, teenpatti_answers

#: (drill, level, seed, points): Teen Patti and Hold'em first, as classroom.py expects.
SLOTS = [
    ("teenpatti-showdown", "easy", 11, 2),
    ("holdem-showdown", "medium", 12, 3),
    ("side-pots", "medium", 5, 1),
    ("teenpatti-payouts", "medium", 7, 1),
    ("showdown-order", "medium", 9, 4),
]
#: Only in the side pots' explanation for the whole class (the reveal), never in a question.
EXPLANATION = "The pots, layer by layer"
LANGUAGES = [code for code, _name in settings.LANGUAGES]


@pytest.fixture
def quiz() -> Quiz:
    owner = get_user_model().objects.create_user("teacher", "t@example.org", "pw-123456789")
    quiz = Quiz.objects.create(owner=owner, title="Pots & showdowns")
    for order, (drill, level, seed, points) in enumerate(SLOTS):
        Slot.objects.create(
            quiz=quiz, order=order, kind="fixed", drill=drill, level=level, seed=seed, points=points
        )
    return quiz


@pytest.fixture
def session(quiz: Quiz) -> Session:
    return services.start_session(quiz, "homework")


@pytest.fixture
def owner(client: Client, quiz: Quiz) -> Client:
    client.force_login(quiz.owner)
    return client


def page(client: Client, session: Session, sheet: str, language: str = "en") -> str:
    response = client.get(f"/{language}/quizzes/session/{session.code}/{sheet}/")
    assert response.status_code == 200
    return response.content.decode()


def key_labels(html: str) -> list[str]:
    return re.findall(r'<p class="sheet__key-label">\s*(.*?)\s*</p>', html, re.S)


def expected_labels(session: Session, count: int) -> list[str]:
    questions = [services.question(session, i) for i in range(count)]
    return [f"Right answer: {escape(answer_label(q, q.right_answer))}" for q in questions]


@pytest.mark.django_db
def test_answer_key_has_every_question_with_its_right_answer(
    owner: Client, session: Session
) -> None:
    html = page(owner, session, "answer-key")
    assert key_labels(html) == expected_labels(session, len(SLOTS))
    for number in range(1, len(SLOTS) + 1):
        assert f'id="question-{number}"' in html
    assert EXPLANATION in html
    assert "4 points" in html and "11 points in all" in html
    assert session.code in html


@pytest.mark.django_db
def test_answer_key_does_not_give_a_wrong_answer(owner: Client, session: Session) -> None:
    labels = key_labels(page(owner, session, "answer-key"))
    tp_right, tp_wrong = teenpatti_answers(session)
    assert labels[0] == f"Right answer: {NAMES[tp_right]}"
    assert f"Right answer: {NAMES[tp_wrong]}" not in labels
    _right, hd_wrong = holdem_answers(session)
    wrong = answer_label(services.question(session, 1), {"winners": hd_wrong})
    assert f"Right answer: {escape(wrong)}" not in labels


@pytest.mark.django_db
def test_worksheet_has_the_questions_without_answers(owner: Client, session: Session) -> None:
    html = page(owner, session, "worksheet")
    assert key_labels(html) == []
    assert "Right answer" not in html and EXPLANATION not in html
    for label in expected_labels(session, len(SLOTS))[2:]:  # sentences, not choice names
        assert label.removeprefix("Right answer: ") not in html
    assert [f'id="question-{n}"' in html for n in range(1, 6)] == [True] * 5
    assert html.count('<fieldset class="sheet__fields" disabled>') == len(SLOTS)
    assert "Name:" in html and "Date:" in html
    assert "(2 points)" in html and "(1 point)" in html


@pytest.mark.django_db
@pytest.mark.parametrize("sheet", ["answer-key", "worksheet"])
def test_every_id_on_the_page_is_unique(owner: Client, quiz: Quiz, sheet: str) -> None:
    """Two questions of one drill: each label still names its own field."""
    Slot.objects.create(quiz=quiz, order=9, kind="fixed", drill="side-pots", level="hard", seed=6)
    html = page(owner, services.start_session(quiz, "homework"), sheet)
    ids = Counter(re.findall(r'\sid="([^"]+)"', html))
    assert ids["q3-pot0"] == ids["q6-pot0"] == 1
    assert [name for name, seen in ids.items() if seen > 1] == []
    assert set(re.findall(r'\sfor="([^"]+)"', html)) <= set(ids)


@pytest.mark.django_db
def test_an_ended_live_session_leaves_out_the_questions_never_opened(
    owner: Client, quiz: Quiz
) -> None:
    live = services.start_session(quiz, "live")
    assert len(key_labels(page(owner, live, "answer-key"))) == len(SLOTS)  # all, before class
    for index in range(3):
        services.open_question(live, index)
    services.end(live)
    key = page(owner, live, "answer-key")
    assert key_labels(key) == expected_labels(live, 3)
    sheet = page(owner, live, "worksheet")
    for html in (key, sheet):
        assert 'id="question-3"' in html and 'id="question-4"' not in html


@pytest.mark.django_db
def test_a_live_session_ended_in_the_lobby_prints_no_questions(owner: Client, quiz: Quiz) -> None:
    live = services.end(services.start_session(quiz, "live"))
    assert "No questions to print" in page(owner, live, "answer-key")


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("sheet", ["answer-key", "worksheet"])
def test_printables_in_every_language(
    owner: Client, session: Session, sheet: str, language: str
) -> None:
    html = page(owner, session, sheet, language)
    assert f'<html lang="{language}"' in html
    assert f'<article class="sheet" lang="{language}"' in html
    assert html.count('<section class="sheet__question"') == len(SLOTS)


@pytest.mark.django_db
def test_printables_are_in_the_quiz_language(owner: Client, quiz: Quiz) -> None:
    quiz.language = "cs"
    quiz.save()
    html = page(owner, services.start_session(quiz, "homework"), "worksheet", "en")
    assert '<html lang="en"' in html and '<article class="sheet" lang="cs"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("sheet", ["answer-key", "worksheet"])
def test_only_the_sessions_teacher_sees_them(client: Client, session: Session, sheet: str) -> None:
    url = f"/en/quizzes/session/{session.code}/{sheet}/"
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    other = get_user_model().objects.create_user("other", "o@example.org", "pw-123456789")
    client.force_login(other)
    assert client.get(url).status_code == 404
    assert client.get(f"/en/quizzes/session/NOT-A-CODE/{sheet}/").status_code == 404
    assert client.post(url).status_code == 405


@pytest.mark.django_db
def test_console_and_results_link_to_both(owner: Client, session: Session) -> None:
    for address in ("", "results/"):
        html = owner.get(f"/en/quizzes/session/{session.code}/{address}").content.decode()
        assert f"/en/quizzes/session/{session.code}/answer-key/" in html
        assert f"/en/quizzes/session/{session.code}/worksheet/" in html


def test_scoped_ids_prefix_every_id_and_reference() -> None:
    html = '<label for="a">A</label><input id="a" aria-describedby="b c"><p data-id="d">'
    assert scoped_ids(html, "q1-") == (
        '<label for="q1-a">A</label><input id="q1-a" aria-describedby="q1-b q1-c"><p data-id="d">'
    )
