"""``manage.py lti_grades retry`` sends again every LMS grade whose sending failed, and
those a request's time budget left waiting (the scores are read from the stored answers,
so nothing was lost); ``--session CODE``: only
that session's students, sent whether or not they failed before."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from pylti1p3.service_connector import ServiceConnector

from tutor.lti import passback
from tutor.quizzes.models import Session


class Command(BaseCommand):
    help = "Send LTI grades again after a failure."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["retry"])
        parser.add_argument("--session", default="", help="a session's code")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["session"]:
            session = Session.objects.filter(code=options["session"].upper()).first()
            if session is None:
                raise CommandError(f"No session {options['session']!r}.")
            outcome = passback.send_session(session, force=True)
            sent, failed = outcome.sent, outcome.failed
        else:
            connectors: dict[int, ServiceConnector] = {}  # one access token per platform
            outcomes = [
                passback.send(
                    student,
                    via=connectors.setdefault(
                        student.link.platform_id, passback.connector(student.link)
                    ),
                )
                for student in passback.unsent()
            ]
            sent, failed = outcomes.count(True), outcomes.count(False)
        self.stdout.write(f"Sent: {sent}. Failed: {failed}.")
        if failed:
            raise CommandError("Some grades were not sent; see the log.")
