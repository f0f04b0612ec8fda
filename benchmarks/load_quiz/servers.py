"""What the clients of a run talk to: one gunicorn, or ``--servers N`` of them on N loopback
ports standing in for N app servers behind a load balancer (one environment: the same
``SECRET_KEY``, database and, with ``--redis``, the same Redis); beside each, for the event
streams (``--updates sse``), a uvicorn; and the throwaway Redis.

Each student sticks to one server, picked round-robin by their number, as a balancer with
sticky sessions would; the teacher, the faults and everything that needs one server use the
first."""

from __future__ import annotations

import http.client
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from benchmarks.gunicorn_server import HOST, ROOT, Server, cpu_seconds, free_port
from benchmarks.load_quiz import cpu


class Servers:
    """``count`` gunicorn servers sharing ``environment``, each with its own port and log."""

    def __init__(
        self, environment: dict[str, str], count: int, tmp: Path, streams: bool = False
    ) -> None:
        self.environment = environment
        self.all = [
            Server(environment, free_port(), tmp / f"gunicorn-{number}.log")
            for number in range(1, count + 1)
        ]
        # The event streams' servers, one beside each app server (--updates sse or both).
        self.streams = (
            [StreamServer(environment, tmp / f"uvicorn-{n}.log") for n in range(1, count + 1)]
            if streams
            else []
        )
        self.redis: RedisServer | None = None  # the run's own Redis (--redis), if any

    @property
    def first(self) -> Server:
        """The teacher's server, the one the faults hit."""
        return self.all[0]

    @property
    def ports(self) -> list[int]:
        return [server.port for server in self.all]

    def port_for(self, number: int) -> int:
        """The port of client ``number`` (from 1): round-robin, each client sticking to one.

        >>> servers = Servers.__new__(Servers)
        >>> servers.all = [Server({}, 8001, Path("a")), Server({}, 8002, Path("b"))]
        >>> [servers.port_for(n) for n in range(1, 6)]
        [8001, 8002, 8001, 8002, 8001]
        """
        return self.all[(number - 1) % len(self.all)].port

    def stream_port_for(self, number: int) -> int | None:
        """The port of the event stream beside client ``number``'s app server, if any."""
        return self.streams[(number - 1) % len(self.streams)].port if self.streams else None

    def start(self) -> None:
        """Start every server at once (each loads Django and the engine's tables), and
        wait until all of them serve; the first error is raised."""
        errors: list[BaseException] = []

        def start(server: Server | StreamServer) -> None:
            try:
                server.start()
            except (RuntimeError, OSError, subprocess.SubprocessError) as error:
                errors.append(error)

        starting = [threading.Thread(target=start, args=(s,)) for s in [*self.all, *self.streams]]
        for thread in starting:
            thread.start()
        for thread in starting:
            thread.join()
        if errors:
            raise errors[0]

    def stop(self) -> None:
        for server in [*self.all, *self.streams]:
            server.stop()

    def stream_cpu(self) -> float | None:
        """The CPU seconds of the event streams' servers together, None without any."""
        spent = [server.cpu() for server in self.streams]
        if not spent or any(s is None for s in spent):
            return None
        return sum(s for s in spent if s is not None)

    def workers(self) -> list[int]:
        return [pid for server in self.all for pid in server.workers()]

    def worker_cpu(self) -> float | None:
        """The CPU seconds of every server's workers together; None if one is unknown."""
        spent = [server.worker_cpu() for server in self.all]
        return None if any(s is None for s in spent) else sum(s for s in spent if s is not None)

    def wait_idle(self) -> float:
        return sum(server.wait_idle() for server in self.all)

    def redis_cpu(self) -> float | None:
        """The CPU seconds of the run's own Redis, None without one."""
        pid = None if self.redis is None else self.redis.pid()
        return None if pid is None else cpu_seconds(pid)

    def tail(self, lines: int = 15) -> str:
        return "\n".join(f"{server.log}:\n{server.tail(lines)}" for server in self.all)


class RedisServer:
    """A Redis of the run's own (``--redis``): a free loopback port, nothing written to disk,
    stopped with the run."""

    def __init__(self, tmp: Path) -> None:
        self.port = free_port()
        self.directory = tmp
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://{HOST}:{self.port}/0"

    def start(self, timeout: float = 20.0) -> None:
        log = (self.directory / "redis.log").open("ab")
        with log:
            self.process = subprocess.Popen(
                [
                    *("redis-server", "--port", str(self.port), "--bind", HOST),
                    *("--save", "", "--appendonly", "no", "--dir", str(self.directory)),
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + timeout
        while not self.answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start (see redis.log)")
            time.sleep(0.05)

    def answers(self) -> bool:
        """Whether it answers PING (plain RESP, no client library needed)."""
        try:
            with socket.create_connection((HOST, self.port), timeout=1) as connection:
                connection.sendall(b"PING\r\n")
                return connection.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


class StreamServer:
    """uvicorn, one process, serving ``benchmarks.bench_asgi`` (the event streams) on a free
    loopback port, with the app servers' environment (the CPU log left out: an async
    server's requests share one thread, so their thread CPU time means nothing)."""

    def __init__(self, environment: dict[str, str], log: Path) -> None:
        self.environment = {k: v for k, v in environment.items() if k != cpu.ENVIRONMENT}
        self.port = free_port()
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None
        self.python = [sys.executable]  # or under cProfile (benchmarks/load_quiz/stream_cpu.py)

    def start(self, timeout: float = 60.0) -> None:
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(
                [
                    *(*self.python, "-m", "uvicorn", "benchmarks.bench_asgi:application"),
                    *("--host", HOST, "--port", str(self.port), "--http", "h11"),
                    *("--lifespan", "off", "--no-access-log", "--log-level", "warning"),
                    *("--backlog", "4096", "--timeout-graceful-shutdown", "5"),
                ],
                cwd=ROOT,
                env=self.environment,
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + timeout
        while not self.answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"uvicorn did not start:\n{self.log.read_text()[-2000:]}")
            time.sleep(0.1)

    def answers(self) -> bool:
        connection = http.client.HTTPConnection(HOST, self.port, timeout=5)
        try:
            connection.request("GET", "/bare/")
            return connection.getresponse().status == 200
        except (OSError, http.client.HTTPException):
            return False
        finally:
            connection.close()

    def cpu(self) -> float | None:
        if self.process is None:
            return None
        try:
            return cpu_seconds(self.process.pid)
        except (OSError, IndexError, ValueError):
            return None

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
