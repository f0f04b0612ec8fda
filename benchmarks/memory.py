"""Does a worker's memory stay put? One gunicorn worker (production settings, a temporary
SQLite file), a fixed mix of requests, and the worker's resident memory (VmRSS) read from
/proc after the first 1,000 and after all of them.

    python -m benchmarks.memory                    # 10,000 requests
    python -m benchmarks.memory --requests 2000 --every 500

The mix: first every page type once in each language (so the first 1,000 include every
table and template a page builds on first use), then at random: drills at many different
seeds and levels, with answers posted to them; rule pages, the glossary and the hand-ranking
chart; the learning path; a live quiz's play page and state polls; and bad input (unknown
addresses, nonsense seeds and levels, wrong join codes, forged drill tokens). Seeds and bad
addresses are new on almost every request, so a cache keyed on them without a bound grows
here. Goal (issue 18): after 10,000 requests within 10 % of the size after 1,000. A figure,
never an assertion; ``benchmarks/tests/test_load_quiz_smoke.py`` runs 200 requests to keep it working.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

from benchmarks.gunicorn_server import HOST, Server, cpu_seconds, free_port, production_environment

LANGUAGES = ("en", "bn", "hi", "ja", "cs")
LEVELS = ("easy", "medium", "hard")
BAD_LEVELS = ("nope", "", "hard%00", "x" * 300)


def rss_kib(pid: int) -> int:
    """The process's resident memory in KiB (VmRSS of /proc/<pid>/status)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def machine() -> str:
    """The CPU's model name and the load average, to print beside every figure."""
    model = "unknown CPU"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"{model}, {os.cpu_count()} cores, load average {load}"


class Forms(HTMLParser):
    """The fields of a page's first POST form, filled as a hurried learner would: hidden
    values kept, one random choice per radio or checkbox group, a small number typed into
    each text box, the first option of each list."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng
        self.action: str | None = None
        self.fields: dict[str, str] = {}
        self.choices: dict[str, list[str]] = {}
        self._inside = self._done = False
        self._select: str | None = None  # the name of the list being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and not self._done and a.get("method", "").lower() == "post":
            self._inside, self.action = True, a.get("action", "")
        if not self._inside or "name" not in a:
            return
        kind = a.get("type", "text").lower()
        if tag == "input" and kind in {"radio", "checkbox"}:
            self.choices.setdefault(a["name"], []).append(a.get("value", "on"))
        elif tag == "input" and kind not in {"submit", "button"}:
            self.fields.setdefault(a["name"], a.get("value") or str(self.rng.randrange(200)))
        elif tag == "select":
            self._select = a["name"]
        if tag == "option" and self._select and self._select not in self.fields:
            self.fields[self._select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self._inside:
            self._inside, self._done = False, True
        elif tag == "select":
            self._select = None

    def filled(self) -> dict[str, str]:
        picked = {name: self.rng.choice(values) for name, values in self.choices.items()}
        return {**self.fields, **picked}


@dataclass
class Visitor:
    """One browser: a keep-alive connection and a cookie jar."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    connection: http.client.HTTPConnection | None = None

    def send(self, method: str, path: str, fields: dict[str, str] | None = None) -> tuple[int, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if path.endswith("#htmx"):
            path, headers["HX-Request"] = path[: -len("#htmx")], "true"
        body = urlencode(fields) if fields is not None else None
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):  # a keep-alive connection the server closed: open another
            connection = self.connection or http.client.HTTPConnection(HOST, self.port, timeout=120)
            self.connection = connection
            try:
                connection.request(method, path, body, headers)
                response = connection.getresponse()
                text = response.read().decode(errors="replace")
                break
            except (http.client.HTTPException, OSError):
                connection.close()
                self.connection = None
                if attempt == 2:
                    raise
        for header in response.msg.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        if response.getheader("Connection", "").lower() == "close":
            connection.close()
            self.connection = None
        return response.status, text


