"""`manage.py checktranslations`: its text and JSON output and its exit status."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.translations.test_checks import FILLER, HEADER, TERMS, po_entry


def write_catalog(tmp_path: Path, *entries: str) -> Path:
    folder = tmp_path / "cs" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    body = "".join(po_entry(en, cs) for en, cs in FILLER) + "".join(entries)
    (folder / "django.po").write_text(HEADER + body, encoding="utf-8")
    (tmp_path / "cs" / "terminology.toml").write_text(TERMS, encoding="utf-8")
    return tmp_path


def run(locale_dir: Path, *args: str) -> str:
    out = StringIO()
    call_command("checktranslations", "--locale-dir", str(locale_dir), *args, stdout=out)
    return out.getvalue()


def test_text_output_names_catalog_line_context_and_kind(tmp_path: Path) -> None:
    locale_dir = write_catalog(
        tmp_path,
        po_entry("Split the side pots.", "Rozdělte boční banky.", context="side pots drill"),
        po_entry("%(seat)s wins %(pot)s.", "Vyhrává %(seat)s.", flags="python-format"),
    )
    lines = run(locale_dir, "--language", "cs").splitlines()
    assert lines[0].startswith("locale/cs/LC_MESSAGES/django.po:")
    assert '[term] msgctxt "side pots drill" "Split the side pots.": “side pot”' in lines[0]
    assert '[placeholder] "%(seat)s wins %(pot)s."' in lines[1]
    assert lines[-2] == (
        "cs: 2 warnings (1 term, 1 placeholder, 0 markup, 0 link, 0 length, 0 fuzzy, "
        "0 untranslated)"
    )


def test_json_output(tmp_path: Path) -> None:
    locale_dir = write_catalog(tmp_path, po_entry("Split the side pots.", "Rozdělte boční banky."))
    data = json.loads(run(locale_dir, "--language", "cs", "--format", "json"))
    cs = data["languages"]["cs"]
    assert cs["counts"] == {
        "term": 1,
        "placeholder": 0,
        "markup": 0,
        "link": 0,
        "length": 0,
        "fuzzy": 0,
        "untranslated": 0,
    }
    assert cs["warnings"][0]["kind"] == "term"
    assert cs["warnings"][0]["msgid"] == "Split the side pots."


def test_strict_fails_on_a_term_warning_but_not_on_length(tmp_path: Path) -> None:
    long = "Když hráč vsadí, ostatní hráči musí dorovnat, navýšit nebo položit karty. " * 3
    length_only = write_catalog(tmp_path / "a", po_entry("Each player acts in turn.", long))
    assert "1 length" in run(length_only, "--language", "cs", "--strict")
    term = write_catalog(tmp_path / "b", po_entry("The side pot.", "Boční bank."))
    assert "1 term" in run(term, "--language", "cs")  # a report: no error without --strict
    with pytest.raises(CommandError, match="1 warning"):
        run(term, "--language", "cs", "--strict")
    allowed = write_catalog(
        tmp_path / "c", "# terms-ok: side pot\n" + po_entry("The side pot.", "Boční bank.")
    )
    assert "0 term" in run(allowed, "--language", "cs", "--strict")


def test_strict_fails_on_placeholder_warnings(tmp_path: Path) -> None:
    broken = write_catalog(tmp_path, po_entry("%(seat)s wins.", "Vyhrává.", flags="python-format"))
    assert "1 placeholder" in run(broken, "--language", "cs")
    with pytest.raises(CommandError, match="1 warning"):
        run(broken, "--language", "cs", "--strict")


def test_the_report_says_how_long_it_took(tmp_path: Path) -> None:
    lines = run(write_catalog(tmp_path), "--language", "cs").splitlines()
    assert re.fullmatch(r"Checked 1 catalog of 1 language in \d+\.\d s\.", lines[-1])


@pytest.mark.parametrize(
    "entry",
    [
        po_entry("1 in %(number)s", "1 z %(number)s (5 % kombinací)", flags="python-format"),
        po_entry("%(amount)s chips", "%(amount)d žetonů", flags="python-format"),
        po_entry("The flop.", "Flop.", flags="fuzzy"),
        po_entry("The turn.", ""),
        po_entry("Read <b>this</b>.", "Čti <b>tohle</strong>."),
        po_entry("The side pot.", "Boční bank."),
    ],
)
def test_strict_fails_on_format_markup_term_fuzzy_and_untranslated(
    tmp_path: Path, entry: str
) -> None:
    locale_dir = write_catalog(tmp_path, entry)
    lines = run(locale_dir, "--language", "cs").splitlines()
    assert lines[0].startswith("locale/cs/LC_MESSAGES/django.po:")
    with pytest.raises(CommandError, match="1 warning"):
        run(locale_dir, "--language", "cs", "--strict")


def test_unknown_language_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="no catalogs for: xx"):
        run(write_catalog(tmp_path), "--language", "xx")
