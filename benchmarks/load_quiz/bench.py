"""The page bench: a fixed number of keep-alive clients asking for one page back to back, a
drill page against the bare view (the framework's own limit), on the quiz's servers (the
clients spread over them round-robin); and the warm-up that lets every worker build its
tables first."""

from __future__ import annotations

import argparse
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.load_quiz.browser import Browser, Run, Stop, Unanswered
from benchmarks.load_quiz.pages import (
    ATTEMPT_RE,
    EXPECTED,
    LANGUAGE,
    QUESTION_DRILLS,
    Failure,
    PlayPage,
    csrf_token,
)
from benchmarks.load_quiz.servers import Servers

Path = Callable[[random.Random], str]  # the address of each request, new seeds each time


@dataclass
class BenchResult:
    kind: str
    path: str
    requests: int
    errors: int
    seconds: float
    latencies: list[float]
    client_cpu: float  # s of this process's CPU
    server_cpu: float | None  # s of the workers' CPU
    window: tuple[float, float]  # time.monotonic() at the start and the end

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


def hammer(
    options: argparse.Namespace,
    servers: Servers,
    kind: str,
    path: Path,
    seconds: float,
    cookies: dict[str, str] | None = None,
) -> BenchResult:
    """``bench_clients`` keep-alive clients asking for ``path`` back to back for ``seconds``,
    each with its own copy of ``cookies``, spread over the servers round-robin."""
    run = Run(
        options, servers.first.port, budget=10**9, seconds=seconds + options.request_timeout + 30
    )
    stop_at = time.monotonic() + seconds

    def client(number: int) -> None:
        rng = random.Random(number)
        browser = Browser(run, servers.port_for(number + 1))
        browser.cookies = dict(cookies or {})
        while time.monotonic() < stop_at:
            try:
                browser.send("GET", path(rng), kind)
            except Unanswered:
                time.sleep(0.01)
            except Stop:
                return

    threads = [threading.Thread(target=client, args=(n,)) for n in range(options.bench_clients)]
    client_cpu, server_cpu, started = time.process_time(), servers.worker_cpu(), time.perf_counter()
    first = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    server_after = servers.worker_cpu()
    samples = run.samples()
    return BenchResult(
        kind=kind,
        path=path(random.Random(0)),
        requests=len(samples),
        errors=sum(1 for sample in samples if sample.status not in EXPECTED[kind])
        + sum(run.unanswered.values()),
        seconds=elapsed,
        latencies=[sample.ms for sample in samples],
        client_cpu=time.process_time() - client_cpu,
        server_cpu=None
        if server_cpu is None or server_after is None
        else server_after - server_cpu,
        window=(first, time.monotonic()),
    )


def drill_path(slug: str, level: str) -> Path:
    def path(rng: random.Random) -> str:
        return f"/{LANGUAGE}/drills/{slug}/?level={level}&seed={rng.randrange(10**9)}"

    return path


def bare_path(rng: random.Random) -> str:
    return "/bare/"


def join_path(rng: random.Random) -> str:
    return f"/{LANGUAGE}/join/"


def bench_level(options: argparse.Namespace) -> str:
    """The level of the benched drill: the quiz's, else easy."""
    return dict(QUESTION_DRILLS).get(options.drill, "easy")


def warm_up(options: argparse.Namespace, servers: Servers) -> None:
    """Let every worker parse its templates, load its catalogs and build the engine's tables,
    as a server that has been up for a while has: otherwise the first seconds measure
    start-up. What is measured here is thrown away."""
    drills = {*QUESTION_DRILLS, (options.drill, bench_level(options))}
    pages = [("drill", drill_path(slug, level)) for slug, level in drills]
    pages += [("join", join_path), ("bare", bare_path)]
    for kind, path in pages:
        hammer(options, servers, kind, path, options.bench_warmup)


def bench_pages(options: argparse.Namespace, servers: Servers) -> tuple[BenchResult, BenchResult]:
    """The drill page of ``--drill`` and the bare view, ``bench_seconds`` each, taking turns
    in ``--bench-rounds`` slices (drill, bare, drill, bare ...): a machine whose speed
    drifts (another guest on the host) then weighs on both alike, not on one of them."""
    drill = drill_path(options.drill, bench_level(options))
    rounds = max(1, options.bench_rounds)
    slices: dict[str, list[BenchResult]] = {"drill": [], "bare": []}
    for _ in range(rounds):
        for kind, path in (("drill", drill), ("bare", bare_path)):
            slices[kind].append(
                hammer(options, servers, kind, path, options.bench_seconds / rounds)
            )
    return merged(slices["drill"]), merged(slices["bare"])


def merged(slices: list[BenchResult]) -> BenchResult:
    """One kind's slices as one result: their requests, time and CPU added up, its window
    from the first slice's start to the last one's end (the workers' CPU log is read for
    this kind only, so the other kind's slices in between do not count)."""
    server = [piece.server_cpu for piece in slices]
    return BenchResult(
        kind=slices[0].kind,
        path=slices[0].path,
        requests=sum(piece.requests for piece in slices),
        errors=sum(piece.errors for piece in slices),
        seconds=sum(piece.seconds for piece in slices),
        latencies=[ms for piece in slices for ms in piece.latencies],
        client_cpu=sum(piece.client_cpu for piece in slices),
        server_cpu=None if None in server else sum(cpu for cpu in server if cpu is not None),
        window=(slices[0].window[0], slices[-1].window[1]),
    )


def poller(options: argparse.Namespace, servers: Servers, code: str) -> tuple[dict[str, str], str]:
    """A student who has joined the live session ``code`` (its cookies; on the first server,
    and valid on every one), and the address of its "nothing new" poll: the page's version."""
    run = Run(options, servers.first.port, budget=10, seconds=options.request_timeout + 30)
    browser = Browser(run)
    page = browser.get(f"/{LANGUAGE}/join/{code}/", "join").text
    attempt = ATTEMPT_RE.search(page)
    fields = [("code", code), ("nickname", "poller"), ("csrfmiddlewaretoken", csrf_token(page))]
    fields.append(("attempt", attempt.group(1) if attempt else ""))
    joined = browser.send("POST", f"/{LANGUAGE}/join/", "join", fields)
    if joined.status != 302:
        raise Failure(f"the poll bench's student could not join: {joined.status}")
    version = PlayPage.parse(browser.get(f"/{LANGUAGE}/play/{code}/", "play").text).version
    return browser.cookies, f"/{LANGUAGE}/play/{code}/state/?v={version}"


def bench_poll(options: argparse.Namespace, servers: Servers, code: str) -> BenchResult:
    """The "nothing new" poll of one joined student (live session ``code``), back to back
    like the pages, to set against the bare view under the same load."""
    cookies, address = poller(options, servers, code)
    hammer(options, servers, "poll", lambda rng: address, options.bench_warmup, cookies)
    return hammer(options, servers, "poll", lambda rng: address, options.bench_seconds, cookies)
