"""Before the server starts: its environment, the database (``migrate``,
``createcachetable``, ``collectstatic``), and a teacher and a live quiz made through the ORM
of this process (which then also reads the stored answers, see ``check``)."""

from __future__ import annotations

import argparse
import os
import random
import secrets
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from benchmarks.gunicorn_server import CLEARED, prepare_here, production_environment
from benchmarks.load_quiz import cpu
from benchmarks.load_quiz.pages import QUESTION_DRILLS

SETTINGS_MODULE = "benchmarks.bench_settings"


def server_environment(options: argparse.Namespace, tmp: Path) -> dict[str, str]:
    # One SECRET_KEY for the whole run: cookies survive restarts.
    environment = production_environment(tmp, DJANGO_SETTINGS_MODULE=SETTINGS_MODULE)
    # Each worker notes every request's CPU time and kind there (benchmarks/load_quiz/cpu.py).
    environment[cpu.ENVIRONMENT] = str(tmp / "cpu.log")
    # The event streams' spread of a student's own stage (tutor/quizzes/streams.py).
    environment["QUIZ_STREAM_SPREAD"] = str(getattr(options, "sse_spread", 0) or 0)
    if options.database_url:
        environment["DATABASE_URL"] = options.database_url
    if options.workers:
        environment["WEB_CONCURRENCY"] = str(options.workers)
    if options.threads:
        environment["GUNICORN_THREADS"] = str(options.threads)
    return environment


def prepare_database(environment: dict[str, str]) -> str:
    """Set up Django in this process in ``environment``, then migrate, make the cache
    table and collect the static files there (what ``manage.py`` would do, without setting
    Django up three times more); what the database is."""
    setup_django(environment)
    prepare_here()
    return database_description()


def setup_django(environment: dict[str, str]) -> None:
    for key in CLEARED:
        os.environ.pop(key, None)
    os.environ.update(environment)
    import django

    django.setup()


def database_description() -> str:
    from django.db import connection

    if connection.vendor == "sqlite":
        return f"SQLite {connection.Database.sqlite_version}"
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        return " ".join(cursor.fetchone()[0].split()[:2])


@dataclass(frozen=True)
class QuizSetup:
    code: str
    session_id: int
    username: str
    password: str


def create_quiz(
    questions: int, rng: random.Random, mode: str = "live", time_limit: int | None = None
) -> QuizSetup:
    """A new teacher, a quiz of ``questions`` fixed questions cycling through
    ``QUESTION_DRILLS`` (one attempt, feedback at once, ``time_limit`` s a question), and a
    session of it: live, or homework open for a day."""
    from django.contrib.auth import get_user_model
    from django.db import connections
    from django.utils import timezone

    from tutor.drills.base import MAX_SEED
    from tutor.quizzes import services
    from tutor.quizzes.models import Quiz, Session, Slot

    username, password = f"load-{secrets.token_hex(4)}", secrets.token_urlsafe(18)
    teacher = get_user_model().objects.create_user(username, password=password)
    quiz = Quiz.objects.create(
        owner=teacher,
        title="Load test",
        attempts=1,
        feedback=Quiz.Feedback.AT_ONCE,
        time_limit=time_limit,
    )
    for order in range(questions):
        drill, level = QUESTION_DRILLS[order % len(QUESTION_DRILLS)]
        Slot.objects.create(
            quiz=quiz,
            order=order,
            kind=Slot.Kind.FIXED,
            drill=drill,
            level=level,
            seed=rng.randrange(MAX_SEED),
        )
    if mode == Session.Mode.HOMEWORK:
        closes = timezone.now() + timedelta(days=1)
        session = services.start_session(quiz, Session.Mode.HOMEWORK, closes=closes)
    else:
        session = services.start_session(quiz, Session.Mode.LIVE)
    connections.close_all()
    return QuizSetup(session.code, session.pk, username, password)
