"""gunicorn.conf.py's hooks that keep a killed master's workers from holding the port
(issue 25, item 5), on stand-ins for gunicorn's worker: the real server is killed in
``benchmarks/tests/test_load_quiz_smoke.py``."""

from __future__ import annotations

import runpy
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONF = runpy.run_path(str(ROOT / "gunicorn.conf.py"))


@dataclass
class Listener:
    queued: int  # connections the kernel has queued, not yet accepted
    closed: bool = False

    def close(self) -> None:
        self.closed = True


@dataclass
class Worker:
    """What the hooks use of gunicorn's gthread worker."""

    sockets: list[Listener]
    alive: bool = True
    nr_conns: int = 0
    calls: list[bool] = field(default_factory=list)

    def set_accept_enabled(self, enabled: bool) -> None:
        self.calls.append(enabled)

    def accept(self, listener: Listener) -> None:
        if listener.queued and not listener.closed:
            listener.queued -= 1
            self.nr_conns += 1


def test_close_listener_on_stop_takes_the_queue_then_closes_when_stopping() -> None:
    worker = Worker([Listener(queued=3), Listener(queued=0)])
    CONF["close_listener_on_stop"](worker)
    worker.set_accept_enabled(False)  # busy, still alive: a pause, nothing closed
    assert [s.closed for s in worker.sockets] == [False, False]
    worker.alive = False
    worker.set_accept_enabled(False)
    assert worker.calls == [False, False]
    assert worker.nr_conns == 3
    assert [(s.queued, s.closed) for s in worker.sockets] == [(0, True), (0, True)]


def test_close_listener_on_stop_leaves_other_workers_alone() -> None:
    class Sync:
        sockets: list[Listener] = []

    worker: Any = Sync()
    CONF["close_listener_on_stop"](worker)
    assert not hasattr(worker, "set_accept_enabled")


@pytest.mark.skipif(sys.platform != "linux", reason="prctl is Linux's")
def test_die_with_master_asks_the_kernel_for_sigterm() -> None:
    script = f"""
import ctypes, os, runpy, signal
conf = runpy.run_path({str(ROOT / "gunicorn.conf.py")!r})
class Worker:
    ppid = os.getppid()
conf["die_with_master"](Worker())
value = ctypes.c_int()
ctypes.CDLL(None).prctl(2, ctypes.byref(value), 0, 0, 0)  # PR_GET_PDEATHSIG
print(value.value == signal.SIGTERM)
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "True"


def test_gunicorn_conf_listens_on_a_socket_per_worker() -> None:
    assert CONF["reuse_port"] is True
