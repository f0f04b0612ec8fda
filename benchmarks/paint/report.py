"""The figures of a run: medians per page and language, the table printed, and the same as
JSON for ``--json``. The goals are reported, never enforced (a timing belongs in a
benchmark, never in an assertion)."""

from __future__ import annotations

import dataclasses
import statistics
import subprocess
from typing import Any

from benchmarks.paint.measure import RoundTrip, Visit

FCP_GOAL_MS = 1500.0
ROUND_TRIP_GOAL_MS = 300.0


def cpu_model() -> str:
    """The CPU's model name as ``lscpu`` prints it (``unknown`` without lscpu)."""
    try:
        output = subprocess.run(
            ["lscpu"], capture_output=True, text=True, timeout=10, check=False
        ).stdout
    except OSError:
        return "unknown"
    for line in output.splitlines():
        if line.startswith("Model name:"):
            return line.split(":", 1)[1].strip()
    return "unknown"


def median(values: list[float | None]) -> float | None:
    """The median of the values that exist; None without any.

    >>> median([3.0, None, 1.0, 2.0]), median([None])
    (2.0, None)
    """
    present = [value for value in values if value is not None]
    return statistics.median(present) if present else None


def run_figures(first: Visit, repeat: Visit, answer: RoundTrip | None) -> dict[str, Any]:
    return {
        "first": dataclasses.asdict(first),
        "repeat": dataclasses.asdict(repeat),
        "round_trip_ms": None if answer is None else answer.total_ms,
        "request_ms": None if answer is None else answer.request_ms,
        "wait_ms": None if answer is None else answer.wait_ms,
    }


def page_summary(name: str, lang: str, runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One page in one language: its runs and their medians."""

    def of(visit: str, key: str) -> float | None:
        return median([run[visit][key] for run in runs])

    return {
        "page": name,
        "lang": lang,
        "runs": runs,
        "fcp_first_ms": of("first", "fcp_ms"),
        "fcp_repeat_ms": of("repeat", "fcp_ms"),
        "bytes_first": of("first", "transferred"),
        "bytes_repeat": of("repeat", "transferred"),
        "html_bytes": of("first", "html"),
        "html_sent_bytes": of("first", "html_sent"),
        "fetched_first": of("first", "fetched"),
        "wait_first_ms": of("first", "wait_ms"),
        "html_first_ms": of("first", "html_ms"),
        "wait_repeat_ms": of("repeat", "wait_ms"),
        "round_trip_ms": median([run["round_trip_ms"] for run in runs]),
        "request_ms": median([run["request_ms"] for run in runs]),
        "wait_ms": median([run["wait_ms"] for run in runs]),
    }


def misses(pages: list[dict[str, Any]]) -> list[str]:
    """What misses a goal, one line each."""
    found: list[str] = []
    for page in pages:
        where = f"{page['page']} ({page['lang']})"
        for key in ("fcp_first_ms", "fcp_repeat_ms"):
            value = page[key]
            if value is None or value >= FCP_GOAL_MS:
                found.append(f"{where}: {key} {_ms(value)} (goal < {FCP_GOAL_MS:g} ms)")
        trip = page["round_trip_ms"]
        if page["runs"][0]["round_trip_ms"] is not None and (
            trip is None or trip >= ROUND_TRIP_GOAL_MS
        ):
            found.append(f"{where}: round trip {_ms(trip)} (goal < {ROUND_TRIP_GOAL_MS:g} ms)")
    return found


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def _kb(value: float | None) -> str:
    return "-" if value is None else f"{value / 1024:,.1f}"


def print_header(setup: dict[str, Any]) -> None:
    print("Speed a learner feels (python -m benchmarks.paint)")
    for key in ("machine", "cpu", "chromium", "server", "profile", "viewport", "runs"):
        print(f"  {key + ':':10} {setup[key]}")
    print(f"  {'load:':10} {setup['load_before']} (1, 5, 15 min) before")


def print_table(pages: list[dict[str, Any]]) -> None:
    """The medians: FCP of a first and a repeat visit, kB over the network for each, the
    HTML's size as sent (compressed or not) and the answer's round trip."""
    head = ["page", "lang", "FCP 1st", "FCP again", "kB 1st", "kB again", "HTML kB", "answer"]
    head += ["(request", "wait)"]
    line = "{:<28} {:<4} {:>8} {:>9} {:>7} {:>8} {:>8} {:>7} {:>8} {:>5}"
    print()
    print(line.format(*head))
    for page in pages:
        print(
            line.format(
                page["page"][:28],
                page["lang"],
                _ms(page["fcp_first_ms"]),
                _ms(page["fcp_repeat_ms"]),
                _kb(page["bytes_first"]),
                _kb(page["bytes_repeat"]),
                _kb(page["html_sent_bytes"]),
                _ms(page["round_trip_ms"]),
                _ms(page["request_ms"]),
                _ms(page["wait_ms"]),
            )
        )
    print("(ms, medians; kB = 1,024 bytes; answer = click to feedback painted, of which the")
    print(" request took (first byte sent to last read), and waited for the first byte)")


def print_goals(pages: list[dict[str, Any]], load_after: str) -> list[str]:
    missed = misses(pages)
    print()
    print(f"load after: {load_after}")
    worst_fcp = max((p["fcp_first_ms"] or 0 for p in pages), default=0)
    trips = [p["round_trip_ms"] for p in pages if p["round_trip_ms"] is not None]
    print(f"slowest first contentful paint: {_ms(worst_fcp)} ms (goal < {FCP_GOAL_MS:g})")
    if trips:
        print(f"slowest answer round trip: {_ms(max(trips))} ms (goal < {ROUND_TRIP_GOAL_MS:g})")
    if missed:
        print(f"{len(missed)} figures miss their goal:")
        for miss in missed:
            print(f"  {miss}")
    else:
        print("every figure meets its goal")
    return missed
