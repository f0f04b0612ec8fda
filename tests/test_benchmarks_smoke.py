"""A short real run of the load and fault test (``benchmarks/load_quiz.py``), so that the
script cannot rot: its own gunicorn on a free loopback port and a temporary SQLite file,
five students, two questions, every answer either dropped and retried or sent twice, a
graceful reload and a hard kill of the server mid-quiz, and a one-second page bench.

Only correctness is asserted here; the figures it prints are not (a timing belongs in a
benchmark, never in an assertion).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
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
    ]
    assert results["lost_place"] == 0
    assert results["bench"]["drill"]["requests"] > 0
    assert results["bench"]["bare"]["requests"] > 0
    assert "drill / bare" in result.stdout
    assert "fault test: OK" in result.stdout
