"""``python manage.py startlanguage xx``: everything a new language needs, as a beta
language (``tutor/site/new_language.py`` lists what). Then translate, and set
``beta = false`` in ``locale/languages.toml`` when its catalogs are complete.

``python manage.py startlanguage --css`` only writes ``tutor/static/tutor/languages.css``
again, after a change to ``locale/languages.toml`` (a line height, a font).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tutor.site.languages import write_language_css
from tutor.site.new_language import LanguageError, describe, start


class Command(BaseCommand):
    help = "Add a language to the site, as a beta language: catalogs, registry, CSS, stubs."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("code", nargs="?", help="the language code, e.g. de or pl")
        parser.add_argument("--name", default="", help="its English name (default: CLDR's)")
        parser.add_argument(
            "--time-zone", default="", help="the time zone forms offer first (default: CLDR's)"
        )
        parser.add_argument(
            "--css", action="store_true", help="only write languages.css from the registry"
        )

    def handle(self, *args: object, **options: Any) -> None:
        if options["css"]:
            self.stdout.write(f"wrote {write_language_css()}")
            return
        if not options["code"]:
            raise CommandError("name the language to add: startlanguage xx (e.g. de, pl)")
        try:
            language = describe(
                options["code"], name=options["name"], time_zone=options["time_zone"]
            )
            written = start(language)
        except LanguageError as error:
            raise CommandError(str(error)) from error
        for path in written:
            self.stdout.write(f"wrote {path.relative_to(settings.BASE_DIR)}")
        self.stdout.write(
            f"{language.name} ({language.code}) is a beta language: served at /{language.code}/, "
            "not in the public switcher. Next: python manage.py compilecatalogs, translate "
            f"locale/{language.code}/, then set beta = false in locale/languages.toml."
        )
