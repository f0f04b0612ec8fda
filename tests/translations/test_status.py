"""The translation status page shows each language's warning counts, computed once."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from django.test import Client
from django.utils import translation
from django.utils.html import escape

from tests.conftest import LANGUAGES, TRANSLATED
from tests.translations.test_checks import HEADER, TERMS, po_entry
from tutor.site.templatetags.tutor import num
from tutor.translations import status
from tutor.translations.status import WARNING_KINDS, warning_counts
from tutor.words.typography import typeset


def warning_cells(html: str, code: str) -> list[str]:
    """The counts of the warnings table in one language's section, Total last."""
    section = html.split(f'id="lang-{code}"', 1)[1].split("</section>", 1)[0]
    table = section.split("<caption>", 1)[1]
    return re.findall(r'</th><td class="num">([^<]*)</td></tr>', table)


def test_status_page_shows_the_counts_in_every_language(client: Client) -> None:
    counts = {code: warning_counts(code) for code in TRANSLATED}
    for page_language in LANGUAGES:
        html = client.get(f"/{page_language}/translations/").content.decode()
        with translation.override(page_language):
            assert 'id="checks"' in html
            assert "make check-translations" in html
            for kind in WARNING_KINDS:
                assert typeset(escape(str(kind.explanation)), page_language) in html
                label = typeset(escape(str(kind.label)), page_language)
                assert f'<a href="#check-{kind.code}">{label}</a>' in html
            for code in TRANSLATED:
                expected = [num(counts[code][kind.code]) for kind in WARNING_KINDS]
                expected.append(num(sum(counts[code].values())))
                assert warning_cells(html, code) == expected, (page_language, code)


def test_counts_are_computed_once_per_catalog_version(tmp_path: Path, settings: Any) -> None:
    settings.LOCALE_PATHS = [tmp_path]
    catalog = tmp_path / "cs" / "LC_MESSAGES" / "django.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_text(HEADER + po_entry("The side pot.", "Boční bank."), encoding="utf-8")
    (tmp_path / "cs" / "terminology.toml").write_text(TERMS, encoding="utf-8")
    status._warning_counts.cache_clear()
    assert warning_counts("cs")["term"] == 1
    assert warning_counts("cs")["term"] == 1
    assert status._warning_counts.cache_info().misses == 1  # the second came from the cache
    catalog.write_text(HEADER + po_entry("The side pot.", "Vedlejší bank."), encoding="utf-8")
    os.utime(catalog, (1, 1))  # a new modification time, even within the clock's tick
    assert warning_counts("cs")["term"] == 0
    assert status._warning_counts.cache_info().misses == 2


def test_counts_are_a_fresh_dict_each_time() -> None:
    first = warning_counts("cs")
    first["term"] = -1
    assert warning_counts("cs")["term"] != -1
