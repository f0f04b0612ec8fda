"""Instructions per request for each kind, counted by Valgrind's callgrind: a measure that
other jobs on the machine do not move.

    .venv/bin/python -m benchmarks.load_quiz.inprocess --instructions            # 60 a kind
    .venv/bin/python -m benchmarks.load_quiz.inprocess --instructions --count 100

The benchmark starts itself again under ``valgrind --tool=callgrind --instr-atstart=no
--collect-atstart=no`` (the setup runs uninstrumented, so faster), and drives callgrind from
inside through its client requests (``valgrind/callgrind.h``), from a small library that
this module compiles with ``gcc`` into a temporary directory and loads with ``ctypes``:
for each kind, a few warm requests, then the counters zeroed, collection switched on for
``count`` requests, off again, and the counters dumped under the kind's name. A batch of
no requests, dumped the same way, is the switching's own cost and is taken off every
kind (about 4,000 instructions). ``callgrind_control`` (``-i on``, ``-d``) from a
subprocess was tried first: it reaches the process through ``vgdb`` whenever the process
is next polled, and an empty batch counted 0.6 million, then -0.1 million instructions.

Each kind's figure is Ir (instructions executed) per request, and its ratio to the bare
view's counted in the same run. ``student`` is a live student's request on average,
weighted as ``cpu_report`` weighs them: by how many of each kind a class sends
(``STUDENT_MIX``). The counts do not depend on the load; they depend on the code, the
Python build, and little else (``PYTHONHASHSEED`` is fixed; the CSRF tokens and the
cyclic garbage collector's timing vary, which is why a kind is the mean of many requests;
the one cache kept by the clock is made to last the run: ``count_kinds``).
"""

from __future__ import annotations

import ctypes
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from benchmarks.load_quiz.inprocess import Quiz, Reply

# Set in the child run under valgrind: the client-request library's path.
SHIM_ENV = "INSTRUCTIONS_SHIM"

SHIM_SOURCE = """
#include <valgrind/callgrind.h>
void start_instrumentation(void) { CALLGRIND_START_INSTRUMENTATION; }
void toggle_collect(void) { CALLGRIND_TOGGLE_COLLECT; }
void zero(void) { CALLGRIND_ZERO_STATS; }
void dump(const char *label) { CALLGRIND_DUMP_STATS_AT(label); }
"""

# A live student's requests as the load test counts them (cpu_report.STUDENT_KINDS), in
# the share one class sends: the kinds' request counts in `python -m benchmarks.load_quiz
# --students 400` (5 questions) on this code, 2 Dec 2026 15:33 UTC (load average 8.7 before,
# so a slow run: 87 s; a quiet one sends fewer "nothing new" polls a student). The load
# test's "play" is the lobby's page; here it is the open question's.
STUDENT_MIX = {
    "join": 400,  # join GET
    "join-post": 432,  # join POST (some repeated after a client timeout)
    "play": 400,
    "state204": 8_883,
    "state200": 4_400,
    "state286": 0,
    "answer": 2_404,  # retries and doubles included
}

DUMP_RE = re.compile(r"^desc: Trigger: Client Request: (\S+)$", re.MULTILINE)
SUMMARY_RE = re.compile(r"^summary: (\d+)$", re.MULTILINE)


def main(argv: list[str], count: int) -> None:
    """Run the benchmark again under callgrind and print what it counted."""
    tmp = Path(tempfile.mkdtemp(prefix="instructions-"))
    command = [sys.executable, "-m", "benchmarks.load_quiz.inprocess", *argv]
    subprocess.run(under_callgrind(tmp, command), env=environment(tmp), check=True)
    print_table(read_dumps(tmp), count)
    print(f"  (callgrind's dumps, one a kind, for callgrind_annotate: {tmp})")


def environment(directory: Path) -> dict[str, str]:
    """The child's environment: the client-request library, compiled into ``directory``."""
    shim = directory / "callgrind_shim.so"
    (directory / "shim.c").write_text(SHIM_SOURCE)
    gcc = ["gcc", "-O2", "-shared", "-fPIC", "-o", shim, directory / "shim.c"]
    subprocess.run(gcc, check=True)
    return {**os.environ, SHIM_ENV: str(shim), "PYTHONHASHSEED": "0"}


