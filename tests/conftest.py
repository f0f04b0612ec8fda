from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
import pytest_django
from django.conf import settings
from django.db import connections
from django.test import override_settings
from django.utils import translation
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from tutor.core.locales import shipped_languages

# One Chromium and one live server per pytest process, for the browser tests of any folder.
pytest_plugins = ["tests.browser.plugin"]

# --- Hypothesis profiles: how hard every property test tries, set in one place ---------------
# `dev` (the default) keeps the inner loop quick; `ci` (HYPOTHESIS_PROFILE=ci, which
# `.ci/run` sets) tries more. No test sets its own number of examples; a test may still set
# its health checks in `@settings`. The security fuzzers take at most 50 of them, and
# FUZZ_SCALE multiplies that (tests/security/test_fuzz_forms.py).
hypothesis_settings.register_profile(
    "dev", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

LANGUAGES = [code for code, _ in settings.LANGUAGES]
#: The shipped translations: every language but English out of beta, each held to a
#: complete catalog (a beta language, locale/languages.toml, may be partly translated).
TRANSLATED = [entry.code for entry in shipped_languages() if entry.code != settings.LANGUAGE_CODE]


def without_breaks(html: str) -> str:
    """A page's markup without the ``<wbr>`` the typography middleware puts between
    Japanese phrases (``tutor/words/phrases.py``): for a test that looks for a whole
    sentence in the markup."""
    return html.replace("<wbr>", "")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts in English: a request for a /cs/ page leaves Czech active in the
    thread, so without this a test's words would depend on the test run before it."""
    with translation.override("en"):
        yield


@pytest.fixture(scope="session", autouse=True)
def fast_passwords() -> Iterator[None]:
    """Quick password hashing in every test: the site's PBKDF2 (1,500,000 rounds) costs
    about a second of CPU a password on a slow 2-core machine, and tests make and log in
    hundreds of teachers. The live server's thread reads the same settings. What the site
    stores in production is its own setting, untouched."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    return request.param


# --- Which tests touch the database (`make test-postgres` runs them on PostgreSQL) -------
# A test touches the database when it carries pytest-django's `django_db` mark (on the
# test, its class or its module) or needs, directly or through other fixtures, one of the
# fixtures below. Such tests get the `database` mark, so `pytest -m database` selects
# exactly them; a test that reached the database without either is already refused by
# pytest-django ("Database access not allowed"), so none can slip through.
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "database: touches the database (set by tests/conftest.py, not by hand)"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if item.get_closest_marker("django_db") or fixtures & DATABASE_FIXTURES:
            item.add_marker(pytest.mark.database)


@pytest.fixture(scope="session")
def django_db_setup(
    django_db_setup: None, django_db_blocker: pytest_django.DjangoDbBlocker
) -> Iterator[None]:
    """pytest-django's test database, whose teardown on PostgreSQL first ends any session
    still connected to it, as ``DROP DATABASE ... WITH (FORCE)`` would: a live server's or
    an ASGI thread pool's thread can keep a connection past the last test, and PostgreSQL
    refuses to drop a database in use ("being accessed by other users"), which failed a
    whole run after every test had passed. SQLite has no such refusal."""
    yield
    with django_db_blocker.unblock():
        for connection in connections.all(initialized_only=True):
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                    )
