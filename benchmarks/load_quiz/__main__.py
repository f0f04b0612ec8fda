"""The command line, ``python -m benchmarks.load_quiz``, and the order of the phases: prepare,
start the server and warm it up, then either the page bench alone (``--bench-only``) or the
quiz (with its faults), the page bench, the database check and the report."""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.gunicorn_server import HOST
from benchmarks.load_quiz import cpu
from benchmarks.load_quiz.bench import bench_pages, bench_poll, warm_up
from benchmarks.load_quiz.browser import Run
from benchmarks.load_quiz.check import check_database
from benchmarks.load_quiz.client import Student, Teacher
from benchmarks.load_quiz.compare import print_comparison
from benchmarks.load_quiz.cpu_report import Record, cpu_summary, print_cpu, read
from benchmarks.load_quiz.faults import Fault, plan_faults
from benchmarks.load_quiz.machine import load_average
from benchmarks.load_quiz.prepare import (
    QuizSetup,
    create_quiz,
    prepare_database,
    server_environment,
)
from benchmarks.load_quiz.report import (
    HOMEWORK_P99_GOAL_MS,
    P99_GOAL_MS,
    RATIO_GOAL,
    bench_summary,
    print_bench,
    print_report,
    print_result,
    summarize,
)
from benchmarks.load_quiz.scenario import run_quiz
from benchmarks.load_quiz.servers import RedisServer, Servers


def parse_options(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.load_quiz",
        description="Drive a live quiz (a teacher and N students) against gunicorn on "
        "loopback, check the database against the acknowledged answers, and compare a "
        "drill page with a bare Django view.",
    )
    add = parser.add_argument
    add("--students", type=int, default=400, help="simulated students (default 400)")
    add("--questions", type=int, default=5, help="questions in the quiz (default 5)")
    add("--mode", choices=("live", "homework"), default="live", help="live (default) or homework")
    add("--time-limit", type=int, default=None, help="s per question (homework default: 10)")
    add("--late-share", type=float, default=0.05, help="homework answers sent too late (0.05)")
    add("--think-min", type=float, default=0.5, help="shortest think time, s (default 0.5)")
    add("--think-max", type=float, default=4.0, help="longest think time, s (default 4)")
    add("--poll", type=float, default=2.0, help="state poll interval, s, as the page (2)")
    add("--ramp", type=float, default=5.0, help="students join over this many s (default 5)")
    add("--reveal-pause", type=float, default=None, help="s in reveal (default: poll + 0.5)")
    add("--retry-share", type=float, default=0.1, help="answers dropped and retried (0.1)")
    add("--double-share", type=float, default=0.1, help="answers sent twice at once (0.1)")
    add("--fault", action="store_true", help="SIGHUP, kill + restart, kill the master alone")
    add("--question-timeout", type=float, default=90.0, help="s the teacher waits per question")
    add("--timeout", type=float, default=900.0, help="global time limit, s (default 900)")
    add("--max-requests", type=int, default=None, help="request budget of the quiz phase")
    add("--request-timeout", type=float, default=120.0, help="s to wait for a reply (120)")
    add("--servers", type=int, default=1, help="app servers (gunicorns) on loopback ports (1)")
    add("--redis", action="store_true", help="start a Redis of the run's own (REDIS_URL)")
    add("--redis-url", default="", help="use this Redis (REDIS_URL) instead of none")
    add(
        "--updates",
        choices=("poll", "sse", "both"),
        default="poll",
        help="how students hear"
        " of the teacher's moves: poll (the page's), sse (event streams), both (one quiz each)",
    )
    add(
        "--sse-spread",
        type=float,
        default=None,
        help="s over which a stream passes a change on (default: --poll, the poll's spread)",
    )
    add("--p99-goal", type=float, default=None, help="students' p99 goal, ms (100; homework 300)")
    add("--workers", type=int, default=None, help="gunicorn workers (default: production's)")
    add("--threads", type=int, default=None, help="threads per worker (default: production's)")
    add("--paced-bare", type=float, default=20.0, help="bare views/s among the students (20)")
    add("--bench-clients", type=int, default=16, help="keep-alive clients of the page bench")
    add("--bench-seconds", type=float, default=10.0, help="s per endpoint (default 10)")
    add("--bench-rounds", type=int, default=4, help="turns the two pages take (default 4)")
    add("--bench-warmup", type=float, default=1.0, help="s of warm-up per page (default 1)")
    add("--drill", default="holdem-showdown", help="the drill page to bench (holdem-showdown)")
    add("--no-bench", action="store_true", help="skip the drill page / bare view bench")
    add("--bench-only", action="store_true", help="only the drill page / bare view bench")
    add("--database-url", default=os.environ.get("DATABASE_URL", ""), help="default: a temp SQLite")
    add("--seed", type=int, default=None, help="random seed of the clients' choices")
    add("--json", type=Path, default=None, help="also write the results to this file")
    add("--keep", action="store_true", help="keep the temporary directory (log, SQLite)")
    options = parser.parse_args(argv)
    check_options(parser, options)
    return options


