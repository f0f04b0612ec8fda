"""How complete each catalog is, and each entry to fix, for the translation status page."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from babel.messages.pofile import read_po
from django.conf import settings
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tutor.rules.catalogs import Stats, catalog_stats, translated_languages
from tutor.rules.documents import DOCUMENTS, catalog_path

from .checks import (
    CheckWarning,
    check_language,
    count_by_kind,
    language_files,
    terminology_path,
)
from .pages import page_in_translate_mode


@dataclass(frozen=True)
class CatalogStatus:
    label: Promise
    domain: str
    path: str
    stats: Stats

    @property
    def complete(self) -> Fraction:
        """The share translated, rounded down to a whole percent: 249 of 250 (99.6 %)
        shows as 99 %, never as 100 % with an entry missing."""
        if not self.stats.total:
            return Fraction(1)
        return Fraction(self.stats.translated * 100 // self.stats.total, 100)


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
        "link",
        _("Links"),
        _(
            "A link is missing, added, or goes to another address than in the English. "
            "Keep every link and its address; translate only the link's text."
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


ENTRY_ORDER = ("untranslated", "fuzzy", *(kind.code for kind in WARNING_KINDS))
# The mark of each entry the page lists: missing and fuzzy apart, then each check's own.
ENTRY_LABELS: dict[str, Promise] = {
    "untranslated": _("Missing"),
    "fuzzy": _("Needs review"),
    **{kind.code: kind.label for kind in WARNING_KINDS},
}


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
# so the checks run once per process per version of the files, never per request;
# nothing user-specific is in the key. The value is an immutable tuple of frozen warnings.
@lru_cache(maxsize=16)
def _warnings(
    locale_dir: Path, language: str, files: tuple[tuple[str, float], ...]
) -> tuple[CheckWarning, ...]:
    return tuple(check_language(locale_dir, language))


def warnings(language: str) -> tuple[CheckWarning, ...]:
    """What ``manage.py checktranslations`` reports for one language."""
    locale_dir = Path(settings.LOCALE_PATHS[0])
    paths = [*language_files(locale_dir, language), terminology_path(locale_dir, language)]
    files = tuple((str(p), p.stat().st_mtime if p.exists() else 0.0) for p in paths)
    return _warnings(locale_dir, language, files)


def warning_counts(language: str) -> dict[str, int]:
    """``{kind: count}`` of ``manage.py checktranslations`` for one language (a new dict)."""
    return count_by_kind(warnings(language))


@dataclass(frozen=True)
class EntryToFix:
    """One entry the status page lists: a warning, and the page showing the entry in
    translation mode (None: no page is known)."""

    warning: CheckWarning
    page: str | None

    @property
    def label(self) -> Promise:
        return ENTRY_LABELS[self.warning.kind]


def entries_to_fix(language: str) -> list[EntryToFix]:
    """Every missing, fuzzy and warned entry of one language: missing and fuzzy first,
    then by kind of warning (as ``ALL_KINDS`` orders them), each in catalog order."""
    order = {kind: n for n, kind in enumerate(ENTRY_ORDER)}
    found = sorted(warnings(language), key=lambda w: order[w.kind])
    return [
        EntryToFix(w, page_in_translate_mode(Path(w.catalog).stem, w.locations, language))
        for w in found
    ]
