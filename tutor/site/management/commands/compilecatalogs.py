"""Compile every ``locale/<ll>/LC_MESSAGES/*.po`` into ``.mo`` with Babel, refusing the
translations that would break a page (``tutor.site.compiling`` says which).

Unlike ``compilemessages`` this needs no GNU gettext on the machine. A catalog is only
rewritten when its ``.po`` is newer than its ``.mo``, so running it again is instant.
Each refused entry is named as ``file:line: msgid "...": problem`` and left out of the
``.mo``, so the page shows its English; the other entries and catalogs still compile, and
the command exits 1.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tutor.site.compiling import compile_catalog, due, label


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
                if not force and not due(po_path, mo_path):
                    continue
                refused += compile_catalog(po_path, mo_path, label(po_path, locale_dir))
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
