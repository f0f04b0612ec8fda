"""Importing GIFT into the bank: the text's encoding, the bank form's checks on every
question, the preview then the import, and what a hostile or forged request gets."""

from __future__ import annotations

import codecs
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tutor.quizzes.interchange import importer
from tutor.quizzes.interchange.gift_reader import read
from tutor.quizzes.models import OwnQuestion, Quiz, Slot, Tag

URL = "/en/quizzes/bank/import/"
GIFT = """// A small bank
$CATEGORY: $course$/top/Week 3

::Pair::Does a pair beat high card?{TRUE####Any pair beats any high card.}

::Red::Which suits are red?{~%50%hearts ~%50%diamonds ~%-100%spades}

::Short::Name the best hand.{=royal flush}

::Pot::How many chips are in the pot?{#300:0}
"""


def owner() -> Any:
    return get_user_model().objects.create_user("teacher", "t@example.org", "pw-long-123456")


def preview(client: Client, **data: Any) -> Any:
    return client.post(URL, {"step": "preview", "language": "en", **data})


# -- decoding --------------------------------------------------------------------------
def test_decode_utf8_with_and_without_a_byte_order_mark() -> None:
    assert importer.decode("Čí?{T}".encode()) == "Čí?{T}"
    assert importer.decode(codecs.BOM_UTF8 + "Čí?{T}".encode()) == "Čí?{T}"


@pytest.mark.parametrize(
    "data,words",
    [
        ("Čí?{T}".encode("utf-16"), "UTF-16"),
        ("Čí?{T}".encode("cp1250"), "not UTF-8"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "not UTF-8"),
        (b"GIFT\x00\x00\x00", "not text"),
        (b"x" * (settings.IMPORT_MAX_BYTES + 1), "too long"),
    ],
)
def test_decode_refuses_what_is_not_utf8_text(data: bytes, words: str) -> None:
    with pytest.raises(importer.SourceError) as error:
        importer.decode(data)
    assert words in error.value.message


# -- the bank form's checks -------------------------------------------------------------
@pytest.mark.django_db
def test_plan_refuses_what_the_bank_form_refuses() -> None:
    user = owner()
    text = (
        "Bidi \u202etrick?{T}\n\n"
        "Same?{=a ~a}\n\n"
        f"{'x' * 2001}?{{T}}\n\n"
        "Long choice?{=" + "y" * 301 + " ~z}\n\n"
        "Fine?{T}\n\n"
        "Fine?{T}\n"
    )
    plan = importer.plan(read(text), "en", "", user)
    assert [item.found.line for item in plan.ready] == [9]
    reasons = {item.line: item.reason for item in plan.refused}
    assert "U+202E" in reasons[1]
    assert reasons[3] == "Two choices are the same."
    assert reasons[5].startswith("The question:")
    assert reasons[7].startswith("Choice 1:")
    assert reasons[11] == "The same as the question on line 9."


@pytest.mark.django_db
def test_plan_leaves_out_a_question_already_in_the_bank() -> None:
    user = owner()
    first = importer.plan(read("Known?{T}"), "en", "", user)
    importer.save(user, first.ready, None)
    again = importer.plan(read("Known?{T}\n\nNew?{F}"), "en", "", user)
    assert [item.found.prompt for item in again.ready] == ["New?"]
    assert again.refused[0].reason == "The same question is already in your bank."


@pytest.mark.django_db
def test_plan_writes_the_questions_in_the_chosen_language_with_tags() -> None:
    plan = importer.plan(read(GIFT), "cs", "Imported", owner())
    assert [item.record.texts[0].language for item in plan.ready] == ["cs"] * 3
    assert plan.ready[0].tags == ("Week 3", "Imported")


@pytest.mark.django_db
def test_imported_tags_are_names() -> None:
    """Tags follow the rules of every name (tutor/core/names.py); regression: a zero-width
    space or a joiner as padding was kept in a category's tag."""
    user, hidden = owner(), GIFT.replace("Week 3", "Week\u200b3", 1)
    assert importer.plan(read(hidden), "cs", "\u200dx", user).ready[0].tags == ()
    joined = importer.plan(read(GIFT), "cs", "র\u200d্যাব", user)
    assert joined.ready[0].tags == ("Week 3", "র\u200d্যাব")


# -- the page ---------------------------------------------------------------------------
def test_import_page_needs_a_login(client: Client) -> None:
    response = client.get(URL)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.django_db
def test_import_preview_then_import(client: Client) -> None:
    user = owner()
    client.force_login(user)
    assert client.get(URL).status_code == 200
    response = preview(client, text=GIFT, tag="Imported")
    assert response.status_code == 200
    page = response.content.decode()
    assert "3 questions will be imported" in page
    assert "Does a pair beat high card?" in page and "Which suits are red?" in page
    assert "short-answer question" in page  # left out, with its line
    assert not OwnQuestion.objects.exists()  # a preview saves nothing
    carried = response.context["carry"]
    response = client.post(URL, {"step": "import", **carried})
    assert response.status_code == 302 and response["Location"] == "/en/quizzes/bank/"
    questions = OwnQuestion.objects.filter(owner=user)
    assert sorted(q.kind for q in questions) == ["multiple", "number", "truefalse"]
    assert sorted(Tag.objects.filter(owner=user).values_list("name", flat=True)) == [
        "Imported",
        "Week 3",
    ]
    pair = next(q for q in questions if q.kind == "truefalse").record()
    assert pair.truth and pair.texts[0].explanation == "Any pair beats any high card."


