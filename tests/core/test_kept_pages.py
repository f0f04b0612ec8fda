"""Pages kept per process (``tutor/core/kept_pages.py``): the kept copy with each
visitor's parts put in is the page rendered as usual, two visitors in two languages get
their own token and form and their own language, and an edited catalog shows at once."""

from __future__ import annotations

import os
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.management import call_command
from django.test import Client
from django.utils import autoreload

from tests.translations.test_checks import HEADER, po_entry
from tutor.core import kept_pages

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "bn", "hi", "ja", "cs")
TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]+"')
ATTEMPT = re.compile(r'name="attempt" value="([^"]+)"')


@pytest.fixture(autouse=True)
def empty_fragments():
    caches["local"].clear()
    yield
    caches["local"].clear()


def without_own_parts(html: str) -> str:
    return ATTEMPT.sub("ATTEMPT", TOKEN.sub(r"\1TOKEN", html))


def own_parts(client: Client, html: str) -> tuple[str, str]:
    """The form's CSRF token (checked against the client's cookie) and random value."""
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    attempt = ATTEMPT.search(html)
    assert token and attempt
    assert f'"X-CSRFToken": "{token.group(1)}"' in html
    return token.group(1), attempt.group(1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_kept_join_page_is_the_page_rendered_as_usual(language: str, monkeypatch: Any) -> None:
    address = f"/{language}/join/ABC123/"
    kept = [Client().get(address) for _ in range(2)]  # made, then from the cache
    assert all(getattr(r, kept_pages.FINISHED, False) for r in kept)
    monkeypatch.setattr(kept_pages, "keeps", lambda request: False)
    usual = Client().get(address)
    assert not getattr(usual, kept_pages.FINISHED, False)
    expected = without_own_parts(usual.content.decode())
    for response in kept:
        assert without_own_parts(response.content.decode()) == expected
        assert response["Content-Length"] == str(len(response.content))
    assert kept_pages.TOKEN not in kept[1].content.decode()
    assert kept_pages.stand_in("attempt") not in kept[1].content.decode()


def test_two_visitors_in_two_languages_get_their_own_form() -> None:
    asha, bedrich, chitra = Client(), Client(), Client()
    pages = [
        (asha, asha.get("/en/join/ABC123/")),
        (bedrich, bedrich.get("/cs/join/ABC123/")),
        (chitra, chitra.get("/en/join/ABC123/")),
    ]
    seen = set()
    for client, response in pages:
        token, attempt = own_parts(client, response.content.decode())
        seen.update((token, attempt))
        # The token is this browser's: its form posts with the cookie it was given.
        form = {"code": "ABC123", "nickname": "x", "csrfmiddlewaretoken": token}
        client.handler.enforce_csrf_checks = True
        assert client.post("/en/join/", {**form, "attempt": attempt}).status_code != 403
    assert len(seen) == 6
    english, czech = pages[0][1].content.decode(), pages[1][1].content.decode()
    assert "Join a quiz" in english and "Join a quiz" not in czech
    assert '<html lang="cs"' in czech


def test_a_signed_in_visitor_gets_the_page_rendered_for_them() -> None:
    kept = Client().get("/en/join/ABC123/")
    teacher = Client()
    teacher.force_login(get_user_model().objects.create_user("tess", "t@example.org", "pw"))
    theirs = teacher.get("/en/join/ABC123/")
    assert getattr(kept, kept_pages.FINISHED, False)
    assert not getattr(theirs, kept_pages.FINISHED, False)
    assert "site-logout" in theirs.content.decode()
    assert "site-logout" not in Client().get("/en/join/ABC123/").content.decode()


def test_an_edited_catalog_shows_on_a_kept_page(tmp_path: Path, settings: Any) -> None:
    assert "Join a quiz" not in Client().get("/cs/join/ABC123/").content.decode()
    po = tmp_path / "cs" / "LC_MESSAGES" / "django.po"
    po.parent.mkdir(parents=True)
    po.write_text(HEADER + po_entry("Join a quiz", "První nadpis"), "utf-8")
    settings.LOCALE_PATHS = [tmp_path]
    call_command("compilecatalogs", stdout=StringIO(), stderr=StringIO())
    autoreload.StatReloader().notify_file_changed(po.with_suffix(".mo"))
    assert "První nadpis" in Client().get("/cs/join/ABC123/").content.decode()
    po.write_text(HEADER + po_entry("Join a quiz", "Druhý nadpis"), "utf-8")
    os.utime(po, (po.stat().st_mtime + 5, po.stat().st_mtime + 5))
    autoreload.StatReloader().notify_file_changed(po)
    page = Client().get("/cs/join/ABC123/").content.decode()
    assert "Druhý nadpis" in page and "První nadpis" not in page


def test_finished_html_without_a_form_leaves_the_csrf_token_alone() -> None:
    """A stage with no form (an answer's verdict) needs no token: none is made, and the
    CSRF cookie is not sent again."""
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    request.META["CSRF_COOKIE"] = "s" * 32
    plain = kept_pages.finished_response("<p>Right!</p>", request)
    assert plain.content == b"<p>Right!</p>"
    assert "CSRF_COOKIE_NEEDS_UPDATE" not in request.META
    form = kept_pages.finished_response(f'<input value="{kept_pages.TOKEN}">', request)
    assert kept_pages.TOKEN.encode() not in form.content
    assert request.META["CSRF_COOKIE_NEEDS_UPDATE"] is True


def test_a_kept_pages_context_given_as_a_function_is_made_only_when_the_copy_is_missing() -> None:
    """A page whose context costs a rendering of its own (a new drill question's content
    with its stand-ins) gives a function: called for the first copy, not for a kept one."""
    from django.contrib.auth.models import AnonymousUser
    from django.test import RequestFactory
    from django.utils import translation

    made: list[int] = []

    def context() -> dict[str, Any]:
        made.append(1)
        return {"drill_content": "", "page_query": ""}

    request = RequestFactory().get("/en/drills/")
    request.user = AnonymousUser()
    with translation.override("en"):
        pages = [
            kept_pages.render(request, "drills/content_only.html", context, key=("f",), slots={})
            for _ in range(2)
        ]
    assert made == [1]
    assert pages[0].content == pages[1].content


def test_stand_ins_are_put_in_once_each_and_a_value_is_never_read_for_them(
    monkeypatch: Any,
) -> None:
    """The copy is kept cut at its stand-ins: each request's values go where the stand-ins
    were, a value that spells a stand-in stays as typed (one pass), a stand-in of no slot
    given stays as it is, and a second request from the cut copy gets the same page."""
    from django.contrib.auth.models import AnonymousUser
    from django.test import RequestFactory
    from django.utils import translation

    a, b, c = (kept_pages.stand_in(name) for name in ("first", "second", "third"))
    made: list[str] = []

    def render_to_string(*args: Any, **kwargs: Any) -> str:
        made.append(args[0])
        return f"<p>{a}|{b}|{a}|{c}|{kept_pages.TOKEN}</p>"

    monkeypatch.setattr(kept_pages, "render_to_string", render_to_string)
    request = RequestFactory().get("/en/drills/")
    request.user = AnonymousUser()
    request.META["CSRF_COOKIE"] = "s" * 32
    slots = {"first": kept_pages.Slot(b), "second": kept_pages.Slot("<B>")}
    with translation.override("en"):
        pages = [
            kept_pages.render(request, "page.html", {}, key=("cut",), slots=slots).content.decode()
            for _ in range(2)
        ]
    assert made == ["page.html"]  # the second from the kept copy
    for page in pages:
        parts = page.removeprefix("<p>").removesuffix("</p>").split("|")
        assert parts[:4] == [b, "&lt;B&gt;", b, c]
        assert kept_pages.TOKEN not in parts[4] and len(parts[4]) == 64


@pytest.mark.parametrize("name", ["", "Nick", "two words", "x1", "né"])
def test_a_slots_name_is_lowercase_letters(name: str) -> None:
    with pytest.raises(ValueError):
        kept_pages.stand_in(name)
