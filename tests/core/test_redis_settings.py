"""REDIS_URL picks where the shared caches live; without it the site needs neither Redis nor
the ``redis`` package. Each case reads the settings in a fresh process, as a server would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.redis_server import redis_server

ROOT = Path(__file__).resolve().parents[2]

# Prints the backend and location of each cache alias. ``block_redis`` makes the ``redis``
# package unimportable first, as on a machine where it was never installed.
READ_CACHES = """
import json, sys
if {block_redis}:
    sys.modules["redis"] = None
from django.conf import settings
import django
django.setup()
print(json.dumps({{a: [c["BACKEND"].rsplit(".", 1)[1], c.get("LOCATION", "")]
                  for a, c in settings.CACHES.items()}}))
"""


def read_caches(
    redis_url: str | None, *, block_redis: bool = False
) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    environment["DJANGO_SETTINGS_MODULE"] = "tutor.settings"
    if redis_url is not None:
        environment["REDIS_URL"] = redis_url
    return subprocess.run(
        [sys.executable, "-c", READ_CACHES.format(block_redis=block_redis)],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


def test_without_redis_url_the_database_and_each_process_keep_the_caches() -> None:
    result = read_caches(None, block_redis=True)  # and the redis package is not needed
    assert result.returncode == 0, result.stderr
    caches = json.loads(result.stdout)
    assert caches["default"] == ["DatabaseCache", "tutor_cache"]
    assert caches["state"][0] == "LocMemCache"
    assert caches["local"][0] == "KeptCache"


def test_redis_url_moves_the_shared_caches_to_redis_and_keeps_fragments_local() -> None:
    url = "redis://redis.internal:6379/3"
    result = read_caches(url)
    assert result.returncode == 0, result.stderr
    caches = json.loads(result.stdout)
    assert caches["default"] == ["RedisCache", url]
    assert caches["state"] == ["RedisCache", url]
    assert caches["local"][0] == "KeptCache"  # rendered fragments stay in each process


def test_redis_url_without_the_redis_package_says_what_to_install() -> None:
    result = read_caches("redis://127.0.0.1:6379/0", block_redis=True)
    assert result.returncode != 0
    assert "pip install -e '.[redis]'" in result.stderr


# Two processes count wrong join codes for one device (its signed cookie) in the site's
# shared cache, as two app servers' workers do; the limit must see the sum. Through Django's
# cache API and the same keys as the join form (tutor/quizzes/joins.py), without the HTTP
# around it.
COUNT_FAILURES = """
import django
django.setup()
from django.http import HttpResponse
from django.test import RequestFactory
from tutor.quizzes import joins
request = RequestFactory().post("/en/join/", REMOTE_ADDR="192.0.2.7")
signed = HttpResponse()
signed.set_signed_cookie(joins.DEVICE_COOKIE, "one-device", salt=joins.DEVICE_SALT)
request.COOKIES[joins.DEVICE_COOKIE] = signed.cookies[joins.DEVICE_COOKIE].value
for _ in range({times}):
    joins.count_failure(request)
print(joins.refusal(request) is not None)
"""


def test_the_join_code_limit_is_shared_by_two_processes_through_redis(tmp_path: Path) -> None:
    half = 10
    from tutor.quizzes.joins import JOIN_ATTEMPTS

    assert 2 * half == JOIN_ATTEMPTS  # each process alone stays below the limit
    with redis_server(tmp_path) as url:
        environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "tutor.settings", "REDIS_URL": url}

        def count(times: int) -> str:
            result = subprocess.run(
                [sys.executable, "-c", COUNT_FAILURES.format(times=times)],
                cwd=ROOT,
                env=environment,
                capture_output=True,
                text=True,
                check=False,
            )
            assert result.returncode == 0, result.stderr
            return result.stdout.strip()

        assert count(half) == "False"
        assert count(half) == "True"  # the second process sees the first one's failures


@pytest.mark.parametrize("block_redis", [False, True])
def test_the_site_starts_without_redis_url(block_redis: bool) -> None:
    environment = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    code = f"import sys\nif {block_redis}: sys.modules['redis'] = None\n"
    code += "from django.core.management import execute_from_command_line\n"
    code += "execute_from_command_line(['manage.py', 'check'])"
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**environment, "DJANGO_SETTINGS_MODULE": "tutor.settings"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
