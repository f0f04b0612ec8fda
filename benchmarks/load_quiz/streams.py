"""The student of ``--updates sse``: the same page, told of each change by the site's
event stream (``tutor/quizzes/streams.py``, ``play/<code>/events/`` on the uvicorn beside
the student's app server) instead of asking every two seconds. An ``event: stage`` holds
the new stage itself (a new question, the same for the whole class), an ``event: verdict``
the revealed question's stage of this student's answer, an ``event: final`` this
student's end screen: the page puts its CSRF token in and shows it, as ``quiz-events.js``
does, with no request; on ``changed`` (a stage of the student's own the stream does not
send) it asks with the poll's own request (``state/?v=``); a closed stream is opened
again, as EventSource does.

The stream is read from a connection of :mod:`~benchmarks.load_quiz.wire` on the
students' event loop: each student waits for an event or the end of its think time, so
2,000 open streams cost the clients nothing while the class waits. uvicorn frames the stream in HTTP/1.1 chunks; each event is written in one
chunk, so an event is found whole between the chunk-size lines."""

from __future__ import annotations

import re
import time

from benchmarks.gunicorn_server import HOST
from benchmarks.load_quiz.browser import Run, Sample, Unanswered
from benchmarks.load_quiz.client import Student
from benchmarks.load_quiz.pages import LANGUAGE, Failure, PlayPage
from benchmarks.load_quiz.wire import Connection, Wire

EVENT_RE = re.compile(
    rb"event: (stage|verdict|final|changed|ended)\nid: (\d+)\n((?:data: [^\n]*\n)*)\n"
)
TOKEN = "csrftokenstandinKEPTPAGE"  # tutor.core.kept_pages.TOKEN, the page's token's place
KEEP = 4096  # bytes of unread stream kept while no event is found in them


class Closed(Exception):
    """The server closed the stream (the session ended, or the server stopped)."""


class EventStream:
    """One open ``/events/<code>/`` stream: its connection and what was read but not yet
    used (:meth:`open` opens it)."""

    def __init__(self, wire: Wire, status: int, ms: float) -> None:
        self.wire = wire
        self.status = status
        self.ms = ms

    @classmethod
    async def open(cls, run: Run, port: int, path: str, cookies: dict[str, str]) -> EventStream:
        started = time.perf_counter()
        run.count_request()
        cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
        connection = Connection(port, timeout=10)
        try:
            wire = connection.wire = await connection.open()
            assert wire.transport is not None
            wire.transport.write(
                f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nAccept: text/event-stream\r\n"
                f"Accept-Language: {LANGUAGE}\r\nCookie: {cookie}\r\n\r\n".encode()
            )
            while (end := wire.buffer.find(b"\r\n\r\n")) < 0:
                if not await wire.more(connection.timeout):
                    raise ConnectionResetError("closed before the headers")
        except OSError as error:
            connection.close()
            run.no_reply("stream", error)
            raise Unanswered("stream", error) from error
        status = int(bytes(wire.buffer[:end]).split(b" ", 2)[1])
        del wire.buffer[: end + 4]
        return cls(wire, status, (time.perf_counter() - started) * 1000)

    async def next_event(self, timeout: float) -> tuple[str, str, str] | None:
        """The next event (name, version, data), or None when ``timeout`` s pass without
        one; :class:`Closed` when the server closes the stream."""
        deadline = time.monotonic() + timeout
        buffer = self.wire.buffer
        while True:
            found = EVENT_RE.search(buffer)
            if found:
                name, version, lines = found.group(1, 2, 3)
                del buffer[: found.end()]
                data = "\n".join(
                    line.removeprefix("data: ") for line in lines.decode().split("\n")[:-1]
                )
                return name.decode(), version.decode(), data
            del buffer[:-KEEP]
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                if not await self.wire.more(left):
                    raise Closed("closed by the server")
            except TimeoutError:
                return None

    def close(self) -> None:
        if self.wire.transport is not None:
            self.wire.transport.close()


class StreamingStudent(Student):
    """A student whose page listens to the event stream instead of polling."""

    stream_port: int
    reconnects: int = 0

    async def open_stream(self, version: str) -> EventStream:
        path = f"{self.play_path}events/?v={version}"
        stream = await EventStream.open(self.run, self.stream_port, path, self.browser.cookies)
        self.browser.samples.append(Sample("stream", stream.ms, stream.status, time.monotonic()))
        if stream.status != 200:
            stream.close()
            raise Failure(f"the event stream answered {stream.status}")
        return stream

    async def follow(self) -> None:
        """The page's loop: wait for an event or the end of the think time, fetch the new
        stage on an event, answer each question once its think time is over."""
        page = await self.load()
        stream: EventStream | None = await self.open_stream(page.version)
        pending: tuple[int, float] | None = None  # (question, when to answer it)
        try:
            while not page.finished:
                if page.index is None or page.index in self.answers:
                    pending = None
                elif pending is None or pending[0] != page.index:
                    think = self.rng.uniform(self.options.think_min, self.options.think_max)
                    pending = (page.index, time.monotonic() + think)
                if pending is not None and time.monotonic() >= pending[1]:
                    page = await self.answer(pending[0], page) or await self.load()
                    pending = None
                    continue
                self.run.check()
                # Without a question to answer, listen up to 5 s at a time (then see whether
                # the run has stopped): 2,000 students waking every second cost the client.
                wait = pending[1] - time.monotonic() if pending else 5.0
                if stream is None:  # closed: listen again after asking (below)
                    self.reconnects += 1
                    stream = await self.open_stream(page.version)
                try:
                    heard = await stream.next_event(max(0.0, wait))
                except Closed:
                    stream.close()
                    stream = None
                    heard = ("changed", "?", "")  # the stream ended: ask first
                if heard is None or heard[1] == page.version or heard[0] == "ended":
                    continue
                own = heard[0] in ("verdict", "final")
                if (own or heard[0] == "stage") and int(heard[1]) > int(page.version or -1):
                    shared = PlayPage.parse(heard[2].replace(TOKEN, self.csrf))
                    # As quiz-events.js: a verdict or an end screen is this student's, a
                    # stage a new question's.
                    if own or shared.index != page.index:
                        page = shared
                        with self.run.changed:
                            if heard[0] == "verdict":
                                self.run.verdicts_heard += 1
                            elif heard[0] == "final":
                                self.run.finals_heard += 1
                            else:
                                self.run.stages_heard += 1
                        continue
                reply = await self.browser.get(
                    f"{self.play_path}state/?v={page.version}", "state", htmx=True
                )
                if reply.status == 200:
                    page = self.stage(reply)
                elif reply.status == 286:
                    page = await self.load()
        finally:
            if stream is not None:
                stream.close()
        self.finished = True
