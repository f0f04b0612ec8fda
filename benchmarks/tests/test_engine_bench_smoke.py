"""The engine's benchmark (``python -m tutor.engine bench``, docs/engine.md), run small: it
prints a figure for each evaluator beside its baseline."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_subcommand_prints_figures() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tutor.engine",
            "bench",
            "-n",
            "2000",
            "--no-rtp",
            "--bot-hands",
            "0",
            # The equity table run small: pokerkit's samples and the enumerations cut
            # after a quarter second and extrapolated (30 s of a smoke run otherwise).
            "--equity-samples",
            "300",
            "--equity-budget",
            "1",
        ],
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stderr.decode()
    out = result.stdout.decode()
    assert "fast.strength" in out and "holdem.evaluate" in out
    assert "naive: fast.strength per hand per board" in out and "extrapolated from" in out
    assert "pokerkit calculate_equities, 300 samples" in out
