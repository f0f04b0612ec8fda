"""Compile every ``locale/<ll>/LC_MESSAGES/*.po`` into ``.mo`` with Babel, refusing the
translations that would break a page.

Unlike ``compilemessages`` this needs no GNU gettext on the machine. A catalog is only
rewritten when its ``.po`` is newer than its ``.mo``, so running it again is instant.
Fuzzy entries are left out of the compiled file (they show the English source).

Like ``msgfmt --check-format``, it refuses an interface entry (``django.po``) whose
translation does not %-format as its English does: a stray ``%``, a conversion changed
(``%(amount)s`` to ``%(amount)d``), a placeholder missing or added, in any plural form
(``tutor.core.message_format``). Each is named as ``file:line: msgid "...": problem``
and left out of the ``.mo``, so the page shows its English; the other entries and
catalogs still compile, and the command exits 1. The rule pages' segment catalogs are
Markdown, never %-formatted: a "50 %" there is prose.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

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


def refuse_broken(catalog: Catalog, label: str) -> list[str]:
    """Take the entries that would not %-format out of ``catalog``; one line for each
    problem."""
    refused: list[str] = []
    for message in list(catalog):
        if not message.id or message.fuzzy or "python-format" not in message.flags:
            continue
        problems = entry_problems(_forms(message.id), _forms(message.string))
        if problems:
            refused.extend(refusal(label, message, problem) for problem in problems)
            catalog.delete(message.id, message.context)
    return refused


def compile_catalog(po_path: Path, mo_path: Path, label: str | None = None) -> list[str]:
    """Write ``mo_path`` from ``po_path``; the refused entries' lines (none: all compiled)."""
    with po_path.open("rb") as fh:
        catalog = read_po(fh, abort_invalid=True, domain=po_path.stem)
    refused = []
    if po_path.stem in FORMATTED_DOMAINS:
        refused = refuse_broken(catalog, label or str(po_path))
    tmp = mo_path.with_suffix(".mo.tmp")
    with tmp.open("wb") as fh:
        write_mo(fh, catalog, use_fuzzy=False)
    tmp.replace(mo_path)
    if refused:  # older than its .po: the next run checks it, and says so, again
        before = po_path.stat().st_mtime - 1
        os.utime(mo_path, (before, before))
    return refused


def _label(po_path: Path, locale_dir: Path) -> str:
    return f"locale/{po_path.relative_to(locale_dir).as_posix()}"


class Command(BaseCommand):
    help = "Compile the gettext catalogs with Babel (no GNU gettext needed)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--force", action="store_true", help="recompile every catalog")

    def handle(self, *args: object, force: bool = False, **options: object) -> None:
        compiled = 0
        refused: list[str] = []
        for locale_dir in map(Path, settings.LOCALE_PATHS):
            for po_path in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
                mo_path = po_path.with_suffix(".mo")
                if (
                    not force
                    and mo_path.exists()
                    and mo_path.stat().st_mtime >= po_path.stat().st_mtime
                ):
                    continue
                refused += compile_catalog(po_path, mo_path, _label(po_path, locale_dir))
                compiled += 1
        for line in refused:
            self.stderr.write(line)
        if compiled or int(str(options.get("verbosity", 1))) > 1:
            self.stdout.write(f"Compiled {compiled} catalog(s).")
        if refused:
            raise CommandError(
                f"{len(refused)} broken translation(s) left out (they show in English): "
                'fix each translation above ("%%" for a percent sign) and compile again.'
            )
