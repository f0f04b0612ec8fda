"""One visitor's HTTP (a cookie jar and a keep-alive connection, every reply timed) and what
every client of one phase shares (:class:`Run`: the port, the request budget, the deadline,
the counters the teacher waits on)."""

from __future__ import annotations

import argparse
import asyncio
import http.client
import itertools
import select
import threading
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from typing import TYPE_CHECKING, NamedTuple
from urllib.parse import urlencode

from benchmarks.gunicorn_server import HOST
from benchmarks.load_quiz.pages import LANGUAGE

if TYPE_CHECKING:
    from benchmarks.load_quiz.client import Student

Fields = Iterable[tuple[str, str]]  # a form's fields, in order; iterated once per request


class Stop(Exception):
    """The run is over (global timeout, request budget, abort): every client returns."""


class Unanswered(Exception):
    """No HTTP reply (refused, reset, timed out): the server may or may not have acted."""

    def __init__(self, kind: str, error: BaseException) -> None:
        super().__init__(f"{kind}: {type(error).__name__} {error}")
        self.timed_out = isinstance(error, TimeoutError)


def closed_by_server(connection: http.client.HTTPConnection) -> bool:
    """Whether an idle keep-alive connection has been closed by the server: its socket is
    readable (the end of the stream, or data nobody asked for) with no request pending."""
    sock = connection.sock
    if sock is None:
        return False
    try:
        return bool(select.select([sock], [], [], 0)[0])
    except (OSError, ValueError):
        return True


class Run:
    """What every client of one phase shares: the server's port, the request budget, the
    global deadline, the counters the teacher waits on, and every client's samples."""

    def __init__(self, options: argparse.Namespace, port: int, budget: int, seconds: float) -> None:
        self.options = options
        self.port = port
        self.budget = budget
        self.deadline = time.monotonic() + seconds
        self.requests = itertools.count(1)
        self.stopped = threading.Event()
        self.stop_reason = ""
        self.changed = threading.Condition()
        self.joined = 0
        self.finished_students = 0  # homework: students who reached the score page
        self.settled = [0] * options.questions
        self.failed: list[Student] = []
        self.lost_place = 0
        self.stages_heard = 0  # new stages that came in a stream's event, with no request
        self.verdicts_heard = 0  # revealed answers that came in a stream's event
        self.finals_heard = 0  # end screens that came in a stream's event
        self.browsers: list[Browser] = []
        self.unanswered: Counter[tuple[str, str]] = Counter()
        self.lost_at: list[float] = []  # when each request without a reply ended
        self.ending_at = 0.0  # when the teacher pressed "end" (time.monotonic)
        self.client_cpu = 0.0  # s of CPU used by this process's clients
        self.server_cpu: float | None = None  # s of CPU used by the workers
        self.cores: dict[str, float] = {}  # cores busy per part of the machine (machine.py)
        self.window = (0.0, 0.0)  # time.monotonic() when the clients started and ended
        # The students' event loop, and the pauses waiting on it (stop() ends them at once).
        self.loop: asyncio.AbstractEventLoop | None = None
        self.pauses: set[asyncio.Future[None]] = set()

    def count_request(self) -> None:
        if next(self.requests) > self.budget:
            self.stop(f"the request budget ({self.budget}) is spent")
        self.check()

    def check(self) -> None:
        if time.monotonic() > self.deadline:
            self.stop("the global time limit passed")
        if self.stopped.is_set():
            raise Stop(self.stop_reason)

    def stop(self, reason: str) -> None:
        with self.changed:
            if not self.stopped.is_set():
                self.stop_reason = reason
                self.stopped.set()
                if self.loop is not None and not self.loop.is_closed():
                    self.loop.call_soon_threadsafe(self.end_pauses)
            self.changed.notify_all()

    def sleep(self, seconds: float) -> None:
        if self.stopped.wait(max(0.0, min(seconds, self.deadline - time.monotonic()))):
            raise Stop(self.stop_reason)
        self.check()

    async def pause(self, seconds: float) -> None:
        """:meth:`sleep` on the students' event loop."""
        self.check()
        loop = asyncio.get_running_loop()
        pause = loop.create_future()
        seconds = max(0.0, min(seconds, self.deadline - time.monotonic()))
        timer = loop.call_later(seconds, _end_pause, pause)
        self.pauses.add(pause)
        try:
            await pause
        finally:
            timer.cancel()
            self.pauses.discard(pause)
        self.check()

    def end_pauses(self) -> None:
        for pause in self.pauses:
            _end_pause(pause)

    def no_reply(self, kind: str, error: BaseException) -> None:
        with self.changed:
            self.unanswered[kind, type(error).__name__] += 1
            if kind != "abandoned":
                self.lost_at.append(time.monotonic())

    def samples(self) -> list[Sample]:
        return [sample for browser in self.browsers for sample in browser.samples]


def _end_pause(pause: asyncio.Future[None]) -> None:
    if not pause.done():
        pause.set_result(None)


class Sample(NamedTuple):
    kind: str
    ms: float  # from sending the request to reading the whole reply
    status: int
    at: float  # time.monotonic() when the reply was read


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    text: str


