"""The documents of the site that are translated segment by segment.

Each English master in ``content/`` has one gettext domain; its catalog for a language is
``locale/<ll>/LC_MESSAGES/<domain>.po``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Document:
    slug: str
    master: str  # path relative to BASE_DIR
    domain: str
    title: Promise = field(compare=False)  # lazy: equality and hashing ignore it

    @property
    def path(self) -> Path:
        return Path(settings.BASE_DIR) / self.master


DOCUMENTS: dict[str, Document] = {
    doc.slug: doc
    for doc in (
        Document(
            "texas-holdem", "content/rules/texas-holdem.md", "rules-holdem", _("Texas Hold'em")
        ),
        Document(
            "teen-patti-20-20",
            "content/rules/teen-patti-20-20.md",
            "rules-teenpatti",
            _("Teen Patti 20-20"),
        ),
        Document("glossary", "content/glossary.md", "glossary", _("Glossary")),
    )
}
RULE_PAGES = ("texas-holdem", "teen-patti-20-20")


def catalog_path(language: str, domain: str) -> Path:
    return Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES" / f"{domain}.po"
