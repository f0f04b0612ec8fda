"""HTTP/1.1 on asyncio for the simulated students: one keep-alive connection, a request
written whole, its reply read whole (``Content-Length``, chunked, or up to the close).
Only what the load test sends and the site answers is understood; nothing of
``http.client`` is used, so 2,000 students are 2,000 small objects on one event loop, not
2,000 threads.

Errors are those of the standard library, as ``http.client`` raises them, so the report
counts a lost reply under the same names: ``ConnectionRefusedError`` (a server
restarting), ``RemoteDisconnected`` (closed before a status line), ``IncompleteRead``
(closed inside the body), ``TimeoutError`` (no byte for ``timeout`` s)."""

from __future__ import annotations

import asyncio
from http.client import IncompleteRead, RemoteDisconnected

from benchmarks.gunicorn_server import HOST

NO_BODY = (204, 304)  # and every 1xx


class Wire(asyncio.Protocol):
    """The bytes a connection has received and not yet read, and whether it has ended."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.ended = False  # the server closed (or reset) the connection
        self.transport: asyncio.Transport | None = None
        self.waiter: asyncio.Future[None] | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        self.wake()

    def eof_received(self) -> bool:
        self.ended = True
        self.wake()
        return False  # close the transport

    def connection_lost(self, exc: Exception | None) -> None:
        self.ended = True
        self.wake()

    def wake(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def more(self, timeout: float) -> bool:
        """Wait until more bytes come (True) or the connection ends (False); a
        ``TimeoutError`` if ``timeout`` s pass with neither, as a socket's timeout."""
        if self.ended:
            return False
        loop = asyncio.get_running_loop()
        waiter = self.waiter = loop.create_future()
        expire = loop.call_later(timeout, _time_out, waiter)
        try:
            await waiter
        finally:
            expire.cancel()
            self.waiter = None
        return not self.ended or bool(self.buffer)


def _time_out(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_exception(TimeoutError("timed out"))


class Connection:
    """One HTTP/1.1 connection to ``HOST:port``, opened by the first request (and again
    after a close, as ``http.client`` does); each wait for bytes is bounded by
    ``timeout``."""

    def __init__(self, port: int, timeout: float) -> None:
        self.port = port
        self.timeout = timeout
        self.wire: Wire | None = None

    def closed_by_server(self) -> bool:
        """Whether this idle keep-alive connection was closed by the server: it has ended,
        or holds bytes nobody asked for."""
        return self.wire is not None and (self.wire.ended or bool(self.wire.buffer))

    async def open(self) -> Wire:
        loop = asyncio.get_running_loop()
        connecting = loop.create_connection(Wire, HOST, self.port)
        _, wire = await asyncio.wait_for(connecting, self.timeout)
        return wire

    async def request(
        self, method: str, path: str, body: str | None, headers: dict[str, str]
    ) -> None:
        """Write the request whole (its bytes as ``http.client`` writes them: the request
        line, ``Host``, ``Accept-Encoding``, ``Content-Length``, then ``headers``)."""
        if self.wire is None:
            self.wire = await self.open()
        wire = self.wire
        if wire.ended or wire.transport is None or wire.transport.is_closing():
            raise ConnectionResetError("the connection was closed")
        data = body.encode("latin-1") if body is not None else b""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}"]
        lines.append("Accept-Encoding: identity")
        if body is not None or method in ("POST", "PUT", "PATCH"):
            lines.append(f"Content-Length: {len(data)}")
        lines.extend(f"{name}: {value}" for name, value in headers.items())
        wire.transport.write("\r\n".join(lines).encode("latin-1") + b"\r\n\r\n" + data)

    async def response(self) -> tuple[int, list[tuple[str, str]], bytes]:
        """The reply to the request written last: its status, headers (names as sent) and
        body; the connection is closed after it if the server said it would close."""
        wire = self.wire
        if wire is None:
            raise RemoteDisconnected("no request was sent")
        end = await self.find(wire, b"\r\n\r\n", RemoteDisconnected)
        lines = bytes(wire.buffer[:end]).decode("iso-8859-1").split("\r\n")
        del wire.buffer[: end + 4]
        version, status_text = [*lines[0].split(" ", 2), "", ""][:2]
        if not version.startswith("HTTP/") or not status_text.isdigit():
            raise RemoteDisconnected(f"not a status line: {lines[0]!r}")
        status = int(status_text)
        headers = [
            (name.strip(), value.strip())
            for name, _, value in (line.partition(":") for line in lines[1:])
        ]
        fields = {name.lower(): value.lower() for name, value in headers}
        will_close = fields.get("connection") == "close" or (
            version == "HTTP/1.0" and fields.get("connection") != "keep-alive"
        )
        if status in NO_BODY or 100 <= status < 200:
            body = b""
        elif fields.get("transfer-encoding") == "chunked":
            body = await self.chunked(wire)
        elif "content-length" in fields:
            length = int(fields["content-length"])
            await self.need(wire, length)
            body = bytes(wire.buffer[:length])
            del wire.buffer[:length]
        else:  # up to the close
            while await wire.more(self.timeout):
                pass
            body, will_close = bytes(wire.buffer), True
            wire.buffer.clear()
        if will_close:
            self.close()
        return status, headers, body

    async def find(self, wire: Wire, separator: bytes, error: type[Exception]) -> int:
        """Where ``separator`` starts in the bytes read, waiting for more until it comes."""
        start = 0
        while (found := wire.buffer.find(separator, start)) < 0:
            start = max(0, len(wire.buffer) - len(separator) + 1)
            if not await wire.more(self.timeout):
                raise error("closed before the end of the reply's head")
        return found

    async def need(self, wire: Wire, length: int) -> None:
        while len(wire.buffer) < length:
            if not await wire.more(self.timeout):
                raise IncompleteRead(bytes(wire.buffer), length - len(wire.buffer))

    async def chunked(self, wire: Wire) -> bytes:
        body = bytearray()
        while True:
            end = await self.find(wire, b"\r\n", ConnectionResetError)
            size = int(bytes(wire.buffer[:end]).split(b";", 1)[0], 16)
            del wire.buffer[: end + 2]
            if size == 0:  # the trailer: header lines up to an empty one
                while (end := await self.find(wire, b"\r\n", ConnectionResetError)) > 0:
                    del wire.buffer[: end + 2]
                del wire.buffer[:2]
                return bytes(body)
            await self.need(wire, size + 2)
            body += wire.buffer[:size]
            del wire.buffer[: size + 2]

    def close(self) -> None:
        if self.wire is not None and self.wire.transport is not None:
            self.wire.transport.close()
        self.wire = None
