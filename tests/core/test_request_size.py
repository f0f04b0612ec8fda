"""A form too big to read comes back with a translated error beside the field that was too
big and every other field as the teacher left it; a body past ``MAX_REQUEST_BODY`` gets a
413 page (issue 25, item 9). Django alone answers both with a bare English 400."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from tests.conftest import without_breaks
from tutor.core.request_size import KEPT_FIELD, too_big_message, url_encoded_pairs
from tutor.quizzes.models import OwnQuestion

pytestmark = pytest.mark.django_db
PASTE = "::Q::Is this long?{T}\n" * 130_000  # about 2.9 MB: past Django's 2.5 MB


@pytest.fixture
def teacher() -> Client:
    client = Client()
    client.force_login(get_user_model().objects.create_user("teacher", "", "pw-long-123456"))
    return client


def too_long(language: str) -> str:
    with translation.override(language):
        return too_big_message()


def test_a_too_big_gift_paste_shows_the_import_form_again(teacher: Client, language: str) -> None:
    data = {"step": "preview", "text": PASTE, "language": "cs", "tag": "Week 3", "quiz": ""}
    page = teacher.post(f"/{language}/quizzes/bank/import/", data)  # multipart, as the form
    assert page.status_code == 200
    # Czech typography's no-break spaces, the <wbr> between Japanese phrases
    text = without_breaks(page.content.decode()).replace("\xa0", " ")
    assert too_long(language) in text
    assert 'value="Week 3"' in text  # the tag kept
    assert '<option value="cs" selected>' in text  # and the language


def test_a_too_big_bank_question_keeps_the_other_fields(teacher: Client) -> None:
    data = {
        "kind": "choice",
        "first": "en",
        "prompt_en": "x" * 3_000_000,
        "choice_en_0": "A pair",
        "tags": "week 3",
    }
    body = "&".join(f"{name}={value}" for name, value in data.items())
    page = teacher.post(
        "/en/quizzes/bank/new/", body, content_type="application/x-www-form-urlencoded"
    )
    assert page.status_code == 200
    text = page.content.decode()
    assert too_long("en") in text
    assert 'value="A pair"' in text and 'value="week 3"' in text
    assert not OwnQuestion.objects.exists()


def test_a_body_past_the_limit_is_not_read(teacher: Client, settings: Any) -> None:
    settings.MAX_REQUEST_BODY = 3_000_000
    page = teacher.post("/cs/quizzes/bank/import/", {"text": "x" * 3_100_000})
    assert page.status_code == 413
    with translation.override("cs"):
        assert translation.gettext("Too much to send") in page.content.decode()


def test_pairs_keep_small_fields_and_name_the_big_ones() -> None:
    chunks = [b"csrf=abc&text=", b"y" * (KEPT_FIELD + 10), b"y&tag=Week+3&empty=&last"]
    assert list(url_encoded_pairs(chunks)) == [
        (b"csrf", b"abc", True),
        (b"text", b"", False),
        (b"tag", b"Week+3", True),
        (b"empty", b"", True),
        (b"last", b"", True),
    ]
