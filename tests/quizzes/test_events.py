"""A live session's event stream (tutor/quizzes/streams.py, stream_views.py) under ASGI:
what a student's page hears, when it is refused one (the page then polls), and that no
student hears another's."""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import OperationalError, connections
from django.test import AsyncClient, AsyncRequestFactory, Client

from tutor.quizzes import services, stream_views, streams
from tutor.quizzes.joins import cookie_name
from tutor.quizzes.models import Participant, Quiz, Session
from tutor.quizzes.poll import live_state

from .classroom import form, teenpatti_answers

pytestmark = pytest.mark.django_db(transaction=True)  # the stream reads in its own thread


@pytest.fixture(autouse=True)
def quick_watch(monkeypatch: pytest.MonkeyPatch, settings: Any) -> None:
    monkeypatch.setattr(streams, "WATCH_SECONDS", 0.01)
    settings.QUIZ_STREAM_SPREAD = 0


def join(session: Session, nickname: str, language: str = "en") -> Client:
    client = Client()
    client.post(f"/{language}/join/", {"code": session.code, "nickname": nickname})
    assert client.cookies.get(cookie_name(session.code)), "joining set no cookie"
    return client


def listener(client: Client) -> AsyncClient:
    heard = AsyncClient()
    heard.cookies = client.cookies
    return heard


async def opened(
    session: Session, students: list[tuple[Client, str]]
) -> list[AsyncIterator[bytes]]:
    """The event streams of ``students`` (each a joined client and its language), opened
    at the session's version, in that order."""
    return [
        aiter(
            (
                await listener(client).get(
                    f"/{language}/play/{session.code}/events/?v={session.version}"
                )
            ).streaming_content
        )
        for client, language in students
    ]


async def events_of(chunks: AsyncIterator[bytes], count: int) -> list[str]:
    """The next ``count`` events of a stream (comments skipped), as text."""
    heard: list[str] = []
    while len(heard) < count:
        chunk = (await asyncio.wait_for(anext(chunks), 5)).decode()
        heard += [part for part in chunk.split("\n\n") if part.startswith("event:")]
    return heard


def page_token(page: str) -> str:
    found = re.search(r'"X-CSRFToken": "([^"]+)"', page)
    assert found, "no CSRF token on the page"
    return found[1]


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(test())


def in_own_thread[**P](test: Callable[P, None]) -> Callable[P, None]:
    """The test run in a thread of its own. A browser test earlier in the same worker
    leaves Playwright's event loop running in the main thread, where neither
    ``asyncio.run`` nor the test client's call of an async view may start another."""

    @functools.wraps(test)
    def alone(*args: P.args, **kwargs: P.kwargs) -> None:
        def body() -> None:
            try:
                test(*args, **kwargs)
            finally:
                connections.close_all()

        with ThreadPoolExecutor(1) as pool:
            pool.submit(body).result()

    return alone


