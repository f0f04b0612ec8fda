from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.conftest import LANGUAGES

NATIVE_NAMES = {"en": "English", "bn": "বাংলা", "hi": "हिन्दी", "ja": "日本語", "cs": "čeština"}


def test_home_page_in_each_language(client: Client, language: str) -> None:
    response = client.get(f"/{language}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}" dir="ltr">' in html
    assert response["Content-Language"] == language
    for code in LANGUAGES:
        assert f'hreflang="{code}" href="http://testserver/{code}/"' in html
        assert f'<a href="/{code}/" lang="{code}" hreflang="{code}"' in html
    assert 'hreflang="x-default" href="http://testserver/en/"' in html


def test_switcher_shows_native_names(client: Client) -> None:
    html = client.get("/cs/").content.decode()
    for code, name in NATIVE_NAMES.items():
        assert re.search(rf'lang="{code}"[^>]*>{re.escape(name)}</a>', html), code
    assert 'lang="cs" hreflang="cs" aria-current="true"' in html


def test_switcher_keeps_the_current_page(client: Client) -> None:
    html = client.get("/ja/drills/?seed=42").content.decode()
    assert 'href="/bn/drills/?seed=42"' in html
    assert 'href="/en/drills/?seed=42"' in html


@pytest.mark.parametrize(
    ("accept", "expected"),
    [("cs,en;q=0.5", "/cs/"), ("hi-IN,hi;q=0.9", "/hi/"), ("fr-FR", "/en/"), ("", "/en/")],
)
def test_root_redirects_by_accept_language(client: Client, accept: str, expected: str) -> None:
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 302
    assert response["Location"] == expected


def test_root_prefers_the_language_last_read(client: Client) -> None:
    visit = client.get("/bn/")
    assert visit.cookies["django_language"].value == "bn"
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="cs")
    assert response["Location"] == "/bn/"


@pytest.mark.parametrize("section", ["rules", "drills", "quizzes", "translations"])
def test_navigation_targets_exist(client: Client, language: str, section: str) -> None:
    response = client.get(f"/{language}/{section}/")
    assert response.status_code == 200


def test_unknown_page_is_a_translated_404(client: Client) -> None:
    response = client.get("/cs/no-such-page/")
    assert response.status_code == 404
    assert '<html lang="cs"' in response.content.decode()


def test_security_headers(client: Client) -> None:
    response = client.get("/en/")
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert "unsafe-inline" not in response["Content-Security-Policy"]


def test_page_has_no_inline_script(client: Client) -> None:
    html = client.get("/en/").content.decode()
    for tag in re.findall(r"<script[^>]*>", html):
        assert "src=" in tag
    assert " style=" not in html
