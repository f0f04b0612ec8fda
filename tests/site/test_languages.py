"""Who is offered the beta languages in the switcher (``tutor/site/languages.py``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.http import HttpRequest
from django.test import RequestFactory

from tutor.core.locales import Language, languages
from tutor.site import languages as site_languages
from tutor.site.languages import shows_beta

POLISH = Language("pl", "Polish", "Europe/Warsaw", beta=True, checks=("english",))


@pytest.fixture
def with_polish(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site_languages, "languages", lambda: (*languages(), POLISH))
    monkeypatch.setattr(site_languages, "is_beta", lambda code: code == "pl")


def _request(path: str = "/en/", *, staff: bool = False, language: str = "en") -> HttpRequest:
    request = RequestFactory().get(path)
    request.user = SimpleNamespace(is_staff=staff)  # type: ignore[assignment]
    request.LANGUAGE_CODE = language
    return request


@pytest.mark.usefixtures("with_polish")
def test_shows_beta_to_staff_to_beta_links_and_on_beta_pages_only() -> None:
    assert not shows_beta(_request())
    assert shows_beta(_request("/en/?beta=1"))
    assert shows_beta(_request(staff=True))
    assert shows_beta(_request("/pl/", language="pl"))
    assert not shows_beta(_request("/en/?beta=yes"))


def test_shows_beta_is_false_while_no_language_is_in_beta() -> None:
    assert not any(entry.beta for entry in languages())
    assert not shows_beta(_request("/en/?beta=1", staff=True))