class Visitor:
    """What every visitor keeps, whatever carries its requests: the server it sticks to,
    its cookie jar, the headers it sends and every reply's sample."""

    def __init__(self, run: Run, port: int | None = None) -> None:
        self.run = run
        self.port = port or run.port  # the server this visitor sticks to
        self.cookies: dict[str, str] = {}
        self.samples: list[Sample] = []
        run.browsers.append(self)

    def request_parts(
        self, path: str, fields: Fields | None, htmx: bool
    ) -> tuple[dict[str, str], str | None]:
        """The headers and body of a request (counted against the budget). ``htmx`` sends
        the headers htmx sends, so the reply is a fragment of the page."""
        self.run.count_request()
        headers = {"Accept-Language": LANGUAGE}
        if htmx:
            headers.update({"HX-Request": "true", "HX-Current-URL": f"http://{HOST}{path}"})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if fields is not None:
            body = urlencode(list(fields))
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        return headers, body

    def reply(
        self, kind: str, started: float, status: int, headers: list[tuple[str, str]], data: bytes
    ) -> Reply:
        """A reply read whole: timed from ``started``, its cookies kept."""
        ms = (time.perf_counter() - started) * 1000
        self.samples.append(Sample(kind, ms, status, time.monotonic()))
        self.keep_cookies([value for name, value in headers if name.lower() == "set-cookie"])
        return Reply(status, {k.lower(): v for k, v in headers}, data.decode("utf-8", "replace"))

    def keep_cookies(self, set_cookie: list[str]) -> None:
        """Store the cookies of ``Set-Cookie`` headers; drop those they expire."""
        for header in set_cookie:
            cookie: SimpleCookie = SimpleCookie()
            try:
                cookie.load(header)
            except CookieError:
                continue
            for name, morsel in cookie.items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.coded_value


class Browser(Visitor):
    """One visitor on threads: a keep-alive ``http.client`` connection (the teacher and the
    page bench; the students are :class:`~benchmarks.load_quiz.visitor.AsyncBrowser`)."""

    def __init__(self, run: Run, port: int | None = None) -> None:
        super().__init__(run, port)
        self.connection: http.client.HTTPConnection | None = None

    def new_connection(self, timeout: float | None = None) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(
            HOST, self.port, timeout=timeout or self.run.options.request_timeout
        )

    def begin(
        self,
        connection: http.client.HTTPConnection,
        method: str,
        path: str,
        kind: str,
        fields: Fields | None = None,
        htmx: bool = False,
    ) -> float:
        """Send a request; :meth:`end` reads its reply (so two can be in flight at once)."""
        headers, body = self.request_parts(path, fields, htmx)
        started = time.perf_counter()
        try:
            connection.request(method, path, body, headers)
        except (OSError, http.client.HTTPException) as error:
            connection.close()
            self.run.no_reply(kind, error)
            raise Unanswered(kind, error) from error
        return started

    def end(
        self,
        connection: http.client.HTTPConnection,
        kind: str,
        started: float,
        lost_kind: str = "",
    ) -> Reply:
        """Read the reply of :meth:`begin`; without one, count it under ``lost_kind``."""
        try:
            response = connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as error:
            connection.close()
            self.run.no_reply(lost_kind or kind, error)
            raise Unanswered(kind, error) from error
        return self.reply(kind, started, response.status, response.getheaders(), data)

    def send(
        self,
        method: str,
        path: str,
        kind: str,
        fields: Fields | None = None,
        htmx: bool = False,
    ) -> Reply:
        """One request on the keep-alive connection (a new one if the last was closed, by
        either side: as a browser does, a connection the server has closed while it was
        idle, past gunicorn's keep-alive, is not used again)."""
        if self.connection is not None and closed_by_server(self.connection):
            self.connection.close()
            self.connection = None
        if self.connection is None:
            self.connection = self.new_connection()
        connection = self.connection
        try:
            started = self.begin(connection, method, path, kind, fields, htmx)
            return self.end(connection, kind, started)
        except Unanswered:
            self.connection = None
            raise

    def send_until_answered(
        self,
        method: str,
        path: str,
        kind: str,
        fields: list[tuple[str, str]] | None = None,
        *,
        htmx: bool = False,
        pause: float = 0.2,
        longest: float = 0.2,
        tries: int | None = None,
        timeouts: bool = False,
    ) -> Reply:
        """:meth:`send`, repeated while the server refuses or drops the connection (it may be
        restarting, or have closed an idle keep-alive connection): after ``pause`` s,
        doubling up to ``longest``, at most ``tries`` times (None: until the run stops), then
        the last :class:`Unanswered` is raised. A request that timed out is raised at once
        unless ``timeouts``: the server is still working on it, and a repeat only adds load."""
        tried = 0
        while True:
            try:
                return self.send(method, path, kind, fields, htmx)
            except Unanswered as error:
                tried += 1
                if (error.timed_out and not timeouts) or tried == tries:
                    raise
                self.run.sleep(pause)
                pause = min(longest, pause * 2)

    def get(self, path: str, kind: str, htmx: bool = False) -> Reply:
        """A GET, repeated while no reply comes (see :meth:`send_until_answered`)."""
        return self.send_until_answered("GET", path, kind, htmx=htmx, pause=0.02, longest=1.0)

    def send_impatient(
        self, method: str, path: str, kind: str, fields: Fields, give_up: float, htmx: bool = False
    ) -> Reply:
        """A request on a connection of its own whose client gives up on the reply after
        ``give_up`` s; a request without a reply is counted as ``abandoned``."""
        connection = self.new_connection(timeout=give_up)
        try:
            started = self.begin(connection, method, path, "abandoned", fields, htmx)
            return self.end(connection, kind, started, "abandoned")
        finally:
            connection.close()
