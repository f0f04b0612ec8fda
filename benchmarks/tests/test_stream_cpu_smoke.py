"""A tiny real run of ``benchmarks/load_quiz/stream_cpu.py`` (one uvicorn on a free loopback
port, a temporary SQLite file, ten students on event streams, one question), so that the
benchmark cannot rot: every stream hears every event, then the end, and the figures are
printed. Only that is asserted, never a figure."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_stream_cpu_prints_each_kind_of_event_for_a_tiny_class() -> None:
    environment = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    command = [
        *(sys.executable, "-m", "benchmarks.load_quiz.stream_cpu", "--students", "10"),
        *("--questions", "1", "--bare", "20", "--idle", "0.2"),
    ]
    result = subprocess.run(
        command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300, check=False
    )
    log = result.stdout + result.stderr
    assert result.returncode == 0, log
    for kind in ("bare ", "bare-asgi", "open ", "idle ", "stage ", "verdict ", "final "):
        assert f"\n{kind}" in log, log
    assert "streams in all:" in log, log
