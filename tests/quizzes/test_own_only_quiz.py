"""A quiz of only the teacher's own questions (as every imported GIFT quiz is) runs, live
and as homework: students answer, and the results and the key are right."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.drills.own_question import Question, Text
from tutor.quizzes import bank
from tutor.quizzes.models import OwnQuestion, Quiz, Session

pytestmark = pytest.mark.django_db

#: One question of each kind, with its right answer and a wrong one as the form posts
#: them, and the right answer in words.
QUESTIONS = (
    (
        Question("single", (Text("en", "Which beats a pair?", ("High card", "Two pair")),), (1,)),
        {"choice": ["1"]},
        {"choice": ["0"]},
        "Two pair",
    ),
    (
        Question("multiple", (Text("en", "Which are pairs?", ("AA", "AK", "QQ", "72")),), (0, 2)),
        {"choice": ["0", "2"]},
        {"choice": ["0"]},
        "AA and QQ",
    ),
    (
        Question("truefalse", (Text("en", "A flush beats a straight."),), (1,)),
        {"truth": ["true"]},
        {"truth": ["false"]},
        "True",
    ),
    (
        Question("number", (Text("en", "Cards in a deck?"),), number=Decimal(52)),
        {"number": ["52"]},
        {"number": ["51"]},
        "52",
    ),
)


@pytest.fixture
def own_quiz(teacher: Client) -> Quiz:
    owner = get_user_model().objects.get()
    quiz = Quiz.objects.create(owner=owner, title="Imported from GIFT")
    questions = [
        OwnQuestion.objects.create(owner=owner, kind=record.kind, data=record.to_dict())
        for record, *_ in QUESTIONS
    ]
    bank.add_slots(quiz, questions, points=1)
    return quiz


def run(teacher: Client, quiz: Quiz, mode: str) -> Session:
    data = {"mode": mode, "zone": "UTC"}
    if mode == "homework":
        data.update(opens="2020-01-01T00:00", closes="2999-01-01T00:00")
    response = teacher.post(f"/en/quizzes/{quiz.pk}/run/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    session = Session.objects.get(quiz=quiz)
    assert response["Location"] == f"/en/quizzes/session/{session.code}/"
    assert len(session.questions) == len(QUESTIONS)
    return session


def student(session: Session, nickname: str) -> Client:
    client = Client()
    joined = client.post("/en/join/", {"code": session.code, "nickname": nickname})
    assert joined.status_code == 302
    return client


def answer(client: Client, session: Session, index: int, fields: dict[str, list[str]]) -> None:
    client.get(f"/en/play/{session.code}/")  # shown first, as a student sees it
    response = client.post(f"/en/play/{session.code}/answer/", {"index": str(index), **fields})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert response["Location"] == f"/en/play/{session.code}/?answered={index}"


def control(teacher: Client, session: Session, action: str) -> None:
    session.refresh_from_db()
    teacher.post(
        f"/en/quizzes/session/{session.code}/control/",
        {"action": action, "at": f"{session.state}:{session.current}"},
    )
    session.refresh_from_db()


def check_results(teacher: Client, session: Session) -> None:
    """Asha answered every question right, Ravi every one wrong."""
    page = teacher.get(f"/en/quizzes/session/{session.code}/results/")
    key = teacher.get(f"/en/quizzes/session/{session.code}/answer-key/")
    assert page.status_code == key.status_code == 200
    for index, (_record, _right, _wrong, label) in enumerate(QUESTIONS):
        result = page.context["questions"][index]["result"]
        assert result.key_label == label
        assert (result.answered, result.right) == (2, 1)
        assert [(s.label, s.count) for s in result.splits if s.is_key] == [(label, 1)]
        assert not [s for s in result.splits if s.correct and s.count == 0]
        assert key.context["questions"][index].key_label == label
    points = {s.participant.nickname: s.points for s in page.context["students"]}
    assert points == {"Asha": len(QUESTIONS), "Ravi": 0}


def test_a_quiz_of_own_questions_runs_live(teacher: Client, own_quiz: Quiz) -> None:
    session = run(teacher, own_quiz, "live")
    asha, ravi = student(session, "Asha"), student(session, "Ravi")
    control(teacher, session, "start")
    for index, (_record, right, wrong, label) in enumerate(QUESTIONS):
        answer(asha, session, index, right)
        answer(ravi, session, index, wrong)
        control(teacher, session, "reveal")
        console = teacher.get(f"/en/quizzes/session/{session.code}/")
        assert console.context["key_label"] == label
        screen = teacher.get(f"/en/quizzes/session/{session.code}/projector/")
        assert screen.context["key_label"] == label
        assert f"✓ {label}</text>" in str(console.context["split_chart"])
        control(teacher, session, "next")
    assert session.state == Session.State.ENDED
    check_results(teacher, session)


def test_a_quiz_of_own_questions_runs_as_homework(teacher: Client, own_quiz: Quiz) -> None:
    session = run(teacher, own_quiz, "homework")
    asha, ravi = student(session, "Asha"), student(session, "Ravi")
    for index, (_record, right, wrong, _label) in enumerate(QUESTIONS):
        answer(asha, session, index, right)
        answer(ravi, session, index, wrong)
    check_results(teacher, session)


def test_a_quiz_of_nothing_to_ask_still_says_so(teacher: Client) -> None:
    quiz = Quiz.objects.create(owner=get_user_model().objects.get(), title="Empty")
    response = teacher.post(f"/en/quizzes/{quiz.pk}/run/", {"mode": "live", "zone": "UTC"})
    assert response.status_code == 302 and response["Location"] == f"/en/quizzes/{quiz.pk}/"
    assert not Session.objects.exists()


def test_a_class_page_offers_a_quiz_of_own_questions(teacher: Client, own_quiz: Quiz) -> None:
    from tutor.classrooms.models import Classroom

    classroom = Classroom.objects.create(owner=own_quiz.owner, name="7B")
    page = teacher.get(f"/en/quizzes/classes/{classroom.pk}/")
    assert list(page.context["quizzes"]) == [own_quiz]


def test_own_questions_are_named_by_their_prompt_with_the_right_answer(
    teacher: Client, own_quiz: Quiz
) -> None:
    """Regression (issue 23): every own question was "Your own question" in the results,
    the chart and the CSV, and the CSV had no right answer."""
    import csv
    import io

    session = run(teacher, own_quiz, "homework")
    asha = student(session, "Asha")
    for index, (_record, right, _wrong, _label) in enumerate(QUESTIONS):
        answer(asha, session, index, right)
    prompts = [record.texts[0].prompt for record, *_ in QUESTIONS]
    page = teacher.get(f"/en/quizzes/session/{session.code}/results/")
    assert [q["result"].drill_title for q in page.context["questions"]] == prompts
    assert "Your own question" not in page.content.decode()
    text = teacher.get(f"/en/quizzes/session/{session.code}/results.csv").content.decode()
    rows = list(csv.DictReader(io.StringIO(text[1:])))
    assert [row["Drill"] for row in rows] == prompts
    assert [row["Right answer"] for row in rows] == [label for *_, label in QUESTIONS]


def test_partial_credit_is_scored_and_each_answer_s_feedback_shown(teacher: Client) -> None:
    """Regression (issue 23): an imported question's partial credit and per-answer
    feedback were dropped; now a half-right choice earns half the points, and the
    student reads what the teacher wrote for the answer they chose."""
    from tutor.quizzes.models import Response

    owner = get_user_model().objects.get()
    quiz = Quiz.objects.create(owner=owner, title="Partial")
    record = Question(
        "single",
        (Text("en", "Best?", ("Right", "Nearly", "Wrong"), "", ("Yes.", "Close.", "No.")),),
        (0,),
        credit=(Decimal(100), Decimal(50), Decimal(0)),
    )
    own = OwnQuestion.objects.create(owner=owner, kind=record.kind, data=record.to_dict())
    bank.add_slots(quiz, [own], points=4)
    session = run_quiz(teacher, quiz)
    asha = student(session, "Asha")
    answer(asha, session, 0, {"choice": ["1"]})
    page = asha.get(f"/en/play/{session.code}/?answered=0").content.decode()
    assert "Close." in page and "Yes." not in page
    response = Response.objects.get()
    assert (response.correct, response.points) == (False, 2)


def run_quiz(teacher: Client, quiz: Quiz) -> Session:
    data = {"mode": "homework", "zone": "UTC", "opens": "2020-01-01T00:00"}
    response = teacher.post(f"/en/quizzes/{quiz.pk}/run/", {**data, "closes": "2999-01-01T00:00"})
    assert response.status_code == 302
    return Session.objects.get(quiz=quiz)
