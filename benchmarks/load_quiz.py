"""Load and fault test of a live quiz against the production server on loopback.

    .venv/bin/python -m benchmarks.load_quiz                  # 400 students, temporary SQLite
    DATABASE_URL=postgres://tutor:tutor@127.0.0.1:5432/tutor_load .venv/bin/python -m benchmarks.load_quiz
    .venv/bin/python -m benchmarks.load_quiz --fault          # reload and kill the server mid-quiz
    .venv/bin/python -m benchmarks.load_quiz --help

What one run does:

1. Prepares a database (a temporary SQLite file, or ``DATABASE_URL``: give it a database of
   its own, never one the test suite creates or drops): ``migrate``, ``createcachetable``,
   ``collectstatic`` into a temporary directory; a teacher and a quiz made through the ORM.
2. Starts gunicorn exactly as ``make serve`` does (``gunicorn.conf.py``, ``DEBUG=0``) on a
   free loopback port, with ``benchmarks.bench_settings``: the production settings plus a
   ``/bare/`` view for comparison.
3. A teacher logs in and runs the quiz from the console; N students (threads, standard
   library ``http.client``, one keep-alive connection and cookie jar each) fetch the join
   page, join, follow the session by polling the state endpoint as the page does, and
   answer every question after a think time. Some answers are retried after an
   artificial client timeout (the connection is dropped before the reply is read), some
   are sent twice at once on two connections with different choices. Like the page with
   JavaScript on, polls and answers are htmx requests whose replies are the new stage:
   "received" = stored, an error message = refused. Some joins are repeated after an
   artificial client timeout as well (the same form sent again).
4. With ``--fault``: a graceful reload (SIGHUP) while one question is open and a hard kill
   of the whole server plus a fresh start while another is open. Students keep their
   cookies; whatever was not answered is retried.
5. Measures, on the same server, a drill page and the bare view with a fixed number of
   keep-alive clients, and prints their requests per second and ratio.
6. Stops the server and compares the database with what the students were told: every
   acknowledged answer ("received") is stored, with exactly the choices of the acknowledged
   request; an answer is stored without one only when the student's reply was lost and a
   repeat was told "already answered"; nothing else is stored.

Exit status 0 when every check passes (the latency and throughput goals are reported, not
enforced), 1 when one fails, 2 on a setup error.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import math
import os
import platform
import random
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlencode

from benchmarks.gunicorn_server import (
    CLEARED,
    HOST,
    Server,
    free_port,
    manage,
    production_environment,
)

LANGUAGE = "en"  # refusals are recognised by their English wording
SETTINGS_MODULE = "benchmarks.bench_settings"
# The quiz's questions cycle through these; their answers are radio buttons or checkboxes.
QUESTION_DRILLS = (
    ("teenpatti-showdown", "easy"),
    ("holdem-showdown", "medium"),
    ("name-the-hand", "easy"),
)
# The statuses each kind of request may get in a healthy run; anything else is an error.
EXPECTED = {
    "join": {200, 302},
    "play": {200},
    "final": {200},
    "state": {200, 204, 286},
    "answer": {200},
    "login": {200, 302},
    "teacher": {200, 302, 286},
    "drill": {200},
    "bare": {200},
}
ALREADY_ANSWERED = "You have already answered this question"
NOT_CURRENT = "That question is no longer open"
RECEIVED = "Your answer has been received."
STORED, ALREADY, CLOSED, UNKNOWN = "stored", "already", "closed", "unknown"
SETTLED = {STORED, ALREADY, CLOSED, "refused", "invalid", "lost"}  # a reply that ends the tries
MAX_TRIES = 40  # per answer, across server restarts

VERSION_RE = re.compile(r'/state/\?v=(\d+)"')
INDEX_RE = re.compile(r'name="index" value="(\d+)"')
CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
ATTEMPT_RE = re.compile(r'name="attempt" value="([^"]+)"')
STATUS_ERROR_RE = re.compile(r'class="quiz-status"><p class="error">([^<]*)</p>')
CHOICE_RE = re.compile(r'<input type="(radio|checkbox)" name="([^"]+)" value="([^"]*)"')
AT_RE = re.compile(r'name="at" value="([a-z]+:-?\d+)"')


class Stop(Exception):
    """The run is over (global timeout, request budget, abort): every client returns."""


class Failure(Exception):
    """A page the client did not expect: this client gives up, the run fails."""


class Unanswered(Exception):
    """No HTTP reply (refused, reset, timed out): the server may or may not have acted."""

    def __init__(self, kind: str, error: BaseException) -> None:
        super().__init__(f"{kind}: {type(error).__name__} {error}")
        self.timed_out = isinstance(error, TimeoutError)


# -- options --------------------------------------------------------------------------------
def parse_options(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.load_quiz",
        description="Drive a live quiz (a teacher and N students) against gunicorn on "
        "loopback, check the database against the acknowledged answers, and compare a "
        "drill page with a bare Django view.",
    )
    add = parser.add_argument
    add("--students", type=int, default=400, help="simulated students (default 400)")
    add("--questions", type=int, default=5, help="questions in the quiz (default 5)")
    add("--think-min", type=float, default=0.5, help="shortest think time, s (default 0.5)")
    add("--think-max", type=float, default=4.0, help="longest think time, s (default 4)")
    add("--poll", type=float, default=2.0, help="state poll interval, s, as the page (2)")
    add("--ramp", type=float, default=5.0, help="students join over this many s (default 5)")
    add("--reveal-pause", type=float, default=None, help="s in reveal (default: poll + 0.5)")
    add("--retry-share", type=float, default=0.1, help="answers dropped and retried (0.1)")
    add("--double-share", type=float, default=0.1, help="answers sent twice at once (0.1)")
    add("--fault", action="store_true", help="SIGHUP and kill + restart the server mid-quiz")
    add("--question-timeout", type=float, default=90.0, help="s the teacher waits per question")
    add("--timeout", type=float, default=900.0, help="global time limit, s (default 900)")
    add("--max-requests", type=int, default=None, help="request budget of the quiz phase")
    add("--request-timeout", type=float, default=120.0, help="s to wait for a reply (120)")
    add("--workers", type=int, default=None, help="gunicorn workers (default: production's)")
    add("--threads", type=int, default=None, help="threads per worker (default: production's)")
    add("--bench-clients", type=int, default=16, help="keep-alive clients of the page bench")
    add("--bench-seconds", type=float, default=10.0, help="s per endpoint (default 10)")
    add("--bench-warmup", type=float, default=1.0, help="s of warm-up per page (default 1)")
    add("--drill", default="holdem-showdown", help="the drill page to bench (holdem-showdown)")
    add("--no-bench", action="store_true", help="skip the drill page / bare view bench")
    add("--bench-only", action="store_true", help="only the drill page / bare view bench")
    add("--database-url", default=os.environ.get("DATABASE_URL", ""), help="default: a temp SQLite")
    add("--seed", type=int, default=None, help="random seed of the clients' choices")
    add("--json", type=Path, default=None, help="also write the results to this file")
    add("--keep", action="store_true", help="keep the temporary directory (log, SQLite)")
    options = parser.parse_args(argv)
    if options.students < 1 or options.questions < 1:
        parser.error("--students and --questions must be at least 1")
    if not 0 <= options.think_min <= options.think_max:
        parser.error("--think-min must be between 0 and --think-max")
    if options.bench_only and (options.no_bench or options.fault):
        parser.error("--bench-only cannot go with --no-bench or --fault")
    if options.retry_share + options.double_share > 1:
        parser.error("--retry-share and --double-share add up to more than 1")
    if options.reveal_pause is None:
        options.reveal_pause = options.poll + 0.5
    if options.max_requests is None:
        # Enough for every student to poll until the global time limit, plus a dozen
        # requests per question (page, answers, repeats): only a runaway client hits it.
        options.max_requests = int(
            options.students * (options.timeout / options.poll + 12 * options.questions + 20)
        )
    if options.seed is None:
        options.seed = secrets.randbelow(2**32)
    return options


# -- the server -----------------------------------------------------------------------------
def server_environment(options: argparse.Namespace, tmp: Path) -> dict[str, str]:
    # One SECRET_KEY for the whole run: cookies survive restarts.
    environment = production_environment(tmp, DJANGO_SETTINGS_MODULE=SETTINGS_MODULE)
    if options.database_url:
        environment["DATABASE_URL"] = options.database_url
    if options.workers:
        environment["WEB_CONCURRENCY"] = str(options.workers)
    if options.threads:
        environment["GUNICORN_THREADS"] = str(options.threads)
    return environment


# -- the database, through the ORM of this process -------------------------------------------
def setup_django(environment: dict[str, str]) -> None:
    for key in CLEARED:
        os.environ.pop(key, None)
    os.environ.update(environment)
    import django

    django.setup()


@dataclass(frozen=True)
class QuizSetup:
    code: str
    session_id: int
    username: str
    password: str


def create_quiz(questions: int, rng: random.Random) -> QuizSetup:
    from django.contrib.auth import get_user_model
    from django.db import connections

    from tutor.drills.base import MAX_SEED
    from tutor.quizzes import services
    from tutor.quizzes.models import Quiz, Session, Slot

    username, password = f"load-{secrets.token_hex(4)}", secrets.token_urlsafe(18)
    teacher = get_user_model().objects.create_user(username, password=password)
    quiz = Quiz.objects.create(
        owner=teacher, title="Load test", attempts=1, feedback=Quiz.Feedback.AT_ONCE
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
    session = services.start_session(quiz, Session.Mode.LIVE)
    connections.close_all()
    return QuizSetup(session.code, session.pk, username, password)


@dataclass(frozen=True)
class Stored:
    answered: bool
    answer: dict[str, list[str]] | None
    attempts: int


def stored_responses(session_id: int) -> tuple[dict[tuple[str, int], Stored], Counter[str]]:
    from tutor.quizzes.models import Participant, Response

    rows = {
        (nickname, index): Stored(answered is not None, answer, attempts)
        for nickname, index, answered, answer, attempts in Response.objects.filter(
            participant__session_id=session_id
        ).values_list("participant__nickname", "index", "answered", "answer", "attempts")
    }
    participants = Counter(
        Participant.objects.filter(session_id=session_id).values_list("nickname", flat=True)
    )
    return rows, participants


def database_description() -> str:
    from django.db import connection

    if connection.vendor == "sqlite":
        return f"SQLite {connection.Database.sqlite_version}"
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        return " ".join(cursor.fetchone()[0].split()[:2])


# -- the clients ----------------------------------------------------------------------------
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
        self.settled = [0] * options.questions
        self.failed: list[Student] = []
        self.lost_place = 0
        self.browsers: list[Browser] = []
        self.unanswered: Counter[tuple[str, str]] = Counter()
        self.lost_at: list[float] = []  # when each request without a reply ended
        self.ending_at = 0.0  # when the teacher pressed "end" (time.monotonic)
        self.client_cpu = 0.0  # s of CPU used by this process's clients
        self.server_cpu: float | None = None  # s of CPU used by the workers

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
            self.changed.notify_all()

    def sleep(self, seconds: float) -> None:
        if self.stopped.wait(max(0.0, min(seconds, self.deadline - time.monotonic()))):
            raise Stop(self.stop_reason)
        self.check()

    def no_reply(self, kind: str, error: BaseException) -> None:
        with self.changed:
            self.unanswered[kind, type(error).__name__] += 1
            if kind != "abandoned":
                self.lost_at.append(time.monotonic())

    def samples(self) -> list[Sample]:
        return [sample for browser in self.browsers for sample in browser.samples]


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


class Browser:
    """One visitor: a cookie jar and a keep-alive connection; every reply is timed."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.cookies: dict[str, str] = {}
        self.connection: http.client.HTTPConnection | None = None
        self.samples: list[Sample] = []
        run.browsers.append(self)

    def new_connection(self, timeout: float | None = None) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(
            HOST, self.run.port, timeout=timeout or self.run.options.request_timeout
        )

    def begin(
        self,
        connection: http.client.HTTPConnection,
        method: str,
        path: str,
        kind: str,
        fields: Iterable[tuple[str, str]] | None = None,
        htmx: bool = False,
    ) -> float:
        """Send a request; :meth:`end` reads its reply (so two can be in flight at once).
        ``htmx`` sends the headers htmx sends, so the reply is a fragment of the page."""
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
        ms = (time.perf_counter() - started) * 1000
        self.samples.append(Sample(kind, ms, response.status, time.monotonic()))
        for header in response.msg.get_all("Set-Cookie") or []:
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
        headers = {k.lower(): v for k, v in response.getheaders()}
        return Reply(response.status, headers, data.decode("utf-8", "replace"))

    def send(
        self,
        method: str,
        path: str,
        kind: str,
        fields: Iterable[tuple[str, str]] | None = None,
        htmx: bool = False,
    ) -> Reply:
        """One request on the keep-alive connection (a new one if the last was closed)."""
        if self.connection is None:
            self.connection = self.new_connection()
        connection = self.connection
        try:
            started = self.begin(connection, method, path, kind, fields, htmx)
            return self.end(connection, kind, started)
        except Unanswered:
            self.connection = None
            raise

    def get(self, path: str, kind: str, htmx: bool = False) -> Reply:
        """A GET, repeated while the server refuses or drops the connection (it may be
        restarting, or have closed an idle keep-alive connection). A GET that timed out
        is not repeated: the server is still working on it, and a repeat only adds load."""
        pause = 0.02
        while True:
            try:
                return self.send("GET", path, kind, htmx=htmx)
            except Unanswered as error:
                if error.timed_out:
                    raise
                self.run.sleep(pause)
                pause = min(1.0, pause * 2)


