"""Every message of the words package is in every language's catalog, translated.

The messages are read from the source as ``makemessages`` reads them (literal
``gettext``/``pgettext`` calls, lazy or not), so a message added to a table but not yet
extracted and translated is caught here rather than shown in English.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from django.conf import settings

import tutor.words
from tests.conftest import TRANSLATED

WORDS = Path(tutor.words.__file__).parent
CONTEXT_ARG = {"_": False, "gettext": False, "gettext_lazy": False}
CONTEXT_ARG |= {"pgettext": True, "pgettext_lazy": True}

#: Modules whose new messages wait for the translators (makemessages, then bn/hi/ja/cs).
#: Strict: once they are translated the mark fails and must go.
AWAITING_TRANSLATION: set[str] = set()


def messages(path: Path) -> set[tuple[str | None, str]]:
    """(context, msgid) of every literal translation call in a module."""
    found: set[tuple[str | None, str]] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        name = getattr(node, "func", None)
        if not isinstance(node, ast.Call) or getattr(name, "id", None) not in CONTEXT_ARG:
            continue
        args = [a.value for a in node.args if isinstance(a, ast.Constant)]
        if len(args) != len(node.args) or not all(isinstance(a, str) for a in args):
            continue
        texts = [str(a) for a in args]
        found.add(
            (texts[0], texts[1]) if CONTEXT_ARG[getattr(name, "id", "")] else (None, texts[0])
        )
    return found


@cache
def catalog(language: str) -> Catalog:
    path = Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.po"
    with path.open("rb") as fh:
        return read_po(fh)


def modules() -> list[object]:
    return [
        pytest.param(
            path.name,
            marks=[pytest.mark.xfail(strict=True, reason="new messages await translation")]
            if path.name in AWAITING_TRANSLATION
            else [],
        )
        for path in sorted(WORDS.glob("*.py"))
    ]


def test_the_words_have_messages() -> None:
    assert len(messages(WORDS / "cards.py")) == 52 + 13 + 13 + 4 + 1


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("module", modules())
def test_every_message_is_translated(module: str, language: str) -> None:
    missing = []
    for context, msgid in sorted(messages(WORDS / module), key=str):
        entry = catalog(language).get(msgid, context=context)
        if entry is None or not entry.string or entry.fuzzy:
            missing.append(f"{context} | {msgid}")
    assert not missing, f"{language}: {len(missing)} untranslated: " + "; ".join(missing[:5])
