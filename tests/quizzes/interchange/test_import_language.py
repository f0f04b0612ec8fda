"""The language of an imported question (issue 23): chosen before the text, found from
its letters when the teacher lets the site find out, remembered for the next import, and
shown in the preview with the reason."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.quizzes.interchange.gift_reader import read
from tutor.quizzes.interchange.import_language import script_language
from tutor.quizzes.interchange.importer import plan
from tutor.quizzes.models import OwnQuestion

URL = "/en/quizzes/bank/import/"
CZECH = "Která ruka je pár?{=Dva králové ~Král a dáma}\n\nJe to flush?{T}\n"


@pytest.fixture
def teacher(client: Client, db: None) -> Client:
    user = get_user_model().objects.create_user("teacher", "t@example.org", "pw-long-123456")
    client.force_login(user)
    return client


def _selected(page: str) -> str:
    select = page.split('name="language"')[1].split("</select>")[0]
    return select.split(" selected>")[0].rsplit('value="', 1)[1].split('"')[0]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("কোন হাতটি জোড়া? {=দুই রাজা ~রাজা ও রানি}", "bn"),
        ("कौन सा हाथ जोड़ी है?", "hi"),
        ("ペアはどれですか？", "ja"),
        ("役はどれ", "ja"),  # kanji and kana
        ("Která ruka je pár?", "cs"),
        ("Je to flush?", ""),  # no Czech letter with a mark: not told
        ("Which hand is a pair?", ""),
        ("{#42}", ""),
    ],
)
def test_script_language_reads_the_letters(text: str, language: str) -> None:
    assert script_language(text) == language


def test_the_language_comes_before_the_text_with_the_marker_hint(teacher: Client) -> None:
    page = teacher.get(URL).content.decode()
    form = page.split('<form method="post"')[-1]
    assert form.index('name="language"') < form.index('name="text"') < form.index('name="file"')
    assert "whatever is chosen here" in form
    assert _selected(page) == "auto"  # not the page's English


def test_a_czech_text_on_an_english_page_is_imported_as_czech(teacher: Client) -> None:
    response = teacher.post(URL, {"step": "preview", "language": "auto", "text": CZECH})
    page = response.content.decode()
    assert "Czech (found from its letters)" in page
    assert "Czech (found from the letters of the whole text)" in page  # "Je to flush?"
    teacher.post(URL, {"step": "import", **response.context["carry"]})
    assert {q.record().texts[0].language for q in OwnQuestion.objects.all()} == {"cs"}


def test_a_marker_wins_and_the_page_language_is_the_last_resort(teacher: Client) -> None:
    text = "[lang:hi]How many?{#3}\n\nWhich?{T}\n"
    page = teacher.post(URL, {"step": "preview", "language": "auto", "text": text})
    html = page.content.decode()
    assert "Hindi (its own [lang:…] marker)" in html
    assert "English (this page&#x27;s language: nothing else told)" in html


def test_the_last_import_language_is_remembered(teacher: Client) -> None:
    teacher.post(URL, {"step": "import", "language": "hi", "text": "Why?{T}"})
    assert OwnQuestion.objects.get().record().texts[0].language == "hi"
    assert _selected(teacher.get(URL).content.decode()) == "hi"


def test_a_chosen_language_is_the_reason_given(teacher: Client) -> None:
    page = teacher.post(URL, {"step": "preview", "language": "ja", "text": CZECH})
    assert "Japanese (the language chosen for the import)" in page.content.decode()


@pytest.mark.django_db
def test_plan_finds_each_questions_language() -> None:
    owner = get_user_model().objects.create_user("t2", "t2@example.org", "pw-long-123456")
    text = "Která ruka?{T}\n\nকোনটি?{F}\n\n[lang:ja]X?{T}\n"
    found = plan(read(text), "auto", "", owner)
    assert [(r.given.language, r.given.why) for r in found.ready] == [
        ("cs", "letters"),
        ("bn", "letters"),
        ("ja", "marker"),
    ]
