"""gunicorn as `make serve` runs it, on a free loopback port, for the load test and the
serving tests: the environment of production settings, ``manage.py`` in that environment,
and a server that can be started, reloaded, killed and stopped."""

from __future__ import annotations

import http.client
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
ORPHAN_WAIT = 60.0  # seconds a killed master's workers are given to exit
# Variables of the calling environment that would change what the server does.
CLEARED = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "REDIS_URL",
    "STATIC_ROOT",
    "TUTOR_STATIC_MANIFEST",
    "SECURE_SSL_REDIRECT",
    "SECURE_PROXY_SSL_HEADER",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "GUNICORN_CMD_ARGS",
    "GUNICORN_BIND",
    "DJANGO_SETTINGS_MODULE",
    "WEB_CONCURRENCY",
    "GUNICORN_THREADS",
)


def production_environment(tmp: Path, **overrides: str) -> dict[str, str]:
    """The caller's environment without anything that would change what the server does,
    plus production settings on plain-HTTP loopback, a fresh SECRET_KEY, STATIC_ROOT and
    (unless given) a SQLite file in ``tmp``."""
    environment = {k: v for k, v in os.environ.items() if k not in CLEARED}
    environment.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS=HOST,
        SECURE_SSL_REDIRECT="0",  # plain HTTP on loopback, as `make serve`
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        STATIC_ROOT=str(tmp / "static"),
        DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
    )
    environment.update(overrides)
    return environment


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def python(environment: dict[str, str], what: str, *args: str) -> str:
    """``python args`` in ``environment`` from the project's folder; its standard output.
    RuntimeError naming ``what`` failed, with the output, on failure."""
    result = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"{what} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


def manage(environment: dict[str, str], *args: str) -> str:
    """``manage.py args`` in ``environment``; its standard output. RuntimeError on failure."""
    return python(environment, f"manage.py {' '.join(args)}", "manage.py", *args)


def prepare_here(*, static: bool = True) -> None:
    """What a new site needs before it serves, in this process (Django set up in the site's
    environment): ``migrate``, ``createcachetable`` and, with ``static``, ``collectstatic``."""
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    call_command("createcachetable", verbosity=0)
    if static:
        call_command("collectstatic", interactive=False, verbosity=0)


#: :func:`prepare_here` in a new process: three ``manage.py`` runs would set Django up three
#: times (2 s of CPU each on a 2-core Xeon, of about 11 s in all).
PREPARE = """
import os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
import django
django.setup()
from benchmarks.gunicorn_server import prepare_here
prepare_here(static=sys.argv[1:] == ["static"])
"""


def prepare_site(environment: dict[str, str], *, static: bool = True) -> None:
    """``migrate``, ``createcachetable`` and (with ``static``) ``collectstatic`` in
    ``environment``, as ``manage.py`` would run them, in one Python process.
    RuntimeError on failure."""
    python(environment, "preparing the site", "-c", PREPARE, *(["static"] if static else []))


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def alive(pids: list[int]) -> list[int]:
    """Those of ``pids`` still running (a zombie, exited but not yet reaped, is not)."""
    running = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if state not in ("Z", "X"):
            running.append(pid)
    return running


def wait_gone(pids: list[int], deadline: float) -> float | None:
    """``time.monotonic()`` when none of ``pids`` runs any more, or ``None`` at ``deadline``."""
    while alive(pids):
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.02)
    return time.monotonic()


