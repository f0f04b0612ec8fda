"""Fragments rendered once per process: the same page as without the cache, in each
language, and forgotten when a template changes in development."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.cache import caches

from tests.conftest import LANGUAGES
from tutor.site.apps import forget_fragments


@pytest.fixture(autouse=True)
def empty_fragments():
    caches["local"].clear()
    yield
    caches["local"].clear()


def _page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_cached_header_is_the_page_language(client, language):
    first = _page(client, f"/{language}/drills/")
    caches["local"].clear()
    _page(client, f"/{language}/rules/")  # fills the cache with other pages first
    again = _page(client, f"/{language}/drills/")
    assert first.count('aria-current="page"') == again.count('aria-current="page"') == 1
    header = again.split("<main")[0]
    assert f'lang="{language}"' in header
    # The nav marks the section of this page, not of the page cached before it.
    assert f'href="/{language}/drills/" aria-current="page"' in header


def test_language_switcher_keeps_the_query_with_cached_header(client):
    _page(client, "/en/drills/holdem-showdown/?level=easy&seed=11")
    page = _page(client, "/en/drills/holdem-showdown/?level=hard&seed=12")
    assert 'href="/cs/drills/holdem-showdown/?level=hard&amp;seed=12"' in page
    assert (
        'hreflang="x-default" href="http://testserver/en/drills/holdem-showdown/?level=hard&amp;seed=12"'
        in page
    )
    # The drill heading is cached per level: the hard page marks "hard" as current.
    assert 'href="/en/drills/holdem-showdown/?level=hard" aria-current="true"' in page


def test_template_change_forgets_fragments():
    caches["local"].set("x", "y")
    forget_fragments(sender=None, file_path=Path("templates/base.html"))
    assert caches["local"].get("x") is None
    caches["local"].set("x", "y")
    forget_fragments(sender=None, file_path=Path("tutor/site/views.py"))
    assert caches["local"].get("x") == "y"


def test_tally_panel_is_kept_per_figures_and_language(rf):
    from django.template.loader import render_to_string
    from django.utils import translation

    request = rf.get("/")

    def panel(language: str, answered: int) -> str:
        tally = {"answered": answered, "right": 1, "streak": 1, "best_streak": 2}
        with translation.override(language):
            return render_to_string(
                "drills/_tally.html",
                {"tally": tally, "LANGUAGE_CODE": language},
                request,
            )

    assert "<dd>3</dd>" in panel("en", 3)
    assert "<dd>1,234</dd>" in panel("en", 1234)  # not the panel kept for 3
    assert "<dd>1,23,456</dd>" in panel("hi", 123456)  # Indian grouping, kept apart
    assert "<dd>123,456</dd>" in panel("en", 123456)
    czech = panel("cs", 1234)
    assert "Answered" not in czech
    assert "1\xa0234" in czech  # Czech grouping, not the English panel