def form_fields(text: str) -> dict[str, tuple[str, list[str]]]:
    """The answer form's choices: {name: (radio|checkbox, [values])}."""
    start = text.find('class="answer-form"')
    form = text[start : text.find("</form>", start)] if start >= 0 else ""
    choices: dict[str, tuple[str, list[str]]] = {}
    for kind, name, value in CHOICE_RE.findall(form):
        choices.setdefault(name, (kind, []))[1].append(value)
    return choices


def csrf_token(text: str) -> str:
    found = CSRF_RE.search(text)
    if not found:
        raise Failure("no CSRF token on the page")
    return found.group(1)


@dataclass
class PlayPage:
    version: str
    finished: bool
    index: int | None  # the question whose answer form is shown, if any
    choices: dict[str, tuple[str, list[str]]]
    csrf: str

    @classmethod
    def parse(cls, text: str) -> PlayPage:
        version = VERSION_RE.search(text)
        index = INDEX_RE.search(text)
        csrf = CSRF_RE.search(text)
        return cls(
            version=version.group(1) if version else "",
            finished=version is None,  # a live session's page polls until it has ended
            index=int(index.group(1)) if index else None,
            choices=form_fields(text) if index else {},
            csrf=csrf.group(1) if csrf else "",
        )


Answer = dict[str, list[str]]


