"""A live session's changes as Server-Sent Events, for the load test only: the candidate the
poll is measured against (``python -m benchmarks.load_quiz --updates both``).

``/events/<code>/?v=<version>`` is an async Django view under an ASGI server (uvicorn, one
process per app server, ``benchmarks/load_quiz/servers.py``, serving ``bench_asgi``). It answers a student with the
quiz's signed cookie with a stream that stays open and says ``event: changed`` with the new
version each time the teacher moves the session on; the page then asks for the new stage
with the same ``state/?v=`` request the poll makes when something changed (htmx's SSE
extension: ``hx-trigger="sse:changed"``). Nothing is asked of the server while nothing
changes.

Where a change is seen: each process watches each session that has a listener, one task per
session reading :func:`tutor.quizzes.poll.live_state` (the "state" cache, Redis when
``REDIS_URL`` is set, which the teacher's move clears) every ``WATCH_SECONDS``, and wakes
every stream of that session (each passing the change on within ``SPREAD_SECONDS``). So 2,000 listeners on two servers cost two reads
every ``WATCH_SECONDS``, not 1,000 polls a second. Production code never loads this module.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from asgiref.sync import sync_to_async
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse

from tutor.core.numbers import whole_number
from tutor.quizzes.joins import cookie_token
from tutor.quizzes.models import Session, is_code
from tutor.quizzes.poll import live_state

WATCH_SECONDS = 0.25  # how often a process reads a watched session's version
HEARTBEAT_SECONDS = 15.0  # a comment line on a quiet stream, so proxies keep it open
# Each stream passes a change on after a random delay of up to this many seconds, so that a
# class does not ask for the new stage all in the same instant: 2 s spreads the requests as
# the poll every 2 s does (--sse-spread; 0 wakes every stream at once).
SPREAD_SECONDS = float(os.environ.get("BENCH_EVENTS_SPREAD", "0"))


@dataclass
class Watch:
    """One session's (version, state) as this process last read it, and the event its
    streams wait on (replaced by a new one at each change)."""

    version: int | None = None
    state: str = ""
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    listeners: int = 0
    task: asyncio.Task[None] | None = None  # the watching task, kept so it is not collected


# The sessions watched in this process, by join code; an entry lives while a stream of it
# is open (bounded by the open connections), its task ends with the last listener.
_watches: dict[str, Watch] = {}


async def _watch(code: str, watch: Watch) -> None:
    read = sync_to_async(live_state, thread_sensitive=False)
    try:
        while watch.listeners:
            known = await read(code)
            if known is not None and (known[0], known[1]) != (watch.version, watch.state):
                watch.version, watch.state = known
                woken, watch.changed = watch.changed, asyncio.Event()
                woken.set()
            await asyncio.sleep(WATCH_SECONDS)
    finally:
        _watches.pop(code, None)


def _subscribe(code: str) -> Watch:
    watch = _watches.get(code)
    if watch is None:
        watch = _watches[code] = Watch()
        watch.listeners = 1
        watch.task = asyncio.get_running_loop().create_task(_watch(code, watch))
    else:
        watch.listeners += 1
    return watch


async def _stream(code: str, seen: int | None) -> AsyncIterator[bytes]:
    watch = _subscribe(code)
    try:
        yield b": open\n\n"
        while True:
            changed = watch.changed  # taken before the check: a change after it wakes us
            if watch.version is not None and watch.version != seen:
                await asyncio.sleep(random.uniform(0, SPREAD_SECONDS))
                seen = watch.version
                yield f"event: changed\ndata: {seen}\n\n".encode()
                if watch.state == Session.State.ENDED:
                    return
            try:
                await asyncio.wait_for(changed.wait(), HEARTBEAT_SECONDS)
            except TimeoutError:
                yield b": quiet\n\n"
    finally:
        watch.listeners -= 1


async def events(request: HttpRequest, code: str) -> HttpResponse | StreamingHttpResponse:
    """The stream of one student's session (204 without this quiz's cookie: the page then
    polls, as it does with JavaScript off or without EventSource)."""
    code = code.upper()
    if not is_code(code) or cookie_token(request, code) is None:
        return HttpResponse(status=204)
    response = StreamingHttpResponse(
        _stream(code, whole_number(request.GET.get("v", ""), 10)),
        content_type="text/event-stream",
    )
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
