"""A student's HTTP on the event loop: :class:`AsyncBrowser` does what
:class:`~benchmarks.load_quiz.browser.Browser` does (a cookie jar, a keep-alive connection
not used again once the server has closed it, every reply timed from sending the request
to reading it whole, the same retries and the same counting of lost replies) over
:mod:`~benchmarks.load_quiz.wire` instead of ``http.client`` on a thread."""

from __future__ import annotations

import asyncio
import time
from http.client import HTTPException

from benchmarks.load_quiz.browser import Fields, Reply, Run, Unanswered, Visitor
from benchmarks.load_quiz.wire import Connection

LOST = (OSError, HTTPException, asyncio.TimeoutError)  # no reply: refused, reset, timed out


class AsyncBrowser(Visitor):
    """One student: a cookie jar and a keep-alive connection; every reply is timed."""

    def __init__(self, run: Run, port: int | None = None) -> None:
        super().__init__(run, port)
        self.connection: Connection | None = None

    def new_connection(self, timeout: float | None = None) -> Connection:
        return Connection(self.port, timeout or self.run.options.request_timeout)

    async def begin(
        self,
        connection: Connection,
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
            await connection.request(method, path, body, headers)
        except LOST as error:
            connection.close()
            self.run.no_reply(kind, error)
            raise Unanswered(kind, error) from error
        return started

    async def end(
        self, connection: Connection, kind: str, started: float, lost_kind: str = ""
    ) -> Reply:
        """Read the reply of :meth:`begin`; without one, count it under ``lost_kind``."""
        try:
            status, headers, data = await connection.response()
        except LOST as error:
            connection.close()
            self.run.no_reply(lost_kind or kind, error)
            raise Unanswered(kind, error) from error
        return self.reply(kind, started, status, headers, data)

    async def send(
        self, method: str, path: str, kind: str, fields: Fields | None = None, htmx: bool = False
    ) -> Reply:
        """One request on the keep-alive connection (a new one if the last was closed, by
        either side: a connection the server closed while it was idle is not used again)."""
        if self.connection is not None and self.connection.closed_by_server():
            self.connection.close()
            self.connection = None
        if self.connection is None:
            self.connection = self.new_connection()
        connection = self.connection
        try:
            started = await self.begin(connection, method, path, kind, fields, htmx)
            return await self.end(connection, kind, started)
        except Unanswered:
            self.connection = None
            raise

    async def send_until_answered(
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
    ) -> Reply:
        """:meth:`send`, repeated while the server refuses or drops the connection, as
        :meth:`Browser.send_until_answered <benchmarks.load_quiz.browser.Browser.send_until_answered>`
        (a request that timed out is raised at once)."""
        tried = 0
        while True:
            try:
                return await self.send(method, path, kind, fields, htmx)
            except Unanswered as error:
                tried += 1
                if error.timed_out or tried == tries:
                    raise
                await self.run.pause(pause)
                pause = min(longest, pause * 2)

    async def get(self, path: str, kind: str, htmx: bool = False) -> Reply:
        """A GET, repeated while no reply comes (see :meth:`send_until_answered`)."""
        return await self.send_until_answered("GET", path, kind, htmx=htmx, pause=0.02, longest=1.0)

    async def send_impatient(
        self, method: str, path: str, kind: str, fields: Fields, give_up: float, htmx: bool = False
    ) -> Reply:
        """A request on a connection of its own whose client gives up on the reply after
        ``give_up`` s; a request without a reply is counted as ``abandoned``."""
        connection = self.new_connection(timeout=give_up)
        try:
            started = await self.begin(connection, method, path, "abandoned", fields, htmx)
            return await self.end(connection, kind, started, "abandoned")
        finally:
            connection.close()

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None