class Student:
    def __init__(self, run: Run, number: int, code: str, seed: int) -> None:
        self.run = run
        self.options = run.options
        self.nickname = f"student-{number:04d}"
        self.code = code
        self.rng = random.Random(seed)
        self.browser = Browser(run)
        self.play_path = f"/{LANGUAGE}/play/{code}/"
        self.csrf = ""
        # Every answer sent, per question: (the choices, what the reply said).
        self.answers: dict[int, list[tuple[Answer, str]]] = {}
        self.settled: set[int] = set()
        self.modes: Counter[str] = Counter()  # plain, retry (gave up on the reply), double
        self.finished = False
        self.failure = ""
        self.last_stage: PlayPage | None = None  # the stage the last answer's reply showed

    def __call__(self) -> None:
        try:
            self.run.sleep(self.rng.uniform(0, self.options.ramp))
            self.join()
            self.follow()
        except Stop:
            pass
        except Exception as error:  # Failure, Unanswered, or a bug: the run fails, not hangs
            self.failure = f"{type(error).__name__}: {error}"
        finally:
            if not self.finished:
                with self.run.changed:
                    self.run.failed.append(self)
                    self.run.changed.notify_all()

    def join(self) -> None:
        page = self.browser.get(f"/{LANGUAGE}/join/{self.code}/", "join")
        if page.status != 200:
            raise Failure(f"join page answered {page.status}")
        self.csrf = csrf_token(page.text)
        attempt = ATTEMPT_RE.search(page.text)
        fields = {
            "code": self.code,
            "nickname": self.nickname,
            "csrfmiddlewaretoken": self.csrf,
            "attempt": attempt.group(1) if attempt else "",
        }
        path = f"/{LANGUAGE}/join/"
        if self.rng.random() < self.options.retry_share:
            # An impatient client: gives up on the reply, then sends the same form again.
            self.modes["join repeated"] += 1
            connection = self.browser.new_connection(timeout=self.rng.uniform(5e-4, 0.01))
            try:
                started = self.browser.begin(connection, "POST", path, "abandoned", fields.items())
                self.browser.end(connection, "join", started, "abandoned")
            except Unanswered:
                pass
            finally:
                connection.close()
            self.browser.cookies.pop(f"quiz_{self.code}", None)  # as if the reply was lost
        reply = None
        for _ in range(MAX_TRIES):
            try:
                reply = self.browser.send("POST", path, "join", fields.items())
                break
            except Unanswered as error:
                if error.timed_out:
                    raise
                self.run.sleep(0.2)
        if (
            reply is None
            or reply.status != 302
            or not reply.headers.get("location", "").endswith(self.play_path)
        ):
            raise Failure(f"joining answered {reply.status if reply else 'nothing'}")
        with self.run.changed:
            self.run.joined += 1
            self.run.changed.notify_all()

    def load(self) -> PlayPage:
        while True:
            reply = self.browser.get(self.play_path, "play")
            if reply.status == 200:
                page = PlayPage.parse(reply.text)
                if page.finished:  # the score page: timed apart from the question pages
                    self.browser.samples[-1] = self.browser.samples[-1]._replace(kind="final")
                return page
            if reply.status == 302 and "/join/" in reply.headers.get("location", ""):
                with self.run.changed:
                    self.run.lost_place += 1
                raise Failure("sent back to the join page: its place in the quiz was lost")
            if reply.status < 500:
                raise Failure(f"the quiz page answered {reply.status}")
            self.run.sleep(self.options.poll)  # a server error: reload, as a person would

    def follow(self) -> None:
        """The page's loop: poll every ``poll`` seconds, reload when the teacher moves on,
        answer each question once its think time is over."""
        page = self.load()
        next_poll = time.monotonic() + self.options.poll * self.rng.uniform(0.2, 1.0)
        pending: tuple[int, float] | None = None  # (question, when to answer it)
        while not page.finished:
            if page.index is None or page.index in self.answers:
                pending = None  # no form (lobby, answered, closed), or this one is done
            elif pending is None or pending[0] != page.index:
                think = self.rng.uniform(self.options.think_min, self.options.think_max)
                pending = (page.index, time.monotonic() + think)
            now = time.monotonic()
            if pending is not None and now >= pending[1]:
                # The reply is the new stage; without one (all tries lost), reload the page.
                page = self.answer(pending[0], page) or self.load()
                pending = None
                continue
            self.run.sleep(min(next_poll, pending[1] if pending else math.inf) - now)
            if time.monotonic() < next_poll:
                continue
            next_poll = time.monotonic() + self.options.poll
            reply = self.browser.get(f"{self.play_path}state/?v={page.version}", "state", htmx=True)
            if reply.status == 200:  # the class moved on: the new stage, swapped in
                page = PlayPage.parse(reply.text)
                if page.finished:  # the score: timed apart from the questions
                    self.browser.samples[-1] = self.browser.samples[-1]._replace(kind="final")
            elif reply.status == 286:  # "stop polling": ended, or not in the quiz: reload
                page = self.load()
        self.finished = True

    def pick(self, choices: dict[str, tuple[str, list[str]]]) -> Answer:
        answer: Answer = {}
        for name, (kind, values) in choices.items():
            answer[name] = [self.rng.choice(values)] if kind == "radio" or values else []
        return answer

    def answer(self, index: int, page: PlayPage) -> PlayPage | None:
        if not page.choices:
            raise Failure(f"question {index + 1} shows no choices")
        first = self.pick(page.choices)
        second = next((a for a in (self.pick(page.choices) for _ in range(8)) if a != first), first)
        path = f"{self.play_path}answer/"
        csrf = page.csrf or self.csrf

        def fields(answer: Answer) -> list[tuple[str, str]]:
            return [
                ("csrfmiddlewaretoken", csrf),
                ("index", str(index)),
                *((name, value) for name, values in answer.items() for value in values),
            ]

        sent = self.answers.setdefault(index, [])
        self.last_stage = None
        draw = self.rng.random()
        mode = (
            "double"
            if draw < self.options.double_share
            else "retry"
            if draw < self.options.double_share + self.options.retry_share
            else "plain"
        )
        self.modes[mode] += 1
        if mode == "double":
            sent.extend(self.post_twice(path, (first, fields(first)), (second, fields(second))))
        elif mode == "retry":
            # An impatient client: gives up on the reply after a few milliseconds.
            sent.append(
                (first, self.post(path, fields(first), give_up=self.rng.uniform(5e-4, 0.01)))
            )
        else:
            sent.append((first, self.post(path, fields(first))))
        pause = 0.05
        while not any(outcome in SETTLED for _, outcome in sent) and len(sent) < MAX_TRIES:
            self.run.sleep(self.rng.uniform(0.1, 0.5) if len(sent) == 1 else pause)
            pause = min(1.0, pause * 2)
            sent.append((first, self.post(path, fields(first))))
        with self.run.changed:
            self.settled.add(index)
            self.run.settled[index] += 1
            self.run.changed.notify_all()
        return self.last_stage

    def outcome(self, reply: Reply) -> str:
        """What the stage sent back says, as the student reads it: an error message in
        the status region (refused), or "received" (stored)."""
        location = reply.headers.get("location", "")
        if reply.status == 302 and "/join/" in location:
            return "lost"
        if reply.status != 200:
            return f"error {reply.status}"  # a server error: nothing is known, try again
        self.last_stage = PlayPage.parse(reply.text)
        error = STATUS_ERROR_RE.search(reply.text)
        if error:
            if ALREADY_ANSWERED in error.group(1):
                return ALREADY
            return CLOSED if NOT_CURRENT in error.group(1) else "refused"
        return STORED if RECEIVED in reply.text else "unexpected"

    def post(self, path: str, fields: list[tuple[str, str]], give_up: float | None = None) -> str:
        if give_up is None:
            try:
                return self.outcome(self.browser.send("POST", path, "answer", fields, htmx=True))
            except Unanswered:
                return UNKNOWN
        connection = self.browser.new_connection(timeout=give_up)
        try:
            started = self.browser.begin(connection, "POST", path, "abandoned", fields, True)
            return self.outcome(self.browser.end(connection, "answer", started, "abandoned"))
        except Unanswered:
            return UNKNOWN
        finally:
            connection.close()

    def post_twice(
        self, path: str, *answers: tuple[Answer, list[tuple[str, str]]]
    ) -> list[tuple[Answer, str]]:
        """A double click: both posts in flight at once, on two connections."""
        results: list[tuple[Answer, str]] = []
        in_flight = []
        for answer, fields in answers:
            connection = self.browser.new_connection()
            try:
                started = self.browser.begin(connection, "POST", path, "answer", fields, True)
                in_flight.append((connection, answer, started))
            except Unanswered:
                results.append((answer, UNKNOWN))
        for connection, answer, started in in_flight:
            try:
                results.append(
                    (answer, self.outcome(self.browser.end(connection, "answer", started)))
                )
            except Unanswered:
                results.append((answer, UNKNOWN))
            finally:
                connection.close()
        return results


