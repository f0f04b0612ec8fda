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

In every catalog it refuses the same way a translation that breaks its English's markup
or links (``tutor.core.markup``): a ``<b>`` closed by ``</strong>``, a ``**`` or a tag
dropped, a link removed or its address changed.
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
                'fix each translation above ("%%" for a percent sign, the English\'s tags, '
                "marks and link addresses) and compile again."
            )
