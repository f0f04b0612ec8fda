"""Per-student homework (issue 23): each student dealt their own questions from the engine
(same drill and level, a seed of their own derived from the session and the student),
their own questions' choices in their own order, stored whole, and results, CSV and the
answer key right for each student."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tutor.drills.own_question import Question, Text
from tutor.quizzes import bank, services
from tutor.quizzes.models import OwnQuestion, Participant, Quiz, Session

from .classroom import form

pytestmark = pytest.mark.django_db


def _per_student(quiz: Quiz) -> Session:
    return services.start_session(
        quiz, "homework", closes=timezone.now() + timedelta(hours=1), per_student=True
    )


def test_each_student_is_dealt_their_own_questions(quiz: Quiz) -> None:
    session = _per_student(quiz)
    asha = Participant.objects.create(session=session, nickname="Asha")
    ravi = Participant.objects.create(session=session, nickname="Ravi")
    mine, theirs = services.questions_of(session, asha), services.questions_of(session, ravi)
    assert [q["seed"] for q in mine] != [q["seed"] for q in theirs]
    for own, shared in zip(mine, session.questions, strict=True):
        assert (own["drill"], own["level"], own["points"]) == (
            shared["drill"],
            shared["level"],
            shared["points"],
        )
        assert own["seed"] != shared["seed"]
    asha.refresh_from_db()
    assert asha.questions == mine  # stored whole
    again = Participant.objects.get(pk=asha.pk)
    assert services.questions_of(session, again) == mine  # the same seeds, from the store


def test_a_student_s_stored_questions_are_the_truth(quiz: Quiz) -> None:
    """Never dealt again once stored: a generator changed later cannot rewrite them."""
    session = _per_student(quiz)
    asha = Participant.objects.create(session=session, nickname="Asha")
    stored = services.questions_of(session, asha)
    stored[0]["answer"] = {"result": ["tie"]}
    Participant.objects.filter(pk=asha.pk).update(questions=stored)
    asha.refresh_from_db()
    assert services.question(session, 0, asha).right_answer == {"result": ["tie"]}


def test_a_student_answers_their_own_question(client: Client, quiz: Quiz) -> None:
    session = _per_student(quiz)
    client.post("/en/join/", {"code": session.code, "nickname": "Asha"})
    client.get(f"/en/play/{session.code}/")
    asha = Participant.objects.get()
    own = services.question(session, 0, asha)
    assert own.entry["seed"] != session.questions[0]["seed"]
    posted = client.post(
        f"/en/play/{session.code}/answer/", {"index": "0", **own.right_answer}, follow=True
    )
    assert "Correct!" in posted.content.decode()
    assert asha.responses.get(index=0).correct


def _own_choice_quiz(quiz: Quiz) -> Quiz:
    record = Question(
        "single", (Text("en", "Which beats a pair?", ("High card", "Two pair", "A", "B")),), (1,)
    )
    own = OwnQuestion.objects.create(owner=quiz.owner, kind=record.kind, data=record.to_dict())
    quiz.slots.all().delete()
    bank.add_slots(quiz, [own], points=1)
    return quiz


def test_each_student_s_choices_are_shuffled_and_stored(quiz: Quiz) -> None:
    session = _per_student(_own_choice_quiz(quiz))
    orders = set()
    for number in range(8):
        student = Participant.objects.create(session=session, nickname=f"S{number}")
        q = services.question(session, 0, student)
        text = q.data.texts[0]
        assert sorted(text.choices) == ["A", "B", "High card", "Two pair"]
        assert [text.choices[i] for i in q.data.right] == ["Two pair"]  # the right one moved too
        assert services.grade(q, {"choice": [str(text.choices.index("Two pair"))]}).correct
        orders.add(text.choices)
    assert len(orders) > 1


def test_results_and_csv_read_each_student_s_own_question(quiz: Quiz, client: Client) -> None:
    session = _per_student(quiz)
    asha = Participant.objects.create(session=session, nickname="Asha")
    own = services.question(session, 0, asha)
    services.mark_shown(asha, 0)
    services.submit(session, asha, 0, form(**own.right_answer))
    client.force_login(quiz.owner)
    text = client.get(f"/en/quizzes/session/{session.code}/results.csv").content.decode()
    rows = list(csv.reader(io.StringIO(text[1:])))
    first = dict(zip(rows[0], rows[1], strict=True))
    assert first["Seed"] == str(own.entry["seed"]) and first["Correct"] == "yes"
    page = client.get(f"/en/quizzes/session/{session.code}/results/").content.decode()
    assert "Each student was dealt their own questions" in page


def test_the_answer_key_of_per_student_homework_says_so_and_prints_each_student_s(
    quiz: Quiz, client: Client
) -> None:
    session = _per_student(quiz)
    asha = Participant.objects.create(session=session, nickname="Asha")
    client.force_login(quiz.owner)
    url = f"/en/quizzes/session/{session.code}/answer-key/"
    page = client.get(url).content.decode()
    assert "Each student was dealt their own questions" in page
    assert f"{url}?student={asha.pk}" in page
    own = client.get(f"{url}?student={asha.pk}").content.decode()
    assert "Asha" in own
    assert client.get(f"{url}?student=999999").status_code == 404


def test_the_run_form_deals_per_student_homework(quiz: Quiz, client: Client) -> None:
    client.force_login(quiz.owner)
    client.post(
        f"/en/quizzes/{quiz.pk}/run/",
        {
            "mode": "homework",
            "zone": "UTC",
            "opens": "2020-01-01T00:00",
            "closes": "2999-01-01T00:00",
            "per_student": "on",
        },
    )
    assert Session.objects.get().settings_view.per_student


def test_the_worksheet_of_per_student_homework_says_so_and_prints_each_student_s(
    quiz: Quiz, client: Client
) -> None:
    session = _per_student(quiz)
    asha = Participant.objects.create(session=session, nickname="Asha")
    client.force_login(quiz.owner)
    url = f"/en/quizzes/session/{session.code}/worksheet/"
    assert "this worksheet is of the session's first deal" in client.get(url).content.decode()
    own = client.get(f"{url}?student={asha.pk}").content.decode()
    seed = services.question(session, 0, asha).entry["seed"]
    assert seed != session.questions[0]["seed"] and "first deal" not in own


def test_a_moodle_export_holds_every_student_s_own_questions_named(
    quiz: Quiz, client: Client
) -> None:
    """Regression (issue 23): a per-student session exported only the session's first
    deal, which no student was asked; now each student's deal, named after them."""
    from xml.etree import ElementTree as ET

    session = _per_student(quiz)
    asha = Participant.objects.create(session=session, nickname="Asha")
    ravi = Participant.objects.create(session=session, nickname="Ravi")
    Participant.objects.create(session=session, nickname="Never opened it")
    for student in (asha, ravi):
        services.questions_of(session, student)
    client.force_login(quiz.owner)
    data = client.get(f"/en/quizzes/session/{session.code}/export/moodle.xml").content
    names = [q.findtext("name/text") for q in ET.fromstring(data).findall("question")[1:]]
    count = len(session.questions)
    assert len(names) == 2 * count
    assert [name.split(":")[0] for name in names] == [
        f"{student}, question {n}" for student in ("Asha", "Ravi") for n in range(1, count + 1)
    ]
    gift = client.get(f"/en/quizzes/session/{session.code}/export/gift.txt").content.decode()
    assert "Asha, question 1" in gift and "Ravi, question 1" in gift
    page = client.get(f"/en/quizzes/session/{session.code}/results/").content.decode()
    assert "every student’s own questions, each named after its student" in page


@pytest.mark.parametrize("sheet", ["worksheet", "answer-key"])
def test_every_student_s_own_sheet_prints_a_page_each(
    quiz: Quiz, client: Client, sheet: str
) -> None:
    """Issue 23: per-student papers print at once, each student's on a page of its own
    (``.sheet--student + .sheet--student`` breaks the page), and no id twice."""
    import re

    session = _per_student(quiz)
    students = [Participant.objects.create(session=session, nickname=n) for n in ("Asha", "Ravi")]
    client.force_login(quiz.owner)
    url = f"/en/quizzes/session/{session.code}/{sheet}/"
    assert f"{url}?student=all" in client.get(url).content.decode()
    page = client.get(f"{url}?student=all").content.decode()
    assert page.count('class="sheet sheet--student"') == 2
    shown = "<bdi>{}</bdi>" if sheet == "worksheet" else "The questions dealt to {},"
    assert page.index(shown.format("Asha")) < page.index(shown.format("Ravi"))
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids))
    for student in students:
        seed = services.question(session, 0, student).entry["seed"]
        assert seed != session.questions[0]["seed"]
