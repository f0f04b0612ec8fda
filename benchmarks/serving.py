"""Which server for which request: the same views under gunicorn (WSGI, as ``make serve``
serves the pages) and under uvicorn (ASGI, as it serves the event streams), each one
process, the server's whole CPU per request from ``/proc`` (docs/deploying.md, "Event
streams", says what was chosen and why). Figures printed, never asserted.

    .venv/bin/python -m benchmarks.serving --requests 3000
"""

from __future__ import annotations

import argparse
import http.client
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.gunicorn_server import (
    HOST,
    ROOT,
    Server,
    cpu_seconds,
    free_port,
    production_environment,
)
from benchmarks.load_quiz.machine import load_average

PATHS = ("/bare/",)  # the smallest view, through the whole middleware


def cpu_per_request(port: int, pids: list[int], path: str, count: int) -> float:
    """ms of the servers' CPU per GET of ``path``, ``count`` in a row on one connection."""
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    for _ in range(50):  # warm up
        connection.request("GET", path)
        connection.getresponse().read()
    before = sum(cpu_seconds(pid) for pid in pids)
    for _ in range(count):
        connection.request("GET", path)
        reply = connection.getresponse()
        reply.read()
        assert reply.status == 200, (path, reply.status)
    connection.close()
    return (sum(cpu_seconds(pid) for pid in pids) - before) * 1000 / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=3000)
    options = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="serving-"))
    environment = production_environment(tmp, DJANGO_SETTINGS_MODULE="benchmarks.bench_settings")
    gunicorn = Server(environment, free_port(), tmp / "gunicorn.log", arguments=("-w", "1"))
    port = free_port()
    uvicorn = subprocess.Popen(
        [
            *(sys.executable, "-m", "uvicorn", "benchmarks.bench_asgi:application"),
            *("--host", HOST, "--port", str(port), "--lifespan", "off", "--no-access-log"),
        ],
        cwd=ROOT,
        env=environment,
        stderr=subprocess.DEVNULL,
    )
    print(f"load average before: {load_average()}")
    try:
        gunicorn.start()
        time.sleep(2)  # uvicorn's start
        for path in PATHS:
            wsgi = cpu_per_request(gunicorn.port, gunicorn.workers(), path, options.requests)
            asgi = cpu_per_request(port, [uvicorn.pid], path, options.requests)
            print(f"{path:<12} gunicorn {wsgi:.2f} ms, uvicorn {asgi:.2f} ms ({asgi / wsgi:.2f}x)")
    finally:
        gunicorn.stop()
        uvicorn.terminate()
        uvicorn.wait(10)
    print(f"load average after: {load_average()}")


if __name__ == "__main__":
    main()
