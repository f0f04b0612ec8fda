"""Django's ASGI handler with a request's middleware and view run in one worker thread.

The site's middleware is synchronous. Django's own handler builds its middleware chain in
async mode: the synchronous middleware ran in a thread, went back to the event loop for
the innermost async-capable ones, crossed to a thread again for the views' middleware
(``process_view``) and the view, and the stream's view once more for its database read:
five crossings between the event loop and a thread to open a stream, each with its
context copied both ways and the loop woken (``benchmarks/load_quiz/stream_cpu.py``
measures it). This handler builds the chain as the WSGI handler does and runs it, with
the view, in one call in a worker thread: the same middleware in the same order, the same
response (``tests/quizzes/test_events_one_hop.py`` compares them byte for byte); a view
returns a ``StreamingHttpResponse`` over an async iterator (the live quiz's event stream)
and the event loop then sends it. Two crossings are left: that call, and Django's
``request_started`` signal.

Nor does a request get a thread of its own (Django's handler starts one for each request
and keeps it until the response is sent: an idle thread for each open stream, 2,000
threads for a class). The worker threads are the event loop's own pool
(``thread_sensitive=False``), shared by every request: a request's database work is all inside the one call, so it uses one
thread's connection, which is then let go as a request's end would (``CONN_MAX_AGE``):
no thread of the pool keeps a connection past its age, and an open stream holds none.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.db import close_old_connections
from django.http import FileResponse, HttpRequest
from django.http.response import HttpResponseBase


def _answer(handler: ASGIHandler, request: HttpRequest) -> HttpResponseBase:
    """The response of ``handler``'s synchronous middleware chain and view, with the
    thread's database connections let go before and after, as around a WSGI request."""
    close_old_connections()
    try:
        return handler.get_response(request)
    finally:
        close_old_connections()


_in_a_thread = sync_to_async(_answer, thread_sensitive=False)


class OneHopASGIHandler(ASGIHandler):
    """``tutor/asgi.py``'s application: see the module."""

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Django's, without a thread of the request's own: Django's handler starts one
        for each request (``ThreadSensitiveContext``) and keeps it until the response is
        sent, so each open stream kept an idle thread, started and ended with it. Here
        the little that is left thread-sensitive (the ``request_started`` and
        ``request_finished`` signals' receivers, the response's ``close``) runs in
        asgiref's one shared thread."""
        if scope["type"] != "http":
            raise ValueError(f"Django serves only HTTP, not {scope['type']}.")
        await self.handle(scope, receive, send)

    async def run_get_response(self, request: Any) -> HttpResponseBase:
        response = await _in_a_thread(self, request)
        response._handler_class = self.__class__  # type: ignore[attr-defined]
        if isinstance(response, FileResponse):  # as Django's: the ASGI server chunks it
            response.block_size = self.chunk_size
        return response
