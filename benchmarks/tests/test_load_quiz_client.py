"""The students' HTTP client on the event loop (``wire.py``, ``visitor.py``) against small
servers of the test's own on loopback: replies framed each way the site frames them, a
keep-alive connection the server closed while idle, an answer whose reply is lost and is
repeated, a double click with both posts in flight at once, and a pause ended by the run's
stop. The whole client against the site runs in the smoke runs beside this file.

Only correctness is asserted here, never a timing."""

from __future__ import annotations

import asyncio
import threading
from argparse import Namespace
from collections.abc import Awaitable, Callable
from urllib.parse import parse_qsl

import pytest

from benchmarks.gunicorn_server import HOST
from benchmarks.load_quiz.browser import Run, Stop
from benchmarks.load_quiz.client import Student
from benchmarks.load_quiz.pages import RECEIVED, STORED, UNKNOWN, PlayPage
from benchmarks.load_quiz.visitor import AsyncBrowser
from benchmarks.load_quiz.wire import Connection

Seen = tuple[str, str, dict[str, str], bytes]  # method, path, headers, body
Handler = Callable[[Seen, asyncio.StreamWriter], Awaitable[bool]]  # False: close


def options(**changed: float) -> Namespace:
    defaults = dict(
        questions=1, ramp=0.0, poll=2.0, think_min=0.0, think_max=0.0, retry_share=0.0,
        double_share=0.0, request_timeout=10.0,
    )  # fmt: skip
    return Namespace(**{**defaults, **changed})


async def read_request(reader: asyncio.StreamReader) -> Seen | None:
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError:
        return None
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = lines[0].split(" ", 2)
    headers = {k.lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:] if x)}
    body = await reader.readexactly(int(headers.get("content-length", "0")))
    return method, path, headers, body


async def serve(handler: Handler) -> tuple[asyncio.Server, int]:
    """A server on a free loopback port calling ``handler`` for each request."""

    async def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while (seen := await read_request(reader)) is not None:
                if not await handler(seen, writer):
                    break
        finally:
            writer.close()

    server = await asyncio.start_server(connected, HOST, 0)
    return server, server.sockets[0].getsockname()[1]


def reply(status: int, body: bytes, *headers: str) -> bytes:
    head = "".join(f"{header}\r\n" for header in headers)
    return f"HTTP/1.1 {status} X\r\n{head}\r\n".encode() + body


def test_connection_reads_each_framing_and_sees_an_idle_close() -> None:
    replies = [
        reply(200, b"four", "Content-Length: 4", "Set-Cookie: a=1; Path=/"),
        reply(200, b"3\r\none\r\n4\r\n two\r\n0\r\n\r\n", "Transfer-Encoding: chunked"),
        reply(204, b""),
        reply(200, b"up to the close", "Connection: close"),
    ]
    seen: list[Seen] = []

    async def handler(request: Seen, writer: asyncio.StreamWriter) -> bool:
        seen.append(request)
        if len(seen) > len(replies):
            return False  # the idle close
        writer.write(replies[len(seen) - 1])
        await writer.drain()
        return len(seen) < len(replies)

    async def main() -> list[tuple[int, list[tuple[str, str]], bytes]]:
        server, port = await serve(handler)
        connection = Connection(port, timeout=10)
        got = []
        async with server:
            for number in range(len(replies)):
                await connection.request("POST", f"/{number}/", "x=1", {"Cookie": "c=2"})
                got.append(await connection.response())
                assert not connection.closed_by_server()
            assert connection.wire is None  # closed after "Connection: close"
            await connection.request("GET", "/again/", None, {})  # opens a new one
            for _ in range(100):  # until the server's close arrives
                if connection.closed_by_server():
                    break
                await asyncio.sleep(0.05)
            assert connection.closed_by_server()
            connection.close()
        return got

    got = asyncio.run(main())
    assert [(status, body) for status, _, body in got] == [
        (200, b"four"),
        (200, b"one two"),
        (204, b""),
        (200, b"up to the close"),
    ]
    assert ("Set-Cookie", "a=1; Path=/") in got[0][1]
    assert [(m, p, h["content-length"], h["cookie"], b) for m, p, h, b in seen[:1]] == [
        ("POST", "/0/", "3", "c=2", b"x=1")
    ]
    assert seen[4][:2] == ("GET", "/again/") and "content-length" not in seen[4][2]


