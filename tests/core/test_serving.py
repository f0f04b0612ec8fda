"""The production server for real: `collectstatic` into a temporary STATIC_ROOT, then
gunicorn (with the project's gunicorn.conf.py and DEBUG off) on a free loopback port,
asked over HTTP for a page and its content-hashed, gzip-compressed stylesheet.

Also: development and this suite serve the static files in place, without collectstatic.
"""

from __future__ import annotations

import gzip
import http.client
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from benchmarks.gunicorn_server import (
    HOST,
    ROOT,
    Server,
    free_port,
    prepare_site,
    production_environment,
)

REQUEST_TIMEOUT = 20
START_TIMEOUT = 60  # seconds for gunicorn to answer


@dataclass
class Served:
    port: int
    static_root: Path

    def get(self, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection(HOST, self.port, timeout=REQUEST_TIMEOUT)
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


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    tmp = tmp_path_factory.mktemp("serving")
    environment = production_environment(tmp)
    prepare_site(environment)
    try:
        port = free_port()
    except OSError as error:
        pytest.skip(f"no loopback port to bind here: {error}")
    gunicorn = Server(
        environment, port, tmp / "gunicorn.log", ready_path="/en/", arguments=("--workers", "1")
    )
    try:
        gunicorn.start(START_TIMEOUT)
        yield Served(port=port, static_root=tmp / "static")
    finally:
        gunicorn.stop()
    assert gunicorn.process is not None and gunicorn.process.returncode == 0, gunicorn.tail()


@pytest.fixture(scope="module")
def home(server: Served) -> tuple[int, dict[str, str], str]:
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
    server: Served, home: tuple[int, dict[str, str], str]
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
    server: Served, home: tuple[int, dict[str, str], str]
) -> None:
    found = re.search(r'src="(/static/tutor/site\.[0-9a-f]{12}\.js)"', home[2])
    assert found, "the page does not load a content-hashed site.js"
    status, headers, body = server.get(found.group(1), **{"Accept-Encoding": "identity"})
    assert status == 200
    assert "content-encoding" not in headers
    on_disk = (server.static_root / found.group(1).removeprefix("/static/")).read_bytes()
    assert body == on_disk
    assert body


def test_unknown_static_file_is_a_plain_404(server: Served) -> None:
    status, _, _ = server.get("/static/tutor/no-such-file.css")
    assert status == 404


# --- Development and the test suite: no collectstatic, no manifest ------------------------


def test_suite_uses_plain_static_storage() -> None:
    """pytest-django turns DEBUG off only at run time; the settings module was read with
    DEBUG unset, so the suite gets plain storage and no manifest is needed."""
    backend = settings.STORAGES["staticfiles"]["BACKEND"]
    assert backend == "django.contrib.staticfiles.storage.StaticFilesStorage"


def test_whitenoise_comes_right_after_the_security_middleware() -> None:
    # Only the Permissions-Policy header, which wraps every response, comes before them.
    assert settings.MIDDLEWARE[:3] == [
        "tutor.site.middleware.PermissionsPolicyMiddleware",
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


def test_a_site_that_cannot_be_prepared_says_what_failed(tmp_path: Path) -> None:
    """``prepare_site`` runs ``migrate`` and the rest in one process: a database it cannot
    open stops it with Django's own error, not a server started on nothing."""
    environment = production_environment(
        tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'missing' / 'db.sqlite3'}"
    )
    with pytest.raises(RuntimeError, match="preparing the site failed") as failed:
        prepare_site(environment, static=False)
    assert "unable to open database file" in str(failed.value)
    assert not (tmp_path / "static").exists()