@dataclass
class Fault:
    what: str  # "reload" (SIGHUP) or "restart" (SIGKILL, then a new server)
    question: int
    share: float  # fire once this share of the class has answered the question
    done: bool = False
    answered: int = 0
    joined: int = 0
    seconds: float = 0.0  # from the signal until the server answers again
    started: float = 0.0  # time.monotonic()
    no_reply: int = 0  # requests without a reply from the signal to 5 s after


class Teacher:
    def __init__(self, run: Run, setup: QuizSetup, server: Server, faults: list[Fault]) -> None:
        self.run = run
        self.options = run.options
        self.setup = setup
        self.server = server
        self.faults = faults
        self.browser = Browser(run)
        self.console_path = f"/{LANGUAGE}/quizzes/session/{setup.code}/"
        self.at = ""
        self.csrf = ""
        self.failure = ""
        self.skipped: list[int] = []  # questions closed before every student had answered

    def __call__(self) -> None:
        try:
            self.login()
            self.console()
            self.wait(
                lambda: self.run.joined + len(self.run.failed) >= self.options.students,
                self.options.ramp + 120,
            )
            self.control("start")
            for index in range(self.options.questions):
                if not self.wait(
                    lambda i=index: self.all_answered(i), self.options.question_timeout
                ):
                    self.skipped.append(index)
                self.control("reveal")
                self.pause(self.options.reveal_pause)
                if index + 1 < self.options.questions:
                    self.control("next")
                else:
                    self.run.ending_at = time.monotonic()
                    self.control("end")
        except Stop:
            pass
        except Exception as error:
            self.failure = f"{type(error).__name__}: {error}"
            self.run.stop(f"the teacher failed: {self.failure}")

    def login(self) -> None:
        path = f"/{LANGUAGE}/accounts/login/"
        page = self.browser.get(path, "login")
        fields = {
            "username": self.setup.username,
            "password": self.setup.password,
            "csrfmiddlewaretoken": csrf_token(page.text),
        }
        reply = self.browser.send("POST", path, "login", fields.items())
        if reply.status != 302:
            raise Failure(f"logging in answered {reply.status}")

    def console(self) -> None:
        reply = self.browser.get(self.console_path, "teacher")
        if reply.status != 200:
            raise Failure(f"the console answered {reply.status}")
        found = AT_RE.search(reply.text)
        self.at = found.group(1) if found else "ended:-1"
        self.csrf = csrf_token(reply.text) if found else self.csrf

    def control(self, action: str) -> None:
        fields = {"action": action, "at": self.at, "csrfmiddlewaretoken": self.csrf}
        before = self.at
        while True:
            try:
                reply = self.browser.send(
                    "POST", f"{self.console_path}control/", "teacher", fields.items()
                )
                break
            except Unanswered:
                # Safe to repeat: the form says which state it was pressed in (`at`).
                self.run.sleep(0.2)
        if reply.status != 302:
            raise Failure(f"the {action} control answered {reply.status}")
        self.console()
        if self.at == before:
            raise Failure(f"the {action} control changed nothing ({before})")

    def all_answered(self, index: int) -> bool:
        missing = sum(1 for student in self.run.failed if index not in student.settled)
        faults_left = any(f.question == index and not f.done for f in self.faults)
        return not faults_left and self.run.settled[index] + missing >= self.run.joined

    def poll_console(self) -> None:
        state, current = self.at.split(":")
        query = urlencode({"state": state, "current": current})
        self.browser.get(f"{self.console_path}live/?{query}", "teacher")

    def pause(self, seconds: float) -> None:
        self.wait(lambda: False, seconds)

    def wait(self, done: Callable[[], bool], seconds: float) -> bool:
        """Wait for ``done`` (the students' counters), polling the console as its page does
        and setting off the faults planned for this point of the quiz."""
        end = time.monotonic() + seconds
        next_poll = time.monotonic() + self.options.poll
        while True:
            with self.run.changed:
                if done():
                    return True
                self.run.changed.wait(max(0.0, min(next_poll, end) - time.monotonic()))
            self.run.check()
            self.fire_faults()
            now = time.monotonic()
            if now >= end:
                return done()
            if now >= next_poll:
                next_poll = now + self.options.poll
                self.poll_console()

    def fire_faults(self) -> None:
        state, current = self.at.split(":")
        for fault in self.faults:
            if fault.done or state != "question" or int(current) != fault.question:
                continue
            with self.run.changed:
                answered, joined = self.run.settled[fault.question], self.run.joined
            if answered < fault.share * joined:
                continue
            fault.answered, fault.joined = answered, joined
            fault.started = time.monotonic()
            if fault.what == "reload":
                fault.seconds = self.server.reload()
            else:
                fault.seconds = self.server.kill_and_restart()
            fault.done = True


