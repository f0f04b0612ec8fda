"""The figures of a run: summarized into one dict (printed, and written by ``--json``), the
verdict's failures, and the printed report."""

from __future__ import annotations

import argparse
import math
import os
from collections import Counter
from typing import Any

from benchmarks.load_quiz.bench import BenchResult
from benchmarks.load_quiz.browser import Run, Sample
from benchmarks.load_quiz.check import Check
from benchmarks.load_quiz.client import Student, Teacher
from benchmarks.load_quiz.cpu_report import print_cpu
from benchmarks.load_quiz.faults import Fault
from benchmarks.load_quiz.machine import describe, machine
from benchmarks.load_quiz.pages import EXPECTED

STUDENT_KINDS = ("join", "play", "final", "state", "answer")
# stream: an SSE stream opened; bare: the bare view asked among the students (--paced-bare)
QUIZ_KINDS = (*STUDENT_KINDS, "login", "teacher", "stream", "bare")
P99_GOAL_MS = 100  # the students' requests, live
HOMEWORK_P99_GOAL_MS = 300  # the students' requests, homework (issue 27)
RATIO_GOAL = 0.5  # drill page / bare view, in requests per second
FAULT_NAMES = {
    "reload": "graceful reload (SIGHUP to the master)",
    "restart": "hard kill (SIGKILL to master and workers) and a new start",
    "master": "SIGKILL to the master alone and a new start 1 s later (systemd's RestartSec)",
}
MASTER_GOAL_S = 5  # serving again after the master alone is killed


# -- the machine ----------------------------------------------------------------------------
def server_shape(options: argparse.Namespace) -> str:
    """``2 servers x 3 workers x 2 threads``; one server is not counted. The defaults are
    gunicorn.conf.py's."""
    workers = options.workers or int(os.environ.get("WEB_CONCURRENCY") or (os.cpu_count() or 1) + 1)
    threads = options.threads or int(os.environ.get("GUNICORN_THREADS") or 2)
    servers = getattr(options, "servers", 1)
    return f"{f'{servers} servers x ' if servers > 1 else ''}{workers} workers x {threads} threads"


