"""Re-extract the interface strings into every language's ``django.po`` (``make
messages``; needs GNU gettext), keeping what translators wrote.

python manage.py updatemessages                  # every translated language
python manage.py updatemessages --language cs    # one (repeatable)

It runs ``makemessages`` as the catalogs were made (file locations only, ``content/`` and
``.venv/`` left out) but keeps the translations of strings the code no longer has, as
obsolete ``#~`` entries (a string that comes back finds its translation again), and
puts back the ``#.`` comments the merge dropped (``tutor.translations.po_comments``).
Then compile (``manage.py compilecatalogs``) and check (``make check-translations``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from tutor.rules.catalogs import translated_languages
from tutor.translations.po_comments import restore_comments

IGNORED = [".venv/*", "content/*"]  # not the site's code: the virtualenv, the rule masters


class Command(BaseCommand):
    help = "Re-extract interface strings, keeping translator comments and obsolete entries."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--language", action="append", default=[], help="a language code (default: all)"
        )

    def handle(self, *args: object, **options: Any) -> None:
        languages: list[str] = options["language"] or translated_languages()
        locale_dir = Path(settings.LOCALE_PATHS[0])
        paths = {code: locale_dir / code / "LC_MESSAGES" / "django.po" for code in languages}
        # A new language has no catalog yet: makemessages makes it.
        before = {code: path.read_text("utf-8") for code, path in paths.items() if path.exists()}
        call_command(
            "makemessages",
            locale=languages,
            add_location="file",
            ignore_patterns=IGNORED,
            no_obsolete=False,
            verbosity=options.get("verbosity", 1),
            stdout=self.stdout,
            stderr=self.stderr,
        )
        for code, path in paths.items():
            if code not in before:
                continue
            text, restored = restore_comments(before[code], path.read_text("utf-8"))
            if restored:
                path.write_text(text, "utf-8")
                self.stdout.write(f"{code}: put back the comments of {restored} entries")