# -- the page bench -------------------------------------------------------------------------
@dataclass
class BenchResult:
    kind: str
    path: str
    requests: int
    errors: int
    seconds: float
    latencies: list[float]
    client_cpu: float  # s of this process's CPU
    server_cpu: float | None  # s of the workers' CPU

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


def hammer(
    options: argparse.Namespace,
    server: Server,
    kind: str,
    path: Callable[[random.Random], str],
    seconds: float,
) -> BenchResult:
    """``bench_clients`` keep-alive clients asking for ``path`` back to back for ``seconds``."""
    run = Run(options, server.port, budget=10**9, seconds=seconds + options.request_timeout + 30)
    stop_at = time.monotonic() + seconds

    def client(number: int) -> None:
        rng = random.Random(number)
        browser = Browser(run)
        while time.monotonic() < stop_at:
            try:
                browser.send("GET", path(rng), kind)
            except Unanswered:
                time.sleep(0.01)
            except Stop:
                return

    threads = [threading.Thread(target=client, args=(n,)) for n in range(options.bench_clients)]
    client_cpu, server_cpu, started = time.process_time(), server.worker_cpu(), time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    server_after = server.worker_cpu()
    samples = run.samples()
    return BenchResult(
        kind=kind,
        path=path(random.Random(0)),
        requests=len(samples),
        errors=sum(1 for sample in samples if sample.status not in EXPECTED[kind])
        + sum(run.unanswered.values()),
        seconds=elapsed,
        latencies=[sample.ms for sample in samples],
        client_cpu=time.process_time() - client_cpu,
        server_cpu=None
        if server_cpu is None or server_after is None
        else server_after - server_cpu,
    )


def drill_path(slug: str, level: str) -> Callable[[random.Random], str]:
    def path(rng: random.Random) -> str:
        return f"/{LANGUAGE}/drills/{slug}/?level={level}&seed={rng.randrange(10**9)}"

    return path


def bare_path(rng: random.Random) -> str:
    return "/bare/"


def join_path(rng: random.Random) -> str:
    return f"/{LANGUAGE}/join/"


def warm_up(options: argparse.Namespace, server: Server) -> None:
    """Let every worker parse its templates, load its catalogs and build the engine's tables,
    as a server that has been up for a while has: otherwise the first seconds measure
    start-up. What is measured here is thrown away."""
    level = dict(QUESTION_DRILLS).get(options.drill, "easy")
    pages = [
        ("drill", drill_path(slug, lvl)) for slug, lvl in {*QUESTION_DRILLS, (options.drill, level)}
    ]
    pages += [("join", join_path), ("bare", bare_path)]
    for kind, path in pages:
        hammer(options, server, kind, path, options.bench_warmup)


def bench_pages(options: argparse.Namespace, server: Server) -> tuple[BenchResult, BenchResult]:
    level = dict(QUESTION_DRILLS).get(options.drill, "easy")
    return (
        hammer(options, server, "drill", drill_path(options.drill, level), options.bench_seconds),
        hammer(options, server, "bare", bare_path, options.bench_seconds),
    )


# -- the verdict ----------------------------------------------------------------------------
@dataclass
class Check:
    acknowledged: int = 0  # (student, question) pairs told "received"
    confirmed: int = 0  # not told so, but a repeat was told "already answered"
    stored_unconfirmed: int = 0  # stored from a post whose reply was lost; never repeated
    answered_rows: int = 0
    missing: int = 0  # pairs neither acknowledged nor confirmed (not answered at all)
    double_acks: int = 0
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(text)
        elif len(self.problems) == 20:
            self.problems.append("... (more)")


