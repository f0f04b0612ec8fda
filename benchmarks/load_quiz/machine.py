"""Where the machine's CPU went during a phase: every core's busy time (``/proc/stat``) split
into the app servers' workers, this process (the simulated clients), Redis, PostgreSQL
(its processes on this machine, found by name), and the rest (the gunicorn masters, other
jobs). On a 2-core machine that also runs the clients and the database, the clients' share
says how much of the servers' time they took."""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.gunicorn_server import cpu_seconds

Source = Callable[[], float | None]  # CPU seconds so far of one part, None if unknown


def machine() -> str:
    """The CPUs (their model from ``/proc/cpuinfo``), the system and the Python."""
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{os.cpu_count()} CPUs ({model or platform.processor() or 'unknown'}), "
        f"{platform.system()} {platform.release()}, "
        f"{platform.python_implementation()} {platform.python_version()}"
    )


def load_average() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def busy_seconds() -> float:
    """CPU seconds every core has spent busy since boot (all but idle and I/O wait)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    # guest time is already counted in user and nice
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def named_cpu(prefix: str) -> float:
    """CPU seconds of the processes whose command name starts with ``prefix`` now (one
    that started and ended within the phase is missed)."""
    spent = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "comm").read_text().startswith(prefix):
                spent += cpu_seconds(int(entry.name))
        except (OSError, IndexError, ValueError):
            continue
    return spent


def pid_cpu(pid: int | None) -> float | None:
    if pid is None:
        return None
    try:
        return cpu_seconds(pid)
    except (OSError, IndexError, ValueError):
        return None


class Meter:
    """CPU in cores (seconds per second) of each named part between :meth:`start` and
    :meth:`stop`; ``machine`` is every core together, ``rest`` what no part explains."""

    def __init__(self, parts: dict[str, Source]) -> None:
        self.parts = {
            "machine": busy_seconds,
            "clients": time.process_time,
            "postgres": lambda: named_cpu("postgres"),
            **parts,
        }
        self.before: dict[str, float | None] = {}
        self.started = 0.0

    def start(self) -> None:
        self.before = {name: read() for name, read in self.parts.items()}
        self.started = time.monotonic()

    def stop(self) -> dict[str, float]:
        """Cores used per part (parts whose figure is unknown are left out), and ``rest``."""
        seconds = max(1e-9, time.monotonic() - self.started)
        cores: dict[str, float] = {}
        for name, read in self.parts.items():
            before, after = self.before.get(name), read()
            if before is not None and after is not None:
                cores[name] = (after - before) / seconds
        if "machine" in cores:
            explained = sum(v for k, v in cores.items() if k != "machine")
            cores["rest"] = max(0.0, cores["machine"] - explained)
        return cores


def describe(cores: dict[str, float], of: int | None = None) -> str:
    """One line: each part's share of the machine (``of`` cores), in cores.

    >>> describe({"machine": 1.5, "workers": 1.0, "clients": 0.25, "rest": 0.25}, 2)
    'machine 1.50 cores busy of 2: workers 1.00, clients 0.25, rest 0.25'
    """
    parts = ", ".join(f"{name} {value:.2f}" for name, value in cores.items() if name != "machine")
    total = cores.get("machine", 0.0)
    return f"machine {total:.2f} cores busy of {of or os.cpu_count()}: {parts}"
