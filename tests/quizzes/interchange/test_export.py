"""The downloads: only the owner gets them, with the right headers; a quiz with an engine
question and an own question exports end to end, and reads back as Moodle would read it.
(``quiz``, ``homework`` and ``owner`` are the fixtures of ``tests/quizzes/conftest.py``.)"""

from __future__ import annotations

from urllib.parse import unquote
from xml.etree import ElementTree as ET

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.drills.own_question import Question, Text
from tutor.quizzes.interchange.exports import disposition
from tutor.quizzes.interchange.gift_reader import read
from tutor.quizzes.models import OwnQuestion, Quiz, Session, Slot

from .moodle_reading import shown, text_of


def add_own(quiz: Quiz) -> OwnQuestion:
    record = Question(
        kind="number",
        texts=(
            Text("en", "How many cards does each player get in Teen Patti?", (), "Three each."),
            Text("cs", "Kolik karet dostane v Teen Patti každý hráč?", (), "Tři."),
        ),
        number=__import__("decimal").Decimal(3),
    )
    own = OwnQuestion.objects.create(owner=quiz.owner, kind="number", data=record.to_dict())
    Slot.objects.create(
        quiz=quiz, order=2, kind="fixed", drill="own-question", level="", own=own, points=5
    )
    return own


def urls(quiz: Quiz, session: Session) -> list[str]:
    return [
        f"/en/quizzes/{quiz.pk}/export/moodle.xml",
        f"/en/quizzes/{quiz.pk}/export/gift.txt",
        f"/en/quizzes/session/{session.code}/export/moodle.xml",
        f"/en/quizzes/session/{session.code}/export/gift.txt",
    ]


@pytest.mark.django_db
def test_export_only_for_the_owner(owner: Client, homework: Session) -> None:
    quiz = homework.quiz
    for url in urls(quiz, homework):
        assert owner.get(url).status_code == 200
        anonymous = Client().get(url)
        assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    intruder = Client()
    intruder.force_login(
        get_user_model().objects.create_user("intruder", "i@example.org", "pw-long-1234")
    )
    for url in urls(quiz, homework):
        assert intruder.get(url).status_code == 404
    assert owner.get("/en/quizzes/999999/export/gift.txt").status_code == 404
    assert owner.get("/en/quizzes/session/NOPE/export/gift.txt").status_code == 404


@pytest.mark.django_db
def test_export_headers(owner: Client, homework: Session) -> None:
    quiz = homework.quiz
    xml = owner.get(f"/en/quizzes/{quiz.pk}/export/moodle.xml")
    assert xml["Content-Type"] == "application/xml; charset=utf-8"
    assert xml["Content-Disposition"] == 'attachment; filename="showdowns-fridays-class.xml"'
    text = owner.get(f"/en/quizzes/{quiz.pk}/export/gift.txt")
    assert text["Content-Type"] == "text/plain; charset=utf-8"
    assert text["Content-Disposition"] == 'attachment; filename="showdowns-fridays-class.gift.txt"'


def test_export_file_names_for_titles_in_other_scripts() -> None:
    header = disposition("পোকার ক্লাস", ".xml")
    plain, native = header.split("; filename*=UTF-8''")
    assert plain == 'attachment; filename="quiz.xml"'
    assert unquote(native) == "পোকার-ক্লাস.xml"
    assert (
        disposition('Evil"\r\nX-Header: 1', ".xml") == 'attachment; filename="evil-x-header-1.xml"'
    )
    czech = disposition("Sázky: týden 3", ".gift.txt")
    assert czech.startswith('attachment; filename="sazky-tyden-3.gift.txt"; filename*=UTF-8')
    assert unquote(czech.split("''")[1]) == "sázky-týden-3.gift.txt"


