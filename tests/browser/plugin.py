"""Fixtures for the browser tests: a real headless Chromium driving the live test server.

A plugin of the whole suite (``tests/conftest.py`` names it), so every browser test in any
folder shares them: one Chromium per pytest process (with pytest-xdist, one per worker),
launched on the first browser test and closed at the end, and one live server per process.

The browser is Debian's Chromium, launched through ``playwright.sync_api`` directly (not
pytest-playwright's fixtures, which want browsers downloaded by ``playwright install``).

Environment:
    TUTOR_CHROMIUM   path of the Chromium executable (default ``/usr/bin/chromium``). When
                     that file does not exist, every browser test is skipped with a message
                     saying so. To check the skip path:
                     ``TUTOR_CHROMIUM=/nonexistent .venv/bin/python -m pytest tests/browser``

Fixtures:
    chromium       the Browser, shared by every browser test of the process (or a skip when
                   Chromium is missing); Playwright stops when the process's tests are done
    site           ``site("/en/drills/")`` -> absolute URL on pytest-django's live server
    new_tab        ``new_tab(java_script_enabled=True, width=1280, height=800)`` -> Page in a
                   fresh context (own cookies, so its own DB session); closed after the test
    tab            ``new_tab()`` with the defaults

After the run, the wall time of each browser test module is printed (see the end).

Every Page collects uncaught script errors and console errors in ``page.problems`` (a
list of strings) so that tests can check a page ran cleanly, CSP refusals included.

Why ``DJANGO_ALLOW_ASYNC_UNSAFE``: Playwright's sync API keeps an asyncio event loop
running in the test thread, so Django's async-safety guard mistakes the ordinary
synchronous database work done in that thread (pytest-django flushing the test database
after each live-server test) for ORM calls from a coroutine and raises
``SynchronousOnlyOperation``. Nothing here runs the ORM from async code. The variable is
set only while Playwright runs (from a process's first browser test to its end) and
restored afterwards; the loop stays running in the thread all that time, so the tests that
share the process with Chromium need it as much as the browser tests do.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

DEFAULT_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-gpu",
    "--disable-dev-shm-usage",
]
# Generous for a loaded 2-core machine, but far below Playwright's 30 s default so that a
# broken page fails quickly instead of stalling the suite.
TIMEOUT_MS = 10_000


def chromium_path() -> str:
    return os.environ.get("TUTOR_CHROMIUM") or DEFAULT_CHROMIUM


@contextmanager
def launch_chromium() -> Iterator[Browser]:
    """Debian's Chromium under Playwright, or a skip when it is not installed."""
    path = chromium_path()
    if not Path(path).is_file():
        pytest.skip(
            f"Chromium not found at {path} (set TUTOR_CHROMIUM to its path): browser tests skipped"
        )
    sync_api = pytest.importorskip("playwright.sync_api")
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # see the module docstring
    sync_api.expect.set_options(timeout=TIMEOUT_MS)
    playwright = sync_api.sync_playwright().start()
    try:
        browser = playwright.chromium.launch(
            executable_path=path, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()
    finally:
        playwright.stop()
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(scope="session")
def chromium(live_server: Any) -> Iterator[Browser]:
    """Asks for the live server so that it starts first and stops last: Chromium closes
    its keep-alive connections before the server stops sharing the test database's
    connection with its request threads (each thread closes it as its connection ends)."""
    with launch_chromium() as browser:
        yield browser


@pytest.fixture(scope="session")
def live_server(django_db_setup: None, live_server: Any) -> Iterator[Any]:
    """pytest-django's live server, started only after the test database exists.

    Session fixtures run before function ones, so the plain ``live_server`` would start
    while the database settings still name the development file: the server thread then
    gets no share of the in-memory test database's connection and opens its own in
    every request thread, which are never closed (ResourceWarning, an error here).

    The engine's exact figures that a process works out once (the Teen Patti returns to
    player, the census of hands) are worked out here, before any page waits on them: on a
    busy two-core machine the first Teen Patti round page would otherwise take longer
    than a browser test waits.

    At the end the server's request threads are given a moment to finish (Chromium has
    closed their connections by then): a thread still closing the shared connection once
    pytest-django has stopped sharing it raises in that thread."""
    from tutor.engine import census, tp2020

    tp2020.return_to_player()
    census.holdem_counts()
    yield live_server
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(
        thread.name.endswith("(process_request_thread)") for thread in threading.enumerate()
    ):
        time.sleep(0.05)


@pytest.fixture
def site(chromium: Browser, live_server: Any, transactional_db: None) -> Callable[[str], str]:
    """Absolute URL of a path on the live server (database access: the drills keep
    progress in database sessions)."""
    return lambda path: f"{live_server.url}{path}"


@pytest.fixture
def new_tab(chromium: Browser, site: Callable[[str], str]) -> Iterator[Callable[..., Page]]:
    contexts = []

    def make(
        java_script_enabled: bool = True,
        width: int = 1280,
        height: int = 800,
        timezone_id: str | None = None,
    ) -> Page:
        context = chromium.new_context(
            java_script_enabled=java_script_enabled,
            viewport={"width": width, "height": height},
            locale="en-US",
            **({"timezone_id": timezone_id} if timezone_id else {}),
        )
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda error: problems.append(f"uncaught: {error}"))
        page.on(
            "console",
            lambda msg: problems.append(f"console: {msg.text}") if msg.type == "error" else None,
        )
        page.problems = problems  # type: ignore[attr-defined]
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def tab(new_tab: Callable[..., Page]) -> Page:
    return new_tab()


# --- Wall time of each browser test module, printed after the run ---------------------------
# The browser checks must stay within a bounded time in CI; this says where it goes. The
# time of a module is the sum of its tests' setup, call and teardown.
MODULE_SECONDS: dict[str, float] = {}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Marks the reports of browser tests (they reach the controller under pytest-xdist)."""
    report = yield
    if item.get_closest_marker("browser"):
        report.user_properties.append(("browser", True))
    return report


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if ("browser", True) not in report.user_properties:
        return
    module = report.nodeid.split("::")[0]
    MODULE_SECONDS[module] = MODULE_SECONDS.get(module, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not MODULE_SECONDS:
        return
    terminalreporter.write_sep("-", "wall time per browser test module")
    for module, seconds in sorted(MODULE_SECONDS.items(), key=lambda item: -item[1]):
        terminalreporter.write_line(f"{seconds:8.1f} s  {module}")
