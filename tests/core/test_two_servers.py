"""Two app servers, one database: what "past one machine" in docs/deploying.md promises.

Two gunicorn instances (production settings, the same SECRET_KEY and database, different
ports) stand in for the servers behind a load balancer, twice: sharing the database cache,
and sharing a Redis (REDIS_URL; tests/redis_server.py starts one, or the run skips where
redis-server is missing, but never in CI). A student joins on one and goes on on the other;
the teacher's move, made by a third process, reaches the second server's poll within the
second that a process trusts its copy of a session's version (with Redis at once); one
answer per question holds across servers; wrong join codes count once for both servers.
"""

from __future__ import annotations

import http.client
import re
import time
from collections.abc import Iterator
from http.cookies import SimpleCookie
from urllib.parse import urlencode

import pytest

from benchmarks.gunicorn_server import (
    HOST,
    Server,
    free_port,
    manage,
    prepare_site,
    production_environment,
)
from tests.redis_server import redis_server

pytestmark = pytest.mark.slow

CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
ATTEMPT_RE = re.compile(r'name="attempt" value="([^"]+)"')
VERSION_RE = re.compile(r'/state/\?v=(\d+)"')
CHOICE_RE = re.compile(r'<input type="radio" name="result" value="([a-z_]+)"')


def shell(environment: dict[str, str], code: str) -> str:
    """Run Django code in a process of its own (the teacher's side, another server)."""
    return manage(environment, "shell", "--verbosity", "0", "-c", code).strip()


class Browser:
    """One student's cookie jar, used against either server."""

    def __init__(self) -> None:
        self.cookies: dict[str, str] = {}

    def request(
        self,
        port: int,
        method: str,
        path: str,
        fields: dict[str, str] | None = None,
        htmx: bool = False,
    ) -> tuple[int, dict[str, str], str]:
        connection = http.client.HTTPConnection(HOST, port, timeout=30)
        headers = {"HX-Request": "true"} if htmx else {}
        try:
            if self.cookies:
                headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            body = None
            if fields is not None:
                body = urlencode(fields)
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            connection.request(method, path, body, headers)
            response = connection.getresponse()
            text = response.read().decode()
            for header in response.msg.get_all("Set-Cookie") or []:
                cookie: SimpleCookie = SimpleCookie()
                cookie.load(header)
                for name, morsel in cookie.items():
                    self.cookies[name] = morsel.coded_value
            return response.status, {k.lower(): v for k, v in response.getheaders()}, text
        finally:
            connection.close()


@pytest.fixture(scope="module", params=["database-cache", "redis"])
def shared(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, str]]:
    """What the servers share besides the database: its cache table, or a Redis."""
    if request.param != "redis":
        yield {}
        return
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield {"REDIS_URL": url}


@pytest.fixture(scope="module")
def servers(
    shared: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[dict[str, str], int, int]]:
    tmp = tmp_path_factory.mktemp("two-servers")
    environment = production_environment(tmp, **shared)
    prepare_site(environment)
    started = []
    try:
        for name in ("a", "b"):
            try:
                port = free_port()
            except OSError as error:
                pytest.skip(f"no loopback port to bind here: {error}")
            server = Server(
                environment,
                port,
                tmp / f"gunicorn-{name}.log",
                ready_path="/en/",
                arguments=("--workers", "1"),
            )
            server.start(60)
            started.append(server)
        yield environment, started[0].port, started[1].port
    finally:
        for server in started:
            server.stop()


