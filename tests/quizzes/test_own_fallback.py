"""A teacher's own question read in a language it is not written in: each part (prompt,
choices, explanation, each answer's feedback) falls back to the student's language, else
the quiz's, else the question's first text, marked with its ``lang`` (issue 23)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.drills.own_question import Question, Text
from tutor.quizzes import services
from tutor.quizzes.models import OwnQuestion, Quiz, Slot

CS = Text(
    "cs",
    "Která ruka je pár?",
    ("Dva králové", "Král a dáma"),
    "Pár jsou dvě karty stejné hodnoty.",
    ("Ano, dva králové.", "Ne, to je vysoká karta."),
)


def _session(language: str, *texts: Text) -> services.Session:
    owner = get_user_model().objects.get(username="teacher")
    record = Question("single", texts, (0,))
    own = OwnQuestion.objects.create(owner=owner, kind="single", data=record.to_dict())
    quiz = Quiz.objects.create(owner=owner, title="Pairs", language=language)
    Slot.objects.create(quiz=quiz, order=0, kind="fixed", drill="own-question", own=own)
    return services.start_session(quiz, "homework", closes=None)


def _student(language: str, code: str, nickname: str = "Asha") -> Client:
    student = Client()
    student.post(f"/{language}/join/", {"code": code, "nickname": nickname})
    return student


def _play(language: str, code: str) -> str:
    return _student(language, code, "Bálint").get(f"/{language}/play/{code}/").content.decode()


def _answer(language: str, code: str, choice: str = "1") -> str:
    """A student's answer to the first question, and the page of its verdict (in the
    quiz's language when it has one: the play page redirects there)."""
    student = _student(language, code)
    play = student.get(f"/{language}/play/{code}/", follow=True)
    answer = {"index": "0", "choice": choice}
    address = f"{play.request['PATH_INFO']}answer/"
    return student.post(address, answer, follow=True).content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "hi", "bn"])
def test_a_czech_only_question_explains_in_czech_marked_with_lang(
    teacher: Client, language: str
) -> None:
    session = _session("", CS)
    page = _answer(language, session.code)
    assert "Pár jsou dvě karty stejné hodnoty." in page
    assert "Ne, to je vysoká karta." in page
    assert '<p class="own-question__explanation" lang="cs">Pár jsou' in page


EN_PROMPT_ONLY = Text("en", "Which hand is a pair?", ("Two kings", "A king and a queen"))


@pytest.mark.django_db
def test_an_explanation_missing_in_the_students_language_comes_from_the_first(
    teacher: Client,
) -> None:
    session = _session("", CS, EN_PROMPT_ONLY)
    page = _answer("en", session.code)
    assert "Which hand is a pair?" in page and "Two kings" in page
    assert '<p class="own-question__explanation" lang="cs">Pár jsou' in page
    assert '<p class="own-question__explanation" lang="cs">Ne, to je vysoká karta.' in page


HINDI = Text("hi", "कौन सा हाथ जोड़ी है?", ("दो बादशाह", "बादशाह और बेगम"), "एक ही रैंक के दो पत्ते।")


@pytest.mark.django_db
def test_the_quizs_language_comes_before_the_teachers_first(teacher: Client) -> None:
    session = _session("hi", CS, HINDI)
    assert [t["language"] for t in session.questions[0]["question"]["texts"]] == ["hi", "cs"]
    page = _answer("en", session.code)  # the page is in the quiz's language, Hindi
    assert "एक ही रैंक के दो पत्ते।" in page and "Pár jsou" not in page
    # The teacher's pages in English show the quiz's Hindi, not the teacher's first Czech.
    for view in ("answer-key", "results"):
        html = teacher.get(f"/en/quizzes/session/{session.code}/{view}/").content.decode()
        assert "कौन सा हाथ जोड़ी है?" in html and "Která ruka" not in html, view


@pytest.mark.django_db
def test_the_choices_named_in_another_language_are_marked(teacher: Client) -> None:
    session = _session("", CS)
    page = _answer("en", session.code)
    assert '<span lang="cs">Dva králové</span>' in page
    assert '<li lang="cs"><label class="choice">' in _play("en", session.code)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_results_name_a_czech_question_by_its_prompt_marked_with_lang(
    teacher: Client, language: str
) -> None:
    session = _session("", CS)
    _answer("cs", session.code)
    page = teacher.get(f"/{language}/quizzes/session/{session.code}/results/").content.decode()
    assert '<span lang="cs">Která ruka je pár?</span>' in page
    czech = teacher.get(f"/cs/quizzes/session/{session.code}/results/").content.decode()
    assert "Která ruka je pár?" in czech
    assert '<span lang="cs">Která ruka je pár?' not in czech