def check_options(parser: argparse.ArgumentParser, options: argparse.Namespace) -> None:
    """Refuse inconsistent options; fill in the defaults that depend on others."""
    if options.students < 1 or options.questions < 1 or options.servers < 1:
        parser.error("--students, --questions and --servers must be at least 1")
    if options.redis and options.redis_url:
        parser.error("--redis starts a Redis; --redis-url names one: not both")
    if not 0 <= options.think_min <= options.think_max:
        parser.error("--think-min must be between 0 and --think-max")
    if options.bench_only and (options.no_bench or options.fault):
        parser.error("--bench-only cannot go with --no-bench or --fault")
    if not 0 <= options.paced_bare <= 200:
        parser.error("--paced-bare must be between 0 and 200 a second")
    if options.retry_share + options.double_share > 1:
        parser.error("--retry-share and --double-share add up to more than 1")
    if options.mode == "homework" and (options.fault or options.updates != "poll"):
        parser.error("--fault and --updates play out in a live quiz only")
    if options.fault and options.updates != "poll":
        parser.error("--fault goes with --updates poll only")
    if options.mode == "homework" and options.time_limit is None:
        options.time_limit = 10
    if options.p99_goal is None:
        options.p99_goal = HOMEWORK_P99_GOAL_MS if options.mode == "homework" else P99_GOAL_MS
    if options.time_limit is not None and options.time_limit <= options.think_max:
        parser.error("--time-limit must be longer than --think-max")
    if options.sse_spread is None:
        options.sse_spread = options.poll
    if options.reveal_pause is None:
        options.reveal_pause = options.poll + 0.5
    if options.max_requests is None:
        # Enough for every student to poll until the global time limit, plus a dozen
        # requests per question (page, answers, repeats), and the paced bare views: only a
        # runaway client hits it.
        options.max_requests = int(
            options.students * (options.timeout / options.poll + 12 * options.questions + 20)
            + options.paced_bare * options.servers * options.timeout
        )
    if options.seed is None:
        options.seed = secrets.randbelow(2**32)


def start(
    options: argparse.Namespace, environment: dict[str, str], servers: Servers, tmp: Path
) -> tuple[str, QuizSetup]:
    """Redis if asked for, the database, the quiz and warm servers; what the database is
    (and the Redis), and the quiz."""
    if options.redis:
        servers.redis = RedisServer(tmp)
        servers.redis.start()
        environment["REDIS_URL"] = servers.redis.url
    elif options.redis_url:
        environment["REDIS_URL"] = options.redis_url
    print(f"Preparing the database and static files in {tmp} ...", flush=True)
    database = prepare_database(environment)
    if environment.get("REDIS_URL"):
        database += f", Redis at {environment['REDIS_URL']}"
    setup = create_quiz(
        options.questions, random.Random(options.seed), options.mode, options.time_limit
    )
    ports = ", ".join(str(port) for port in servers.ports)
    print(f"Starting gunicorn on {HOST}:{ports} ({database}) ...", flush=True)
    servers.start()
    warm_up(options, servers)
    return database, setup


def bench(options: argparse.Namespace, servers: Servers) -> tuple[dict[str, Any], int]:
    """The page bench's figures (with the load average around it), and its errors."""
    before = load_average()
    drill, bare = bench_pages(options, servers)
    # A live session of its own, whose one student polls and finds nothing new.
    poll = bench_poll(options, servers, create_quiz(1, random.Random(options.seed)).code)
    figures = {
        "bench": bench_summary(drill, bare),
        "bench_poll": bench_summary(poll, bare)["drill"],
        "bench_windows": {"drill": drill.window, "bare": bare.window, "poll": poll.window},
        "bench_clients": options.bench_clients,
        "bench_seconds": options.bench_seconds,
        "bench_rounds": max(1, options.bench_rounds),
        "bench_load": f"{before} before, {load_average()} after",
    }
    return figures, drill.errors + bare.errors + poll.errors


def cpu_log(servers: Servers) -> list[Record]:
    """What every server's workers noted of each request (benchmarks/load_quiz/cpu.py)."""
    return read(Path(servers.environment[cpu.ENVIRONMENT]))


def bench_only(options: argparse.Namespace, servers: Servers, database: str) -> dict[str, Any]:
    figures, errors = bench(options, servers)
    servers.stop()
    figures["cpu"] = cpu_summary(cpu_log(servers), None, figures["bench_windows"])
    results = {
        "ok": not errors,
        "failures": ["errors in the page bench"] if errors else [],
        **figures,
        "database": database,
    }
    print_bench(results)
    print_cpu(results)
    print_result(results["ok"])
    return results


