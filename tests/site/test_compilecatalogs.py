"""`manage.py compilecatalogs` refuses the python-format errors msgfmt --check-format does."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import read_mo
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.translations.test_checks import HEADER, po_entry

GOOD = po_entry("Round %(number)s", "Kolo %(number)s", flags="python-format")
BROKEN = {
    "1 in %(number)s": "1 z %(number)s (tj. 5 % kombinací)",  # a stray %
    "%(amount)s chips": "%(amount)d žetonů",  # s changed to d
    "%(seat)s wins %(pot)s.": "Vyhrává %(seat)s.",  # a placeholder missing
    "%(seat)s folds.": "%(seat)s složí %(cards)s.",  # one extra
}
PLURAL = """#, python-format
msgid "%(count)s point"
msgid_plural "%(count)s points"
msgstr[0] "%(count)s bod"
msgstr[1] "%(count)s body"
msgstr[2] "%(count)s bodu"
msgstr[3] "%(count)s bodů % navíc"

"""


def write(locale_dir: Path, language: str, body: str) -> Path:
    path = locale_dir / language / "LC_MESSAGES" / "django.po"
    path.parent.mkdir(parents=True)
    path.write_text(HEADER.replace("Language: cs", f"Language: {language}") + body, "utf-8")
    return path


def compile_all(locale_dir: Path, settings: Any) -> tuple[str, str]:
    settings.LOCALE_PATHS = [locale_dir]
    out, err = StringIO(), StringIO()
    with pytest.raises(CommandError, match="5 broken translation"):
        call_command("compilecatalogs", stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_compile_refuses_python_format_errors(tmp_path: Path, settings: Any) -> None:
    broken = "".join(po_entry(en, cs, flags="python-format") for en, cs in BROKEN.items())
    cs = write(tmp_path, "cs", GOOD + broken + PLURAL)
    ja = write(
        tmp_path, "ja", po_entry("Round %(number)s", "第%(number)s回", flags="python-format")
    )
    _, err = compile_all(tmp_path, settings)
    lines = cs.read_text("utf-8").splitlines()
    for msgid in [*BROKEN, "%(count)s point"]:
        line = lines.index(f'msgid "{msgid}"') + 1
        assert f'locale/cs/LC_MESSAGES/django.po:{line}: msgid "{msgid}": ' in err, msgid
    assert 'stray "%"' in err and "'d' and 's' are not compatible" in err
    assert "missing placeholder %(pot)s" in err and "unknown named placeholder 'cards'" in err
    assert "plural form 3" in err
    with cs.with_suffix(".mo").open("rb") as fh:
        compiled = {m.id for m in read_mo(fh) if m.id}
    assert "Round %(number)s" in compiled  # the good entries of the catalog still compile
    assert not compiled & {*BROKEN, ("%(count)s point", "%(count)s points")}
    assert ja.with_suffix(".mo").exists()  # and the other catalogs


def test_compile_checks_a_refused_catalog_again(tmp_path: Path, settings: Any) -> None:
    """A catalog with refused entries stays due: running again reports them again."""
    write(
        tmp_path,
        "cs",
        GOOD
        + "".join(po_entry(en, cs, flags="python-format") for en, cs in BROKEN.items())
        + PLURAL,
    )
    compile_all(tmp_path, settings)
    _, err = compile_all(tmp_path, settings)
    assert 'msgid "1 in %(number)s"' in err


def test_compile_leaves_percent_signs_in_rule_segments(tmp_path: Path, settings: Any) -> None:
    """The rule pages' segments are never %-formatted: "50 % of it" is prose there."""
    folder = tmp_path / "cs" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    segment = po_entry("A bet of 50 % of the pot.", "Sázka 50 % banku.")
    (folder / "rules-holdem.po").write_text(HEADER + segment, "utf-8")
    settings.LOCALE_PATHS = [tmp_path]
    call_command("compilecatalogs", stdout=StringIO(), stderr=StringIO())
    with (folder / "rules-holdem.mo").open("rb") as fh:
        assert "A bet of 50 % of the pot." in {m.id for m in read_mo(fh)}


MARKUP_HEADER = HEADER  # a plain catalog header: markup is checked in every domain
BROKEN_MARKUP = {
    # domain: {msgid: translation}, each refused for its markup or its link
    "django": {
        "Read <b>this</b> first.": "Nejdřív si přečtěte <b>tohle</strong>.",
        'See <a href="/rules/">the rules</a>.': 'Viz <a href="/pravidla/">pravidla</a>.',
    },
    "rules-holdem": {
        "The **button** moves left.": "**Značka dealera se posouvá doleva.",
        "See [side pots](#side-pots) below.": "Viz vedlejší banky níže.",
        "Read [the showdown](#showdown).": "Viz [odkrytí karet](#odkryti).",
    },
}


def test_compile_refuses_broken_markup_and_changed_links(tmp_path: Path, settings: Any) -> None:
    folder = tmp_path / "cs" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    kept = {"django": "Read <b>this</b>.", "rules-holdem": "The **flop** comes."}
    for domain, entries in BROKEN_MARKUP.items():
        body = po_entry(kept[domain], kept[domain].replace("Read", "Čti"))
        body += "".join(
            po_entry(en.replace('"', '\\"'), cs.replace('"', '\\"')) for en, cs in entries.items()
        )
        (folder / f"{domain}.po").write_text(HEADER + body, "utf-8")
    settings.LOCALE_PATHS = [tmp_path]
    err = StringIO()
    with pytest.raises(CommandError, match="5 broken translation"):
        call_command("compilecatalogs", stdout=StringIO(), stderr=err)
    for domain, entries in BROKEN_MARKUP.items():
        lines = (folder / f"{domain}.po").read_text("utf-8").splitlines()
        for msgid in entries:
            quoted = msgid.replace('"', '\\"')
            line = lines.index(f'msgid "{quoted}"') + 1
            assert f'locale/cs/LC_MESSAGES/{domain}.po:{line}: msgid "{quoted}": ' in err.getvalue()
        with (folder / f"{domain}.mo").open("rb") as fh:
            compiled = {m.id for m in read_mo(fh) if m.id}
        assert kept[domain] in compiled and not compiled & set(entries)
    assert '"</strong>" closes "<b>"' in err.getvalue()
    assert 'link address changed: "/rules/" became "/pravidla/"' in err.getvalue()
    assert 'missing "**"' in err.getvalue()
    assert 'link removed: "#side-pots"' in err.getvalue()
