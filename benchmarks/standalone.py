"""Django in a benchmark's own process, without a server: production settings read from the
environment (``DEBUG`` off, a fresh ``SECRET_KEY``, no static manifest needed) and the
caller's database, migrated, with the cache table. For ``benchmarks.console`` and
``benchmarks.teacher_limits``."""

from __future__ import annotations

import os
import secrets


def setup(database: str, settings_module: str = "tutor.settings") -> None:
    """Set Django up once in this process on ``database`` (a ``DATABASE_URL``)."""
    os.environ.update(
        DJANGO_SETTINGS_MODULE=settings_module,
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="testserver",
        SECURE_SSL_REDIRECT="0",
        TUTOR_STATIC_MANIFEST="0",
        DATABASE_URL=database,
    )
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
