"""The command line, ``python -m benchmarks.paint``, and the order of things: a temporary
database and static files, the data the pages show, gunicorn with production settings, a
warm-up, then for every page and language ``--runs`` times: a new browser context (an empty
cache), the slow phone, a first visit, a repeat visit, and the answer where there is one."""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchmarks.gunicorn_server import HOST, Server, free_port
from benchmarks.load_quiz.machine import load_average, machine
from benchmarks.load_quiz.prepare import prepare_database, server_environment
from benchmarks.paint import report
from benchmarks.paint.throttle import NETWORKS, Profile, forget_cache, slow_down

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ViewportSize

    from benchmarks.paint.targets import Target
    from tests.browser.pages import World

CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update"]
VIEWPORT: ViewportSize = {"width": 360, "height": 740}  # a small phone, as the layout checks


def parse_options(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.paint",
        description="First contentful paint of every page type (first and repeat visit) "
        "and a drill answer's round trip, in headless Chromium with the CPU slowed and a "
        "slow-4G network, against gunicorn with production settings on loopback.",
    )
    add = parser.add_argument
    add("--pages", default="", help="comma-separated name patterns (home,rule-*); default all")
    add("--max-pages", type=int, default=None, help="measure at most this many pages")
    add("--list", action="store_true", help="print the page names and stop")
    add("--languages", default="en,hi", help="comma-separated languages (default en,hi)")
    add("--runs", type=int, default=3, help="runs per page and language; medians (3)")
    add("--cpu", type=float, default=4.0, help="CPU slowdown factor (default 4; 1 = none)")
    add("--network", choices=sorted(NETWORKS), default="lighthouse", help="profile (lighthouse)")
    add("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    add("--gzip-html", action="store_true", help="serve with GZipMiddleware (a what-if)")
    add("--chromium", default=os.environ.get("TUTOR_CHROMIUM", "/usr/bin/chromium"))
    add("--page-timeout", type=float, default=60.0, help="s per visit or answer (default 60)")
    add("--timeout", type=float, default=1800.0, help="s in all; pages left are skipped")
    add("--json", type=Path, default=None, help="also write the results to this file")
    add("--keep", action="store_true", help="keep the temporary directory (log, SQLite)")
    options = parser.parse_args(argv)
    if options.runs < 1 or options.cpu < 1:
        parser.error("--runs and --cpu must be at least 1")
    return options


def stop_on_term(signum: int, frame: object) -> None:
    """SIGTERM ends the run like Ctrl-C: the server is stopped and the directory removed."""
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    options = parse_options(argv)
    signal.signal(signal.SIGTERM, stop_on_term)
    started = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix="paint-"))
    server: Server | None = None
    try:
        shape = argparse.Namespace(database_url="", workers=options.workers, threads=None)
        environment = server_environment(shape, tmp)
        if options.gzip_html:
            environment["DJANGO_SETTINGS_MODULE"] = "benchmarks.paint.gzip_settings"
        prepare_database(environment)
        from benchmarks.paint import targets as target_list
        from tests.browser.pages import make_world, teacher_cookies

        chosen = target_list.select([p for p in options.pages.split(",") if p], options.max_pages)
        if options.list:
            print("\n".join(target.name for target in chosen))
            return 0
        world = make_world()
        server = Server(environment, free_port(), tmp / "gunicorn.log")
        server.start()
        origin = f"http://{HOST}:{server.port}"
        cookies = teacher_cookies(world, origin)
        warm_up(origin, chosen, world, options, cookies[0]["value"])
        results = measure_all(options, origin, chosen, world, cookies, started)
    finally:
        if server is not None:
            server.stop()
        if options.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    if options.json:
        options.json.write_text(json.dumps(results, indent=2))
    return 0


def languages(options: argparse.Namespace) -> list[str]:
    return [lang for lang in options.languages.split(",") if lang]


def warm_up(
    origin: str, chosen: list[Target], world: World, options: argparse.Namespace, session: str
) -> None:
    """Every address, a few times per worker, on new connections (so that every worker
    has parsed its templates and filled its per-process caches): a server that has been
    up a while, as in the load test."""
    from django.conf import settings

    for target in chosen:
        for lang in languages(options):
            path = world.format(target.path, lang)
            headers = {"Cookie": f"{settings.SESSION_COOKIE_NAME}={session}"}
            for _ in range(2 * options.workers):
                connection = http.client.HTTPConnection(HOST, int(origin.rsplit(":", 1)[1]))
                try:
                    connection.request("GET", path, headers=headers if target.teacher else {})
                    connection.getresponse().read()
                finally:
                    connection.close()


def measure_all(
    options: argparse.Namespace,
    origin: str,
    chosen: list[Target],
    world: World,
    cookies: list[dict[str, str]],
    started: float,
) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "1"  # see tests/browser/conftest.py
    profile = Profile(options.cpu, NETWORKS[options.network])
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=options.chromium, args=CHROMIUM_ARGS)
        setup = {
            "machine": machine(),
            "cpu": report.cpu_model(),
            "chromium": f"Chromium {browser.version}",
            "server": f"gunicorn, production settings, {options.workers} workers x 2 threads"
            + (", HTML gzipped (GZipMiddleware)" if options.gzip_html else ""),
            "profile": profile.describe(),
            "viewport": f"{VIEWPORT['width']}x{VIEWPORT['height']}, device scale 2, mobile",
            "runs": f"{options.runs} per page and language; medians",
            "load_before": load_average(),
        }
        report.print_header(setup)
        pages: list[dict[str, Any]] = []
        for target in chosen:
            for lang in languages(options):
                if time.monotonic() - started > options.timeout:
                    print(f"time limit: {target.name} ({lang}) and the rest skipped")
                    break
                runs = [
                    measure_once(browser, profile, origin, target, world, lang, cookies, options)
                    for _ in range(options.runs)
                ]
                pages.append(report.page_summary(target.name, lang, runs))
                print(f"  measured {target.name} ({lang})", file=sys.stderr, flush=True)
        browser.close()
    report.print_table(pages)
    missed = report.print_goals(pages, load_average())
    setup["load_after"] = load_average()
    return {"setup": setup, "pages": pages, "misses": missed}


def measure_once(
    browser: Browser,
    profile: Profile,
    origin: str,
    target: Target,
    world: World,
    lang: str,
    cookies: list[dict[str, str]],
    options: argparse.Namespace,
) -> dict[str, Any]:
    """One run: a new context (an empty cache, no cookies but the teacher's), the steps
    before the page, then the slow phone, the first visit, the repeat visit, the answer."""
    from benchmarks.paint.measure import RoundTrip, answer_round_trip, visit
    from tests.browser.pages import ANSWER_BUTTON

    timeout_ms = options.page_timeout * 1000
    context = browser.new_context(
        viewport=VIEWPORT, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(timeout_ms)
    try:
        if target.teacher:
            context.add_cookies(cookies)  # type: ignore[arg-type]
        page = context.new_page()
        url = origin + world.format(target.path, lang)
        if target.before is not None:
            page.goto(url)
            target.before(page, world, lang)
            url = page.url
        session = slow_down(page, profile)
        forget_cache(session)
        first = visit(page, url, timeout_ms)
        repeat = visit(page, url, timeout_ms)
        round_trip: RoundTrip | None = None
        if target.answer is not None:
            target.answer(page, world, lang)
            round_trip = answer_round_trip(page, ANSWER_BUTTON, target.feedback, timeout_ms)
        return report.run_figures(first, repeat, round_trip)
    finally:
        context.close()


if __name__ == "__main__":
    sys.exit(main())
