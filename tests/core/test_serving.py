"""The production server for real: `collectstatic` into a temporary STATIC_ROOT, then
gunicorn (with the project's gunicorn.conf.py and DEBUG off) on a free loopback port,
asked over HTTP for a page and its content-hashed, gzip-compressed stylesheet.

Also: development and this suite serve the static files in place, without collectstatic.
"""

from __future__ import annotations

import gzip
import http.client
import os
import re
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 30  # seconds for gunicorn to say where it listens
REQUEST_TIMEOUT = 20
# Variables of the calling environment that would change what the server does.
CLEARED = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "STATIC_ROOT",
    "TUTOR_STATIC_MANIFEST",
    "SECURE_SSL_REDIRECT",
    "SECURE_PROXY_SSL_HEADER",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "WEB_CONCURRENCY",
    "GUNICORN_CMD_ARGS",
)
# What gunicorn logs when it cannot bind (it retries five times, then gives up).
BIND_FAILURES = ("Connection in use", "Can't connect to", "Address family not supported")


@dataclass
class Server:
    port: int
    static_root: Path

    def get(self, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT)
        try:
            connection.request("GET", path, headers=headers)
            response = connection.getresponse()
            return (
                response.status,
                {k.lower(): v for k, v in response.getheaders()},
                response.read(),
            )
        finally:
            connection.close()


def production_environment(tmp: Path) -> dict[str, str]:
    environment = {k: v for k, v in os.environ.items() if k not in CLEARED}
    environment.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",  # plain HTTP on loopback, as `make serve`
        STATIC_ROOT=str(tmp / "static"),
        DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
    )
    return environment


def manage(environment: dict[str, str], *args: str) -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)  # graceful: workers finish, then exit
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("serving")
    environment = production_environment(tmp)
    manage(environment, "migrate", "--noinput", "--verbosity", "0")
    manage(environment, "collectstatic", "--noinput", "--verbosity", "0")
    log = tmp / "gunicorn.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "--config",
                "gunicorn.conf.py",
                "--bind",
                "127.0.0.1:0",  # the kernel picks a free port; gunicorn logs which
                "--workers",
                "1",
            ],
            cwd=ROOT,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + START_TIMEOUT
        port = None
        while port is None and time.monotonic() < deadline and process.poll() is None:
            found = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", log.read_text())
            if found:
                port = int(found.group(1))
            else:
                time.sleep(0.1)
        text = log.read_text()
        if port is None and any(failure in text for failure in BIND_FAILURES):
            pytest.skip(f"gunicorn cannot bind a loopback port here:\n{text}")
        assert port is not None, f"gunicorn did not start within {START_TIMEOUT} s:\n{text}"
        yield Server(port=port, static_root=tmp / "static")
    finally:
        stop(process)
    assert process.returncode == 0, log.read_text()


@pytest.fixture(scope="module")
def home(server: Server) -> tuple[int, dict[str, str], str]:
    status, headers, body = server.get("/en/")
    return status, headers, body.decode()


def test_gunicorn_serves_the_home_page_with_security_headers(
    home: tuple[int, dict[str, str], str],
) -> None:
    status, headers, body = home
    assert status == 200, body
    assert "default-src 'self'" in headers["content-security-policy"]
    assert "script-src 'self';" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"
    assert headers["x-frame-options"] == "DENY"


def test_gunicorn_serves_hashed_gzipped_stylesheet_cached_for_a_year(
    server: Server, home: tuple[int, dict[str, str], str]
) -> None:
    found = re.search(r'href="(/static/tutor/site\.([0-9a-f]{12})\.css)"', home[2])
    assert found, "the page does not link a content-hashed site.css"
    url, digest = found.groups()
    status, headers, body = server.get(url, **{"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["content-type"].startswith("text/css")
    assert headers["content-encoding"] == "gzip"
    assert "Accept-Encoding" in headers["vary"]
    assert "max-age=315360000" in headers["cache-control"]
    assert "immutable" in headers["cache-control"]
    on_disk = (server.static_root / "tutor" / f"site.{digest}.css").read_bytes()
    assert gzip.decompress(body) == on_disk


def test_gunicorn_serves_the_uncompressed_file_to_clients_without_gzip(
    server: Server, home: tuple[int, dict[str, str], str]
) -> None:
    found = re.search(r'src="(/static/tutor/site\.[0-9a-f]{12}\.js)"', home[2])
    assert found, "the page does not load a content-hashed site.js"
    status, headers, body = server.get(found.group(1), **{"Accept-Encoding": "identity"})
    assert status == 200
    assert "content-encoding" not in headers
    on_disk = (server.static_root / found.group(1).removeprefix("/static/")).read_bytes()
    assert body == on_disk
    assert body


def test_unknown_static_file_is_a_plain_404(server: Server) -> None:
    status, _, _ = server.get("/static/tutor/no-such-file.css")
    assert status == 404


# --- Development and the test suite: no collectstatic, no manifest ------------------------


def test_suite_uses_plain_static_storage() -> None:
    """pytest-django turns DEBUG off only at run time; the settings module was read with
    DEBUG unset, so the suite gets plain storage and no manifest is needed."""
    backend = settings.STORAGES["staticfiles"]["BACKEND"]
    assert backend == "django.contrib.staticfiles.storage.StaticFilesStorage"


def test_whitenoise_comes_right_after_the_security_middleware() -> None:
    assert settings.MIDDLEWARE[:2] == [
        "django.middleware.security.SecurityMiddleware",
        "whitenoise.middleware.WhiteNoiseMiddleware",
    ]


def test_static_files_are_served_in_place_without_collectstatic() -> None:
    response = Client().get("/static/tutor/site.css")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/css")
    # Reading to the end closes the file (the test client's wrapper; closing the response
    # by hand would fire request_finished outside it, where the database is off limits).
    body = b"".join(response.streaming_content)
    assert body == (ROOT / "tutor" / "static" / "tutor" / "site.css").read_bytes()
