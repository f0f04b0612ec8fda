"""The languages have one list, ``locale/languages.toml`` (``tutor.core.locales``): the
settings, the switcher, the rule pages, the rendered-text guard, the time zones and the
CSS all read it, and nothing else in the site names them (issue 26)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings

from tutor.core import locales
from tutor.core.locales import Language, is_beta, language, languages, shipped_languages
from tutor.core.zones import DEFAULT_ZONES, zone_names
from tutor.site.languages import CSS_FILE, language_css

ROOT = Path(settings.BASE_DIR)
OTHERS = sorted(entry.code for entry in languages() if entry.code != settings.LANGUAGE_CODE)
NAMES = sorted(entry.name for entry in languages() if entry.code != settings.LANGUAGE_CODE)
CODE = "|".join(OTHERS)
ALTERNATION = re.compile(rf"(?:^|[(|])(?:{CODE})\|(?:{CODE})(?:$|[)|])")
#: Two of the languages' names in a row of a list: "Bengali, Hindi", "Japanese and Czech".
NAMED_LIST = re.compile(rf"(?:{'|'.join(NAMES)})(?:,| and| or)\s+(?:{'|'.join(NAMES)})")


def test_settings_languages_are_the_registry() -> None:
    assert [code for code, _ in settings.LANGUAGES] == [entry.code for entry in languages()]
    assert languages()[0].code == settings.LANGUAGE_CODE


def test_every_language_has_a_time_zone_the_forms_offer() -> None:
    assert {entry.code: entry.time_zone for entry in languages()} == DEFAULT_ZONES
    assert set(DEFAULT_ZONES.values()) <= zone_names()


def test_language_of_an_unknown_code_is_a_key_error() -> None:
    assert language("ja").phrase_parser == "ja"
    with pytest.raises(KeyError):
        language("xx")
    assert not is_beta("xx")


def test_beta_languages_are_served_but_not_shipped(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    registry = tmp_path / "languages.toml"
    registry.write_text(
        LANGUAGES_TOML + '\n[[language]]\ncode = "pl"\nname = "Polish"\n'
        'time_zone = "Europe/Warsaw"\nbeta = true\nchecks = ["english"]\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(locales, "LANGUAGES_FILE", registry)
    locales.languages.cache_clear()
    locales.language.cache_clear()
    try:
        assert [entry.code for entry in languages()][-1] == "pl"
        assert "pl" not in {entry.code for entry in shipped_languages()}
        assert is_beta("pl") and not is_beta("cs")
        assert language("pl") == Language("pl", "Polish", "Europe/Warsaw", True, ("english",))
    finally:
        locales.languages.cache_clear()
        locales.language.cache_clear()


LANGUAGES_TOML = locales.LANGUAGES_FILE.read_text(encoding="utf-8")


def test_languages_css_is_written_from_the_registry() -> None:
    """After a change to locale/languages.toml: `python manage.py startlanguage --css`."""
    assert CSS_FILE.read_text(encoding="utf-8") == language_css()


def test_japanese_pages_put_latin_fonts_first_and_break_between_phrases() -> None:
    css = language_css()
    ja = next(line for line in css.splitlines() if line.startswith(":lang(ja) {"))
    latin = ja.index("var(--font-latin-named)")
    assert latin < ja.index('"Noto Sans CJK JP"') < ja.index("sans-serif")
    assert "word-break: keep-all" in ja


def _python_lists(path: Path) -> list[str]:
    """Where a module spells out two or more of the languages: in a list, tuple, set or
    dict (or as the first items of its pairs: ``[("bn", ...), ("hi", ...)]``), or an
    alternation in a regular expression (``bn|hi``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        items = node.keys if isinstance(node, ast.Dict) else getattr(node, "elts", None)
        if isinstance(node, ast.List | ast.Tuple | ast.Set | ast.Dict) and items:
            heads = [i.elts[0] if isinstance(i, ast.Tuple) and i.elts else i for i in items]
            codes = {i.value for i in heads if isinstance(i, ast.Constant) and i.value in OTHERS}
            if len(codes) >= 2:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {sorted(codes)}")
        if isinstance(node, ast.Constant) and ALTERNATION.search(str(node.value)):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    return found


def test_no_other_place_names_the_languages() -> None:
    """settings.LANGUAGES, the rule pages' links, the guard's rules, the time zones, the
    CSS and the status page's sentence all come from the registry."""
    found = []
    for path in sorted((ROOT / "tutor").rglob("*.py")):
        found += _python_lists(path)
    for path in sorted((ROOT / "tutor" / "static").rglob("*.css")):
        if path != CSS_FILE:
            text = path.read_text(encoding="utf-8")
            found += [
                f"{path.name}: {m.group(0)}"
                for m in re.finditer(rf':lang\((?:{CODE})\)|lang\|="(?:{CODE})"', text)
            ]
    for path in sorted((ROOT / "templates").rglob("*.html")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if NAMED_LIST.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: names the languages")
    assert not found, "\n".join(found)