def test_a_student_moves_between_servers_and_follows_the_class(
    servers: tuple[dict[str, str], int, int],
) -> None:
    environment, a, b = servers
    code = shell(
        environment,
        "from django.contrib.auth import get_user_model; "
        "from tutor.quizzes.models import Quiz, Slot; from tutor.quizzes import services; "
        "t = get_user_model().objects.create_user('two-servers'); "
        "q = Quiz.objects.create(owner=t, title='Two servers'); "
        "Slot.objects.create(quiz=q, kind='fixed', drill='teenpatti-showdown', level='easy', seed=5); "
        "print(services.start_session(q, 'live').code)",
    )
    student = Browser()
    # Join on server A ...
    status, _, page = student.request(a, "GET", f"/en/join/{code}/")
    assert status == 200
    fields = {
        "csrfmiddlewaretoken": CSRF_RE.search(page).group(1),
        "attempt": ATTEMPT_RE.search(page).group(1),
        "code": code,
        "nickname": "Asha",
    }
    status, headers, _ = student.request(a, "POST", "/en/join/", fields)
    assert status == 302 and headers["location"] == f"/en/play/{code}/"
    # ... and go on on server B, which knows the student from the cookie and the database.
    status, _, page = student.request(b, "GET", f"/en/play/{code}/")
    assert status == 200 and "You are in!" in page
    version = VERSION_RE.search(page).group(1)
    poll = f"/en/play/{code}/state/?v={version}"
    assert student.request(b, "GET", poll, htmx=True)[0] == 204  # B now holds v

    # The teacher opens the question from elsewhere; B's poll sees it within its second.
    shell(
        environment,
        "from tutor.quizzes.models import Session; from tutor.quizzes import services; "
        f"services.open_question(Session.objects.get(code='{code}'), 0)",
    )
    deadline = time.monotonic() + 10
    while True:
        status, _, stage = student.request(b, "GET", poll, htmx=True)
        if status != 204 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert status == 200 and "Question 1 of 1" in stage and "<html" not in stage

    # One answer per question, whichever server each post reaches.
    choice = CHOICE_RE.search(stage).group(1)
    answer = {
        "csrfmiddlewaretoken": CSRF_RE.search(stage).group(1),
        "index": "0",
        "result": choice,
    }
    status, _, first = student.request(b, "POST", f"/en/play/{code}/answer/", answer, htmx=True)
    assert status == 200 and "Your answer has been received." in first
    status, _, again = student.request(a, "POST", f"/en/play/{code}/answer/", answer, htmx=True)
    assert status == 200 and "your first answer counts" in again
    stored = shell(
        environment,
        "from tutor.quizzes.models import Response; "
        f"print(Response.objects.filter(participant__session__code='{code}').answered().count())",
    )
    assert stored == "1"


def test_both_servers_serve_the_same_hashed_static_files(
    servers: tuple[dict[str, str], int, int],
) -> None:
    _, a, b = servers
    pages = [Browser().request(port, "GET", "/en/")[2] for port in (a, b)]
    names = [re.search(r'href="(/static/tutor/site\.[0-9a-f]{12}\.css)"', p) for p in pages]
    assert names[0] and names[1] and names[0].group(1) == names[1].group(1)
    assert Browser().request(b, "GET", names[0].group(1))[0] == 200


def test_wrong_join_codes_count_once_for_both_servers(
    servers: tuple[dict[str, str], int, int],
) -> None:
    from tutor.quizzes.joins import JOIN_ATTEMPTS

    _, a, b = servers
    guesser = Browser()  # one device (its cookie), alternating between the servers
    statuses = []
    for attempt in range(JOIN_ATTEMPTS + 1):
        port = (a, b)[attempt % 2]
        page = guesser.request(port, "GET", "/en/join/")[2]
        fields = {
            "csrfmiddlewaretoken": CSRF_RE.search(page).group(1),
            "attempt": ATTEMPT_RE.search(page).group(1),
            "code": "XXXXXX" if attempt % 2 else "YYYYYY",  # well formed, no such quiz
            "nickname": "Guess",
        }
        statuses.append(guesser.request(port, "POST", "/en/join/", fields)[0])
    # Each server saw about half the guesses, under the limit alone; together they reach it.
    assert statuses[:JOIN_ATTEMPTS] == [422] * JOIN_ATTEMPTS
    assert statuses[JOIN_ATTEMPTS] == 429
    environment = servers[0]
    if "REDIS_URL" in environment:  # ... through Redis, not the database cache
        import redis

        shared = redis.Redis.from_url(environment["REDIS_URL"])
        assert len(shared.keys("tutor:*quiz-join-fail:*")) == 1  # this device's count only
        assert len(shared.keys("tutor:*quiz-join-new:*")) == 1  # its address's new devices
