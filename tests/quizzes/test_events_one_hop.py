"""The event stream under ``tutor/asgi.py``'s handler (``tutor/core/one_hop.py``: the
middleware and the view in one worker thread): what a student hears is what Django's own
ASGI handler sends, byte for byte (status, headers, every event), in five languages; and
opening a stream crosses from the event loop to a thread twice."""

from __future__ import annotations

import asyncio
import os
import re
import threading
from email.utils import parsedate_to_datetime
from typing import Any

import pytest
from asgiref import sync
from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.test import Client

from tutor.core.one_hop import OneHopASGIHandler
from tutor.quizzes import services
from tutor.quizzes.models import Participant, Quiz, Session

from .classroom import form, teenpatti_answers
from .test_events import in_own_thread, join, quick_watch, run

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("nothing_kept"),
]  # the stream reads in its own thread

__all__ = ["quick_watch"]  # the fixture, used here too

LANGUAGES = ("en", "bn", "hi", "ja", "cs")
STREAMS = 40
Message = dict[str, Any]


def scope(path: str, client: Client) -> dict[str, Any]:
    """The ASGI scope uvicorn passes for a page's ``GET path`` with the client's cookies."""
    cookie = "; ".join(f"{name}={morsel.value}" for name, morsel in client.cookies.items())
    raw, _, query = path.partition("?")
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": raw,
        "raw_path": raw.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": [
            (b"host", b"testserver"),
            (b"accept", b"text/event-stream"),
            (b"cookie", cookie.encode()),
        ],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
    }


async def serve(application: Any, request: dict[str, Any], sent: list[Message]) -> None:
    """``application`` answering ``request``; every message it sends appended to ``sent``."""
    asked = False

    async def receive() -> Message:
        nonlocal asked
        if not asked:
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # the student stays until the stream ends
        raise AssertionError("never")

    async def send(message: Message) -> None:
        sent.append(message)

    await application(request, receive, send)


EXPIRES = re.compile(rb"expires=([^;]+);")


def cookie_headers(messages: list[Message]) -> list[bytes]:
    return [
        value
        for message in messages
        for name, value in message.get("headers", ())
        if name.lower() == b"set-cookie"
    ]


def expiry(messages: list[Message]) -> float:
    """When the language cookie set in ``messages`` expires (seconds since the epoch)."""
    (header,) = [value for value in cookie_headers(messages) if EXPIRES.search(value)]
    match = EXPIRES.search(header)
    assert match is not None
    return parsedate_to_datetime(match.group(1).decode()).timestamp()


def without_expiry(messages: list[Message]) -> list[Message]:
    """``messages`` with each cookie's expiry date blanked: the two handlers set the cookie a
    moment apart, and a second can tick over between them (it did, once, in CI)."""

    def blank(header: tuple[bytes, bytes]) -> tuple[bytes, bytes]:
        name, value = header
        return name, EXPIRES.sub(b"expires=-;", value) if name.lower() == b"set-cookie" else value

    return [
        {**message, "headers": [blank(h) for h in message["headers"]]}
        if "headers" in message
        else message
        for message in messages
    ]


async def until(condition: Any) -> None:
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("not heard in 5 s")


