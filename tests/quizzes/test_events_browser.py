"""A student's live quiz page in a real headless Chromium hears the next question over the
event stream, with no request of its own; refused a stream (the process is full, or the
server speaks WSGI), it polls as before.

The site is served here by uvicorn in a thread of the test process (ASGI, as ``make
serve`` serves the streams), on the same test database as pytest-django's live server.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import uvicorn
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.asgi import get_asgi_application

from tests.browser.plugin import TIMEOUT_MS
from tutor.quizzes import services
from tutor.quizzes.models import Quiz, Session

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT_MS = 12_000  # generous for a loaded 2-core machine


@pytest.fixture
def asgi_site(django_db_setup: None, live_server: Any) -> Iterator[str]:
    """The site under uvicorn, in a thread, on a free loopback port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    application = ASGIStaticFilesHandler(get_asgi_application())
    config = uvicorn.Config(application, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


def student_page(chromium: Any, site: str, code: str) -> tuple[Any, list[str]]:
    """A student who has joined, and the state polls their page sends from now on."""
    context = chromium.new_context(viewport={"width": 800, "height": 700}, locale="en-US")
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(f"{site}/en/join/{code}/")
    page.fill("#id_nickname", "Asha")
    page.click("form.join-form button[type=submit]")
    page.get_by_text("You are in!").wait_for()
    polls: list[str] = []
    page.on("request", lambda request: polls.append(request.url) if "/state/" in request.url else 0)
    return page, polls


def next_question(page: Any, session: Session, wait: Callable[[], None]) -> None:
    services.open_question(session, 0)
    page.get_by_text("Question 1 of 2").wait_for(timeout=WAIT_MS)
    wait()


def test_the_next_question_comes_in_the_event(chromium: Any, asgi_site: str, quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    page, polls = student_page(chromium, asgi_site, session.code)
    page.wait_for_selector('#quiz-events[sse-connect*="?v="]', state="attached")
    time.sleep(2.5)  # the stream is open: the page's poll asks nothing
    next_question(page, session, lambda: None)
    assert polls == []
    # The answer form carries the page's own CSRF token: the answer is taken.
    page.locator(".answer-form input[type=radio]").first.check()
    page.click(".answer-form button[type=submit]")
    page.get_by_text("Your answer has been received").or_(
        page.locator(".feedback")
    ).first.wait_for()
    # The reveal: the stage of this student's answer comes in the event too.
    session = services.reveal(Session.objects.get(pk=session.pk))
    page.locator(f'#stage .poll[hx-get$="?v={session.version}"]').wait_for(
        state="attached", timeout=WAIT_MS
    )
    assert page.locator(".feedback").count() == 1
    assert polls == []
    # The end: this student's end screen comes in the event, and the page asks nothing.
    services.end(Session.objects.get(pk=session.pk))
    page.locator("#stage .score").wait_for(timeout=WAIT_MS)
    assert page.locator("#stage .poll").count() == 0
    time.sleep(2.5)
    assert polls == []
    page.context.close()


def test_refused_a_stream_the_page_polls(
    chromium: Any, asgi_site: str, quiz: Quiz, settings: Any
) -> None:
    settings.QUIZ_STREAMS_PER_PROCESS = 0
    session = services.start_session(quiz, "live")
    page, polls = student_page(chromium, asgi_site, session.code)
    next_question(page, session, lambda: None)
    assert polls, "the page did not poll"
    page.context.close()
