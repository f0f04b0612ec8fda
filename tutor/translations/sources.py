"""Which file, and which line of it, a translator edits for a segment of the in-context
mode, with the entry's state and its comments.

Interface strings come from ``locale/<ll>/LC_MESSAGES/django.po``, unless the site's
catalog lacks them and Django's own catalog answers (a form error of the framework);
the rule pages and the glossary from their segment catalogs beside it. A message in
neither and not translated is new: it goes into the site's catalog. English has no
catalog: its segments name the file with ``<ll>`` for the language to translate into.
In a translated language the entry is looked up in that ``.po`` file: its line, whether
it is translated, fuzzy or missing, and the comments above it (``#.`` and ``#``).
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from babel.messages.pofile import read_po
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from tutor.core.markers import Source

# gettext's separator between a message's context and its msgid in a compiled catalog.
CONTEXT_SEPARATOR = "\x04"


def _compiled(language: str) -> Path:
    return Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES" / "django.mo"


# Key: the language and the compiled catalog's modification time (a recompiled catalog is
# read again). Nothing user-specific; the value is an immutable set of keys.
@lru_cache(maxsize=16)
def _site_keys(language: str, mtime: float) -> frozenset[object]:
    try:
        with _compiled(language).open("rb") as fh:
            catalog = gettext.GNUTranslations(fh)
    except OSError:
        return frozenset()
    return frozenset(catalog._catalog)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class PoEntry:
    """Where an entry is in its ``.po`` file and how it stands there."""

    line: int
    state: str  # "translated", "fuzzy" or "missing"
    comment: str  # the translator comments above it, one line each


def _state(fuzzy: bool, strings: tuple[str, ...]) -> str:
    if fuzzy:
        return "fuzzy"
    return "translated" if all(strings) else "missing"


def _comment(auto: list[str], user: list[str]) -> str:
    # Babel reads a fuzzy entry's "#| msgid" lines as translator comments: not shown.
    lines = [c.removeprefix("Translators:").strip() for c in auto]
    lines += [c.strip() for c in user if not c.startswith("|")]
    return "\n".join(line for line in lines if line)


# Key: the .po file and its modification time (a saved file is read again). Nothing
# user-specific; the value is a read-only mapping of frozen entries. Bounded: five
# languages of four catalogs.
@lru_cache(maxsize=32)
def _po_entries(path: Path, mtime: float) -> Mapping[tuple[str, str], PoEntry]:
    try:
        with path.open("rb") as fh:
            catalog = read_po(fh, domain=path.stem)
    except (OSError, ValueError):
        return MappingProxyType({})
    entries = {}
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strs = message.string if isinstance(message.string, tuple | list) else (message.string,)
        entries[(message.context or "", ids[0])] = PoEntry(
            message.lineno or 0,
            _state(message.fuzzy, tuple(str(s or "") for s in strs)),
            _comment(message.auto_comments, message.user_comments),
        )
    return MappingProxyType(entries)


def po_entry(language: str, catalog: str, msgctxt: str, msgid: str) -> PoEntry | None:
    """The entry of ``locale/<language>/LC_MESSAGES/<catalog>.po``, if it has one."""
    path = Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES" / f"{catalog}.po"
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return None
    return _po_entries(path, mtime).get((msgctxt, msgid))


# An entry's state in words: the status page's own column headings.
STATE_LABELS = {
    "translated": lambda: _("Translated"),
    "fuzzy": lambda: _("Needs review"),
    "missing": lambda: _("Missing"),
}


class SiteCatalogs:
    """The site's compiled ``django`` catalogs, each read (or its time checked) once per
    page: ``files`` names the file of each segment of a page."""

    def __init__(self) -> None:
        self._keys: dict[str, frozenset[object]] = {}

    def has(self, language: str, msgctxt: str, msgid: str) -> bool:
        """Whether the site's ``django.po`` of ``language`` has this message (for English,
        the first translated language's: they all list the same msgids)."""
        if language == settings.LANGUAGE_CODE or not language:
            others = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
            language = others[0] if others else language
        if language not in self._keys:
            try:
                mtime = _compiled(language).stat().st_mtime
            except OSError:
                mtime = 0.0
            self._keys[language] = _site_keys(language, mtime) if mtime else frozenset()
        keys = self._keys[language]
        key = f"{msgctxt}{CONTEXT_SEPARATOR}{msgid}" if msgctxt else msgid
        return not keys or key in keys or (key, 0) in keys  # no catalog: name the site's

    def file(self, source: Source) -> str:
        """The catalog file to open for ``source``, relative to the project."""
        language = source.language
        if not language or language == settings.LANGUAGE_CODE:
            language = "<ll>"
        if (
            source.catalog == "django"
            and source.translated
            and not self.has(source.language, source.msgctxt, source.msgid)
        ):
            return f"Django: django/conf/locale/{language}/LC_MESSAGES/django.po"
        return f"locale/{language}/LC_MESSAGES/{source.catalog}.po"

    def state_label(self, language: str, state: str) -> str:
        """An entry's state in the page's language, for the in-context panel."""
        with translation.override(language or None):
            return STATE_LABELS[state]()

    def entry(self, source: Source) -> PoEntry | None:
        """The ``.po`` entry of ``source`` in the file :meth:`file` names, if any."""
        file = self.file(source)
        if not file.startswith("locale/") or "<ll>" in file:
            return None
        return po_entry(source.language, source.catalog, source.msgctxt, source.msgid)
