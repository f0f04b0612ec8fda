"""How complete each catalog is, for the translation status page."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from babel.messages.pofile import read_po
from django.conf import settings
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tutor.rules.catalogs import Stats, catalog_stats, translated_languages
from tutor.rules.documents import DOCUMENTS, catalog_path

from .checks import check_language, count_by_kind, language_files, terminology_path


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


@dataclass(frozen=True)
class WarningKind:
    code: str  # as in tutor.translations.checks.KINDS
    label: Promise
    explanation: Promise


WARNING_KINDS = (
    WarningKind(
        "term",
        _("Terminology"),
        _(
            "The English uses a poker or site term, and the translation has none of the "
            "words agreed for it in the language's terminology.toml."
        ),
    ),
    WarningKind(
        "placeholder",
        _("Placeholders"),
        _(
            "A placeholder such as %(amount)s is missing, renamed or added. "
            "This breaks the page, so fix these first."
        ),
    ),
    WarningKind(
        "markup",
        _("Markup"),
        _(
            "HTML tags, Markdown marks such as ** or `, link addresses or {#anchors} differ "
            "from the English. This breaks the page too."
        ),
    ),
    WarningKind(
        "length",
        _("Length"),
        _(
            "The translation is far longer or shorter than this language usually is: "
            "perhaps a sentence is missing or one was added."
        ),
    ),
)


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


# Key: the language and, for every file the checker reads (the language's catalogs and its
# terminology.toml), the path and modification time. Saving any of them makes a new key,
# so the counts are computed once per process per version of the files, never per
# request; nothing user-specific is in the key. The value is an immutable tuple.
@lru_cache(maxsize=16)
def _warning_counts(
    locale_dir: Path, language: str, files: tuple[tuple[str, float], ...]
) -> tuple[tuple[str, int], ...]:
    return tuple(count_by_kind(check_language(locale_dir, language)).items())


def warning_counts(language: str) -> dict[str, int]:
    """``{kind: count}`` of ``manage.py checktranslations`` for one language (a new dict)."""
    locale_dir = Path(settings.LOCALE_PATHS[0])
    paths = [*language_files(locale_dir, language), terminology_path(locale_dir, language)]
    files = tuple((str(p), p.stat().st_mtime if p.exists() else 0.0) for p in paths)
    return dict(_warning_counts(locale_dir, language, files))