# -- the figures ----------------------------------------------------------------------------
def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile; NaN without values.

    >>> percentile([4.0, 1.0, 3.0, 2.0], 0.5), percentile([4.0, 1.0, 3.0, 2.0], 0.99)
    (2.0, 4.0)
    """
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1))]


def latency(values: list[float], errors: int = 0, no_reply: int = 0) -> dict[str, float]:
    return {
        "requests": len(values),
        "errors": errors,
        "no_reply": no_reply,
        "p50": percentile(values, 0.50),
        "p95": percentile(values, 0.95),
        "p99": percentile(values, 0.99),
        "max": max(values) if values else math.nan,
    }


def summarize(
    options: argparse.Namespace,
    run: Run,
    students: list[Student],
    teacher: Teacher,
    elapsed: float,
    faults: list[Fault],
    check: Check,
) -> dict[str, Any]:
    """Every figure of the quiz phase, and the failures of its verdict."""
    samples = run.samples()
    errors = Counter(x.kind for x in samples if x.status not in EXPECTED.get(x.kind, {x.status}))
    failures = quiz_failures(run, students, teacher, faults, check, sum(errors.values()))
    return {
        "ok": not failures,
        "failures": failures,
        "setup": setup_figures(options),
        "quiz": quiz_figures(run, students, samples, errors, elapsed),
        "check": {
            "answered_rows": check.answered_rows,
            "acknowledged": check.acknowledged,
            "timed_out": check.timed_out,
            "confirmed": check.confirmed,
            "stored_unconfirmed": check.stored_unconfirmed,
            "missing": check.missing,
            "double_acknowledgements": check.double_acks,
            "problems": check.problems,
        },
        "faults": [
            {
                **vars(fault),
                "no_reply": sum(
                    fault.started <= at <= fault.started + fault.seconds + 5 for at in run.lost_at
                ),
            }
            for fault in faults
        ],
        "lost_place": run.lost_place,
        "stages_heard": run.stages_heard,
        "verdicts_heard": run.verdicts_heard,
        "finals_heard": run.finals_heard,
    }


def quiz_failures(
    run: Run,
    students: list[Student],
    teacher: Teacher,
    faults: list[Fault],
    check: Check,
    errors: int,
) -> list[str]:
    """Why the quiz phase failed, if it did (``errors``: replies with an unexpected status)."""
    failures: list[str] = []
    if not check.matches:
        failures.append("the database does not match the acknowledged answers")
    if check.missing:
        failures.append(f"{check.missing} (student, question) pairs never answered")
    broken = [s for s in students if s.failure]
    if broken:
        reasons = Counter(s.failure.split(":")[0] for s in broken)
        failures.append(
            f"{len(broken)} students gave up ({dict(reasons)}), e.g. "
            f"{broken[0].nickname}: {broken[0].failure}"
        )
    if not all(s.finished for s in students):
        failures.append(f"{sum(not s.finished for s in students)} students did not see the end")
    if teacher.failure:
        failures.append(f"the teacher failed: {teacher.failure}")
    if teacher.skipped:
        failures.append(
            f"questions closed before all had answered: {[i + 1 for i in teacher.skipped]}"
        )
    if run.stop_reason:
        failures.append(f"stopped early: {run.stop_reason}")
    if run.lost_place:
        failures.append(f"{run.lost_place} students lost their place")
    if errors:
        failures.append(f"{errors} replies with an unexpected status")
    failures.extend(f"the {f.what} fault did not happen" for f in faults if not f.done)
    failures.extend(
        "the killed master's workers were still running 60 s later"
        for f in faults
        if f.what == "master" and f.done and f.orphans_s is None
    )
    return failures


def setup_figures(options: argparse.Namespace) -> dict[str, Any]:
    return {
        "students": options.students,
        "questions": options.questions,
        "mode": options.mode,
        "time_limit_s": options.time_limit,
        "late_share": options.late_share if options.mode == "homework" else 0,
        "server": server_shape(options),
        "think_s": [options.think_min, options.think_max],
        "poll_s": options.poll,
        "sse_spread_s": getattr(options, "sse_spread", None),
        "ramp_s": options.ramp,
        "retry_share": options.retry_share,
        "double_share": options.double_share,
        "seed": options.seed,
        "machine": machine(),
    }


def quiz_figures(
    run: Run, students: list[Student], samples: list[Sample], errors: Counter[str], elapsed: float
) -> dict[str, Any]:
    """Requests, CPU, and latency per kind of request and before / after the end."""
    no_reply: Counter[str] = Counter()
    for (kind, _), count in run.unanswered.items():
        no_reply[kind] += count
    kinds = {
        kind: latency([x.ms for x in samples if x.kind == kind], errors[kind], no_reply[kind])
        for kind in QUIZ_KINDS
    }
    mine = [x for x in samples if x.kind in STUDENT_KINDS]
    slowest = sorted(mine, key=lambda x: x.ms)[-max(1, len(mine) // 100) :]
    ending = run.ending_at or math.inf
    replies = Counter(o for s in students for a in s.answers.values() for _, o in a)
    return {
        "requests": len(samples),
        "seconds": elapsed,
        "rate": len(samples) / elapsed if elapsed else 0.0,
        "client_cpu_share": run.client_cpu / elapsed if elapsed else None,
        "cores": run.cores,
        "server_cpu_share": run.server_cpu / elapsed if elapsed and run.server_cpu else None,
        "server_cpu_ms": 1000 * run.server_cpu / len(samples)
        if samples and run.server_cpu
        else None,
        "kinds": kinds,
        "students": latency([x.ms for x in mine]),
        "students_before_end": latency([x.ms for x in mine if x.at < ending]),
        "students_after_end": latency([x.ms for x in mine if x.at >= ending]),
        "slowest_1_percent": dict(Counter(x.kind for x in slowest).most_common()),
        "statuses": dict(sorted(Counter(x.status for x in samples).items())),
        "no_reply": {f"{k} {e}": n for (k, e), n in sorted(run.unanswered.items())},
        "answer_modes": dict(sum((s.modes for s in students), Counter())),
        "per_server": dict(
            Counter(str(s.browser.port) for s in students for _ in s.browser.samples)
        ),
        "answer_replies": dict(sorted(replies.items())),
    }


def bench_summary(drill: BenchResult, bare: BenchResult) -> dict[str, Any]:
    def one(result: BenchResult) -> dict[str, Any]:
        return {
            "path": result.path,
            "rate": result.rate,
            **latency(result.latencies, result.errors),
            "server_cpu_ms": 1000 * result.server_cpu / result.requests
            if result.server_cpu is not None and result.requests
            else None,
            "client_cpu_share": result.client_cpu / result.seconds if result.seconds else None,
        }

    return {
        "drill": one(drill),
        "bare": one(bare),
        "ratio": drill.rate / bare.rate if bare.rate else math.nan,
    }


# -- the printed report ---------------------------------------------------------------------
HEADER = (
    f"  {'kind':<9}{'requests':>9}{'errors':>7}{'no reply':>9}"
    f"{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>10}"
)


def row(name: str, figures: dict[str, Any], extra: str = "") -> str:
    return (
        f"  {name:<9}{figures['requests']:>9}{figures['errors']:>7}{figures['no_reply']:>9}"
        f"{figures['p50']:>9.1f}{figures['p95']:>9.1f}{figures['p99']:>9.1f}{figures['max']:>10.1f}"
        f"{extra}"
    )


def met(done: bool) -> str:
    return "met" if done else "missed"


def print_report(results: dict[str, Any]) -> None:
    print_setup(results)
    print_quiz(results["quiz"])
    print_check(results["check"])
    if results["faults"]:
        print_faults(results)
    quiz, goals = results["quiz"], results["goals"]
    print(
        f"\nGoal p99 < {goals['p99_goal_ms']:g} ms for the students' requests:"
        f" {goals['p99_ms']:.1f} ms ({met(goals['p99_met'])}); until the teacher ended the quiz:"
        f" {quiz['students_before_end']['p99']:.1f} ms"
    )
    print_bench(results)
    print_cpu(results)
    print_result(results["ok"])
    for failure in results["failures"]:
        print(f"  - {failure}")


def print_setup(results: dict[str, Any]) -> None:
    setup = results["setup"]
    kind = "Homework" if setup["mode"] == "homework" else "Live quiz"
    limit = f", {setup['time_limit_s']} s a question" if setup["time_limit_s"] else ""
    print(f"\n{kind}: {setup['students']} students, {setup['questions']} questions{limit}")
    print(f"  machine:  {setup['machine']}; load average {results['load']}")
    print(f"  database: {results['database']}")
    print(
        f"  server:   gunicorn ({setup['server']}), production settings; clients: one event"
        f" loop in one process; think {setup['think_s'][0]:g}-{setup['think_s'][1]:g} s, poll every"
        f" {setup['poll_s']:g} s, joins over {setup['ramp_s']:g} s, seed {setup['seed']}"
    )


def print_quiz(quiz: dict[str, Any]) -> None:
    print(
        f"\n{quiz['requests']} requests in {quiz['seconds']:.1f} s = {quiz['rate']:.0f} req/s"
        " (the students' pace sets this, not the server's limit)"
    )
    if quiz["server_cpu_share"] is not None:
        print(
            f"  CPU: workers {100 * quiz['server_cpu_share']:.0f} % of a core"
            f" ({quiz['server_cpu_ms']:.2f} ms per request), these clients"
            f" {100 * quiz['client_cpu_share']:.0f} %"
        )
    else:
        print(f"  CPU: these clients {100 * quiz['client_cpu_share']:.0f} % of a core")
    if quiz.get("cores"):
        print(f"  cores: {describe(quiz['cores'])}")
    print(HEADER)
    for kind, figures in quiz["kinds"].items():
        if figures["requests"] or figures["no_reply"]:
            print(row(kind, figures))
    print(row("students", quiz["students"]) + "   all of join, play, final, state, answer")
    print(row(" ..before", quiz["students_before_end"]) + "   those done before the teacher ended")
    print(row(" ..after", quiz["students_after_end"]) + "   those done after")
    print(f"  slowest 1 % of the students' requests: {quiz['slowest_1_percent']}")
    print(
        f"  statuses: {quiz['statuses']}; students' requests by server port: {quiz['per_server']}"
    )
    print(f"  no reply (repeated unless timed out): {quiz['no_reply'] or 0}")
    print(
        f"  answers and joins sent, by kind: {quiz['answer_modes']};"
        f" answer replies: {quiz['answer_replies']}"
    )


def print_check(check: dict[str, Any]) -> None:
    print("\nDatabase against what the students were told:")
    print(
        f"  {check['answered_rows']} answered rows = {check['acknowledged']} acknowledged"
        f" ('received') + {check['confirmed']} whose reply was lost but a repeat got"
        " 'already answered'"
        f" + {check['stored_unconfirmed']} whose reply was lost and never repeated"
    )
    print(
        f"  pairs never answered: {check['missing']}; answers acknowledged twice:"
        f" {check['double_acknowledgements']}; mismatches: {len(check['problems'])}"
    )
    if check["timed_out"]:
        print(f"  answered only after the time limit (refused, none stored): {check['timed_out']}")
    for problem in check["problems"]:
        print(f"    ! {problem}")


def print_faults(results: dict[str, Any]) -> None:
    print("\nFaults:")
    for fault in results["faults"]:
        if fault["done"]:
            print(
                f"  {FAULT_NAMES[fault['what']]} during question {fault['question'] + 1}, when"
                f" {fault['answered']} of {fault['joined']} had answered: serving again"
                f" after {fault['seconds']:.2f} s; requests without a reply meanwhile (each"
                f" repeated): {fault['no_reply']}"
            )
            if fault["what"] == "master":
                gone, met = fault["orphans_s"], fault["seconds"] <= MASTER_GOAL_S
                exited = "never" if gone is None else f"after {gone:.2f} s"
                print(f"    old workers exited {exited}; serving within {MASTER_GOAL_S} s: {met}")
        else:
            print(f"  {FAULT_NAMES[fault['what']]}: did not happen")
    print(f"  students sent back to the join page: {results['lost_place']}")
    check = results["check"]
    held = not check["problems"] and not check["missing"] and not results["lost_place"]
    orphans = any(f["what"] == "master" and f["orphans_s"] is None for f in results["faults"])
    all_done = all(f["done"] for f in results["faults"]) and not orphans
    print(f"  fault test: {'OK' if held and all_done else 'FAILED'}")


def print_bench(results: dict[str, Any]) -> None:
    bench = results.get("bench")
    if not bench:
        return
    print(
        f"\nPage bench: {results['bench_clients']} keep-alive clients back to back,"
        f" {results['bench_seconds']:g} s each in {results.get('bench_rounds', 1)} turns,"
        f" load average {results['bench_load']}"
    )
    print(HEADER + "    req/s  server CPU/req  client CPU")
    for kind in ("drill", "bare"):
        figures = bench[kind]
        cpu = figures["server_cpu_ms"]
        print(
            row(kind, {**figures, "no_reply": 0})
            + f"{figures['rate']:>9.0f}"
            + (f"{cpu:>13.2f} ms" if cpu is not None else f"{'-':>16}")
            + f"{100 * figures['client_cpu_share']:>10.0f} %"
        )
    print(f"  drill page: {bench['drill']['path']}")
    print(
        f"  drill / bare = {bench['drill']['rate']:.0f} / {bench['bare']['rate']:.0f} req/s"
        f" = {100 * bench['ratio']:.1f} % (goal {100 * RATIO_GOAL:.0f} %:"
        f" {met(bench['ratio'] >= RATIO_GOAL)})"
    )


def print_result(ok: bool) -> None:
    print(f"\nResult: {'OK' if ok else 'FAILED'}")