def normal(answer: Any) -> Any:
    if not isinstance(answer, dict):
        return answer
    return {k: sorted(v) if isinstance(v, list) else [v] for k, v in answer.items()}


def check_database(students: list[Student], session_id: int, questions: int) -> Check:
    rows, participants = stored_responses(session_id)
    check = Check(answered_rows=sum(1 for row in rows.values() if row.answered))
    ours = {student.nickname for student in students}
    for nickname, count in participants.items():
        if nickname not in ours or count != 1:
            check.problem(f"participant {nickname!r} stored {count} time(s), not one of ours")
    for nickname, index in rows:
        if nickname not in ours or not 0 <= index < questions:
            check.problem(f"a response of {nickname!r} to question {index + 1} nobody sent")
    for student in students:
        joined = student.nickname in participants
        for index in range(questions):
            sent = student.answers.get(index, [])
            acked = [normal(a) for a, outcome in sent if outcome == STORED]
            confirmed = any(outcome == ALREADY for _, outcome in sent)
            unknown = [
                normal(a) for a, outcome in sent if outcome != STORED and outcome not in SETTLED
            ]
            row = rows.get((student.nickname, index))
            stored = normal(row.answer) if row and row.answered else None
            where = f"{student.nickname}, question {index + 1}"
            if row and row.answered and row.attempts != 1:
                check.problem(f"{where}: stored with attempts={row.attempts}")
            if len(acked) > 1:
                check.double_acks += 1
                check.problem(f"{where}: {len(acked)} answers acknowledged, one allowed")
            if acked:
                check.acknowledged += 1
                if stored is None:
                    check.problem(f"{where}: acknowledged but not in the database")
                elif stored != acked[0]:
                    check.problem(f"{where}: stored {stored}, but {acked[0]} was acknowledged")
            elif confirmed:
                check.confirmed += 1
                if stored is None:
                    check.problem(f"{where}: 'already answered', but nothing is stored")
                elif stored not in unknown:
                    check.problem(f"{where}: stored {stored}, which no lost post sent")
            else:
                if joined:
                    check.missing += 1
                if stored is not None:
                    if stored in unknown:
                        check.stored_unconfirmed += 1
                    else:
                        check.problem(f"{where}: stored {stored} without any post of it")
    return check


def percentile(values: list[float], share: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1))]


def latency(values: list[float], errors: int = 0, no_reply: int = 0) -> dict[str, float]:
    return {
        "requests": len(values),
        "errors": errors,
        "no_reply": no_reply,
        "p50": percentile(values, 0.50),
        "p95": percentile(values, 0.95),
        "p99": percentile(values, 0.99),
        "max": max(values) if values else math.nan,
    }


def machine() -> str:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{os.cpu_count()} CPUs ({model or platform.processor() or 'unknown'}), "
        f"{platform.system()} {platform.release()}, "
        f"{platform.python_implementation()} {platform.python_version()}"
    )


def server_shape(options: argparse.Namespace) -> str:
    workers = options.workers or int(
        os.environ.get("WEB_CONCURRENCY") or 2 * (os.cpu_count() or 1) + 1
    )
    threads = options.threads or int(os.environ.get("GUNICORN_THREADS") or 2)
    return f"{workers} workers x {threads} threads"


STUDENT_KINDS = ("join", "play", "final", "state", "answer")
QUIZ_KINDS = (*STUDENT_KINDS, "login", "teacher")


