"""A broken translation in a compiled catalog shows the English, never a 500.

The catalog here is compiled without any check (as ``msgfmt`` without ``-c`` would), so
only the site's catalog loader stands between the entry and the page.
"""

from __future__ import annotations

import logging
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings as django_settings
from django.core.cache import caches
from django.test import Client
from django.utils import translation

from tutor.rules.chart import holdem_chart, teenpatti_chart

LOCALE_DIR = Path(django_settings.BASE_DIR) / "locale"
ODDS = ("hand odds", "1 in %(number)s")
POINTS = ("%(count)s point", "%(count)s points")


def forget_rendered() -> None:
    holdem_chart.cache_clear()
    teenpatti_chart.cache_clear()
    caches["local"].clear()


@pytest.fixture
def broken_locale(tmp_path: Path, settings: Any) -> Iterator[Path]:
    """A copy of the catalogs whose compiled Czech interface catalog has broken entries."""
    locale_dir = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, locale_dir, copy_function=shutil.copy)
    po = locale_dir / "cs" / "LC_MESSAGES" / "django.po"
    with po.open("rb") as fh:
        catalog = read_po(fh, locale="cs")
    catalog.get(ODDS[1], context=ODDS[0]).string = "1 z %(number)s (tj. 5 % kombinací)"
    catalog.add("%(amount)s chips", "%(amount)d žetonů", flags=["python-format"])
    catalog.add("%(seat)s folds.", "%(seat)s složí %(cards)s.", flags=["python-format"])
    catalog.add("%(seat)s wins %(pot)s.", "Vyhrává %(seat)s.", flags=["python-format"])
    points = ("%(count)s bod", "%(count)s body", "%(count)s bodu", "%(count)s bodů % navíc")
    catalog.add(POINTS, points, flags=["python-format"])
    with po.with_suffix(".mo").open("wb") as fh:
        write_mo(fh, catalog)
    settings.LOCALE_PATHS = [locale_dir]  # Django forgets the loaded catalogs
    forget_rendered()
    yield locale_dir
    forget_rendered()


@pytest.mark.parametrize("page", ["/cs/rules/hand-rankings/", "/cs/rules/texas-holdem/"])
def test_stray_percent_shows_english_not_500(
    client: Client, broken_locale: Path, caplog: pytest.LogCaptureFixture, page: str
) -> None:
    with caplog.at_level(logging.WARNING):
        response = client.get(page)
    assert response.status_code == 200
    html = response.content.decode()
    assert "kombinací)" not in html
    assert "1\xa0in 649\xa0740" in html  # the English of that one entry (Czech spacing)
    assert "Pořadí kombinací" in html  # the rest of the page stays Czech
    catalog = str(broken_locale / "cs" / "LC_MESSAGES" / "django.mo")
    logged = [r.getMessage() for r in caplog.records if catalog in r.getMessage()]
    assert any('msgctxt "hand odds" msgid "1 in %(number)s"' in m for m in logged), logged


@pytest.mark.parametrize(
    ("msgid", "arguments"),
    [
        ("%(amount)s chips", {"amount": "1 000"}),  # s changed to d
        ("%(seat)s folds.", {"seat": "Ana"}),  # an extra placeholder
        ("%(seat)s wins %(pot)s.", {"seat": "Ana", "pot": "300"}),  # a missing one
    ],
)
def test_broken_entries_fall_back_to_english(
    broken_locale: Path, msgid: str, arguments: dict[str, str]
) -> None:
    with translation.override("cs"):
        assert translation.gettext(msgid) % arguments == msgid % arguments
        assert translation.pgettext("suit", "clubs") == "kříže"  # the good ones still load


def test_broken_plural_form_falls_back_to_english_in_every_form(broken_locale: Path) -> None:
    with translation.override("cs"):
        for count in (1, 3, 5):
            text = translation.ngettext(*POINTS, count) % {"count": count}
            assert text == (POINTS[0] if count == 1 else POINTS[1]) % {"count": count}
