"""Segment catalogs: extraction into PO files (with Babel) and loading translations.

``update_catalogs`` is what ``manage.py updatecatalogs`` runs: new segments appear
untranslated, changed ones become fuzzy with the previous text kept (``#| msgid``),
removed ones become obsolete (``#~``).
"""

from __future__ import annotations

import ast
import io
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from django.conf import settings

from .documents import Document, catalog_path
from .segments import extract_segments

KIND_LABELS = {
    "heading": "heading",
    "paragraph": "paragraph",
    "item": "list item",
    "cell": "table cell",
}
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)


def translated_languages() -> list[str]:
    return [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def template_catalog(document: Document, source: str | None = None) -> Catalog:
    """The POT-like catalog of a master: one message per segment."""
    if source is None:
        source = document.path.read_text(encoding="utf-8")
    catalog = Catalog(
        project="poker-tutor",
        domain=document.domain,
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
    )
    for segment in extract_segments(source):
        comment = f"Section: {segment.section} ({KIND_LABELS[segment.kind]})"
        existing = catalog.get(segment.msgid)
        if existing is not None:
            existing.locations.append((document.master, segment.line))
            if comment not in existing.auto_comments:
                existing.auto_comments.append(comment)
            continue
        catalog.add(
            segment.msgid,
            locations=[(document.master, segment.line)],
            auto_comments=[comment],
        )
    return catalog


def _unquote(lines: list[str]) -> str:
    return "".join(ast.literal_eval(line) for line in lines)


def previous_ids(text: str) -> dict[str, str]:
    """``{msgid: previous msgid}`` from the ``#| msgid`` comments, which Babel's reader skips."""
    result: dict[str, str] = {}
    previous: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#| msgid "):
            previous = [line[len("#| msgid ") :]]
            while i + 1 < len(lines) and lines[i + 1].startswith('#| "'):
                i += 1
                previous.append(lines[i][3:])
        elif line.startswith("msgid ") and previous:
            current = [line[len("msgid ") :]]
            while i + 1 < len(lines) and lines[i + 1].startswith('"'):
                i += 1
                current.append(lines[i])
            result[_unquote(current)] = _unquote(previous)
            previous = []
        elif not line.startswith("#"):
            previous = [] if not line.startswith("msgctxt") else previous
        i += 1
    return result


def read_catalog(path: Path, language: str, domain: str) -> Catalog:
    if path.exists():
        data = path.read_bytes()
        catalog = read_po(io.BytesIO(data), locale=language, domain=domain)
        for message in catalog:  # Babel reads "#| msgid" lines as translator comments
            message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
        for msgid, previous in previous_ids(data.decode("utf-8")).items():
            message = catalog.get(msgid)
            if message is not None and message.fuzzy:
                message.previous_id = [previous]
        return catalog
    return Catalog(
        locale=language,
        domain=domain,
        project="poker-tutor",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
    )


def render_po(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=0, include_previous=True, sort_output=False)
    return out.getvalue()


def updated_catalog(document: Document, language: str, source: str | None = None) -> Catalog:
    template = template_catalog(document, source)
    catalog = read_catalog(catalog_path(language, document.domain), language, document.domain)
    kept = {m.id: m.previous_id for m in catalog if m.id and m.fuzzy and m.previous_id}
    catalog.update(template, no_fuzzy_matching=False, update_header_comment=False)
    for message in catalog:  # update() forgets the previous text of entries still fuzzy
        if message.fuzzy and not message.previous_id and message.id in kept:
            message.previous_id = kept[message.id]
    catalog.revision_date = FIXED_DATE
    catalog.creation_date = FIXED_DATE
    catalog.fuzzy = False
    return catalog


def update_catalogs(documents: list[Document], *, check: bool = False) -> list[Path]:
    """Bring every language's catalog of every document in step with its master.

    Returns the paths that changed (or, with ``check``, would change).
    """
    changed = []
    for document in documents:
        for language in translated_languages():
            path = catalog_path(language, document.domain)
            new = render_po(updated_catalog(document, language))
            old = path.read_bytes() if path.exists() else b""
            if new != old:
                changed.append(path)
                if not check:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(new)
    return changed


@dataclass(frozen=True)
class Stats:
    total: int
    translated: int
    fuzzy: int

    @property
    def untranslated(self) -> int:
        return self.total - self.translated - self.fuzzy

    @property
    def ratio(self) -> float:
        return self.translated / self.total if self.total else 1.0


def catalog_stats(catalog: Catalog) -> Stats:
    total = translated = fuzzy = 0
    for message in catalog:
        if not message.id:
            continue
        total += 1
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        if message.fuzzy:
            fuzzy += 1
        elif all(strings):
            translated += 1
    return Stats(total, translated, fuzzy)
