"""A live session's changes as Server-Sent Events: what a student's page hears instead of
asking every two seconds.

A student's page opens ``play/<code>/events/`` (``stream_views.py``) under an ASGI server
and keeps it open. Nothing is sent while nothing changes but a comment now and then
(``HEARTBEAT_SECONDS``), so that proxies keep the connection. When the teacher moves the
session on, the stream sends the new version (its ``id:``, which EventSource sends back
as ``Last-Event-ID`` when it reconnects, so a dropped student catches up), either as

- ``event: stage``, the new stage itself, when it is the same for every student of the
  language (a new question, untimed: ``shared_stage.py``); the page puts its own CSRF
  token in and swaps it in: no request at all; or
- ``event: verdict``, at the reveal of an untimed question, the stage of this student's
  answer (``shared_stage.verdict``: rendered once per process for each answer given, the
  student's answer read by the stream, no request of the page's); or
- ``event: final``, when the teacher ends the session, this student's end screen (score,
  review, leaderboard: ``end_screen.final``, put together from parts each process keeps,
  the student's answers read by the stream), followed by ``event: ended``; or
- ``event: changed``, when what the student sees is otherwise their own (a clock counting
  their seconds, a student who joined after the question): the page asks for it with the
  poll's own request (``state/?v=``), each stream after a random delay of up to
  ``QUIZ_STREAM_SPREAD`` seconds so that the class's requests do not all come in the
  same instant.

Where a change is seen: each process watches each session that has a listener with one
task reading :func:`tutor.quizzes.poll.live_state` (the "state" cache, Redis when
``REDIS_URL`` is set, cleared by the teacher's move) every ``WATCH_SECONDS``, whatever
the number of listeners, and wakes every stream of that session. A process serves at most
``QUIZ_STREAMS_PER_PROCESS`` streams; a page refused one keeps polling. The stream ends
with the session (``event: ended``, on which the page closes it).
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import DatabaseError, close_old_connections

from .models import Session
from .poll import live_state

logger = logging.getLogger(__name__)

WATCH_SECONDS = 0.25  # how often a process reads a watched session's version
HEARTBEAT_SECONDS = 15.0  # a comment on a quiet stream, so proxies keep it open
RETRY_MS = 2000  # what EventSource waits before it reconnects a dropped stream


@dataclass
class Watch:
    """One session as this process last read it: its (version, state), the event its
    streams wait on (replaced by a new one at each change), and the shared stage of each
    language at that version, rendered once by the first stream that needs it."""

    version: int | None = None
    state: str = ""
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    listeners: int = 0
    # Key: the language; the value, the stage of this version for every student of that
    # language (None: no stage is shared, each student asks). Cleared at each change, so
    # it holds at most five entries of one version; nothing of a student is inside.
    stages: dict[str, asyncio.Task[str | None]] = field(default_factory=dict)
    # The students listening here: (id, language) and how many streams each has open; an
    # entry lives while its stream does.
    students: Counter[tuple[int, str]] = field(default_factory=Counter)
    # Key: the kind (verdict, final); the value, each listening student's own stage of this
    # version, made for all of them at once by the first stream that needs one. Cleared
    # at each change, so it holds at most two entries of one version.
    own: dict[str, Batch] = field(default_factory=dict)
    task: asyncio.Task[None] | None = None  # the watching task, kept so it is not collected


@dataclass(frozen=True)
class Batch:
    """The own stages of the students listening when it was started, made in one thread
    call (``Stages.verdict``, ``Stages.final``): by the student's id."""

    students: frozenset[tuple[int, str]]  # (id, language)
    made: asyncio.Future[dict[int, str | None]]


# The sessions watched in this process, by join code: an entry lives while a stream of it is
# open (so at most one per open stream), its task ends with the last listener.
_watches: dict[str, Watch] = {}
_open = [0]  # streams open in this process

Made = tuple[int, str] | None  # (the session's version, the stage's HTML), or no stage
# The own stages of a (code, version, {student's id: language}), by the student's id (None:
# none for that student, who is told ``changed`` and asks).
Own = Callable[[str, int, dict[int, str]], dict[int, str | None]]


@dataclass(frozen=True)
class Stages:
    """How a stream gets the stages it sends (``stream_views``: ``shared_stage``'s and
    ``end_screen``'s), each a function of plain values run in a thread: the stage of a
    (code, language) shared by every student, and the revealed stages and the end screens
    of the students listening in this process, all at once (:data:`Own`)."""

    shared: Callable[[str, str], Made]
    verdict: Own
    final: Own


def open_streams() -> int:
    return _open[0]


def has_room() -> bool:
    """Whether this process may open another stream (a page refused one keeps polling)."""
    return _open[0] < settings.QUIZ_STREAMS_PER_PROCESS


