"""A short real run of the memory benchmark (``benchmarks/memory.py``), so that the script
cannot rot: its own gunicorn worker and SQLite file, 200 requests of the mix, and the
figures it reports. Only that it reports them is asserted; whether memory stays within
10 % is a figure of the full run (benchmarks/README.md), never an assertion."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_memory_benchmark_reports_the_workers_memory_before_and_after(tmp_path: Path) -> None:
    output = tmp_path / "memory.json"
    environment = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    result = subprocess.run(
        [
            *(sys.executable, "-m", "benchmarks.memory"),
            *("--requests", "200", "--baseline", "100", "--every", "50"),
            *("--json", str(output)),
        ],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    log = result.stdout + result.stderr
    assert result.returncode == 0, log
    assert "RSS after 100: " in result.stdout and "growth" in result.stdout, log
    figures = json.loads(output.read_text())
    assert figures["requests"] == 200
    assert [n for n, _kib, _cpu in figures["samples"]] == [50, 100, 150, 200]
    assert figures["baseline_kib"] > 0 and figures["final_kib"] > 0
    assert figures["server_errors"] == 0
