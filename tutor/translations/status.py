"""How complete each catalog is, for the translation status page."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from babel.messages.pofile import read_po
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tutor.rules.catalogs import Stats, catalog_stats, translated_languages
from tutor.rules.documents import DOCUMENTS, catalog_path


@dataclass(frozen=True)
class CatalogStatus:
    label: Promise
    domain: str
    path: str
    stats: Stats


# Key: the catalog's path, language, document and modification time. Nothing user-specific;
# the value is a frozen Stats.
@lru_cache(maxsize=128)
def _stats(path: Path, language: str, domain: str, mtime: float) -> Stats:
    if not mtime:
        return Stats(0, 0, 0)
    with path.open("rb") as fh:
        return catalog_stats(read_po(fh, locale=language, domain=domain))


def catalogs() -> list[tuple[Promise, str]]:
    return [(_("Interface"), "django")] + [(doc.title, doc.domain) for doc in DOCUMENTS.values()]


def language_status(language: str) -> list[CatalogStatus]:
    rows = []
    for label, domain in catalogs():
        path = catalog_path(language, domain)
        mtime = path.stat().st_mtime if path.exists() else 0.0
        rows.append(
            CatalogStatus(
                label,
                domain,
                f"locale/{language}/LC_MESSAGES/{domain}.po",
                _stats(path, language, domain, mtime),
            )
        )
    return rows


def all_status() -> dict[str, list[CatalogStatus]]:
    return {language: language_status(language) for language in translated_languages()}
