"""The workers' CPU time per kind of request, for the load test only.

``/proc`` gives a worker's total CPU time, so a run's figure is an average over polls,
answers, pages and whatever the worker does between requests. To compare a "nothing new"
poll with the bare view, each worker also notes the CPU time of every request: its
thread's CPU time (``time.thread_time``, which gunicorn's other threads do not add to)
from Django's ``request_started`` signal to ``request_finished`` (sent when gunicorn
closes the response, after the body is written), and the request's kind, named by
:class:`CpuAccountMiddleware` once the view has answered. One line per request is
appended to the file named by ``BENCH_CPU_LOG`` (a single ``write`` of a short line to a
file opened with ``O_APPEND``, so the workers' lines never interleave):
``<time.monotonic()> <kind> <microseconds>``. The load test reads it back per phase
(``cpu_report.py``).

``benchmarks/bench_settings.py`` puts the middleware first; without ``BENCH_CPU_LOG`` it
removes itself (``MiddlewareNotUsed``) and nothing is measured. What falls outside
(gunicorn reading the request line and headers, the worker's idle loop) shows as the
difference between the ``/proc`` figure and these.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import Any

from django.core.exceptions import MiddlewareNotUsed
from django.core.signals import request_finished, request_started
from django.http import HttpRequest, HttpResponse

ENVIRONMENT = "BENCH_CPU_LOG"
_local = threading.local()
# Kinds by URL name (namespaced: ``quizzes:play``); "state" and "join" are split further
# (see kind_of).
_NAMED = {"bare": "bare", "quizzes:play": "play", "quizzes:answer": "answer"}


def kind_of(request: HttpRequest, response: HttpResponse) -> str:
    """The kind a request is counted under: ``state 204`` / ``state 200`` / ``state 286``
    (a poll by its reply), ``join GET`` / ``join POST``, ``play``, ``answer``, ``bare``,
    ``drill`` (any drill page), else the URL's namespaced name (``other`` when none matched)."""
    match = request.resolver_match
    name = match.view_name if match is not None and match.url_name else None
    if name == "quizzes:state" or (match is None and request.path_info.endswith("/state/")):
        # Without a match: answered before URL resolution (tutor/quizzes/poll.py).
        return f"state {response.status_code}"
    if name in ("quizzes:join", "quizzes:join-code"):
        return f"join {request.method}"
    if name in _NAMED:
        return _NAMED[name]
    if match is not None and "drill" in (name or ""):
        return "drill"
    return name or "other"


class CpuAccountMiddleware:
    """Names each request's kind for the CPU log (see the module's docstring)."""

    _file: int | None = None  # one descriptor per process

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        path = os.environ.get(ENVIRONMENT)
        if not path:
            raise MiddlewareNotUsed
        self.get_response = get_response
        if CpuAccountMiddleware._file is None:
            CpuAccountMiddleware._file = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
            request_started.connect(_started, dispatch_uid="bench-cpu-started")
            request_finished.connect(_finished, dispatch_uid="bench-cpu-finished")

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        _local.kind = kind_of(request, response)
        return response


def _started(sender: object, **kwargs: Any) -> None:
    _local.started = time.thread_time_ns()
    _local.kind = "other"


def _finished(sender: object, **kwargs: Any) -> None:
    started = getattr(_local, "started", None)
    if started is None or CpuAccountMiddleware._file is None:
        return
    spent = (time.thread_time_ns() - started) // 1000
    _local.started = None
    line = f"{time.monotonic():.4f} {_local.kind} {spent}\n"
    os.write(CpuAccountMiddleware._file, line.encode())