@dataclass
class Phase:
    """One quiz of the run: how the students heard of changes, and what came of it."""

    updates: str
    setup: QuizSetup
    faults: list[Fault]
    load: str
    run: Run
    students: list[Student]
    teacher: Teacher
    elapsed: float


def play(options: argparse.Namespace, servers: Servers, setup: QuizSetup, updates: str) -> Phase:
    """One quiz (with its faults), the students hearing of changes by ``updates``."""
    faults = plan_faults(options.questions) if options.fault else []
    print(
        f"Quiz {setup.code} ({options.mode}, {updates}): {options.students} students,"
        f" {options.questions} questions"
        f"{', a reload, a kill of the server and one of its master' if faults else ''} ...",
        flush=True,
    )
    load_before = load_average()
    run, students, teacher, elapsed = run_quiz(options, servers, setup, faults, updates)
    for fault in faults:
        if fault.what == "master" and fault.done:
            fault.orphans_s = servers.first.orphans_exited()
    load = f"{load_before} before, {load_average()} after"
    return Phase(updates, setup, faults, load, run, students, teacher, elapsed)


def phase_results(
    options: argparse.Namespace, phase: Phase, records: list[Record], windows: dict[str, Any]
) -> dict[str, Any]:
    """A quiz's figures, its check against the database, and its CPU per kind."""
    check = check_database(phase.students, phase.setup.session_id, options.questions)
    run = phase.run
    results = summarize(
        options, run, phase.students, phase.teacher, phase.elapsed, phase.faults, check
    )
    results["cpu"] = cpu_summary(records, run.window, windows)
    p99 = results["quiz"]["students"]["p99"]
    results.update(
        updates=phase.updates,
        load=phase.load,
        goals={"p99_ms": p99, "p99_met": p99 < options.p99_goal, "p99_goal_ms": options.p99_goal},
    )
    return results


def quiz(
    options: argparse.Namespace, servers: Servers, setup: QuizSetup, database: str
) -> dict[str, Any]:
    """The quiz (with its faults; with ``--updates both`` a second one, its students on
    event streams), the page bench, the database check, and the report."""
    phases = [
        play(options, servers, setup, "poll" if options.updates == "both" else options.updates)
    ]
    if options.updates == "both":
        servers.wait_idle()
        again = create_quiz(options.questions, random.Random(options.seed + 1), options.mode)
        phases.append(play(options, servers, again, "sse"))
    figures: dict[str, Any] = {}
    bench_errors = 0
    if not options.no_bench:
        idle = servers.wait_idle()
        print(
            f"Benching the drill page and the bare view (idle after {idle:.0f} s) ...", flush=True
        )
        warm_up(options, servers)  # the faults leave new, cold workers
        figures, bench_errors = bench(options, servers)
    servers.stop()
    from django.db import connections

    connections.close_all()
    records, windows = cpu_log(servers), figures.get("bench_windows", {})
    results = phase_results(options, phases[0], records, windows)
    results["database"] = database
    if len(phases) > 1:
        results["sse"] = {
            **phase_results(options, phases[1], records, windows),
            "database": database,
        }
        results["ok"] = results["ok"] and results["sse"]["ok"]
        results["failures"] += [f"sse: {failure}" for failure in results["sse"]["failures"]]
    if figures:
        results.update(figures)
        ratio = results["bench"]["ratio"]
        results["goals"].update(ratio=ratio, ratio_met=ratio >= RATIO_GOAL)
        if bench_errors:
            results["failures"].append(f"{bench_errors} errors in the page bench")
            results["ok"] = False
    print_report(results)
    if "sse" in results:
        print_comparison(results)
    return results


def main(argv: list[str] | None = None) -> int:
    options = parse_options(argv)
    tmp = Path(tempfile.mkdtemp(prefix="load_quiz-"))
    environment = server_environment(options, tmp)
    servers = Servers(environment, options.servers, tmp, streams=options.updates != "poll")
    try:
        try:
            database, setup = start(options, environment, servers, tmp)
        except (RuntimeError, OSError, subprocess.SubprocessError) as error:
            print(f"setup failed: {error}", file=sys.stderr)
            return 2
        if options.bench_only:
            results = bench_only(options, servers, database)
        else:
            results = quiz(options, servers, setup, database)
        if options.json:
            options.json.write_text(json.dumps(results, indent=2, default=str))
        if not results["ok"] and not options.bench_only:
            print(f"\ngunicorn logs: {servers.tail(15)}")
            options.keep = True
        return 0 if results["ok"] else 1
    finally:
        servers.stop()
        if servers.redis is not None:
            servers.redis.stop()
        if options.keep:
            print(f"(kept {tmp})")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
