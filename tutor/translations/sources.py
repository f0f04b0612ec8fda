"""Which file a translator edits for a segment of the in-context mode.

Interface strings come from ``locale/<ll>/LC_MESSAGES/django.po``, unless the site's
catalog lacks them and Django's own catalog answers (a form error of the framework);
the rule pages and the glossary from their segment catalogs beside it. A message in
neither and not translated is new: it goes into the site's catalog. English has no
catalog: its segments name the file with ``<ll>`` for the language to translate into.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path

from django.conf import settings

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