@pytest.mark.django_db
def test_import_checks_the_text_again_on_the_second_post(client: Client) -> None:
    client.force_login(owner())
    forged = "Bidi \u202etrick?{T}\n\nFine?{T}"
    response = client.post(URL, {"step": "import", "text": forged, "language": "en"})
    assert response.status_code == 302
    assert [q.record().texts[0].prompt for q in OwnQuestion.objects.all()] == ["Fine?"]


@pytest.mark.django_db
def test_import_from_a_file_into_a_quiz(client: Client) -> None:
    user = owner()
    quiz = Quiz.objects.create(owner=user, title="Week 3")
    client.force_login(user)
    upload = SimpleUploadedFile("bank.gift.txt", codecs.BOM_UTF8 + GIFT.encode(), "text/plain")
    response = client.post(
        URL, {"step": "preview", "language": "hi", "file": upload, "quiz": quiz.pk}
    )
    assert response.status_code == 200 and response.context["carry"]["text"].startswith("//")
    response = client.post(URL, {"step": "import", **response.context["carry"]})
    assert response.status_code == 302 and response["Location"].endswith(f"/{quiz.pk}/#slots")
    slots = Slot.objects.filter(quiz=quiz)
    assert slots.count() == 3 and all(s.own is not None for s in slots)
    assert {s.own.record().texts[0].language for s in slots if s.own} == {"hi"}


@pytest.mark.django_db
def test_import_file_in_another_encoding_gets_a_form_error(client: Client) -> None:
    client.force_login(owner())
    upload = SimpleUploadedFile("bank.txt", "Čí?{T}".encode("cp1250"), "text/plain")
    response = preview(client, file=upload)
    assert response.status_code == 200
    assert "not UTF-8" in response.content.decode()


@pytest.mark.django_db
def test_import_into_another_teachers_quiz_is_a_404(client: Client) -> None:
    other = get_user_model().objects.create_user("other", "o@example.org", "pw-long-123456")
    theirs = Quiz.objects.create(owner=other, title="Theirs")
    client.force_login(owner())
    for quiz in (theirs.pk, "abc", "9" * 30):
        response = client.post(
            URL, {"step": "import", "text": "A?{T}", "language": "en", "quiz": quiz}
        )
        assert response.status_code == 404
    assert not OwnQuestion.objects.exists() and not theirs.slots.exists()


@pytest.mark.django_db
def test_import_with_nothing_to_import_says_so(client: Client) -> None:
    client.force_login(owner())
    response = client.post(URL, {"step": "import", "text": "Essay?{}", "language": "en"})
    assert response.status_code == 200
    assert "Nothing in this text can be imported." in response.content.decode()
    assert not OwnQuestion.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data",
    [
        {},
        {"text": ""},
        {"text": "   \n\n "},
        {"text": "x" * (settings.IMPORT_MAX_BYTES + 10)},
        {"text": "A?{T}", "language": "xx"},
        {"text": "A?{T}", "tag": "\u202e" * 5},
        {"text": "A?{T}", "tag": "t" * 500},
        {"text": "A?{T}\x00"},
        {"text": ["A?{T}", "B?{F}"], "language": ["en", "cs"]},
        {"text": "{" * 50000 + "}" * 50000},
        {"text": "[html]" + "<div>" * 30000 + "x{T}"},
    ],
)
def test_import_hostile_posts_never_fail(client: Client, data: dict[str, Any]) -> None:
    client.force_login(owner())
    for step in ("preview", "import"):
        response = client.post(URL, {"language": "en", "step": step, **data})
        assert response.status_code in (200, 302)
    assert OwnQuestion.objects.count() <= 1


@pytest.mark.django_db
def test_after_an_import_what_was_dropped_is_told_with_its_line(client: Client) -> None:
    """Regression (issue 23): after the import, what was left out was no longer said."""
    client.force_login(owner())
    text = GIFT + '\n[lang:cs][html]Kolik? <img src="a.png">{#2}\n\n[lang:xx]Huh?{T}\n'
    carried = preview(client, text=text).context["carry"]
    response = client.post(URL, {"step": "import", **carried}, follow=True)
    told = [str(m) for m in response.context["messages"]]
    assert told[1:] == [
        "Left out, line 8: A short-answer question (typed words): the bank cannot hold it.",
        "Left out, line 12: Pictures, sound and video are not kept: only the text is.",
        "Left out, line 14: [lang:xx] names no language of this site: "
        "use one of en, bn, hi, ja, cs.",
    ]
    czech = next(q for q in OwnQuestion.objects.all() if q.record().texts[0].prompt == "Kolik?")
    assert czech.record().texts[0].language == "cs"


@pytest.mark.django_db
def test_the_preview_says_which_questions_have_a_language_of_their_own(client: Client) -> None:
    client.force_login(owner())
    page = preview(client, text="[lang:cs]Kolik?{#2}\n\nHow many?{#3}").content.decode()
    assert "2 questions will be imported, written in English." in page
    assert "1 question is in the language its marker names, shown beside it." in page
    assert "čeština" in page
