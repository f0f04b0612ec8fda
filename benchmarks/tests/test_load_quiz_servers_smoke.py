"""A short real run of the load test's school mode (``--servers 2 --updates both``), so that
it cannot rot: two gunicorns and two uvicorns on free loopback ports sharing one database
(a temporary SQLite file, or ``DATABASE_URL`` when set) and a Redis of the run's own where
``redis-server`` is installed; ten students spread over both servers, a polling quiz, then
the same quiz with the students on event streams. Beside it, fast checks of the mode's pure
parts: the doctests, and the event stream read across HTTP chunks.

Only correctness is asserted here, never a timing.
"""

from __future__ import annotations

import asyncio
import doctest
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from benchmarks.load_quiz import compare, machine, servers
from benchmarks.load_quiz.streams import Closed, EventStream

ROOT = Path(__file__).resolve().parents[2]
BIND_FAILURES = ("Connection in use", "Can't connect to", "Address family not supported")
STUDENTS, QUESTIONS = 10, 2


@pytest.mark.slow
def test_two_servers_keep_every_acknowledged_answer_once_polling_and_streaming(
    tmp_path: Path,
) -> None:
    environment = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    output = tmp_path / "results.json"
    command = [
        *(sys.executable, "-m", "benchmarks.load_quiz", "--servers", "2", "--updates", "both"),
        *("--students", str(STUDENTS), "--questions", str(QUESTIONS), "--workers", "2"),
        *("--think-min", "0.05", "--think-max", "0.3", "--poll", "0.3", "--ramp", "0.5"),
        *("--retry-share", "0.3", "--double-share", "0.3", "--seed", "5", "--no-bench"),
        *("--bench-warmup", "0.1", "--reveal-pause", "1.0", "--timeout", "120"),
        *("--json", str(output)),
        *(("--redis",) if shutil.which("redis-server") else ()),
    ]
    result = subprocess.run(
        command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300, check=False
    )
    log = result.stdout + result.stderr
    if result.returncode == 2 and any(failure in log for failure in BIND_FAILURES):
        pytest.skip(f"cannot bind a loopback port here:\n{log}")
    assert result.returncode == 0, log
    results = json.loads(output.read_text())
    assert results["setup"]["server"].startswith("2 servers x 2 workers")
    for phase in (results, results["sse"]):
        check = phase["check"]
        assert check["problems"] == [] and check["missing"] == 0
        assert check["answered_rows"] == STUDENTS * QUESTIONS
        assert check["acknowledged"] + check["confirmed"] == STUDENTS * QUESTIONS
        assert check["double_acknowledgements"] == 0
        assert len(phase["quiz"]["per_server"]) == 2  # both servers had students
    assert results["updates"] == "poll" and results["sse"]["updates"] == "sse"
    assert results["quiz"]["kinds"]["stream"]["requests"] == 0
    assert results["sse"]["quiz"]["kinds"]["stream"]["requests"] >= STUDENTS
    assert results["sse"]["quiz"]["kinds"]["state"]["errors"] == 0
    assert results["stages_heard"] == results["verdicts_heard"] == 0  # polling
    # Questions and verdicts came in events (the reveal: each student's own). Not every one:
    # a stream that drops, or a reveal shorter than a watch's read on a loaded machine,
    # leaves that student to ask.
    sse = results["sse"]
    assert sse["stages_heard"] > 0 and sse["verdicts_heard"] > 0
    assert sse["stages_heard"] + sse["verdicts_heard"] > STUDENTS * QUESTIONS
    assert "Poll against event streams" in result.stdout


@pytest.mark.parametrize("module", [compare, machine, servers], ids=lambda m: m.__name__)
def test_school_mode_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


def test_event_stream_finds_events_between_chunk_lines_then_sees_the_close() -> None:
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def serve() -> None:
        connection, _ = listener.accept()
        with connection:
            connection.recv(4096)
            connection.sendall(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
            connection.sendall(b"8\r\n: open\n\n\r\n")
            connection.sendall(b"20\r\nevent: changed\nid: 12\ndata: 12\n\n\r\n29\r\nevent: sta")
            connection.sendall(b"ge\nid: 13\ndata: <p>\ndata: two</p>\n\n\r\n")

    server = threading.Thread(target=serve)
    server.start()
    run = SimpleNamespace(count_request=lambda: None, no_reply=lambda *args: None)

    async def listen() -> list[tuple[str, str, str] | None]:
        path = "/events/ABCDEF/?v=11"
        stream = await EventStream.open(run, port, path, {"quiz": "x"})  # type: ignore[arg-type]
        try:
            assert stream.status == 200
            heard = [await stream.next_event(5), await stream.next_event(5)]
            with pytest.raises(Closed):
                await stream.next_event(5)
            return heard
        finally:
            stream.close()

    try:
        assert asyncio.run(listen()) == [("changed", "12", "12"), ("stage", "13", "<p>\ntwo</p>")]
    finally:
        server.join()
        listener.close()