class Server:
    """gunicorn with the project's gunicorn.conf.py on one loopback port, in a process group
    of its own (so that a hard kill takes the master and every worker at once)."""

    def __init__(
        self,
        environment: dict[str, str],
        port: int,
        log: Path,
        *,
        ready_path: str = "/bare/",
        arguments: tuple[str, ...] = (),
    ) -> None:
        self.environment = environment
        self.port = port
        self.log = log
        self.ready_path = ready_path  # answers 200 once a worker serves requests
        self.arguments = arguments  # more gunicorn flags, e.g. ("--workers", "1")
        self.process: subprocess.Popen[bytes] | None = None
        self.orphans: list[int] = []  # workers of a master killed alone
        self.orphans_gone: float | None = None
        self.watch: threading.Thread | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self, timeout: float = 60.0) -> None:
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(
                [
                    *(sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py"),
                    *("--bind", f"{HOST}:{self.port}"),
                    *self.arguments,
                ],
                cwd=ROOT,
                env=self.environment,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.wait_ready(timeout)

    def wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"gunicorn exited with {self.process.returncode}:\n{self.tail()}"
                )
            connection = http.client.HTTPConnection(HOST, self.port, timeout=5)
            try:
                connection.request("GET", self.ready_path)
                if connection.getresponse().status == 200:
                    return
            except (OSError, http.client.HTTPException):
                pass
            finally:
                connection.close()
            time.sleep(0.05)
        raise RuntimeError(f"gunicorn did not answer within {timeout} s:\n{self.tail()}")

    def workers(self) -> list[int]:
        try:
            children = Path(f"/proc/{self.pid}/task/{self.pid}/children").read_text()
        except OSError:
            return []
        return [int(pid) for pid in children.split()]

    def worker_cpu(self) -> float | None:
        try:
            return sum(cpu_seconds(pid) for pid in self.workers())
        except (OSError, IndexError, ValueError):
            return None

    def wait_idle(self, timeout: float = 300.0, busy: float = 0.1) -> float:
        """Wait until the workers use less than ``busy`` of a core: requests whose clients
        gave up are still being served, and would slow whatever is measured next."""
        started = time.monotonic()
        before = self.worker_cpu()
        while before is not None and time.monotonic() - started < timeout:
            time.sleep(0.5)
            after = self.worker_cpu()
            if after is None or after - before < busy * 0.5:
                break
            before = after
        return time.monotonic() - started

    def reload(self, timeout: float = 60.0) -> float:
        """SIGHUP, then wait until every old worker has exited and as many new ones run."""
        old = set(self.workers())
        started = time.monotonic()
        os.kill(self.pid, signal.SIGHUP)
        while time.monotonic() - started < timeout:
            now = set(self.workers())
            if old and not (now & old) and len(now) >= len(old):
                break
            time.sleep(0.05)
        else:
            raise RuntimeError(f"the workers were not replaced within {timeout} s:\n{self.tail()}")
        self.wait_ready(timeout)
        return time.monotonic() - started

    def kill_and_restart(self) -> float:
        """SIGKILL to the master and every worker, then a fresh start on the same port."""
        started = time.monotonic()
        os.killpg(self.pid, signal.SIGKILL)
        assert self.process is not None
        self.process.wait(timeout=30)
        self.start()
        return time.monotonic() - started

    def kill_master_and_restart(self, restart_sec: float = 1.0) -> float:
        """SIGKILL to the master alone, as an out-of-memory kill or a crash would send; then,
        ``restart_sec`` later, a new server on the same port, as a systemd unit with
        ``Restart=always`` and ``RestartSec=1`` starts one (docs/deploying.md). The seconds
        until it serves; :meth:`orphans_exited` says when the old workers had exited."""
        self.orphans = self.workers()
        started = time.monotonic()
        self.watch = threading.Thread(target=self._watch_orphans, args=(started,), daemon=True)
        os.kill(self.pid, signal.SIGKILL)
        self.watch.start()
        assert self.process is not None
        self.process.wait(timeout=30)
        time.sleep(max(0.0, started + restart_sec - time.monotonic()))
        self.start()
        return time.monotonic() - started

    def _watch_orphans(self, started: float) -> None:
        gone = wait_gone(self.orphans, started + ORPHAN_WAIT)
        self.orphans_gone = None if gone is None else gone - started

    def orphans_exited(self) -> float | None:
        """Seconds from the master's kill until its old workers had all exited; ``None``
        if one still ran ``ORPHAN_WAIT`` seconds after it."""
        if self.watch is not None:
            self.watch.join()
        return self.orphans_gone

    def stop(self) -> None:
        for pid in alive(self.orphans):  # old workers that outlived their master
            os.kill(pid, signal.SIGKILL)
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)  # graceful: workers finish, then exit
        try:
            self.process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            os.killpg(self.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""
