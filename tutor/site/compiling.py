"""Compiling a catalog with Babel, refusing the translations that would break a page: what
``manage.py compilecatalogs`` and the development server's catalog watcher
(``dev_catalogs.py``) run.

Like ``msgfmt --check-format``, it refuses an interface entry (``django.po``) whose
translation does not %-format as its English does: a stray ``%``, a conversion changed
(``%(amount)s`` to ``%(amount)d``), a placeholder missing or added, in any plural form
(``tutor.core.message_format``). In every catalog it refuses a translation that breaks
its English's markup or links (``tutor.core.markup``): a ``<b>`` closed by
``</strong>``, a ``**`` or a tag dropped, a link removed or its address changed. Each is
named as ``file:line: msgid "...": problem`` and left out of the ``.mo``, so the page
shows its English; the other entries still compile. The rule pages' segment catalogs are
Markdown, never %-formatted: a "50 %" there is prose. Fuzzy entries are left out of the
compiled file (they show the English source).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tutor.core.markup import entry_markup_problems
from tutor.core.message_format import entry_problems

FORMATTED_DOMAINS = frozenset({"django"})  # the catalogs whose strings are %-formatted


def _forms(value: object) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, tuple | list) else (str(value or ""),)


def refusal(label: str, message: Message, problem: str) -> str:
    """``file:line: msgctxt "..." msgid "...": problem``, one line a translator can open."""
    context = (
        f"msgctxt {json.dumps(message.context, ensure_ascii=False)} " if message.context else ""
    )
    msgid = json.dumps(_forms(message.id)[0], ensure_ascii=False)
    return f"{label}:{message.lineno}: {context}msgid {msgid}: {problem}"


def problems_of(message: Message, interface: bool) -> list[str]:
    """What would break a page in one entry: its %-formatting (a python-format entry of
    an interface catalog) and its markup and links (in every catalog; Markdown in the
    rule pages' segments)."""
    english, translations = _forms(message.id), _forms(message.string)
    formatted = interface and "python-format" in message.flags
    problems = entry_problems(english, translations) if formatted else []
    markup = entry_markup_problems(english, translations, segment=not interface)
    return problems + [detail for _kind, detail in markup]


def refuse_broken(catalog: Catalog, label: str, interface: bool = True) -> list[str]:
    """Take the entries that would break a page out of ``catalog``; one line for each
    problem. ``interface``: an interface catalog (``django``), else a Markdown one."""
    refused: list[str] = []
    for message in list(catalog):
        if not message.id or message.fuzzy:
            continue
        problems = problems_of(message, interface)
        if problems:
            refused.extend(refusal(label, message, problem) for problem in problems)
            catalog.delete(message.id, message.context)
    return refused


def compile_catalog(po_path: Path, mo_path: Path, label: str | None = None) -> list[str]:
    """Write ``mo_path`` from ``po_path``; the refused entries' lines (none: all compiled)."""
    with po_path.open("rb") as fh:
        catalog = read_po(fh, abort_invalid=True, domain=po_path.stem)
    refused = refuse_broken(catalog, label or str(po_path), po_path.stem in FORMATTED_DOMAINS)
    tmp = mo_path.with_suffix(".mo.tmp")
    with tmp.open("wb") as fh:
        write_mo(fh, catalog, use_fuzzy=False)
    tmp.replace(mo_path)
    if refused:  # older than its .po: the next run checks it, and says so, again
        before = po_path.stat().st_mtime - 1
        os.utime(mo_path, (before, before))
    return refused


def label(po_path: Path, locale_dir: Path) -> str:
    """How a refusal names a catalog: ``locale/<ll>/LC_MESSAGES/<domain>.po``."""
    return f"locale/{po_path.relative_to(locale_dir).as_posix()}"


def due(po_path: Path, mo_path: Path) -> bool:
    """Whether ``po_path`` is newer than its compiled ``mo_path`` (or that is missing)."""
    return not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime
