"""``--updates both``: the quiz with polling students against the same quiz with students on
event streams, on the same servers in the same run, every CPU figure in bare views (the
whole workers' CPU per bare-view request in this run's bench, from ``/proc``, the measure
that also fits the event streams' uvicorn)."""

from __future__ import annotations

from typing import Any

from benchmarks.load_quiz.report import print_check, print_quiz


def phase_figures(results: dict[str, Any], bare_ms: float | None) -> dict[str, Any]:
    """One quiz's figures for the comparison; CPU in cores, and in bare views a second.

    >>> quiz = {"students": {"requests": 100, "p50": 1.0, "p95": 2.0, "p99": 3.0},
    ...         "kinds": {"state": {"p99": 4.0}}, "seconds": 50.0,
    ...         "cores": {"workers": 0.5, "streams": 0.1, "clients": 0.2, "machine": 1.0}}
    >>> figures = phase_figures({"quiz": quiz, "setup": {"students": 10, "questions": 3}}, 1.0)
    >>> figures["server_cores"], round(figures["bare_views_per_s"]), figures["requests_per_min"]
    (0.6, 600, 12.0)
    >>> figures["server_seconds"], figures["bare_views_per_answer"]
    (30.0, 1000.0)
    """
    quiz, students = results["quiz"], results["setup"]["students"]
    answers = max(1, students * results["setup"]["questions"])
    cores = quiz.get("cores", {})
    server = cores.get("workers", 0.0) + cores.get("streams", 0.0)
    minutes = quiz["seconds"] / 60 or 1.0
    return {
        "requests": quiz["students"]["requests"],
        "stages_heard": results.get("stages_heard", 0),
        "verdicts_heard": results.get("verdicts_heard", 0),
        "finals_heard": results.get("finals_heard", 0),
        "requests_per_min": quiz["students"]["requests"] / students / minutes,
        "p50": quiz["students"]["p50"],
        "p95": quiz["students"]["p95"],
        "p99": quiz["students"]["p99"],
        "state_p99": quiz["kinds"]["state"]["p99"],
        "seconds": quiz["seconds"],
        "workers_cores": cores.get("workers"),
        "streams_cores": cores.get("streams"),
        "server_cores": server,
        "bare_views_per_s": server * 1000 / bare_ms if bare_ms else None,
        "server_seconds": server * quiz["seconds"],
        "bare_views_per_answer": server * quiz["seconds"] * 1000 / bare_ms / answers
        if bare_ms
        else None,
        "clients_cores": cores.get("clients"),
        "machine_cores": cores.get("machine"),
    }


ROWS = (
    ("students' requests", "requests", "{:,.0f}"),
    ("new stages sent in an event", "stages_heard", "{:,.0f}"),
    ("verdicts sent in an event", "verdicts_heard", "{:,.0f}"),
    ("end screens sent in an event", "finals_heard", "{:,.0f}"),
    ("  a student's, per minute", "requests_per_min", "{:.1f}"),
    ("  p50 ms", "p50", "{:.1f}"),
    ("  p95 ms", "p95", "{:.1f}"),
    ("  p99 ms", "p99", "{:.1f}"),
    ("  the new stage (state) p99 ms", "state_p99", "{:.1f}"),
    ("quiz seconds", "seconds", "{:.1f}"),
    ("gunicorn workers, cores", "workers_cores", "{:.2f}"),
    ("event streams (uvicorn), cores", "streams_cores", "{:.2f}"),
    ("the servers together, cores", "server_cores", "{:.2f}"),
    ("  = bare views a second", "bare_views_per_s", "{:,.0f}"),
    ("the servers' CPU in all, s", "server_seconds", "{:,.1f}"),
    ("  per student and question, bare views", "bare_views_per_answer", "{:,.1f}"),
    ("these clients, cores", "clients_cores", "{:.2f}"),
    ("machine busy, cores", "machine_cores", "{:.2f}"),
)


def cell(value: Any, form: str) -> str:
    return "-" if value is None else form.format(value)


def print_comparison(results: dict[str, Any]) -> None:
    """The second quiz's figures and check, then both quizzes side by side."""
    sse = results["sse"]
    print("\nThe same quiz again, the students on event streams instead of polling:")
    print_quiz(sse["quiz"])
    print_check(sse["check"])
    bench = results.get("bench")
    bare_ms = bench["bare"]["server_cpu_ms"] if bench else None
    poll, streams = phase_figures(results, bare_ms), phase_figures(sse, bare_ms)
    results["comparison"] = {"bare_ms": bare_ms, "poll": poll, "sse": streams}
    unit = f"a bare view = {bare_ms:.2f} ms of a worker's CPU" if bare_ms else "no bench"
    spread = results["setup"]["sse_spread_s"]
    print(
        f"\nPoll against event streams, same servers, same run ({unit}; polls every"
        f" {results['setup']['poll_s']:g} s, streams pass a change on within {spread:g} s):"
    )
    print(f"  {'':<34}{'poll':>12}{'sse':>12}{'sse / poll':>12}")
    for label, key, form in ROWS:
        a, b = poll[key], streams[key]
        ratio = f"{b / a:.2f}" if a and b is not None else "-"
        print(f"  {label:<34}{cell(a, form):>12}{cell(b, form):>12}{ratio:>12}")
    print(
        f"  students' p99 goal {results['goals']['p99_goal_ms']:g} ms: poll"
        f" {'met' if results['goals']['p99_met'] else 'missed'}, sse"
        f" {'met' if sse['goals']['p99_met'] else 'missed'}"
    )
