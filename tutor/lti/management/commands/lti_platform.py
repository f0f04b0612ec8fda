"""``manage.py lti_platform add`` registers an LMS (Moodle, Canvas) with the tool;
``lti_platform list`` shows the registered ones; ``lti_platform urls`` prints the
addresses to configure the tool with on the platform."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from tutor.lti.models import Deployment, Platform


class Command(BaseCommand):
    help = "Register a learning platform (LTI 1.3) with the tool, or list them."

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        add = sub.add_parser("add", help="register a platform (or update one)")
        add.add_argument("--name", required=True)
        add.add_argument("--issuer", required=True, help="Moodle: the site's URL")
        add.add_argument("--client-id", required=True)
        add.add_argument("--deployment-id", action="append", default=[], dest="deployments")
        add.add_argument("--auth-login-url", required=True)
        add.add_argument("--auth-token-url", required=True)
        add.add_argument("--key-set-url", required=True)
        add.add_argument("--auth-audience", default="")
        add.add_argument("--owner", required=True, help="the tutor username of its admin contact")
        sub.add_parser("list", help="list the registered platforms")
        urls = sub.add_parser("urls", help="the tool's addresses to give the platform")
        urls.add_argument(
            "--base", required=True, help="the site's address, e.g. https://tutor.example.org"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["action"] == "list":
            for platform in Platform.objects.prefetch_related("deployments"):
                ids = ", ".join(d.deployment_id for d in platform.deployments.all())
                self.stdout.write(
                    f"{platform.name}: {platform.issuer} {platform.client_id} [{ids}]"
                )
        elif options["action"] == "urls":
            base = options["base"].rstrip("/")
            for label, path in (
                ("Tool URL", "/lti/launch/"),
                ("Initiate login URL", "/lti/login/"),
                ("Redirection URI(s)", "/lti/launch/"),
                ("Public keyset URL", "/lti/jwks/"),
            ):
                self.stdout.write(f"{label}: {base}{path}")
        else:
            self._add(options)

    def _add(self, options: dict[str, Any]) -> None:
        owner = get_user_model().objects.filter(username=options["owner"]).first()
        if owner is None:
            raise CommandError(f"No account named {options['owner']!r}.")
        with transaction.atomic():
            platform, created = Platform.objects.update_or_create(
                issuer=options["issuer"],
                client_id=options["client_id"],
                defaults={
                    "name": options["name"],
                    "auth_login_url": options["auth_login_url"],
                    "auth_token_url": options["auth_token_url"],
                    "auth_audience": options["auth_audience"],
                    "key_set_url": options["key_set_url"],
                    "owner": owner,
                },
            )
            for deployment_id in options["deployments"]:
                Deployment.objects.get_or_create(platform=platform, deployment_id=deployment_id)
        self.stdout.write(("Registered " if created else "Updated ") + platform.name)