def sweep(
    drills: list[str], courses: dict[str, list[str]], rule_pages: tuple[str, ...]
) -> list[str]:
    """Every page type once in each language: the first requests of the run."""
    pages = ["/{l}/", "/{l}/rules/", "/{l}/glossary/", "/{l}/rules/hand-rankings/", "/{l}/drills/"]
    pages += [f"/{{l}}/rules/{slug}/" for slug in rule_pages]
    pages += [f"/{{l}}/drills/{slug}/?level=hard&seed=7" for slug in drills]
    pages += ["/{l}/learn/", "/{l}/learn/progress/", "/{l}/learn/review/"]
    for course, units in courses.items():
        pages += [f"/{{l}}/learn/{course}/", *(f"/{{l}}/learn/{course}/{u}/" for u in units)]
    pages += ["/{l}/quizzes/", "/{l}/join/", "/{l}/translations/", "/{l}/accounts/login/"]
    pages += ["/{l}/accounts/signup/", "/{l}/no-such-page/"]
    return [page.format(l=language) for language in LANGUAGES for page in pages]


@dataclass
class Mix:
    """Draws the next request: (kind, method, path, fields or None)."""

    rng: random.Random
    drills: list[str]
    pages: list[str]  # the sweep's addresses
    quiz_code: str

    def seed(self) -> int:
        return self.rng.randrange(10**9)

    def next(self) -> tuple[str, str]:
        """(kind, path) of the next GET; kind "answer" means: post that drill's form."""
        r, language = self.rng.random(), self.rng.choice(LANGUAGES)
        drill = self.rng.choice(self.drills)
        if r < 0.30:
            level = self.rng.choice(LEVELS)
            return "drill", f"/{language}/drills/{drill}/?level={level}&seed={self.seed()}"
        if r < 0.45:
            return "answer", f"/{language}/drills/{drill}/?level=easy&seed={self.seed()}"
        if r < 0.65:
            return "page", self.rng.choice(self.pages)
        if r < 0.80:
            return "poll", f"/{language}/play/{self.quiz_code}/state/?v=1#htmx"
        if r < 0.83:
            return "play", f"/{language}/play/{self.quiz_code}/"
        return "bad", self.bad(language, drill)

    def bad(self, language: str, drill: str) -> str:
        choice = self.rng.randrange(6)
        if choice == 0:
            return f"/{language}/no-such-{self.seed()}/"
        if choice == 1:
            return f"/{language}/drills/{drill}/?level={self.rng.choice(BAD_LEVELS)}&seed=x{self.seed()}"
        if choice == 2:
            return f"/{language}/drills/{drill}/?seed={self.seed() * 10**12}"
        if choice == 3:
            return f"/{language}/join/{self.seed() % 10**6:06d}/"
        if choice == 4:
            return f"/{language}/play/QQQ{self.seed() % 1000:03d}/state/?v={self.seed()}#htmx"
        return f"/{language}/drills/{drill}/?concept=no-such-{self.seed()}"


@dataclass
class Run:
    """The requests sent so far, their statuses, and the worker's memory at checkpoints."""

    server: Server
    worker: int
    limit: int
    every: int
    sent: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    samples: list[tuple[int, int, float]] = field(default_factory=list)  # (requests, KiB, CPU s)

    def send(self, visitor: Visitor, kind: str, method: str, path: str, **kw: str) -> str:
        status, text = visitor.send(method, path, kw or None)
        self.sent += 1
        self.statuses[f"{kind} {status}"] += 1
        if self.sent % self.every == 0 or self.sent == self.limit:
            self.samples.append((self.sent, rss_kib(self.worker), cpu_seconds(self.worker)))
        return text

    @property
    def done(self) -> bool:
        return self.sent >= self.limit


def answer(run: Run, visitor: Visitor, path: str, rng: random.Random) -> None:
    """A drill's page, then its form sent back filled (now and then with a forged token)."""
    form = Forms(rng)
    form.feed(run.send(visitor, "answer-page", "GET", path))
    if form.action is None or run.done:
        return
    fields = form.filled()
    if "token" in fields and rng.random() < 0.1:
        fields["token"] = fields["token"][::-1]
    target = form.action + ("#htmx" if rng.random() < 0.5 else "")
    run.send(visitor, "answer", "POST", target, **fields)


def join_quiz(run: Run, port: int, code: str) -> Visitor:
    """A student who joined the live quiz (its play page and polls need one)."""
    student = Visitor(port)
    page = run.send(student, "join", "GET", f"/en/join/{code}/")
    form = Forms(random.Random(0))
    form.feed(page)
    fields = {**form.filled(), "code": code, "nickname": "Memory"}
    run.send(student, "join", "POST", "/en/join/", **fields)
    return student


