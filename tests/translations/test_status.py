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
    status._warnings.cache_clear()
    assert warning_counts("cs")["term"] == 1
    assert warning_counts("cs")["term"] == 1
    assert status._warnings.cache_info().misses == 1  # the second came from the cache
    catalog.write_text(HEADER + po_entry("The side pot.", "Vedlejší bank."), encoding="utf-8")
    os.utime(catalog, (1, 1))  # a new modification time, even within the clock's tick
    assert warning_counts("cs")["term"] == 0
    assert status._warnings.cache_info().misses == 2


def test_counts_are_a_fresh_dict_each_time() -> None:
    first = warning_counts("cs")
    first["term"] = -1
    assert warning_counts("cs")["term"] != -1


def write_status_catalog(tmp_path: Path, settings: Any, *entries: str, done: int = 0) -> Path:
    """A Czech interface catalog of ``done`` translated entries and ``entries``."""
    settings.LOCALE_PATHS = [tmp_path]
    catalog = tmp_path / "cs" / "LC_MESSAGES" / "django.po"
    catalog.parent.mkdir(parents=True)
    body = "".join(po_entry(f"Message number {n}.", f"Zpráva číslo {n}.") for n in range(done))
    catalog.write_text(HEADER + body + "".join(entries), encoding="utf-8")
    (tmp_path / "cs" / "terminology.toml").write_text(TERMS, encoding="utf-8")
    status._warnings.cache_clear()
    return catalog


def czech_rows(html: str) -> list[str]:
    section = html.split('id="lang-cs"', 1)[1].split("</section>", 1)[0]
    return re.findall(r"<tr><th scope=\"row\">.*?</tr>", section, re.DOTALL)


def test_percentages_round_down(client: Client, tmp_path: Path, settings: Any) -> None:
    """249 of 250 is 99.6 %: the page says 99 %, never 100 % with an entry missing."""
    write_status_catalog(tmp_path, settings, po_entry("The last one.", ""), done=249)
    (interface, *_) = czech_rows(client.get("/en/translations/").content.decode())
    assert '<td class="num">249</td>' in interface
    assert '<td class="num">99%</td>' in interface


def test_status_page_lists_each_entry_to_fix(client: Client, tmp_path: Path, settings: Any) -> None:
    missing = "#: templates/drills/side_pots.html\n" + po_entry("Split the pot.", "")
    fuzzy = '#, fuzzy\n#| msgid "The dealer burns one card."\n' + po_entry(
        "The dealer burns a card face down.", "Krupiér spálí jednu kartu."
    )
    broken = po_entry("Read <b>this</b> first.", "Nejdřív <b>tohle</strong>.")
    catalog = write_status_catalog(tmp_path, settings, missing, fuzzy, broken, done=5)
    html = client.get("/en/translations/").content.decode()
    lines = catalog.read_text("utf-8").splitlines()
    items = re.findall(r'<li class="tr-entry tr-entry--(\w+)">(.*?)</li>', html, re.DOTALL)
    assert [kind for kind, _ in items] == ["untranslated", "fuzzy", "markup"]
    for (_, item), msgid in zip(
        items,
        ["Split the pot.", "The dealer burns a card face down.", "Read <b>this</b> first."],
        strict=True,
    ):
        line = lines.index(f'msgid "{msgid}"') + 1
        assert f"<code>locale/cs/LC_MESSAGES/django.po:{line}</code>" in item
        assert escape(msgid) in item
    assert 'href="/cs/drills/side-pots/?translate=1"' in items[0][1]
    assert "<del>one card.</del>" in items[1][1] and "<ins>a card face down.</ins>" in items[1][1]
    # Missing and fuzzy entries are marked apart, each with its own label.
    assert ">Missing<" in items[0][1] and ">Needs review<" in items[1][1]
