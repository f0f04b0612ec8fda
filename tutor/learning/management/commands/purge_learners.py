"""``python manage.py purge_learners [--days 180]``: remove anonymous learners not seen for
that many days, with their progress and answers (run it daily from cron; see docs/deploying.md "Housekeeping").

Accounts' learners are never removed: their progress is what the account is for.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from tutor.learning.learners import purge

DEFAULT_DAYS = 180


class Command(BaseCommand):
    help = "Remove anonymous learners (and their progress) not seen for --days days."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days", type=int, default=DEFAULT_DAYS, help=f"default {DEFAULT_DAYS}"
        )

    def handle(self, *args: object, **options: Any) -> None:
        days = options["days"]
        if not 1 <= days <= 36_500:
            raise CommandError("--days must be from 1 to 36500")
        removed = purge(timezone.now(), days)
        self.stdout.write(f"Removed {removed} anonymous learners not seen for {days} days.")
