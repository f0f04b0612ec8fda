"""Compile every ``locale/<ll>/LC_MESSAGES/*.po`` into ``.mo`` with Babel.

Unlike ``compilemessages`` this needs no GNU gettext on the machine. A catalog is only
rewritten when its ``.po`` is newer than its ``.mo``, so running it again is instant.
Fuzzy entries are left out of the compiled file (they show the English source).
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser


def compile_catalog(po_path: Path, mo_path: Path) -> None:
    with po_path.open("rb") as fh:
        catalog = read_po(fh, abort_invalid=True)
    tmp = mo_path.with_suffix(".mo.tmp")
    with tmp.open("wb") as fh:
        write_mo(fh, catalog, use_fuzzy=False)
    tmp.replace(mo_path)


class Command(BaseCommand):
    help = "Compile the gettext catalogs with Babel (no GNU gettext needed)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--force", action="store_true", help="recompile every catalog")

    def handle(self, *args: object, force: bool = False, **options: object) -> None:
        compiled = 0
        for locale_dir in settings.LOCALE_PATHS:
            for po_path in sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po")):
                mo_path = po_path.with_suffix(".mo")
                if (
                    not force
                    and mo_path.exists()
                    and mo_path.stat().st_mtime >= po_path.stat().st_mtime
                ):
                    continue
                compile_catalog(po_path, mo_path)
                compiled += 1
        if compiled or int(str(options.get("verbosity", 1))) > 1:
            self.stdout.write(f"Compiled {compiled} catalog(s).")
