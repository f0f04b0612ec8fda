"""What the event streams cost their server: one uvicorn as the school mode starts it
(``servers.StreamServer``), ``--students`` streams opened on it from an asyncio client of
this process, and a teacher (this process, through ``services``) moving a live quiz on:
each question opened (``event: stage``), revealed (``event: verdict``) with half the class
answering right, and the end (``event: final`` then ``ended``). The uvicorn's CPU is read
from ``/proc/<pid>/stat`` around each phase and divided by what the phase delivered:

- ``bare``: the bare view (``/bare/``) called in this process through Django's WSGI handler
  (``inprocess.py``: thread CPU time, no server), the unit every other figure is a ratio to;
  ``bare-asgi``: the same view asked of the uvicorn, one request at a time on one
  keep-alive connection (what the uvicorn's way through Django costs);
- ``open``: a stream opened (its request through Django's ASGI handler, the student's row
  read, the first bytes sent);
- ``idle``: the uvicorn's CPU per second while every stream is open and nothing happens
  (the watch's reads, heartbeats);
- ``stage``, ``verdict``, ``final``: per event delivered, from the move until every stream
  has it and the server is quiet again.

SQLite (a temporary file) or ``--database-url``; with ``--redis`` a Redis of its own holds
the live state, as in the school run. ``--profile FILE`` runs the uvicorn under cProfile
(its event loop's thread only) and writes the statistics there.

    .venv/bin/python -m benchmarks.load_quiz.stream_cpu --students 2000 --redis
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.gunicorn_server import HOST, cpu_seconds, production_environment
from benchmarks.load_quiz.machine import load_average
from benchmarks.load_quiz.prepare import SETTINGS_MODULE, create_quiz, prepare_database
from benchmarks.load_quiz.servers import RedisServer, StreamServer

LANGUAGES = ("en", "bn", "hi", "ja", "cs")
EVENT_RE = re.compile(rb"event: (\w+)\nid: (\d+)\n(?:data: [^\n]*\n)*\n")
UNITS = ("bare", "bare-asgi", "idle")  # not the streams' own work
QUIET_TICKS = 3  # samples of 0.2 s without CPU: the server is quiet


@dataclass
class Listener:
    """One open stream: its reader and the names of the events heard on it."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    heard: Counter[str] = field(default_factory=Counter)
    ended: bool = False

    async def listen(self) -> None:
        buffer = b""
        while data := await self.reader.read(65536):
            buffer += data
            end = 0
            for found in EVENT_RE.finditer(buffer):
                self.heard[found.group(1).decode()] += 1
                end = found.end()
            buffer = buffer[end:]
        self.ended = True


async def open_stream(port: int, path: str, cookie: str) -> Listener:
    reader, writer = await asyncio.open_connection(HOST, port, limit=1 << 20)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nAccept: text/event-stream\r\n"
        f"Cookie: {cookie}\r\n\r\n".encode()
    )
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    assert status == 200, f"the stream answered {status}"
    return Listener(reader, writer)