def drive(run: Run, mix: Mix, student: Visitor, port: int) -> None:
    """The sweep, then the random mix, until ``run.limit`` requests have been sent."""
    rng = mix.rng
    visitors = [Visitor(port) for _ in range(8)]
    for path in mix.pages:
        if run.done:
            return
        run.send(rng.choice(visitors), "sweep", "GET", path)
    while not run.done:
        kind, path = mix.next()
        if rng.random() < 0.02:  # a newcomer: no cookies yet
            visitors[rng.randrange(len(visitors))] = Visitor(port)
        visitor = student if kind in {"poll", "play"} else rng.choice(visitors)
        if kind == "answer":
            answer(run, visitor, path, rng)
        else:
            run.send(visitor, kind, "GET", path)


def prepare(tmp: Path) -> tuple[dict[str, str], list[str], list[str], str]:
    """The server's environment and database, a live quiz with its first question open;
    the drills' slugs, the sweep's addresses and the quiz's code."""
    from benchmarks.load_quiz.prepare import create_quiz, prepare_database

    environment = production_environment(tmp, DJANGO_SETTINGS_MODULE="tutor.settings")
    prepare_database(environment)
    from tutor.drills.registry import DRILLS
    from tutor.lessons.courses import COURSES
    from tutor.quizzes import services
    from tutor.quizzes.models import Session
    from tutor.rules.documents import RULE_PAGES

    quiz = create_quiz(3, random.Random(1))
    services.open_question(Session.objects.get(code=quiz.code), 0)
    courses = {slug: [u.slug for u in course.units] for slug, course in COURSES.items()}
    return environment, list(DRILLS), sweep(list(DRILLS), courses, RULE_PAGES), quiz.code


def report(run: Run, baseline: int, seconds: float) -> dict[str, object]:
    """The figures, printed and returned (for --json)."""
    at = dict((n, kib) for n, kib, _cpu in run.samples)
    first = at.get(baseline) or run.samples[0][1]
    last_n, last, cpu = run.samples[-1]
    growth = 100 * (last - first) / first
    print(f"machine: {machine()}")
    print(
        f"{run.sent:,} requests in {seconds:.0f} s; worker CPU {cpu:.1f} s "
        f"({1000 * cpu / max(run.sent, 1):.2f} ms a request)"
    )
    for n, kib, _cpu in run.samples:
        print(f"  after {n:>6,} requests: RSS {kib / 1024:7.1f} MiB")
    print(
        f"RSS after {min(baseline, last_n):,}: {first / 1024:.1f} MiB; after {last_n:,}: "
        f"{last / 1024:.1f} MiB; growth {growth:+.1f} % (goal: within 10 %)"
    )
    kinds = ", ".join(f"{k}: {v}" for k, v in sorted(run.statuses.items()))
    print(f"responses: {kinds}")
    errors = sum(v for k, v in run.statuses.items() if k.endswith(" 500"))
    return {
        "requests": run.sent,
        "baseline_requests": min(baseline, last_n),
        "baseline_kib": first,
        "final_kib": last,
        "growth_percent": round(growth, 2),
        "samples": run.samples,
        "server_errors": errors,
        "statuses": dict(run.statuses),
        "worker_cpu_seconds": cpu,
        "machine": machine(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.memory", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument(
        "--baseline", type=int, default=1_000, help="requests before the first figure"
    )
    parser.add_argument("--every", type=int, default=1_000, help="requests between RSS readings")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tutor-memory-") as directory:
        tmp = Path(directory)
        environment, drills, pages, code = prepare(tmp)
        server = Server(
            environment,
            free_port(),
            tmp / "gunicorn.log",
            ready_path="/en/",
            arguments=("--workers", "1"),
        )
        server.start(120)
        try:
            run = Run(
                server, server.workers()[0], options.requests, min(options.every, options.baseline)
            )
            started = time.monotonic()
            student = join_quiz(run, server.port, code)
            drive(run, Mix(random.Random(options.seed), drills, pages, code), student, server.port)
            figures = report(run, options.baseline, time.monotonic() - started)
        finally:
            server.stop()
        if figures["server_errors"]:
            print(f"server errors (500), from the log:\n{server.tail()}", file=sys.stderr)
    if options.json:
        options.json.write_text(json.dumps(figures, indent=2))
    return 1 if figures["server_errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
