"""``python manage.py send_reminders [--dry-run] [--site-url URL]``: e-mail the learners
who asked for reminders and are due one now (``tutor/learning/reminders.py``): reviews
due or a streak ending tonight, in their early evening, at most once a day. Run it from
cron every half hour (docs/deploying.md, "Housekeeping"); ``--dry-run`` only lists them.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from tutor.learning import reminders


class Command(BaseCommand):
    help = "E-mail the learners who asked for reminders and are due one now."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="only list who would get one")
        parser.add_argument("--site-url", default=None, help="default SITE_URL")

    def handle(self, *args: object, **options: Any) -> None:
        site_url = (options["site_url"] or settings.SITE_URL).rstrip("/")
        if not site_url.startswith(("https://", "http://")):
            raise CommandError("--site-url (or SITE_URL) must start with https:// or http://")
        dry = options["dry_run"]
        found = reminders.send(timezone.now(), site_url, dry_run=dry)
        for reminder in found:
            self.stdout.write(
                f"learner {reminder.learner.pk} ({reminder.language}): "
                f"{reminder.due} due, streak {reminder.goal.streak}"
            )
        verb = "Would send" if dry else "Sent"
        self.stdout.write(f"{verb} {len(found)} reminder e-mails.")
