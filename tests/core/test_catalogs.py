"""Every shipped catalog is complete, has no fuzzy entry and keeps the source's placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings

from tests.conftest import TRANSLATED
from tutor.core.markup import entry_markup_problems
from tutor.core.message_format import entry_problems

LOCALE_DIR = Path(settings.BASE_DIR) / "locale"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|%[sdif]|\{(\w+)\}")


def placeholders(text: str) -> list[str]:
    return sorted(m.group(0) for m in PLACEHOLDER.finditer(text))


def catalogs() -> list[Path]:
    """The shipped languages' catalogs: a beta language's may be partly translated."""
    return sorted(
        path for code in TRANSLATED for path in LOCALE_DIR.glob(f"{code}/LC_MESSAGES/*.po")
    )


def test_every_translated_language_ships_a_ui_catalog() -> None:
    for language in TRANSLATED:
        assert (LOCALE_DIR / language / "LC_MESSAGES" / "django.po").exists(), language


@pytest.mark.parametrize("path", catalogs(), ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_catalog_complete_and_consistent(path: Path) -> None:
    with path.open("rb") as fh:
        catalog = read_po(fh)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strs = message.string if isinstance(message.string, tuple | list) else (message.string,)
        label = f"{message.context + ' | ' if message.context else ''}{ids[0]!r}"
        if message.fuzzy:
            problems.append(f"fuzzy: {label}")
        if not all(strs):
            problems.append(f"untranslated: {label}")
            continue
        expected = placeholders(ids[-1])
        for s in strs:
            if placeholders(s) != expected and placeholders(s) != placeholders(ids[0]):
                problems.append(f"placeholders {placeholders(s)} != {expected}: {label}")
        django_owned = any("django_strings.py" in path for path, _line in message.locations)
        if not django_owned and any(re.search(r"%[sdif]", i) for i in ids):
            problems.append(f"positional placeholder, use a named one: {label}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", TRANSLATED)
def test_interface_catalog_formats_as_its_english(language: str) -> None:
    """What `compilecatalogs` refuses (a stray %, a changed conversion ...) is not shipped."""
    with (LOCALE_DIR / language / "LC_MESSAGES" / "django.po").open("rb") as fh:
        catalog = read_po(fh)
    problems = []
    for message in catalog:
        if message.id and "python-format" in message.flags and not message.fuzzy:
            ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
            strs = message.string if isinstance(message.string, tuple | list) else (message.string,)
            problems += [f"{message.lineno}: {p}" for p in entry_problems(ids, strs)]
    assert not problems, "\n".join(problems)


def plural_forms(path: Path) -> str:
    with path.open("rb") as fh:
        return read_po(fh).plural_forms


@pytest.mark.parametrize("language", TRANSLATED)
def test_one_plural_header_per_language(language: str) -> None:
    """Every catalog of a language counts plural forms alike (Czech: Django's four)."""
    paths = sorted((LOCALE_DIR / language / "LC_MESSAGES").glob("*.po"))
    forms = {path.name: plural_forms(path) for path in paths}
    assert len(set(forms.values())) == 1, forms


@pytest.mark.parametrize("path", catalogs(), ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_catalog_keeps_its_englishs_markup_and_links(path: Path) -> None:
    """What `compilecatalogs` refuses as markup (`<b>…</strong>`, a dropped `**`) or a
    link removed or sent elsewhere is not shipped."""
    with path.open("rb") as fh:
        catalog = read_po(fh)
    segment = path.stem != "django"  # the rule pages' catalogs are Markdown
    problems = []
    for message in catalog:
        if message.id and not message.fuzzy:
            ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
            strs = message.string if isinstance(message.string, tuple | list) else (message.string,)
            found = entry_markup_problems(tuple(ids), tuple(strs), segment=segment)
            problems += [f"{message.lineno}: [{kind}] {detail}" for kind, detail in found]
    assert not problems, "\n".join(problems)
