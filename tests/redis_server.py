"""A throwaway Redis for the tests that check what app servers share through it.

Each test module starts its own ``redis-server`` on a free loopback port, in a temporary
directory, with nothing written to disk, and stops it afterwards: no service, no state left
behind. Where ``redis-server`` is not installed such tests skip, except when
``TUTOR_REQUIRE_REDIS=1`` (set by ``.ci/run``, which installs it): there a missing Redis is
a failure, so CI never passes by skipping them.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

HOST = "127.0.0.1"


def redis_server_or_skip() -> str:
    """The path of ``redis-server``; skips the test (fails it in CI) when there is none."""
    found = shutil.which("redis-server")
    if found:
        return found
    reason = "redis-server is not installed (apt-get install redis-server)"
    if os.environ.get("TUTOR_REQUIRE_REDIS") == "1":
        pytest.fail(f"{reason}, and TUTOR_REQUIRE_REDIS=1 says the Redis tests must run")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def _answers(port: int) -> bool:
    """Whether a Redis on ``port`` answers PING (plain RESP, no client library needed)."""
    try:
        with socket.create_connection((HOST, port), timeout=1) as connection:
            connection.sendall(b"PING\r\n")
            return connection.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@contextmanager
def redis_server(directory: Path) -> Iterator[str]:
    """A fresh, empty Redis in ``directory``; yields its ``redis://`` address."""
    binary = redis_server_or_skip()
    port = _free_port()
    log = directory / "redis.log"
    with log.open("ab") as output:
        process = subprocess.Popen(
            [
                *(binary, "--port", str(port), "--bind", HOST),
                *("--save", "", "--appendonly", "no", "--dir", str(directory)),
            ],
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 20
        while not _answers(port):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start:\n{log.read_text()[-2000:]}")
            time.sleep(0.05)
        yield f"redis://{HOST}:{port}/0"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