def summarize(
    options: argparse.Namespace,
    run: Run,
    students: list[Student],
    teacher: Teacher,
    elapsed: float,
    faults: list[Fault],
    check: Check,
) -> dict[str, Any]:
    samples = run.samples()
    errors = Counter(x.kind for x in samples if x.status not in EXPECTED.get(x.kind, {x.status}))
    no_reply: Counter[str] = Counter()
    for (kind, _), count in run.unanswered.items():
        no_reply[kind] += count
    kinds = {
        kind: latency([x.ms for x in samples if x.kind == kind], errors[kind], no_reply[kind])
        for kind in QUIZ_KINDS
    }
    mine = [x for x in samples if x.kind in STUDENT_KINDS]
    slowest = sorted(mine, key=lambda x: x.ms)[-max(1, len(mine) // 100) :]
    ending = run.ending_at or math.inf
    failures: list[str] = []
    if check.problems or check.answered_rows != (
        check.acknowledged + check.confirmed + check.stored_unconfirmed
    ):
        failures.append("the database does not match the acknowledged answers")
    if check.missing:
        failures.append(f"{check.missing} (student, question) pairs never answered")
    broken = [s for s in students if s.failure]
    if broken:
        reasons = Counter(s.failure.split(":")[0] for s in broken)
        failures.append(
            f"{len(broken)} students gave up ({dict(reasons)}), e.g. "
            f"{broken[0].nickname}: {broken[0].failure}"
        )
    if not all(s.finished for s in students):
        failures.append(f"{sum(not s.finished for s in students)} students did not see the end")
    if teacher.failure:
        failures.append(f"the teacher failed: {teacher.failure}")
    if teacher.skipped:
        failures.append(
            f"questions closed before all had answered: {[i + 1 for i in teacher.skipped]}"
        )
    if run.stop_reason:
        failures.append(f"stopped early: {run.stop_reason}")
    if run.lost_place:
        failures.append(f"{run.lost_place} students lost their place")
    if sum(errors.values()):
        failures.append(f"{sum(errors.values())} replies with an unexpected status")
    failures.extend(f"the {f.what} fault did not happen" for f in faults if not f.done)
    return {
        "ok": not failures,
        "failures": failures,
        "setup": {
            "students": options.students,
            "questions": options.questions,
            "server": server_shape(options),
            "think_s": [options.think_min, options.think_max],
            "poll_s": options.poll,
            "ramp_s": options.ramp,
            "retry_share": options.retry_share,
            "double_share": options.double_share,
            "seed": options.seed,
            "machine": machine(),
        },
        "quiz": {
            "requests": len(samples),
            "seconds": elapsed,
            "rate": len(samples) / elapsed if elapsed else 0.0,
            "client_cpu_share": run.client_cpu / elapsed if elapsed else None,
            "server_cpu_share": run.server_cpu / elapsed if elapsed and run.server_cpu else None,
            "server_cpu_ms": 1000 * run.server_cpu / len(samples)
            if samples and run.server_cpu
            else None,
            "kinds": kinds,
            "students": latency([x.ms for x in mine]),
            "students_before_end": latency([x.ms for x in mine if x.at < ending]),
            "students_after_end": latency([x.ms for x in mine if x.at >= ending]),
            "slowest_1_percent": dict(Counter(x.kind for x in slowest).most_common()),
            "statuses": dict(sorted(Counter(x.status for x in samples).items())),
            "no_reply": {f"{k} {e}": n for (k, e), n in sorted(run.unanswered.items())},
            "answer_modes": dict(sum((s.modes for s in students), Counter())),
            "answer_replies": dict(
                sorted(
                    Counter(o for s in students for a in s.answers.values() for _, o in a).items()
                )
            ),
        },
        "check": {
            "answered_rows": check.answered_rows,
            "acknowledged": check.acknowledged,
            "confirmed": check.confirmed,
            "stored_unconfirmed": check.stored_unconfirmed,
            "missing": check.missing,
            "double_acknowledgements": check.double_acks,
            "problems": check.problems,
        },
        "faults": [
            {
                **vars(fault),
                "no_reply": sum(
                    fault.started <= at <= fault.started + fault.seconds + 5 for at in run.lost_at
                ),
            }
            for fault in faults
        ],
        "lost_place": run.lost_place,
    }


def bench_summary(drill: BenchResult, bare: BenchResult) -> dict[str, Any]:
    def one(result: BenchResult) -> dict[str, Any]:
        return {
            "path": result.path,
            "rate": result.rate,
            **latency(result.latencies, result.errors),
            "server_cpu_ms": 1000 * result.server_cpu / result.requests
            if result.server_cpu is not None and result.requests
            else None,
            "client_cpu_share": result.client_cpu / result.seconds if result.seconds else None,
        }

    return {
        "drill": one(drill),
        "bare": one(bare),
        "ratio": drill.rate / bare.rate if bare.rate else math.nan,
    }


def row(name: str, figures: dict[str, Any], extra: str = "") -> str:
    return (
        f"  {name:<9}{figures['requests']:>9}{figures['errors']:>7}{figures['no_reply']:>9}"
        f"{figures['p50']:>9.1f}{figures['p95']:>9.1f}{figures['p99']:>9.1f}{figures['max']:>10.1f}"
        f"{extra}"
    )


HEADER = (
    f"  {'kind':<9}{'requests':>9}{'errors':>7}{'no reply':>9}"
    f"{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>10}"
)


def print_report(results: dict[str, Any]) -> None:
    setup, quiz, check = results["setup"], results["quiz"], results["check"]
    print(f"\nLive quiz: {setup['students']} students, {setup['questions']} questions")
    print(f"  machine:  {setup['machine']}; load average {results['load']}")
    print(f"  database: {results['database']}")
    print(
        f"  server:   gunicorn ({setup['server']}), production settings; clients: threads in"
        f" one process; think {setup['think_s'][0]:g}-{setup['think_s'][1]:g} s, poll every"
        f" {setup['poll_s']:g} s, joins over {setup['ramp_s']:g} s, seed {setup['seed']}"
    )
    print(
        f"\n{quiz['requests']} requests in {quiz['seconds']:.1f} s = {quiz['rate']:.0f} req/s"
        " (the students' pace sets this, not the server's limit)"
    )
    if quiz["server_cpu_share"] is not None:
        print(
            f"  CPU: workers {100 * quiz['server_cpu_share']:.0f} % of a core"
            f" ({quiz['server_cpu_ms']:.2f} ms per request), these clients"
            f" {100 * quiz['client_cpu_share']:.0f} %"
        )
    else:
        print(f"  CPU: these clients {100 * quiz['client_cpu_share']:.0f} % of a core")
    print(HEADER)
    for kind, figures in quiz["kinds"].items():
        if figures["requests"] or figures["no_reply"]:
            print(row(kind, figures))
    print(row("students", quiz["students"]) + "   all of join, play, final, state, answer")
    print(row(" ..before", quiz["students_before_end"]) + "   those done before the teacher ended")
    print(row(" ..after", quiz["students_after_end"]) + "   those done after")
    print(f"  slowest 1 % of the students' requests: {quiz['slowest_1_percent']}")
    print(f"  statuses: {quiz['statuses']}")
    print(f"  no reply (repeated unless timed out): {quiz['no_reply'] or 0}")
    print(
        f"  answers and joins sent, by kind: {quiz['answer_modes']};"
        f" answer replies: {quiz['answer_replies']}"
    )

    print("\nDatabase against what the students were told:")
    print(
        f"  {check['answered_rows']} answered rows = {check['acknowledged']} acknowledged"
        f" ('received') + {check['confirmed']} whose reply was lost but a repeat got"
        " 'already answered'"
        f" + {check['stored_unconfirmed']} whose reply was lost and never repeated"
    )
    print(
        f"  pairs never answered: {check['missing']}; answers acknowledged twice:"
        f" {check['double_acknowledgements']}; mismatches: {len(check['problems'])}"
    )
    for problem in check["problems"]:
        print(f"    ! {problem}")

    if results["faults"]:
        print("\nFaults:")
        names = {
            "reload": "graceful reload (SIGHUP to the master)",
            "restart": "hard kill (SIGKILL to master and workers) and a new start",
        }
        for fault in results["faults"]:
            if fault["done"]:
                print(
                    f"  {names[fault['what']]} during question {fault['question'] + 1}, when"
                    f" {fault['answered']} of {fault['joined']} had answered: serving again"
                    f" after {fault['seconds']:.2f} s; requests without a reply meanwhile (each"
                    f" repeated): {fault['no_reply']}"
                )
            else:
                print(f"  {names[fault['what']]}: did not happen")
        print(f"  students sent back to the join page: {results['lost_place']}")
        held = not check["problems"] and not check["missing"] and not results["lost_place"]
        print(
            f"  fault test: {'OK' if held and all(f['done'] for f in results['faults']) else 'FAILED'}"
        )

    goals = results["goals"]
    print(
        f"\nGoal p99 < 100 ms for the students' requests: {goals['p99_ms']:.1f} ms"
        f" ({'met' if goals['p99_ms'] < 100 else 'missed'}); until the teacher ended the quiz:"
        f" {quiz['students_before_end']['p99']:.1f} ms"
    )
    print_bench(results)
    print(f"\nResult: {'OK' if results['ok'] else 'FAILED'}")
    for failure in results["failures"]:
        print(f"  - {failure}")


def print_bench(results: dict[str, Any]) -> None:
    bench = results.get("bench")
    if bench:
        print(
            f"\nPage bench: {results['bench_clients']} keep-alive clients back to back,"
            f" {results['bench_seconds']:g} s each, load average {results['bench_load']}"
        )
        print(HEADER + "    req/s  server CPU/req  client CPU")
        for kind in ("drill", "bare"):
            figures = bench[kind]
            cpu = figures["server_cpu_ms"]
            print(
                row(kind, {**figures, "no_reply": 0})
                + f"{figures['rate']:>9.0f}"
                + (f"{cpu:>13.2f} ms" if cpu is not None else f"{'-':>16}")
                + f"{100 * figures['client_cpu_share']:>10.0f} %"
            )
        print(f"  drill page: {bench['drill']['path']}")
        print(
            f"  drill / bare = {bench['drill']['rate']:.0f} / {bench['bare']['rate']:.0f} req/s"
            f" = {100 * bench['ratio']:.1f} % (goal 50 %: {'met' if bench['ratio'] >= 0.5 else 'missed'})"
        )


# -- main -----------------------------------------------------------------------------------
def plan_faults(questions: int) -> list[Fault]:
    reload_at = max(0, questions // 2 - 1)
    restart_at = min(questions - 1, reload_at + 1)
    share = 1 / 3 if reload_at != restart_at else 1 / 4
    return [Fault("reload", reload_at, share), Fault("restart", restart_at, 2 * share)]


def run_quiz(
    options: argparse.Namespace, server: Server, setup: QuizSetup, faults: list[Fault]
) -> tuple[Run, list[Student], Teacher, float]:
    run = Run(options, server.port, options.max_requests, options.timeout)
    seeds = random.Random(options.seed)
    students = [
        Student(run, number, setup.code, seeds.randrange(2**32))
        for number in range(1, options.students + 1)
    ]
    teacher = Teacher(run, setup, server, faults)
    threading.stack_size(512 * 1024)
    threads = [threading.Thread(target=s, name=s.nickname, daemon=True) for s in students]
    threads.append(threading.Thread(target=teacher, name="teacher", daemon=True))
    workers, server_cpu, client_cpu = (
        set(server.workers()),
        server.worker_cpu(),
        time.process_time(),
    )
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(0.0, run.deadline - time.monotonic()) + 5)
    elapsed = time.perf_counter() - started
    run.client_cpu = time.process_time() - client_cpu
    after = server.worker_cpu()
    if server_cpu is not None and after is not None and set(server.workers()) == workers:
        run.server_cpu = after - server_cpu  # unknown when a fault replaced the workers
    if any(thread.is_alive() for thread in threads):
        run.stop("the global time limit passed")
        for thread in threads:
            thread.join(options.request_timeout + 5)
    for browser in run.browsers:
        if browser.connection is not None:
            browser.connection.close()
    return run, students, teacher, elapsed


def load_average() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    options = parse_options(argv)
    tmp = Path(tempfile.mkdtemp(prefix="load_quiz-"))
    environment = server_environment(options, tmp)
    server = Server(environment, free_port(), tmp / "gunicorn.log")
    try:
        try:
            print(f"Preparing the database and static files in {tmp} ...", flush=True)
            manage(environment, "migrate", "--noinput", "--verbosity", "0")
            manage(environment, "createcachetable")
            manage(environment, "collectstatic", "--noinput", "--verbosity", "0")
            setup_django(environment)
            database = database_description()
            setup = create_quiz(options.questions, random.Random(options.seed))
            print(f"Starting gunicorn on {HOST}:{server.port} ({database}) ...", flush=True)
            server.start()
            warm_up(options, server)
        except (RuntimeError, OSError, subprocess.SubprocessError) as error:
            print(f"setup failed: {error}", file=sys.stderr)
            return 2
        if options.bench_only:
            bench_load = load_average()
            bench = bench_pages(options, server)
            server.stop()
            results = {
                "ok": not (bench[0].errors or bench[1].errors),
                "failures": [],
                "bench": bench_summary(*bench),
                "bench_clients": options.bench_clients,
                "bench_seconds": options.bench_seconds,
                "bench_load": f"{bench_load} before, {load_average()} after",
                "database": database,
            }
            if not results["ok"]:
                results["failures"].append("errors in the page bench")
            print_bench(results)
            print(f"\nResult: {'OK' if results['ok'] else 'FAILED'}")
            if options.json:
                options.json.write_text(json.dumps(results, indent=2, default=str))
            return 0 if results["ok"] else 1
        faults = plan_faults(options.questions) if options.fault else []
        print(
            f"Quiz {setup.code}: {options.students} students, {options.questions} questions"
            f"{', a reload and a kill of the server' if faults else ''} ...",
            flush=True,
        )
        load_before = load_average()
        run, students, teacher, elapsed = run_quiz(options, server, setup, faults)
        load = f"{load_before} before, {load_average()} after"
        bench = None
        if not options.no_bench:
            idle = server.wait_idle()
            print(
                f"Benching the drill page and the bare view (idle after {idle:.0f} s) ...",
                flush=True,
            )
            warm_up(options, server)  # the faults leave new, cold workers
            bench_load = load_average()
            bench = bench_pages(options, server)
            bench_load = f"{bench_load} before, {load_average()} after"
        server.stop()
        from django.db import connections

        connections.close_all()
        check = check_database(students, setup.session_id, options.questions)
        results = summarize(options, run, students, teacher, elapsed, faults, check)
        p99 = results["quiz"]["students"]["p99"]
        results.update(database=database, load=load, goals={"p99_ms": p99, "p99_met": p99 < 100})
        if bench:
            results.update(
                bench=bench_summary(*bench),
                bench_clients=options.bench_clients,
                bench_seconds=options.bench_seconds,
                bench_load=bench_load,
            )
            results["goals"]["ratio"] = results["bench"]["ratio"]
            results["goals"]["ratio_met"] = results["bench"]["ratio"] >= 0.5
            errors = bench[0].errors + bench[1].errors
            if errors:
                results["failures"].append(f"{errors} errors in the page bench")
                results["ok"] = False
        print_report(results)
        if options.json:
            options.json.write_text(json.dumps(results, indent=2, default=str))
        if not results["ok"]:
            print(f"\ngunicorn log: {server.log}\n{server.tail(15)}")
            options.keep = True
        return 0 if results["ok"] else 1
    finally:
        server.stop()
        if options.keep:
            print(f"(kept {tmp})")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