def page() -> PlayPage:
    choices = {"winner": ("radio", ["p1", "p2"])}
    return PlayPage(version="7", finished=False, index=0, choices=choices, csrf="token")


def test_student_repeats_an_answer_whose_reply_was_lost_until_it_is_received() -> None:
    """The first post's connection is closed with no reply: the student does not know
    whether it counted and sends the same choices again, which are acknowledged."""
    posts: list[Seen] = []

    async def handler(request: Seen, writer: asyncio.StreamWriter) -> bool:
        posts.append(request)
        if len(posts) == 1:
            return False  # the reply is lost
        body = f"<p>{RECEIVED}</p>".encode()
        writer.write(reply(200, body, f"Content-Length: {len(body)}"))
        await writer.drain()
        return True

    async def main() -> Student:
        server, port = await serve(handler)
        async with server:
            run = Run(options(), port, budget=100, seconds=60)
            run.loop = asyncio.get_running_loop()
            student = Student(run, 1, "ABCDEF", seed=1)
            await student.answer(0, page())
            student.browser.close()
            return student

    student = asyncio.run(main())
    first = student.answers[0][0][0]
    assert student.answers[0] == [(first, UNKNOWN), (first, STORED)]
    assert student.run.unanswered == {("answer", "RemoteDisconnected"): 1}
    assert [(method, path) for method, path, _, _ in posts] == [
        ("POST", "/en/play/ABCDEF/answer/")
    ] * 2
    fields = [parse_qsl(body.decode()) for _, _, _, body in posts]
    assert (
        fields[0]
        == fields[1]
        == [
            ("csrfmiddlewaretoken", "token"),
            ("index", "0"),
            ("winner", first["winner"][0]),
        ]
    )
    assert posts[1][2]["hx-request"] == "true"


def test_double_click_has_both_answers_in_flight_at_once() -> None:
    """The server answers neither post until both have come: the student must have sent the
    second before reading the first's reply, on a connection of its own."""
    arrived: list[Seen] = []
    both = asyncio.Event()

    async def handler(request: Seen, writer: asyncio.StreamWriter) -> bool:
        arrived.append(request)
        if len(arrived) == 2:
            both.set()
        try:
            await asyncio.wait_for(both.wait(), 5)
        except TimeoutError:
            return False  # no reply: the posts were not both in flight
        body = f"<p>{RECEIVED}</p>".encode()
        writer.write(reply(200, body, f"Content-Length: {len(body)}"))
        await writer.drain()
        return True

    async def main() -> Student:
        server, port = await serve(handler)
        async with server:
            run = Run(options(double_share=1.0), port, budget=100, seconds=60)
            run.loop = asyncio.get_running_loop()
            student = Student(run, 1, "ABCDEF", seed=2)
            await student.answer(0, page())
            student.browser.close()
            return student

    student = asyncio.run(main())
    assert student.modes == {"double": 1}
    assert [outcome for _, outcome in student.answers[0]] == [STORED, STORED]
    assert {body for _, _, _, body in arrived} == {
        f"csrfmiddlewaretoken=token&index=0&winner={winner}".encode() for winner in ("p1", "p2")
    }


def test_impatient_answer_gives_up_and_is_counted_abandoned() -> None:
    async def handler(request: Seen, writer: asyncio.StreamWriter) -> bool:
        await asyncio.sleep(1)  # far beyond the few milliseconds the student waits
        return False

    async def main() -> Run:
        server, port = await serve(handler)
        async with server:
            run = Run(options(), port, budget=100, seconds=60)
            run.loop = asyncio.get_running_loop()
            browser = AsyncBrowser(run)
            outcome = await Student(run, 1, "ABCDEF", seed=3).post("/answer/", [], give_up=0.01)
            assert outcome == UNKNOWN
            assert browser.samples == []
            return run

    run = asyncio.run(main())
    assert run.unanswered == {("abandoned", "TimeoutError"): 1}


def test_pause_ends_when_another_thread_stops_the_run() -> None:
    run = Run(options(), 1, budget=100, seconds=3600)

    async def main() -> None:
        run.loop = asyncio.get_running_loop()
        threading.Timer(0.1, run.stop, args=("stopped by the test",)).start()
        with pytest.raises(Stop, match="stopped by the test"):
            await asyncio.wait_for(run.pause(3000), 20)  # a hang guard, not a timing

    asyncio.run(main())
