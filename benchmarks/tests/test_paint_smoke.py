"""A short real run of the slow-phone paint benchmark (``benchmarks/paint/``), so that the
script cannot rot: its own gunicorn, two pages (one with an answer), one run, no throttling.
Only that the figures exist and are sane is asserted, never how fast (a timing belongs in a
benchmark, never in an assertion). Beside it, the doctests of its pure parts."""

from __future__ import annotations

import doctest
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from benchmarks.paint import report, throttle

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("TUTOR_CHROMIUM", "/usr/bin/chromium")
BIND_FAILURES = ("Connection in use", "Can't connect to", "Address family not supported")


@pytest.mark.browser
@pytest.mark.slow
def test_paint_smoke_run_prints_figures_for_each_page(tmp_path: Path) -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    environment = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    output = tmp_path / "paint.json"
    command = [
        *(sys.executable, "-m", "benchmarks.paint", "--pages", "home,holdem-showdown-question"),
        *("--languages", "en", "--runs", "1", "--cpu", "1", "--network", "none"),
        *("--workers", "1", "--timeout", "240", "--json", str(output)),
    ]
    result = subprocess.run(
        command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=400, check=False
    )
    log = result.stdout + result.stderr
    if any(failure in log for failure in BIND_FAILURES):
        pytest.skip(f"gunicorn cannot bind a loopback port here:\n{log}")
    assert result.returncode == 0, log
    results = json.loads(output.read_text())
    assert [(p["page"], p["lang"]) for p in results["pages"]] == [
        ("home", "en"),
        ("holdem-showdown-question", "en"),
    ]
    for page in results["pages"]:
        run = page["runs"][0]
        assert run["first"]["fcp_ms"] > 0 and run["repeat"]["fcp_ms"] > 0
        assert run["first"]["html"] > 1000  # a whole page, not an error message
        # The repeat visit takes the stylesheets and scripts from the cache.
        assert run["repeat"]["fetched"] < run["first"]["fetched"]
        assert run["repeat"]["transferred"] < run["first"]["transferred"]
    home, drill = results["pages"]
    assert home["round_trip_ms"] is None
    assert drill["round_trip_ms"] > 0
    assert drill["request_ms"] is not None and drill["request_ms"] <= drill["round_trip_ms"]
    assert results["setup"]["chromium"].startswith("Chromium ")
    assert "FCP 1st" in result.stdout and "holdem-showdown-question" in result.stdout


@pytest.mark.parametrize("module", [report, throttle], ids=lambda m: m.__name__)
def test_paint_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


def test_paint_misses_name_each_figure_over_its_goal() -> None:
    def page(fcp: float, trip: float | None) -> dict[str, object]:
        return {
            "page": "p",
            "lang": "en",
            "fcp_first_ms": fcp,
            "fcp_repeat_ms": fcp / 2,
            "round_trip_ms": trip,
            "runs": [{"round_trip_ms": trip}],
        }

    goal = report.FCP_GOAL_MS
    assert report.misses([page(goal - 1, None)]) == []
    missed = report.misses([page(goal + 1, report.ROUND_TRIP_GOAL_MS + 1)])
    assert [line.split(":")[1].split()[0] for line in missed] == ["fcp_first_ms", "round"]
