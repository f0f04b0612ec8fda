"""A teacher's own questions: the bank, putting them in a quiz, and students answering
them in their language (issue 16, item 9)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from tests.conftest import without_breaks
from tutor.drills import own_question as own
from tutor.drills.base import AnswerError
from tutor.drills.own_question import Question, Text
from tutor.drills.written_answers import answer_label
from tutor.quizzes import services
from tutor.quizzes.models import OwnQuestion, Quiz, Response, Slot, Tag


def post_question(client: Client, language: str = "en", **fields: object) -> object:
    data: dict[str, object] = {"kind": "single", "first": "en", **fields}
    return client.post(f"/{language}/quizzes/bank/new/", data)


SINGLE = {
    "prompt_en": "Which hand is a pair?",
    "choice_en_0": "Two kings",
    "choice_en_1": "A king and a queen",
    "choice_en_2": "Three different suits",
    "right": ["0"],
    "explanation_en": "A pair is two cards of one rank.",
    "prompt_cs": "Která ruka je pár?",
    "choice_cs_0": "Dva králové",
    "choice_cs_1": "Král a dáma",
    "choice_cs_2": "Tři různé barvy",
    "explanation_cs": "Pár jsou dvě karty stejné hodnoty.",
    "tags": "basics, Week 3,  basics ",
}


@pytest.mark.django_db
def test_a_teacher_writes_a_question_in_two_languages_with_tags(teacher: Client) -> None:
    response = post_question(teacher, **SINGLE)
    assert response.status_code == 302
    question = OwnQuestion.objects.get()
    record = question.record()
    assert record.kind == "single" and record.right == (0,)
    assert [t.language for t in record.texts] == ["en", "cs"]
    assert record.texts[1].choices == ("Dva králové", "Král a dáma", "Tři různé barvy")
    # "basics" twice is one tag; tags are per teacher, case-insensitive.
    assert sorted(t.name for t in question.tags.all()) == ["Week 3", "basics"]
    page = teacher.get("/en/quizzes/bank/").content.decode()
    assert "Which hand is a pair?" in page and "Week 3" in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"prompt_en": "", "prompt_cs": " "}, "at least one language"),
        ({"choice_en_1": "", "choice_en_2": ""}, "at least two choices"),
        ({"right": []}, "exactly one right answer"),
        ({"right": ["0", "1"]}, "exactly one right answer"),
        ({"right": ["4"]}, "one of the choices written"),
        ({"choice_cs_2": ""}, "the same choices"),
        ({"choice_en_1": "Two kings"}, "are the same"),
        ({"prompt_en": "Pair\u202e?"}, "changes the direction"),
        ({"prompt_en": "x" * 2001}, "2,000 characters"),
        ({"tags": ",".join(f"t{i}" for i in range(11))}, "10 tags"),
        # Tags are names (tutor/core/names.py): regression, these were kept.
        ({"tags": "basics\u200b"}, "(U+200B)"),
        ({"tags": "\u200dbasics"}, "invisible joiner"),
        ({"tags": "Z" + "\u0301" * 20}, "accents or signs"),
    ],
)
def test_bad_questions_are_refused_with_a_message(
    teacher: Client, fields: dict[str, object], message: str
) -> None:
    response = post_question(teacher, **{**SINGLE, **fields})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not OwnQuestion.objects.exists()


@pytest.mark.django_db
def test_every_language_explains_what_is_wrong(teacher: Client, language: str) -> None:
    response = post_question(teacher, language, **{**SINGLE, "right": []})
    assert response.status_code == 200
    with translation.override(language):
        expected = translation.gettext("Tick exactly one right answer.")
    assert expected in without_breaks(response.content.decode())


@pytest.mark.django_db
def test_joiners_stay_in_indic_text(teacher: Client) -> None:
    """ZWNJ/ZWJ are part of Bengali and Hindi spelling: refused in nicknames, kept here."""
    prompt = "র\u200d্যাংক কোনটি?"
    response = post_question(
        teacher, "bn", kind="truefalse", first="bn", prompt_bn=prompt, truth="true"
    )
    assert response.status_code == 302
    assert OwnQuestion.objects.get().record().texts[0].prompt == prompt


@pytest.mark.django_db
def test_number_questions_read_each_languages_numbers(teacher: Client) -> None:
    response = post_question(
        teacher, "cs", kind="number", first="cs", prompt_cs="Kolik?", number="2,5", tolerance="0,1"
    )
    assert response.status_code == 302
    record = OwnQuestion.objects.get().record()
    assert (record.number, record.tolerance) == (Decimal("2.5"), Decimal("0.1"))
    bad = post_question(teacher, kind="number", prompt_en="How many?", number="1e999")
    assert bad.status_code == 200 and "Write a number" in bad.content.decode()
    negative = post_question(
        teacher, kind="number", prompt_en="How many?", number="3", tolerance="-1"
    )
    assert "cannot be negative" in negative.content.decode()


@pytest.mark.django_db
def test_another_teachers_question_is_not_found(teacher: Client) -> None:
    other = get_user_model().objects.create_user("other", "o@example.org", "pw-123456789")
    question = OwnQuestion.objects.create(
        owner=other,
        kind="truefalse",
        data=Question("truefalse", (Text("en", "?"),), (1,)).to_dict(),
    )
    assert teacher.get(f"/en/quizzes/bank/{question.pk}/").status_code == 404
    assert teacher.post(f"/en/quizzes/bank/{question.pk}/delete/").status_code == 404
    mine = Quiz.objects.create(owner=get_user_model().objects.get(username="teacher"), title="Q")
    teacher.post(f"/en/quizzes/{mine.pk}/bank/", {"question": [question.pk], "points": "1"})
    assert not mine.slots.exists()


def make_own(teacher_name: str = "teacher", **record: object) -> OwnQuestion:
    owner = get_user_model().objects.get(username=teacher_name)
    question = Question(**record)  # type: ignore[arg-type]
    return OwnQuestion.objects.create(owner=owner, kind=question.kind, data=question.to_dict())


@pytest.mark.django_db
def test_a_quiz_mixes_own_questions_with_drills_and_stores_them_whole(teacher: Client) -> None:
    own_q = make_own(
        kind="multiple",
        texts=(
            Text("en", "Which are pairs?", ("AA", "AK", "QQ"), "Two of one rank."),
            Text("bn", "কোনগুলো জোড়া?", ("AA", "AK", "QQ"), "একই র‍্যাঙ্কের দুটি।"),
        ),
        right=(0, 2),
    )
    quiz = Quiz.objects.create(owner=own_q.owner, title="Mixed")
    Slot.objects.create(quiz=quiz, order=0, kind="fixed", drill="teenpatti-showdown", seed=3)
    response = teacher.post(f"/en/quizzes/{quiz.pk}/bank/", {"question": [own_q.pk], "points": "2"})
    assert response.status_code == 302
    session = services.start_session(quiz, "live")
    entry = session.questions[1]
    assert entry["drill"] == "own-question" and entry["answer"] == {"choice": ["0", "2"]}
    assert entry["points"] == 2
    # Editing the bank question later does not change the session's stored question.
    own_q.data = Question("truefalse", (Text("en", "Changed?"),), (1,)).to_dict()
    own_q.save()
    session.refresh_from_db()
    q = services.question(session, 1)
    assert q.data.texts[0].prompt == "Which are pairs?"
    with translation.override("en"):
        assert answer_label(q, {"choice": ["0", "2"]}) == "AA and QQ"


@pytest.mark.django_db
def test_students_read_their_language_or_the_main_one_marked_with_lang(
    client: Client, teacher: Client
) -> None:
    own_q = make_own(
        kind="single",
        texts=(
            Text("en", "Is a flush five of one suit?", ("Yes", "No"), "Yes it is."),
            Text("hi", "क्या फ्लश एक ही सूट के पाँच पत्ते हैं?", ("हाँ", "नहीं"), "हाँ।"),
        ),
        right=(0,),
    )
    quiz = Quiz.objects.create(owner=own_q.owner, title="Flush")
    teacher.post(f"/en/quizzes/{quiz.pk}/bank/", {"question": [own_q.pk], "points": "1"})
    session = services.start_session(quiz, "homework", closes=None)
    hindi, czech = Client(), Client()
    hindi.post("/hi/join/", {"code": session.code, "nickname": "Asha"})
    czech.post("/cs/join/", {"code": session.code, "nickname": "Bálint"})
    page_hi = hindi.get(f"/hi/play/{session.code}/").content.decode()
    assert "क्या फ्लश" in page_hi and 'lang="en"' not in page_hi.split("<main")[1]
    page_cs = czech.get(f"/cs/play/{session.code}/").content.decode()
    assert 'lang="en"' in page_cs and "Is a flush five of one suit?" in page_cs
    response = czech.post(f"/cs/play/{session.code}/answer/", {"index": "0", "choice": "1"})
    assert response.status_code in (200, 302)
    stored = Response.objects.get(participant__nickname="Bálint")
    assert stored.answer == {"choice": ["1"]} and not stored.correct
    hindi.post(f"/hi/play/{session.code}/answer/", {"index": "0", "choice": "0"})
    assert Response.objects.get(participant__nickname="Asha").correct


@pytest.mark.django_db
def test_hostile_text_is_escaped_on_every_page(client: Client, teacher: Client) -> None:
    own_q = make_own(
        kind="truefalse",
        texts=(Text("en", "<script>alert(1)</script> & <b>", (), "<i>x</i>"),),
        right=(1,),
    )
    quiz = Quiz.objects.create(owner=own_q.owner, title="XSS")
    teacher.post(f"/en/quizzes/{quiz.pk}/bank/", {"question": [own_q.pk], "points": "1"})
    for page in (teacher.get("/en/quizzes/bank/"), teacher.get(f"/en/quizzes/{quiz.pk}/")):
        html = page.content.decode()
        assert "<script>alert(1)" not in html and "&lt;script&gt;alert(1)" in html


def test_grading_each_kind() -> None:
    texts = (Text("en", "?", ("a", "b", "c")),)
    multiple = Question("multiple", texts, (0, 2))
    assert own.grade(multiple, {"choice": ["0", "2"]}).correct
    assert not own.grade(multiple, {"choice": ["0"]}).correct
    with pytest.raises(AnswerError):
        own.grade(multiple, {"choice": ["7"]})
    with pytest.raises(AnswerError):
        own.grade(Question("single", texts, (1,)), {"choice": ["0", "1"]})
    truth = Question("truefalse", (Text("en", "?"),), (0,))
    assert (
        own.grade(truth, {"truth": "false"}).correct
        and not own.grade(truth, {"truth": "true"}).correct
    )
    number = Question("number", (Text("en", "?"),), number=Decimal("10"), tolerance=Decimal("0.5"))
    assert own.grade(number, {"number": "10.5"}).correct
    assert not own.grade(number, {"number": "10.6"}).correct
    with translation.override("bn"):
        assert own.grade(number, {"number": "১০"}).correct
    for bad in ("", "ten", "NaN", "Infinity", "1" * 50, "1,2,3.4.5"):
        with pytest.raises(AnswerError):
            own.grade(number, {"number": bad})


@pytest.mark.django_db
def test_deleting_a_bank_question_takes_it_out_of_quizzes_not_out_of_sessions(
    teacher: Client,
) -> None:
    own_q = make_own(kind="truefalse", texts=(Text("en", "Ace high?"),), right=(1,))
    quiz = Quiz.objects.create(owner=own_q.owner, title="T")
    teacher.post(f"/en/quizzes/{quiz.pk}/bank/", {"question": [own_q.pk], "points": "1"})
    session = services.start_session(quiz, "live")
    assert "Ace high?" in teacher.get(f"/en/quizzes/bank/{own_q.pk}/delete/").content.decode()
    teacher.post(f"/en/quizzes/bank/{own_q.pk}/delete/")
    assert not quiz.slots.exists() and not Tag.objects.exists()
    session.refresh_from_db()
    assert services.question(session, 0).data.texts[0].prompt == "Ace high?"


@pytest.mark.django_db
def test_the_bank_filters_by_tag_and_words(teacher: Client) -> None:
    post_question(teacher, **SINGLE)
    post_question(
        teacher,
        kind="truefalse",
        prompt_en="Is the ace low in a wheel?",
        truth="true",
        tags="straights",
    )
    tag = Tag.objects.get(key="straights")
    page = teacher.get(f"/en/quizzes/bank/?tag={tag.pk}").content.decode()
    assert "Is the ace low" in page and "Which hand is a pair?" not in page
    page = teacher.get("/en/quizzes/bank/?q=KRÁL").content.decode()
    assert "Which hand is a pair?" in page and "Is the ace low" not in page
    assert teacher.get("/en/quizzes/bank/?tag=99999999999999999999&page=zz").status_code == 200


@pytest.mark.django_db
def test_results_and_csv_show_own_questions_without_level_or_seed(
    client: Client, teacher: Client
) -> None:
    own_q = make_own(kind="number", texts=(Text("en", "Cards in a deck?"),), number=Decimal(52))
    quiz = Quiz.objects.create(owner=own_q.owner, title="Deck")
    teacher.post(f"/en/quizzes/{quiz.pk}/bank/", {"question": [own_q.pk], "points": "1"})
    session = services.start_session(quiz, "homework", closes=None)
    client.post("/en/join/", {"code": session.code, "nickname": "Asha"})
    client.get(f"/en/play/{session.code}/")
    client.post(f"/en/play/{session.code}/answer/", {"index": "0", "number": "52"})
    page = teacher.get(f"/en/quizzes/session/{session.code}/results/").content.decode()
    assert "Question 1: Cards in a deck?</h3>" in page and "()" not in page
    rows = teacher.get(f"/en/quizzes/session/{session.code}/results.csv").content.decode()
    line = rows.splitlines()[1].split(",")
    assert line[3:9] == ["Cards in a deck?", "", "", "52", "52", "yes"]


@pytest.mark.django_db
def test_the_form_is_in_the_page_language(teacher: Client) -> None:
    """Regression: labels made at import time stayed English on every page."""
    page = teacher.get("/cs/quizzes/bank/new/").content.decode()
    with translation.override("cs"):
        labels = [translation.gettext(t) for t in ("Main language", "Tags", "The right number")]
    assert all(label in page for label in labels) and "Main language" not in page
