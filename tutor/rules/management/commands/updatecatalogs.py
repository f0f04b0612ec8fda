"""Re-extract the English masters and update every language's segment catalog.

python manage.py updatecatalogs          # write the catalogs
python manage.py updatecatalogs --check  # exit 1 if any catalog is out of step
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tutor.rules.catalogs import update_catalogs
from tutor.rules.documents import DOCUMENTS


class Command(BaseCommand):
    help = "Update the segment catalogs of the rule pages and glossary from their masters."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check", action="store_true", help="only report catalogs that would change"
        )
        parser.add_argument("documents", nargs="*", help="document slugs (default: all)")

    def handle(self, *args: object, check: bool = False, **options: Any) -> None:
        slugs: list[str] = options.get("documents") or list(DOCUMENTS)
        unknown = [s for s in slugs if s not in DOCUMENTS]
        if unknown:
            raise CommandError(f"unknown document(s): {', '.join(unknown)}")
        changed = update_catalogs([DOCUMENTS[s] for s in slugs], check=check)
        for path in changed:
            self.stdout.write(f"{'out of step' if check else 'updated'}: {path}")
        if check and changed:
            raise CommandError("catalogs are out of step with the masters; run updatecatalogs")
        if not changed:
            self.stdout.write("All catalogs are in step with their masters.")
