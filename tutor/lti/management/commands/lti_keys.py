"""``manage.py lti_keys show`` prints the tool's JWKS; ``lti_keys rotate`` makes a new
signing key (the one before it stays in the JWKS until the next rotation)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tutor.lti import keys


class Command(BaseCommand):
    help = "Show or rotate the LTI tool's signing keys."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["show", "rotate"])

    def handle(self, *args: Any, **options: Any) -> None:
        if options["action"] == "rotate":
            key = keys.rotate()
            self.stdout.write(f"New signing key: {key.kid}")
        self.stdout.write(json.dumps(keys.jwks(), indent=2))
