"""A short real run of the load and fault test (the package ``benchmarks/load_quiz/``), so
that the script cannot rot: its own gunicorn on a free loopback port and a temporary SQLite
file, five students, two questions, every answer either dropped and retried or sent twice, a
graceful reload, a hard kill of the server and a kill of its master alone mid-quiz, and a
one-second page bench. Beside it, gunicorn's workers outliving a master killed alone. Beside
it, fast checks of the package's pure parts: its doctests, and the verdict on one (student,
question) against its stored row.

Only correctness is asserted here; the figures it prints are not (a timing belongs in a
benchmark, never in an assertion).
"""

from __future__ import annotations

import doctest
import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from benchmarks.gunicorn_server import (
    HOST,
    Server,
    alive,
    free_port,
    prepare_site,
    production_environment,
)
from benchmarks.load_quiz import check, cpu_report, faults, instructions, pages, report
from benchmarks.load_quiz.check import Check, Stored, check_answer

ROOT = Path(__file__).resolve().parents[2]
BIND_FAILURES = ("Connection in use", "Can't connect to", "Address family not supported")
STUDENTS, QUESTIONS = 5, 2


@pytest.mark.slow
def test_load_quiz_smoke_run_keeps_every_acknowledged_answer_through_restarts(
    tmp_path: Path,
) -> None:
    environment = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    output = tmp_path / "results.json"
    command = [
        *(sys.executable, "-m", "benchmarks.load_quiz"),
        *("--students", str(STUDENTS), "--questions", str(QUESTIONS), "--fault"),
        *("--think-min", "0.05", "--think-max", "0.3", "--poll", "0.3", "--ramp", "0.5"),
        *("--retry-share", "0.5", "--double-share", "0.5", "--seed", "1"),
        *("--workers", "2", "--bench-clients", "4", "--bench-seconds", "1"),
        *("--bench-warmup", "0.2", "--timeout", "120", "--json", str(output)),
    ]
    result = subprocess.run(
        command,
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    log = result.stdout + result.stderr
    if result.returncode == 2 and any(failure in log for failure in BIND_FAILURES):
        pytest.skip(f"gunicorn cannot bind a loopback port here:\n{log}")
    assert result.returncode == 0, log
    results = json.loads(output.read_text())
    check = results["check"]
    assert check["problems"] == []
    assert check["missing"] == 0
    assert check["answered_rows"] == STUDENTS * QUESTIONS
    assert check["acknowledged"] + check["confirmed"] == STUDENTS * QUESTIONS
    assert check["double_acknowledgements"] == 0
    modes = results["quiz"]["answer_modes"]
    assert modes.get("retry", 0) >= 1 and modes.get("double", 0) >= 1
    assert [(f["what"], f["done"]) for f in results["faults"]] == [
        ("reload", True),
        ("restart", True),
        ("master", True),
    ]
    assert results["faults"][2]["orphans_s"] is not None  # the old workers exited
    assert results["lost_place"] == 0
    assert results["bench"]["drill"]["requests"] > 0
    assert results["bench"]["bare"]["requests"] > 0
    assert "drill / bare" in result.stdout
    assert "fault test: OK" in result.stdout


@pytest.mark.slow
def test_gunicorn_workers_exit_when_their_master_alone_is_killed(tmp_path: Path) -> None:
    """SIGKILL to the master alone, while a client is half-way through sending a request:
    a new server started a second later on the same port serves (the old workers no longer
    hold the port while they finish), and the old workers exit."""
    environment = production_environment(
        tmp_path, DJANGO_SETTINGS_MODULE="benchmarks.bench_settings"
    )
    prepare_site(environment, static=False)
    server = Server(
        environment, free_port(), tmp_path / "gunicorn.log", arguments=("--workers", "2")
    )
    try:
        server.start()
        with socket.create_connection((HOST, server.port)) as slow:
            slow.sendall(b"GET /bare/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and no more
            server.kill_master_and_restart()
            assert server.orphans_exited() is not None, server.tail()
        assert alive(server.orphans) == []
        assert len(server.workers()) == 2
    finally:
        server.stop()


@pytest.mark.parametrize(
    "module", [check, cpu_report, faults, instructions, pages, report], ids=lambda m: m.__name__
)
def test_load_quiz_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


def test_check_answer_acknowledged_answer_must_be_the_one_stored() -> None:
    verdict = Check()
    row = Stored(answered=True, answer={"winner": "p2"}, attempts=1)
    check_answer(verdict, "s, question 1", [({"winner": ["p1"]}, pages.STORED)], row, True)
    assert verdict.acknowledged == 1
    assert verdict.problems == [
        "s, question 1: stored {'winner': ['p2']}, but {'winner': ['p1']} was acknowledged"
    ]


def test_check_answer_lost_reply_confirmed_by_already_answered() -> None:
    verdict = Check(answered_rows=1)
    sent = [({"winner": ["p1"]}, pages.UNKNOWN), ({"winner": ["p1"]}, pages.ALREADY)]
    row = Stored(answered=True, answer={"winner": ["p1"]}, attempts=1)
    check_answer(verdict, "s, question 1", sent, row, True)
    assert (verdict.confirmed, verdict.missing, verdict.problems) == (1, 0, [])
    assert verdict.matches


def test_check_answer_stored_answer_nobody_sent_is_a_problem() -> None:
    verdict = Check(answered_rows=1)
    row = Stored(answered=True, answer={"winner": ["p1"]}, attempts=1)
    check_answer(verdict, "s, question 1", [], row, True)
    assert verdict.missing == 1
    assert not verdict.matches
    assert verdict.problems == ["s, question 1: stored {'winner': ['p1']} without any post of it"]


def test_answer_outcome_reads_the_status_region() -> None:
    refused = '<div class="quiz-status"><p class="error">{}</p></div>'
    assert pages.answer_outcome(refused.format(pages.ALREADY_ANSWERED + ".")) == pages.ALREADY
    assert pages.answer_outcome(refused.format(pages.NOT_CURRENT + ".")) == pages.CLOSED
    assert pages.answer_outcome(refused.format("Pick one.")) == "refused"
    assert pages.answer_outcome(f"<p>{pages.RECEIVED}</p>") == pages.STORED
    assert pages.answer_outcome("<p>Question 2</p>") == "unexpected"


@pytest.mark.slow
def test_load_quiz_homework_run_refuses_late_answers_and_keeps_the_rest(
    tmp_path: Path,
) -> None:
    """Homework with a time limit: answers sent after it are refused and never stored;
    every answer acknowledged in time is stored exactly once."""
    environment = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    output = tmp_path / "results.json"
    command = [
        *(sys.executable, "-m", "benchmarks.load_quiz", "--mode", "homework"),
        *("--students", str(STUDENTS), "--questions", str(QUESTIONS), "--time-limit", "2"),
        *("--late-share", "0.4", "--think-min", "0.05", "--think-max", "0.3", "--ramp", "0.5"),
        *("--retry-share", "0.3", "--double-share", "0.3", "--seed", "3", "--workers", "2"),
        *("--no-bench", "--timeout", "120", "--json", str(output)),
    ]
    result = subprocess.run(
        command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300, check=False
    )
    log = result.stdout + result.stderr
    if result.returncode == 2 and any(failure in log for failure in BIND_FAILURES):
        pytest.skip(f"gunicorn cannot bind a loopback port here:\n{log}")
    assert result.returncode == 0, log
    results = json.loads(output.read_text())
    check = results["check"]
    assert check["problems"] == [] and check["missing"] == 0
    late = results["quiz"]["answer_modes"].get("late", 0)
    assert late >= 1 and check["timed_out"] == late
    assert check["acknowledged"] + check["confirmed"] == STUDENTS * QUESTIONS - late
    assert check["answered_rows"] == STUDENTS * QUESTIONS - late
    assert "Homework: 5 students, 2 questions, 2 s a question" in result.stdout
    # The bare view asked among the students, on their server: without a bench, the
    # baseline of the CPU table.
    assert results["cpu"]["quiz"]["bare"]["requests"] >= 1
    assert results["quiz"]["kinds"]["bare"]["requests"] >= 1
    assert "against the bare view among the students:" in result.stdout
    assert "Goal p99 < 300 ms" in result.stdout  # homework's goal, not the live one


@pytest.mark.skipif(
    not (shutil.which("valgrind") and shutil.which("gcc")), reason="needs valgrind and gcc"
)
def test_instructions_counts_each_batch_apart(tmp_path: Path) -> None:
    """The client requests of ``instructions``: each dump holds its own batch alone, the
    same work counts the same twice, and ten times the work about ten times as much."""
    script = (
        "import ctypes, os\n"
        f"shim = ctypes.CDLL(os.environ[{instructions.SHIM_ENV!r}])\n"
        "shim.start_instrumentation()\n"
        "for label, n in (('none', 0), ('a', 2000), ('b', 2000), ('c', 20000)):\n"
        "    shim.zero(); shim.toggle_collect()\n"
        "    sum(i * 3 for i in range(n))\n"
        "    shim.toggle_collect(); shim.dump(label.encode())\n"
    )
    command = instructions.under_callgrind(tmp_path, [sys.executable, "-c", script])
    subprocess.run(command, env=instructions.environment(tmp_path), check=True)
    counted = instructions.per_request(instructions.read_dumps(tmp_path), 1)
    assert list(counted) == ["a", "b", "c"]
    assert abs(counted["a"] - counted["b"]) < counted["a"] / 100
    assert 8 < counted["c"] / counted["a"] < 12


def test_the_bench_slices_of_one_page_add_up() -> None:
    """The drill page and the bare view take turns (``bench_pages``): one page's slices are
    added up into one result, its window from the first slice's start to the last's end,
    and a slice whose workers' CPU is unknown leaves the whole unknown."""
    from benchmarks.load_quiz.bench import BenchResult, merged

    def piece(start: float, requests: int, cpu: float | None) -> BenchResult:
        return BenchResult(
            "drill", "/d", requests, 1, 2.5, [1.0] * requests, 0.5, cpu, (start, start + 2.5)
        )

    both = merged([piece(0.0, 10, 0.2), piece(5.0, 30, 0.4)])
    assert (both.requests, both.errors, both.seconds, both.client_cpu) == (40, 2, 5.0, 1.0)
    assert both.server_cpu == pytest.approx(0.6) and both.window == (0.0, 7.5)
    assert both.rate == 8.0 and len(both.latencies) == 40
    assert merged([piece(0.0, 10, 0.2), piece(5.0, 30, None)]).server_cpu is None