@pytest.mark.django_db
def test_export_quiz_with_an_engine_and_an_own_question_end_to_end(quiz: Quiz) -> None:
    add_own(quiz)
    client = Client()
    client.force_login(quiz.owner)
    root = ET.fromstring(client.get(f"/en/quizzes/{quiz.pk}/export/moodle.xml").content)
    questions = root.findall("question")
    assert [q.get("type") for q in questions] == [
        "category",
        "multichoice",
        "multichoice",
        "numerical",
    ]
    assert text_of(questions[0], "category/text") == "Showdowns: Friday's class!"
    teen, holdem, own = questions[1:]
    # The engine's questions: the cards as text (never codes), one right answer, the points.
    for question, points in ((teen, "2"), (holdem, "3")):
        body = shown(text_of(question, "questiontext/text"))
        assert any(suit in body for suit in "♠♥♦♣"), body
        fractions = [a.get("fraction") for a in question.findall("answer")]
        assert fractions.count("100") >= 1 and text_of(question, "defaultgrade") == points
    assert text_of(own, "defaultgrade") == "5"
    assert shown(text_of(own, "questiontext/text")).startswith("How many cards")
    assert text_of(own, "answer/text") == "3"
    # The same quiz as GIFT reads back whole.
    found = read(client.get(f"/en/quizzes/{quiz.pk}/export/gift.txt").content.decode()).found
    assert [f.kind for f in found][-1] == "number" and found[-1].number == 3
    assert len(found) >= 3


@pytest.mark.django_db
def test_export_own_questions_in_the_page_language(quiz: Quiz) -> None:
    add_own(quiz)
    client = Client()
    client.force_login(quiz.owner)
    cs = client.get(f"/cs/quizzes/{quiz.pk}/export/gift.txt").content.decode()
    assert "Kolik karet dostane" in cs and "Tři." in cs
    ja = client.get(f"/ja/quizzes/{quiz.pk}/export/gift.txt").content.decode()
    assert "How many cards does each player get" in ja  # not written in Japanese


@pytest.mark.django_db
def test_export_drawn_slots_are_dealt_count_questions(quiz: Quiz) -> None:
    Slot.objects.create(
        quiz=quiz, order=5, kind="drawn", drill="teenpatti-showdown", level="easy", count=4
    )
    Slot.objects.create(
        quiz=quiz, order=6, kind="fixed", drill="no-such-drill", level="easy", seed=1
    )
    client = Client()
    client.force_login(quiz.owner)
    root = ET.fromstring(client.get(f"/en/quizzes/{quiz.pk}/export/moodle.xml").content)
    assert len(root.findall("question")) == 1 + 2 + 4


@pytest.mark.django_db
def test_export_session_has_the_questions_students_got(owner: Client, homework: Session) -> None:
    root = ET.fromstring(
        owner.get(f"/en/quizzes/session/{homework.code}/export/moodle.xml").content
    )
    names = [text_of(q, "name/text") for q in root.findall("question")[1:]]
    assert len(names) == len(homework.questions) == 2
    homework.mode, homework.current = Session.Mode.LIVE, 0
    homework.save()
    root = ET.fromstring(
        owner.get(f"/en/quizzes/session/{homework.code}/export/moodle.xml").content
    )
    assert len(root.findall("question")) == 1 + 1  # a live session that asked one question


@pytest.mark.django_db
def test_export_links_on_the_quiz_and_results_pages(owner: Client, homework: Session) -> None:
    quiz = homework.quiz
    page = owner.get(f"/en/quizzes/{quiz.pk}/").content.decode()
    assert f"/en/quizzes/{quiz.pk}/export/moodle.xml" in page
    assert f"/en/quizzes/{quiz.pk}/export/gift.txt" in page
    results = owner.get(f"/en/quizzes/session/{homework.code}/results/").content.decode()
    assert f"/en/quizzes/session/{homework.code}/export/gift.txt" in results
    bank = owner.get("/en/quizzes/bank/").content.decode()
    assert "/en/quizzes/bank/import/" in bank
