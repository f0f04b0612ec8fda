"""Searching the question bank in the database (issue 25, item 4): the folded words of
every prompt and choice stored on save, filled in for questions saved before, and one
query for a page of results whatever the bank's size."""

from __future__ import annotations

from importlib import import_module
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tutor.drills.own_question import Question, Text
from tutor.quizzes.models import OwnQuestion
from tutor.quizzes.search import fold, search_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner() -> Any:
    return get_user_model().objects.create_user("teacher")


@pytest.fixture
def client_of(owner: Any) -> Client:
    client = Client()
    client.force_login(owner)
    return client


def bank_question(owner: Any, *texts: Text) -> OwnQuestion:
    record = Question(kind="single", texts=texts, right=(0,))
    return OwnQuestion.objects.create(owner=owner, kind="single", data=record.to_dict())


def listed(client: Client, query: str) -> str:
    return client.get("/en/quizzes/bank/", {"q": query}).content.decode()


def test_search_text_is_made_on_save_and_again_on_edit(owner: Any) -> None:
    question = bank_question(owner, Text("cs", "Která ruka vyhraje?", ("Král", "Dáma")))
    assert question.search_text == "která ruka vyhraje?\nkrál\ndáma"
    question.data = Question(
        kind="single", texts=(Text("en", "Who wins?", ("Me", "You")),), right=(0,)
    ).to_dict()
    question.save(update_fields=["data"])
    question.refresh_from_db()
    assert question.search_text == "who wins?\nme\nyou"


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("KRÁL", True),  # capitals
        ("kra\u0301l", True),  # a combining accent for the precomposed one
        ("ＫＲÁＬ", True),  # full-width Latin
        ("ﾎﾟｰｶｰ", True),  # half-width katakana
        ("STRASSE", True),  # ß case-folds to ss
        ("pokerové pravidlo", True),  # two spaces and a line break in the prompt
        ("král dáma", False),  # two choices are not one text
        ("100%", False),  # % and _ are letters, not patterns
        ("_", False),
    ],
)
def test_bank_search_folds_case_width_and_accents(
    owner: Any, client_of: Client, query: str, found: bool
) -> None:
    bank_question(
        owner,
        Text("cs", "Pokerové  \n pravidlo: Straße", ("Král", "Dáma")),
        Text("ja", "ポーカーの役", ("ワンペア", "ツーペア")),
    )
    assert ("Pokerové" in listed(client_of, query)) is found


def test_bank_search_is_one_query_in_the_database(owner: Any, client_of: Client) -> None:
    for n in range(30):
        bank_question(
            owner, Text("en", f"Question {n}{' zebra' if n % 10 == 0 else ''}?", ("A", "B"))
        )
    with CaptureQueriesContext(connection) as queries:
        page = listed(client_of, "Zebra")
    assert page.count("Question ") == 3
    bank_reads = [q["sql"] for q in queries if 'FROM "quizzes_ownquestion"' in q["sql"]]
    assert bank_reads and all("search_text" in sql for sql in bank_reads)


def test_bank_search_pages_its_results(owner: Any, client_of: Client) -> None:
    for n in range(55):
        bank_question(owner, Text("en", f"Walrus question {n}?", ("A", "B")))
    first = listed(client_of, "walrus")
    second = client_of.get("/en/quizzes/bank/", {"q": "walrus", "page": 2}).content.decode()
    assert first.count("Walrus question") == 50
    assert second.count("Walrus question") == 5


def test_migration_fills_search_text_of_questions_saved_before(owner: Any) -> None:
    question = bank_question(owner, Text("en", "Who posts the BIG blind?", ("Me", "You")))
    OwnQuestion.objects.filter(pk=question.pk).update(search_text="")
    migration = import_module("tutor.quizzes.migrations.0010_ownquestion_search_text")
    migration.fill_search_text(apps, None)
    question.refresh_from_db()
    assert question.search_text == search_text(question.data) != ""
    assert "big blind" in question.search_text


def test_fold_agrees_with_the_migrations_copy() -> None:
    migration = import_module("tutor.quizzes.migrations.0010_ownquestion_search_text")
    for text in ("Straße", "ＫＩＮＧ", "ﾎﾟｰｶｰ", "kra\u0301l", " a \n b ", "İstanbul"):
        assert migration._fold(text) == fold(text)