@in_own_thread
def test_a_student_hears_the_next_question_in_the_event(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    student = join(session, "Asha")
    start = session.version

    async def follow() -> None:
        response = await listener(student).get(
            f"/en/play/{session.code}/events/?v={session.version}"
        )
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        chunks = aiter(response.streaming_content)
        assert (await anext(chunks)).startswith(b"retry:")
        await sync_to_async(services.open_question)(session, 0)
        (heard,) = await events_of(chunks, 1)
        assert heard.startswith(f"event: stage\nid: {start + 1}\n")
        assert "Question 1 of 2" in heard and "csrftokenstandinKEPTPAGE" in heard
        assert "Asha" not in heard
        await sync_to_async(services.reveal)(
            await sync_to_async(Session.objects.get)(pk=session.pk)
        )
        (heard,) = await events_of(chunks, 1)  # the stage of this student's answer (none)
        assert heard.startswith(f"event: verdict\nid: {start + 2}\n")
        assert "This question is closed" in heard and "Asha" not in heard
        await sync_to_async(services.end)(await sync_to_async(Session.objects.get)(pk=session.pk))
        final, ended = await events_of(chunks, 2)
        assert final.startswith(f"event: final\nid: {start + 3}\n")  # the end screen
        assert "The quiz is over" in final and 'class="score"' in final
        assert ended.startswith(f"event: ended\nid: {start + 3}\n")
        with pytest.raises(StopAsyncIteration):
            await anext(chunks)  # the stream ends with the session

    run(follow)
    assert streams.open_streams() == 0


@in_own_thread
def test_a_failed_read_of_the_watch_leaves_no_stream_silent(
    quiz: Quiz, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database refuses the watch's reads for a while (SQLite's "table is locked", a
    PostgreSQL restart): the class's streams stay open and hear the next question once it
    answers again, in their language. Seen failing with the error not caught: the watch
    ended and the stream only heard heartbeats."""
    session = services.start_session(quiz, "live")
    students = [join(session, "Asha"), join(session, "Pavel", "cs")]
    refused = [0]

    def flaky(code: str) -> Any:
        if refused[0] < 3:
            refused[0] += 1
            raise OperationalError("database table is locked: quizzes_session")
        return live_state(code)

    monkeypatch.setattr(streams, "live_state", flaky)

    async def follow() -> None:
        chunks = []
        for student, language in zip(students, ("en", "cs"), strict=True):
            response = await listener(student).get(
                f"/{language}/play/{session.code}/events/?v={session.version}"
            )
            assert response.status_code == 200
            chunks.append(aiter(response.streaming_content))
            assert (await anext(chunks[-1])).startswith(b"retry:")
        await sync_to_async(services.open_question)(session, 0)
        (english,) = await events_of(chunks[0], 1)
        (czech,) = await events_of(chunks[1], 1)
        assert english.startswith("event: stage\n") and "Question 1 of 2" in english
        assert czech.startswith("event: stage\n") and "Otázka 1" in czech
        assert refused[0] == 3
        for stream in chunks:
            await stream.aclose()

    run(follow)
    assert streams.open_streams() == 0


@in_own_thread
def test_a_stream_that_reconnects_catches_up_by_its_last_event_id(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    student = join(session, "Asha")
    session = services.open_question(session, 0)

    async def reconnect() -> None:
        response = await listener(student).get(
            f"/en/play/{session.code}/events/?v=0", headers={"Last-Event-ID": "0"}
        )
        (heard,) = await events_of(aiter(response.streaming_content), 1)
        assert heard.startswith(f"event: stage\nid: {session.version}\n")

    run(reconnect)


@in_own_thread
def test_two_students_in_two_languages_hear_only_their_own(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    asha, bara = join(session, "Asha", "hi"), join(session, "Bára", "cs")
    own = [  # what is each student's: their cookie, their page's CSRF token
        secret
        for client, language in ((asha, "hi"), (bara, "cs"))
        for secret in (
            client.cookies[cookie_name(session.code)].value,
            page_token(client.get(f"/{language}/play/{session.code}/").content.decode()),
        )
    ]

    async def both() -> None:
        streams_ = await opened(session, [(asha, "hi"), (bara, "cs")])
        await sync_to_async(services.open_question)(session, 0)
        (hindi,) = await events_of(streams_[0], 1)
        (czech,) = await events_of(streams_[1], 1)
        right, wrong = teenpatti_answers(session)
        for name, answer in (("Asha", right), ("Bára", wrong)):
            student = await sync_to_async(Participant.objects.get)(nickname=name)
            await sync_to_async(services.submit)(session, student, 0, form(result=answer))
        await sync_to_async(services.reveal)(session)
        (hindi_verdict,) = await events_of(streams_[0], 1)
        (czech_verdict,) = await events_of(streams_[1], 1)
        assert "feedback__verdict ok" in hindi_verdict and "feedback__verdict bad" in czech_verdict
        for heard in (hindi, hindi_verdict):
            assert "/hi/play/" in heard and "/cs/" not in heard
        for heard in (czech, czech_verdict):
            assert "/cs/play/" in heard and "/hi/" not in heard
        for heard in (hindi, czech, hindi_verdict, czech_verdict):
            assert "Asha" not in heard and "Bára" not in heard
            assert not [secret for secret in own if secret in heard]

    run(both)


@in_own_thread
def test_a_page_without_a_stream_is_answered_204_and_polls(quiz: Quiz, settings: Any) -> None:
    session = services.start_session(quiz, "live")
    student = join(session, "Asha")
    path = f"/en/play/{session.code}/events/?v={session.version}"
    assert student.get(path).status_code == 204  # WSGI (runserver): no stream, the poll
    play = student.get(f"/en/play/{session.code}/").content.decode()
    assert 'hx-trigger="every 2s, quiz-changed"' in play  # the fallback
    assert f'sse-connect="/en/play/{session.code}/events/"' in play

    async def refused() -> None:
        assert (await AsyncClient().get(path)).status_code == 204  # not in this quiz
        assert (await AsyncClient().get("/en/play/nope/events/")).status_code == 204
        settings.QUIZ_STREAMS_PER_PROCESS = 0  # this process is full
        assert (await listener(student).get(path)).status_code == 204

    run(refused)
    services.end(session)
    settings.QUIZ_STREAMS_PER_PROCESS = 10

    async def ended() -> None:
        assert (await listener(student).get(path)).status_code == 204

    run(ended)


@in_own_thread
def test_the_translators_mode_gets_no_stream(quiz: Quiz) -> None:
    """Its stages are marked for the translators as rendered: a kept one has no marks."""
    session = services.start_session(quiz, "live")
    student = join(session, "Asha")
    request = AsyncRequestFactory().get(f"/en/play/{session.code}/events/")
    request.COOKIES = {name: morsel.value for name, morsel in student.cookies.items()}

    request.translate_mode = True  # type: ignore[attr-defined]  # TranslateModeMiddleware
    assert stream_views.events(request, session.code).status_code == 204