@in_own_thread
def test_a_stream_through_one_hop_is_djangos_byte_for_byte_in_five_languages(
    quiz: Quiz,
) -> None:
    session = services.start_session(quiz, "live", leaderboard=True)
    clients = [join(session, f"Student {language}", language) for language in LANGUAGES]
    handlers = (ASGIHandler(), OneHopASGIHandler())
    heard: dict[tuple[str, int], list[Message]] = {}

    async def follow() -> None:
        serving = []
        for client, language in zip(clients, LANGUAGES, strict=True):
            path = f"/{language}/play/{session.code}/events/?v={session.version}"
            for number, handler in enumerate(handlers):
                sent = heard[language, number] = []
                serving.append(asyncio.ensure_future(serve(handler, scope(path, client), sent)))

        def each_has(count: int) -> bool:
            return all(len([m for m in sent if m.get("body")]) >= count for sent in heard.values())

        await until(lambda: each_has(1))  # the stream's opening
        live = await sync_to_async(services.open_question)(session, 0)
        await until(lambda: each_has(2))  # the question
        right, wrong = teenpatti_answers(live)
        for number, language in enumerate(LANGUAGES):
            student = await sync_to_async(Participant.objects.get)(
                session=session, nickname=f"Student {language}"
            )
            answer = form(result=right if number % 2 else wrong)
            await sync_to_async(services.submit)(live, student, 0, answer)
        live = await sync_to_async(services.reveal)(live)
        await until(lambda: each_has(3))  # each student's verdict
        await sync_to_async(services.end)(await sync_to_async(Session.objects.get)(pk=live.pk))
        await asyncio.wait_for(asyncio.gather(*serving), 10)  # the end screen, then the end

    run(follow)
    for language in LANGUAGES:
        django_s, one_hop = heard[language, 0], heard[language, 1]
        assert without_expiry(one_hop) == without_expiry(django_s), language
        assert abs(expiry(one_hop) - expiry(django_s)) <= 2, language  # the same cookie
        assert one_hop[0]["type"] == "http.response.start" and one_hop[0]["status"] == 200
        bodies = b"".join(message.get("body", b"") for message in one_hop)
        for name in (b"stage", b"verdict", b"final", b"ended"):
            assert b"event: " + name + b"\n" in bodies, (language, name)
        assert not one_hop[-1].get("more_body", False)  # the stream ended


@in_own_thread
def test_opening_a_stream_crosses_to_a_thread_twice(
    quiz: Quiz, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once for Django's ``request_started`` signal, once for the middleware and the view
    (with Django's own handler and the async view before it: five times, the synchronous
    middleware, back to the loop for the async-capable ones, ``process_view``, the view's
    read of the student)."""
    session = services.start_session(quiz, "live")
    client = join(session, "Asha")
    crossings: list[str] = []
    calling = sync.SyncToAsync.__call__

    async def counted(self: sync.SyncToAsync[Any, Any], *args: Any, **kwargs: Any) -> Any:
        crossings.append(getattr(self.func, "__name__", ""))
        return await calling(self, *args, **kwargs)

    async def opening() -> None:
        sent: list[Message] = []
        path = f"/en/play/{session.code}/events/?v={session.version}"
        monkeypatch.setattr(sync.SyncToAsync, "__call__", counted)
        serving = asyncio.ensure_future(serve(OneHopASGIHandler(), scope(path, client), sent))
        await until(lambda: any(message.get("body") for message in sent))
        monkeypatch.undo()
        assert sent[0]["status"] == 200
        await sync_to_async(services.end)(await sync_to_async(Session.objects.get)(pk=session.pk))
        await asyncio.wait_for(serving, 10)

    run(opening)
    # Leaving out the session's watch (``streams._watch``: one read per process and session,
    # whatever the number of listeners, also in a thread).
    assert [name for name in crossings if name != "then_let_go"] == ["sync_send", "_answer"]


@in_own_thread
def test_an_open_stream_holds_no_thread(quiz: Quiz) -> None:
    """Django's own handler starts a thread for each request and keeps it while the
    response is sent: one idle thread per open stream. Here only the event loop's pool of
    worker threads, however many streams are open."""
    session = services.start_session(quiz, "live")
    clients = [join(session, f"Student {n}") for n in range(STREAMS)]
    # The loop's pool at most (ThreadPoolExecutor's default size), and asgiref's one thread
    # for thread-sensitive calls (the database's) made outside any synchronous thread: the
    # pool grows to its size only under load, as when the whole suite runs beside it.
    pool = min(32, (os.cpu_count() or 1) + 4) + 1
    counted: list[int] = []

    async def opening() -> None:
        handler = OneHopASGIHandler()
        before = threading.active_count()
        sent: list[list[Message]] = [[] for _ in clients]
        path = f"/en/play/{session.code}/events/?v={session.version}"
        serving = [
            asyncio.ensure_future(serve(handler, scope(path, client), heard))
            for client, heard in zip(clients, sent, strict=True)
        ]
        await until(lambda: all(any(m.get("body") for m in heard) for heard in sent))
        counted.append(threading.active_count() - before)
        await sync_to_async(services.end)(await sync_to_async(Session.objects.get)(pk=session.pk))
        await asyncio.wait_for(asyncio.gather(*serving), 10)

    run(opening)
    assert counted[0] <= pool < STREAMS