async def bare(port: int, count: int) -> None:
    reader, writer = await asyncio.open_connection(HOST, port)
    for _ in range(count):
        writer.write(f"GET /bare/ HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
        head = await reader.readuntil(b"\r\n\r\n")
        length = re.search(rb"(?i)content-length: (\d+)", head)
        assert head.startswith(b"HTTP/1.1 200") and length, head
        await reader.readexactly(int(length.group(1)))
    writer.close()


def bare_in_process(count: int) -> float:
    """The thread CPU seconds of ``count`` bare views through Django's WSGI handler here."""
    from django.core.handlers.wsgi import WSGIHandler

    from benchmarks.load_quiz.inprocess import Client

    client = Client(WSGIHandler())
    for _ in range(50):
        client.call("GET", "/bare/")
    started = time.thread_time()
    for _ in range(count):
        assert client.call("GET", "/bare/")[0] == 200
    return time.thread_time() - started


def students(code: str, count: int) -> tuple[int, list[tuple[str, str]]]:
    """``count`` students joined to the session ``code`` in five languages, round-robin,
    made through the ORM as the join view would: the session's version, and each student's
    (language, quiz cookie)."""
    from django.http import HttpResponse

    from tutor.core import names
    from tutor.quizzes.joins import COOKIE_SALT, cookie_name
    from tutor.quizzes.models import Participant, Session

    session = Session.objects.get(code=code)
    made = []
    for number in range(count):
        nickname = f"student-{number:05d}"
        skeleton, capitals = names.looks(nickname)
        made.append(
            Participant(
                session=session,
                nickname=nickname,
                skeleton=skeleton,
                capitals=capitals,
                language=LANGUAGES[number % len(LANGUAGES)],
            )
        )
    Participant.objects.bulk_create(made)
    name = cookie_name(code)

    def cookie(token: str) -> str:
        response = HttpResponse()  # signed as the join view signs it
        response.set_signed_cookie(name, token, salt=COOKIE_SALT)
        return f"{name}={response.cookies[name].value}"

    return session.version, [
        (p.language, cookie(p.token))
        for p in Participant.objects.filter(session=session).order_by("pk")
    ]


def move(code: str, how: str) -> None:
    """The teacher's move ``how`` (open the next question, reveal, end); at a reveal half the
    class has answered right first."""
    from tutor.quizzes import services
    from tutor.quizzes.models import Participant, Session

    session = Session.objects.get(code=code)
    if how == "open":
        index = 0 if session.state == Session.State.LOBBY else session.current + 1
        services.open_question(session, index)
    elif how == "reveal":
        q = services.question(session, session.current)
        for participant in Participant.objects.filter(session=session)[::2]:
            services.submit(session, participant, session.current, q.right_answer)
        services.reveal(session)
    else:
        services.end(session)


class Uvicorn:
    """The stream server's CPU seconds, and a wait until it has nothing to do."""

    def __init__(self, pid: int) -> None:
        self.pid = pid

    def cpu(self) -> float:
        return cpu_seconds(self.pid)

    def now(self) -> tuple[float, float]:
        """The CPU seconds so far, and the kernel's part of them (system calls: sockets,
        threads, futexes)."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(fields[11]) + int(fields[12])) / ticks, int(fields[12]) / ticks

    def threads(self) -> int:
        status = Path(f"/proc/{self.pid}/status").read_text()
        found = re.search(r"^Threads:\s+(\d+)", status, re.MULTILINE)
        return int(found.group(1)) if found else 0

    async def quiet(self) -> tuple[float, float]:
        """Wait until the server's CPU stops moving; :meth:`now` then."""
        last, still = self.now(), 0
        while still < QUIET_TICKS:
            await asyncio.sleep(0.2)
            now = self.now()
            still = still + 1 if now[0] - last[0] < 0.005 else 0
            last = now
        return last


Figures = dict[str, tuple[float, float, int]]  # kind: (CPU s, of which the kernel's, count)


async def measure(options: argparse.Namespace, code: str, port: int, pid: int) -> None:
    from asgiref.sync import sync_to_async

    server = Uvicorn(pid)
    figures: Figures = {}

    def add(kind: str, before: tuple[float, float], after: tuple[float, float], count: int) -> None:
        spent, kernel, counted = figures.get(kind, (0.0, 0.0, 0))
        figures[kind] = (
            spent + after[0] - before[0],
            kernel + after[1] - before[1],
            counted + count,
        )

    figures["bare"] = (bare_in_process(options.bare), 0.0, options.bare)
    await bare(port, 50)  # warm up: the URLconf, the first database connection
    before = await server.quiet()
    await bare(port, options.bare)
    add("bare-asgi", before, await server.quiet(), options.bare)

    version, joined = await sync_to_async(students)(code, options.students)
    before = await server.quiet()
    listeners: list[Listener] = []
    for start in range(0, len(joined), 100):  # a hundred at a time, as a class comes in
        batch = joined[start : start + 100]
        listeners += await asyncio.gather(
            *(open_stream(port, f"/{lang}/play/{code}/events/?v={version}", c) for lang, c in batch)
        )
    tasks = [asyncio.create_task(listener.listen()) for listener in listeners]
    add("open", before, await server.quiet(), len(listeners))

    threads = server.threads()
    before = server.now()
    await asyncio.sleep(options.idle)
    add("idle", before, server.now(), 0)

    moves = [("open", "stage"), ("reveal", "verdict")] * options.questions + [("end", "final")]
    for how, name in moves:
        before = await server.quiet()
        await sync_to_async(move)(code, how)
        want = [listener.heard[name] + 1 for listener in listeners]
        while any(listener.heard[name] < n for listener, n in zip(listeners, want, strict=True)):
            await asyncio.sleep(0.05)
        add(name, before, await server.quiet(), len(listeners))
    await asyncio.wait_for(asyncio.gather(*tasks), 30)
    assert all(listener.ended and listener.heard["ended"] == 1 for listener in listeners)
    for listener in listeners:
        listener.writer.close()
    report(figures, options, threads)


def report(figures: Figures, options: argparse.Namespace, threads: int) -> None:
    spent, _, count = figures["bare"]
    unit = spent / count
    print(f"students {options.students}, questions {options.questions}, load {load_average()}")
    print(f"the uvicorn's threads with every stream open: {threads}")
    print(f"{'':<10}{'CPU s':>8}{'kernel':>8}{'count':>8}{'us each':>10}{'x bare':>8}")
    for kind, (spent, kernel, count) in figures.items():
        if kind == "idle":
            each = f"{spent / options.idle * 1e6:>10.0f}  per s"
            print(f"{'idle':<10}{spent:>8.2f}{kernel:>8.2f}{'':>8}{each}")
            continue
        each = spent / count if count else 0.0
        print(
            f"{kind:<10}{spent:>8.2f}{kernel:>8.2f}{count:>8}{each * 1e6:>10.0f}{each / unit:>8.2f}"
        )
    total = sum(spent for kind, (spent, _, _) in figures.items() if kind not in UNITS)
    per = total / options.students
    print(f"streams in all: {total:.2f} CPU s, {per * 1e3:.2f} ms a student ({per / unit:.1f}x)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load_quiz.stream_cpu")
    parser.add_argument("--students", type=int, default=2000, help="streams open (2000)")
    parser.add_argument("--questions", type=int, default=3, help="questions of the quiz (3)")
    parser.add_argument("--bare", type=int, default=500, help="bare views asked (500)")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of quiet (5)")
    parser.add_argument("--redis", action="store_true", help="the live state in a Redis")
    parser.add_argument("--database-url", default="", help="PostgreSQL (default: SQLite)")
    parser.add_argument("--profile", default="", help="cProfile the uvicorn into this file")
    options = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="stream-cpu-"))
    redis = RedisServer(tmp) if options.redis else None
    stream_server: StreamServer | None = None
    try:
        environment = production_environment(tmp, DJANGO_SETTINGS_MODULE=SETTINGS_MODULE)
        environment["QUIZ_STREAM_SPREAD"] = "0"
        if options.database_url:
            environment["DATABASE_URL"] = options.database_url
        if redis is not None:
            redis.start()
            environment["REDIS_URL"] = redis.url
        print(f"database: {prepare_database(environment)}")
        code = create_quiz(options.questions, random.Random(1)).code
        stream_server = StreamServer(environment, tmp / "uvicorn.log")
        if options.profile:
            stream_server.python = [sys.executable, "-m", "cProfile", "-o", options.profile]
        stream_server.start()
        assert stream_server.process is not None
        started = time.monotonic()
        asyncio.run(measure(options, code, stream_server.port, stream_server.process.pid))
        print(f"{time.monotonic() - started:.0f} s; uvicorn log: {stream_server.log.read_text()}")
    finally:
        if stream_server is not None and stream_server.process is not None and options.profile:
            # SIGINT: uvicorn stops, then raises KeyboardInterrupt, and cProfile writes its
            # file (on SIGTERM the process ends by the signal and writes nothing).
            stream_server.process.send_signal(signal.SIGINT)
            stream_server.process.wait(timeout=60)
        if stream_server is not None:
            stream_server.stop()
        if redis is not None:
            redis.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