def under_callgrind(directory: Path, command: list[str]) -> list[str]:
    """``command`` run by callgrind, nothing counted until the process asks, the dumps
    written into ``directory``."""
    return [
        "valgrind",
        "--tool=callgrind",
        "--quiet",
        "--instr-atstart=no",
        "--collect-atstart=no",
        f"--callgrind-out-file={directory}/callgrind.out.%p",
        *command,
    ]


def read_dumps(directory: Path) -> dict[str, int]:
    """Each dump's label and the instructions it counted."""
    counted = {}
    paths = directory.glob("callgrind.out.*.*")  # callgrind.out.<pid>.<dump's number>
    for path in sorted(paths, key=lambda path: int(path.suffix[1:])):
        text = path.read_text()
        label, summary = DUMP_RE.search(text), SUMMARY_RE.search(text)
        if label and summary:
            counted[label.group(1)] = int(summary.group(1))
    return counted


def per_request(counted: dict[str, int], count: int) -> dict[str, float]:
    """Instructions per request for each kind, the switching's cost (``none``) taken off.

    >>> per_request({"none": 100, "bare": 1100, "answer": 5100}, 10)
    {'bare': 100.0, 'answer': 500.0}
    """
    empty = counted.get("none", 0)
    return {kind: (n - empty) / count for kind, n in counted.items() if kind != "none"}


def student_average(figures: dict[str, float], mix: dict[str, int] = STUDENT_MIX) -> float:
    """A student's request on average: each kind weighted by its share of the class's.

    >>> student_average({"answer": 300.0, "play": 100.0}, {"answer": 1, "play": 3})
    150.0
    """
    total = sum(mix.values())
    return sum(figures[kind] * n for kind, n in mix.items() if n) / total


def print_table(counted: dict[str, int], count: int) -> None:
    figures = per_request(counted, count)
    bare = figures["bare"]
    print(f"CPU: {cpu_model()}; callgrind, instructions per request (mean of {count}):")
    for kind, instructions in figures.items():
        print(f"  {kind:<10}{instructions:>12,.0f}  {instructions / bare:>5.2f} x bare")
    average = student_average(figures)
    print(
        f"  {'student':<10}{average:>12,.0f}  {average / bare:>5.2f} x bare"
        "  (a live student's request, weighted as the load test's mix)"
    )


def cpu_model() -> str:
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown"


def count_kinds(quiz: Quiz, count: int, warm: int = 5, drill: bool = False) -> None:
    """Inside valgrind: each kind's ``count`` requests counted and dumped under its name
    (``none``: an empty batch; ``bare-again``: the bare view once more, last); with
    ``drill``, the drill page and the drill's htmx answer too."""
    from tutor.quizzes import poll

    # The one cache on these paths that expires by the clock: a session's version, kept a
    # second. Under callgrind's slowdown (about 50x) it would expire every few polls, and
    # how often would depend on the machine's load; kept a minute here, a poll costs what
    # it does live, where a process reads the version once among a second's ~100 polls.
    poll.STATE_SECONDS = 60.0
    shim = ctypes.CDLL(os.environ[SHIM_ENV])
    shim.start_instrumentation()
    # The drill page is left out unless asked for (the page bench times it): a third of the run.
    kinds = {kind: send for kind, send in quiz.kinds().items() if drill or kind != "drill"}
    batches: list[tuple[str, Callable[[], Reply], int]] = [("none", kinds["bare"][0], 200)]
    batches += [(kind, send, status) for kind, (send, status) in kinds.items()]
    batches += [
        ("answer", quiz.answers(), 200),
        ("join-post", quiz.joins(warm + count), 302),
        *([("drill-ans", quiz.drill_answers(warm + count), 200)] if drill else []),
        ("bare-again", kinds["bare"][0], 200),
    ]
    for kind, send, status in batches:
        n = 0 if kind == "none" else count
        for _ in range(warm if n else 0):
            assert send()[0] == status, kind
        statuses = []
        shim.zero()
        shim.toggle_collect()
        for _ in range(n):
            statuses.append(send()[0])
        shim.toggle_collect()
        shim.dump(kind.encode())
        assert statuses == [status] * n, f"{kind}: {set(statuses)}"
