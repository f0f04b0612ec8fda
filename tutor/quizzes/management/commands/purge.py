"""``python manage.py purge [--dry-run] [--days N]``: delete finished quiz sessions (their
students and answers) and anonymous learners' progress older than ``RETENTION_DAYS``
(tutor/quizzes/retention.py). Run it daily from cron, beside Django's ``clearsessions``
(docs/deploying.md, "Housekeeping"); ``--dry-run`` only counts.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from tutor.quizzes import retention


class Command(BaseCommand):
    help = "Delete finished quiz sessions and anonymous progress older than RETENTION_DAYS."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=None, help="default RETENTION_DAYS")
        parser.add_argument("--dry-run", action="store_true", help="only count what would go")

    def handle(self, *args: object, **options: Any) -> None:
        days = settings.RETENTION_DAYS if options["days"] is None else options["days"]
        if not 1 <= days <= 36_500:
            raise CommandError("--days (or RETENTION_DAYS) must be from 1 to 36500")
        now = timezone.now()
        dry = options["dry_run"]
        done = retention.counts(now, days) if dry else retention.purge(now, days)
        verb = "Would delete" if dry else "Deleted"
        self.stdout.write(
            f"{verb} {done.sessions} quiz sessions idle for {days} days "
            f"({done.students} students, {done.answers} answers) "
            f"and {done.learners} anonymous learners not seen for {days} days."
        )
