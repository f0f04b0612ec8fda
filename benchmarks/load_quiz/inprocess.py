"""Where a live quiz request's CPU time goes, measured in one process without a server.

    .venv/bin/python -m benchmarks.load_quiz.inprocess            # the table, the ablation
    .venv/bin/python -m benchmarks.load_quiz.inprocess --profile state204 --top 30
    .venv/bin/python -m benchmarks.load_quiz.inprocess --profile hw-play  # homework's page

The production settings (``benchmarks.bench_settings``, ``DEBUG=0``, a temporary SQLite
file, the collected static files) and Django's own WSGI handler, called directly with the
environ gunicorn would pass (so ``request_started`` / ``request_finished``, every
middleware, the cookies and the CSRF check all run; only gunicorn's HTTP parsing does not).
Students join through the join form, then each kind of request is timed with the calling
thread's CPU clock (``time.thread_time``): the median of several batches, in microseconds.

``--ablate`` times the "nothing new" poll and the bare view with the first k middleware of
``settings.MIDDLEWARE`` only, for every k: the difference between two rows is what one
middleware costs there. ``--profile KIND`` prints cProfile's functions for one kind
(and with ``PROFILE_OUT=file`` in the environment also writes them there, for ``pstats``'
callers and callees).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from benchmarks.gunicorn_server import HOST, production_environment
from benchmarks.load_quiz import instructions
from benchmarks.load_quiz.pages import ATTEMPT_RE, CSRF_RE, PlayPage
from benchmarks.load_quiz.prepare import SETTINGS_MODULE, create_quiz, prepare_database

Reply = tuple[int, dict[str, str], bytes]


class Client:
    """One browser's cookie jar in front of a WSGI application."""

    def __init__(self, app: Callable[..., Any]) -> None:
        self.app = app
        self.cookies: dict[str, str] = {}
        self.csrf = ""  # the token of the last form read

    def call(
        self,
        method: str,
        path: str,
        fields: dict[str, str] | dict[str, str | list[str]] | None = None,
        htmx: bool = False,
    ) -> Reply:
        body = urlencode(fields or {}, doseq=True).encode()  # a list: the field repeated
        path, _, query = path.partition("?")
        environ: dict[str, Any] = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "SERVER_NAME": HOST,
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": HOST,
            "HTTP_HOST": HOST,
            "HTTP_ACCEPT_LANGUAGE": "en",
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": io.StringIO(),
            "wsgi.version": (1, 0),
            "wsgi.multithread": True,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        if fields is not None:
            environ.update(
                CONTENT_TYPE="application/x-www-form-urlencoded", CONTENT_LENGTH=str(len(body))
            )
        if htmx:
            environ.update(HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL=f"http://{HOST}{path}")
        if self.cookies:
            environ["HTTP_COOKIE"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        status: list[Any] = []
        result = self.app(environ, lambda s, h, *rest: status.extend((s, h)))
        try:
            content = b"".join(result)
        finally:
            result.close()  # request_finished, as gunicorn sends it
        headers: dict[str, str] = {}
        for name, value in status[1]:
            if name.lower() == "set-cookie":
                cookie, _, _ = value.partition(";")
                key, _, val = cookie.partition("=")
                self.cookies[key.strip()] = val.strip('"')
            headers[name.lower()] = value
        return int(status[0].split()[0]), headers, content


def join_form(app: Callable[..., Any], code: str, nickname: str) -> tuple[Client, dict[str, str]]:
    """A new browser that has read the join page, and the form it would post."""
    client = Client(app)
    _, _, page = client.call("GET", f"/en/join/{code}/")
    text = page.decode()
    csrf, attempt = CSRF_RE.search(text), ATTEMPT_RE.search(text)
    assert csrf and attempt, "no join form"
    client.csrf = csrf.group(1)
    fields = {"code": code, "nickname": nickname, "csrfmiddlewaretoken": client.csrf}
    return client, {**fields, "attempt": attempt.group(1)}


def join(app: Callable[..., Any], code: str, nickname: str) -> Client:
    client, fields = join_form(app, code, nickname)
    status, _, _ = client.call("POST", "/en/join/", fields)
    assert status == 302, f"joining answered {status}"
    return client


def timed(request: Callable[[], Reply], expected: int, count: int, batches: int = 5) -> float:
    """Median over ``batches`` of the mean thread CPU µs of ``count`` requests."""
    means = []
    for _ in range(batches):
        started = time.thread_time_ns()
        for _ in range(count):
            status = request()[0]
            assert status == expected, f"{status} instead of {expected}"
        means.append((time.thread_time_ns() - started) / count / 1000)
    return statistics.median(means)


class Quiz:
    """A live session with ``students`` joined students and its first question open."""

    def __init__(self, students: int) -> None:
        from django.core.handlers.wsgi import WSGIHandler

        self.app = WSGIHandler()
        self.setup = create_quiz(3, random.Random(1))
        code = self.setup.code
        self.students = [join(self.app, code, f"student-{n:04d}") for n in range(students)]
        self.base = f"/en/play/{code}/"
        # A homework session with a time limit: its question page shows the student's clock.
        homework = create_quiz(3, random.Random(2), mode="homework", time_limit=600)
        self.homework = join(self.app, homework.code, "homework-student")
        self.homework_base = f"/en/play/{homework.code}/"
        self.late = 0  # batches of joins sent by joins()
        self.drill_seed = 0  # the next question drill_answers() answers
        self.version = PlayPage.parse(self.play().decode()).version

    def play(self, client: Client | None = None) -> bytes:
        return (client or self.students[0]).call("GET", self.base)[2]

    def open_question(self) -> None:
        from tutor.quizzes import services
        from tutor.quizzes.models import Session

        services.open_question(Session.objects.get(pk=self.setup.session_id), 0)
        page = PlayPage.parse(self.play().decode())
        self.version, self.page = page.version, page

    def kinds(
        self, app: Callable[..., Any] | None = None
    ) -> dict[str, tuple[Callable[[], Reply], int]]:
        """Each kind of request: how to send one, and the status it must get."""
        student = self.students[0]
        if app is not None:
            student = Client(app)
            student.cookies = dict(self.students[0].cookies)
        forged = Client(app or self.app)
        forged.cookies = {f"quiz_{self.setup.code}": "forged:value"}
        state = f"{self.base}state/?v="
        join_page = f"/en/join/{self.setup.code}/"
        seeds = iter(range(10**9))  # a new question each time, as the page bench asks
        drill = "/en/drills/holdem-showdown/?level=medium&seed="
        return {
            "bare": (lambda: Client(app or self.app).call("GET", "/bare/"), 200),
            "join": (lambda: Client(app or self.app).call("GET", join_page), 200),
            "drill": (lambda: Client(app or self.app).call("GET", f"{drill}{next(seeds)}"), 200),
            "state204": (lambda: student.call("GET", f"{state}{self.version}", htmx=True), 204),
            "state200": (lambda: student.call("GET", f"{state}0", htmx=True), 200),
            "state286": (lambda: forged.call("GET", f"{state}{self.version}", htmx=True), 286),
            "play": (lambda: student.call("GET", self.base), 200),
            # A homework question page (the first question, its clock running).
            "hw-play": (lambda: self.homework.call("GET", self.homework_base), 200),
            # The same page asked as homework's redirect after an answer asks it.
            "hw-query": (
                lambda: self.homework.call("GET", f"{self.homework_base}?answered=0"),
                200,
            ),
        }

    def answers(self) -> Callable[[], Reply]:
        """An answer by the next student who has not answered (one each)."""
        waiting = iter(self.students)
        name, (_, values) = next(iter(self.page.choices.items()))

        def answer() -> Reply:
            client = next(waiting)
            fields = {"csrfmiddlewaretoken": client.csrf, "index": "0", name: values[0]}
            return client.call("POST", f"{self.base}answer/", fields, htmx=True)

        return answer

    def drill_answers(self, count: int) -> Callable[[], Reply]:
        """A learner's htmx answers to Hold'em showdown questions, a new question each time
        (its token and right answer made beforehand, outside the timing)."""
        from tutor.drills.base import make_token
        from tutor.drills.drill import QuestionDrill
        from tutor.drills.registry import DRILLS

        drill = DRILLS["holdem-showdown"]
        assert isinstance(drill, QuestionDrill)
        url = "/en/drills/holdem-showdown/"
        learner = Client(self.app)
        csrf = CSRF_RE.search(learner.call("GET", f"{url}?level=medium&seed=1")[2].decode())
        assert csrf, "no drill form"
        posts = iter(
            [
                {
                    **drill.right_answer(drill.generate(seed, "medium")),
                    "token": make_token(drill.slug, seed, "medium"),
                    "csrfmiddlewaretoken": csrf.group(1),
                }
                for seed in range(self.drill_seed, self.drill_seed + count)
            ]
        )
        self.drill_seed += count

        def post() -> Reply:
            return learner.call("POST", url, next(posts), htmx=True)

        return post

    def joins(self, count: int) -> Callable[[], Reply]:
        """The join form posted by ``count`` new browsers (their join pages read before)."""
        code = self.setup.code
        forms = iter([join_form(self.app, code, f"late-{self.late:05d}-{n}") for n in range(count)])
        self.late += 1

        def post() -> Reply:
            client, fields = next(forms)
            return client.call("POST", "/en/join/", fields)

        return post


def table(quiz: Quiz, count: int, rounds: int = 5) -> dict[str, tuple[float, float]]:
    """Each kind: (median µs, median ratio to the bare view). In each round every kind is
    timed right after the bare view, and its ratio taken to that round's bare view: other
    jobs' load, which changes between rounds, moves both."""
    sends = {kind: send for kind, send in quiz.kinds().items()}
    per = (len(quiz.students) - 1) // (5 * rounds)  # each student answers once
    answer = quiz.answers()
    kinds = [*sends, "answer", "join-post", "drill-ans"]
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    ratios: dict[str, list[float]] = {kind: [] for kind in times}
    for _ in range(rounds):
        bare = timed(*sends["bare"], count, 1)
        measured = {kind: timed(send, status, count, 1) for kind, (send, status) in sends.items()}
        if per:
            measured["answer"] = timed(answer, 200, per, 1)
        measured["join-post"] = timed(quiz.joins(count), 302, count, 1)
        measured["drill-ans"] = timed(quiz.drill_answers(count), 200, count, 1)
        for kind, micro in measured.items():
            times[kind].append(micro)
            ratios[kind].append(micro / bare)
    return {
        kind: (statistics.median(times[kind]), statistics.median(ratios[kind]))
        for kind in times
        if times[kind]
    }


def ablate(quiz: Quiz, count: int) -> list[tuple[str, float, float]]:
    """(the last middleware kept, bare µs, poll µs) with each prefix of the stack."""
    from django.conf import settings
    from django.core.handlers.wsgi import WSGIHandler
    from django.test import override_settings

    rows = []
    stack = list(settings.MIDDLEWARE)
    for k in range(len(stack) + 1):
        with override_settings(MIDDLEWARE=stack[:k]):
            kinds = quiz.kinds(WSGIHandler())
            bare = timed(*kinds["bare"], count)
            poll = timed(*kinds["state204"], count)
        rows.append((stack[k - 1].rsplit(".", 1)[-1] if k else "(none)", bare, poll))
    return rows


def profile(send: Callable[[], Reply], count: int, top: int) -> str:
    profiler = cProfile.Profile(time.thread_time)
    profiler.enable()
    for _ in range(count):
        send()
    profiler.disable()
    if dump := os.environ.get("PROFILE_OUT"):  # for pstats' callers and callees
        profiler.dump_stats(dump)
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load_quiz.inprocess")
    parser.add_argument(
        "--count", type=int, default=0, help="requests per batch (400; --instructions: 60)"
    )
    parser.add_argument("--students", type=int, default=301, help="joined students (301)")
    parser.add_argument("--ablate", action="store_true", help="time each middleware prefix")
    parser.add_argument(
        "--profile", default="", help="cProfile one kind (state204, answer, drill-ans ...)"
    )
    parser.add_argument("--top", type=int, default=25, help="functions cProfile prints (25)")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions under callgrind"
    )
    parser.add_argument(
        "--drill",
        action="store_true",
        help="--instructions: the drill page and the drill's htmx answer too",
    )
    options = parser.parse_args(argv)
    options.count = options.count or (60 if options.instructions else 400)
    if options.instructions and instructions.SHIM_ENV not in os.environ:
        instructions.main(sys.argv[1:] if argv is None else argv, options.count)
        return
    tmp = Path(tempfile.mkdtemp(prefix="inprocess-"))
    try:
        prepare_database(production_environment(tmp, DJANGO_SETTINGS_MODULE=SETTINGS_MODULE))
        # Under callgrind, as few students as the answers need: joining is slow there.
        students = options.count + 10 if options.instructions else options.students
        quiz = Quiz(students)
        quiz.open_question()
        report(quiz, options)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def report(quiz: Quiz, options: argparse.Namespace) -> None:
    if options.instructions:  # under callgrind (instructions.main started this process)
        instructions.count_kinds(quiz, options.count, drill=options.drill)
        return
    if options.profile:
        kinds = quiz.kinds()
        count = len(quiz.students) - 1 if options.profile == "answer" else options.count
        special = {
            "answer": quiz.answers,
            "join-post": lambda: quiz.joins(count),
            "drill-ans": lambda: quiz.drill_answers(count),
        }
        make = special.get(options.profile)
        send = make() if make else kinds[options.profile][0]
        for _ in range(0 if make else 100):  # warmed: tables built once, caches filled
            send()
        print(profile(send, count, options.top))
        return
    figures = table(quiz, options.count)
    print(
        f"CPU per request, µs (thread time, median of 5 rounds of {options.count}; "
        "the ratio: median of each round's to that round's bare view):"
    )
    for kind, (micro, ratio) in figures.items():
        print(f"  {kind:<10}{micro:>9.0f}  {ratio:>5.2f} x bare")
    if options.ablate:
        print("\nWith the first k middleware only (µs): bare view, 'nothing new' poll")
        for name, bare_us, poll_us in ablate(quiz, options.count):
            print(f"  + {name:<36}{bare_us:>8.0f}{poll_us:>8.0f}")


if __name__ == "__main__":
    main()