def off_loop[**P, R](read: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """``read`` run in a worker thread, which then lets its database connection go as a
    request's end would (``CONN_MAX_AGE``): no thread of the pool keeps one past its age."""

    def then_let_go(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return read(*args, **kwargs)
        finally:
            close_old_connections()

    return sync_to_async(then_let_go, thread_sensitive=False)


async def _watch(code: str, watch: Watch) -> None:
    read = off_loop(live_state)
    try:
        while watch.listeners:
            try:
                known = await read(code)
            except DatabaseError:
                # A read the database refused (a lock, a dropped connection, a restart) is
                # tried again at the next tick: every stream of the class waits on this
                # watch, and one error must not leave them all open and silent.
                logger.warning("Watching session %s: the read failed", code, exc_info=True)
                known = None
            if known is not None and (known[0], known[1]) != (watch.version, watch.state):
                watch.version, watch.state = known
                watch.stages, watch.own = {}, {}
                woken, watch.changed = watch.changed, asyncio.Event()
                woken.set()
            await asyncio.sleep(WATCH_SECONDS)
    finally:
        if _watches.get(code) is watch:
            del _watches[code]


def _subscribe(code: str) -> Watch:
    watch = _watches.get(code)
    if watch is None or watch.task is None or watch.task.done():
        watch = _watches[code] = Watch()
        watch.listeners = 1
        watch.task = asyncio.get_running_loop().create_task(_watch(code, watch))
    else:
        watch.listeners += 1
    return watch


async def _shared(
    watch: Watch, code: str, language: str, make: Callable[[str, str], Made]
) -> str | None:
    """The stage of the watch's version for every student of ``language``, rendered once
    per process (None when it is not the same for all, or the session moved on since)."""
    task = watch.stages.get(language)
    if task is None:
        version = watch.version
        render = off_loop(make)

        async def of_this_version() -> str | None:
            made = await render(code, language)
            return made[1] if made is not None and made[0] == version else None

        task = watch.stages[language] = asyncio.ensure_future(of_this_version())
    return await asyncio.shield(task)


def event(name: str, version: int, data: str) -> bytes:
    """One event of the stream: its name, its id (the session's version) and its data,
    one ``data:`` line per line (EventSource ends a line at CR, LF or CRLF alike).

    >>> event("stage", 7, "<p>\\r\\none</p>")
    b'event: stage\\nid: 7\\ndata: <p>\\ndata: one</p>\\n\\n'
    """
    lines = "".join(f"data: {line}\n" for line in re.split(r"\r\n|\r|\n", data))
    return f"event: {name}\nid: {version}\n{lines}\n".encode()


async def _own(
    watch: Watch, kind: str, make: Own, code: str, student: tuple[int, str], version: int
) -> str | None:
    """The student's own stage (``Stages.verdict``, ``Stages.final``) of ``version``: made
    with every listening student's in one thread call, by the first stream that needs one
    (a student who came after that call gets theirs alone)."""
    current = version == watch.version
    batch = watch.own.get(kind) if current else None
    if batch is None or student not in batch.students:
        # The first of this version: everyone listening; else this student alone.
        students = dict([*watch.students, student]) if current and batch is None else {}
        students[student[0]] = student[1]
        made = asyncio.ensure_future(off_loop(make)(code, version, students))
        if current and batch is None:
            watch.own[kind] = Batch(frozenset(students.items()), made)
        batch = Batch(frozenset(students.items()), made)
    return (await asyncio.shield(batch.made)).get(student[0])


async def stream(
    code: str, seen: int | None, language: str, participant: int, stages: Stages
) -> AsyncIterator[bytes]:
    """The events of session ``code`` for the student ``participant`` (their id), who has
    seen version ``seen`` and reads the quiz in ``language``, until the session ends or the
    student goes."""
    _open[0] += 1
    watch = _subscribe(code)
    student = (participant, language)
    watch.students[student] += 1
    try:
        yield f"retry: {RETRY_MS}\n: open\n\n".encode()
        while True:
            changed = watch.changed  # taken before the check: a change after it wakes us
            version = watch.version
            if version is not None and version != seen:
                seen = version
                if watch.state == Session.State.ENDED:
                    html = await _own(watch, "final", stages.final, code, student, version)
                    if html is not None:
                        yield event("final", version, html)
                    else:
                        yield event("changed", version, str(version))
                    yield event("ended", version, str(version))
                    return
                if watch.state == Session.State.REVEAL:
                    name = "verdict"
                    html = await _own(watch, "verdict", stages.verdict, code, student, version)
                else:
                    name, html = "stage", await _shared(watch, code, language, stages.shared)
                if html is not None:
                    yield event(name, version, html)
                else:
                    await asyncio.sleep(random.uniform(0, settings.QUIZ_STREAM_SPREAD))
                    yield event("changed", version, str(version))
                continue  # the session may have moved on meanwhile
            try:
                await asyncio.wait_for(changed.wait(), HEARTBEAT_SECONDS)
            except TimeoutError:
                yield b": quiet\n\n"
    finally:
        _open[0] -= 1
        watch.listeners -= 1
        watch.students[student] -= 1
        if not watch.students[student]:
            del watch.students[student]
