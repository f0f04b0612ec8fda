"""The end screen in the stream's event (``end_screen.final``): each student hears their
own, the one their own request would get, byte for byte, in their language; a student
the stream cannot make it for hears ``changed`` and asks."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import sync_to_async

from tutor.quizzes import end_screen, services
from tutor.quizzes.models import Participant, Quiz, Session

from .classroom import form, teenpatti_answers
from .test_events import events_of, in_own_thread, join, listener, opened, quick_watch, run

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("nothing_kept"),
]  # the stream reads in its own thread

__all__ = ["quick_watch"]  # the fixture, used here too


def data_of(event: str) -> str:
    """An event's data, its ``data:`` lines joined again."""
    return "\n".join(re.findall(r"^data: (.*)$", event, flags=re.MULTILINE))


@in_own_thread
def test_each_student_hears_their_own_end_screen_in_the_event(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live", leaderboard=True)
    people = [("Asha", "bn"), ("Bára", "cs"), ("Kenji", "ja")]
    clients = [join(session, name, language) for name, language in people]
    session = services.open_question(session, 0)
    right, wrong = teenpatti_answers(session)
    for (name, _), answer in zip(people, (right, wrong, right), strict=True):
        student = Participant.objects.get(session=session, nickname=name)
        services.submit(session, student, 0, form(result=answer))
    heard: list[str] = []

    async def follow() -> None:
        streams_ = await opened(
            session,
            [(client, language) for client, (_, language) in zip(clients, people, strict=True)],
        )
        await sync_to_async(services.end)(await sync_to_async(Session.objects.get)(pk=session.pk))
        for chunks in streams_:
            final, ended = await events_of(chunks, 2)
            assert final.startswith("event: final\n") and ended.startswith("event: ended\n")
            heard.append(data_of(final))

    run(follow)
    for client, (name, language), screen in zip(clients, people, heard, strict=True):
        asked = client.get(f"/{language}/play/{session.code}/state/?v=0", HTTP_HX_REQUEST="true")
        assert screen == asked.content.decode(), (name, language)
        assert f"/{language}/play/{session.code}/?review=1" in screen
    assert heard[0] != heard[1]  # a right and a wrong answer: two scores


@in_own_thread
def test_a_student_removed_before_the_end_hears_changed(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    client = join(session, "Asha")
    student = Participant.objects.get(session=session)

    async def follow() -> None:
        response = await listener(client).get(
            f"/en/play/{session.code}/events/?v={session.version}"
        )
        chunks = aiter(response.streaming_content)
        await anext(chunks)
        ended = await sync_to_async(Session.objects.get)(pk=session.pk)
        await sync_to_async(services.remove)(student)
        await sync_to_async(services.end)(ended)
        heard = []
        while not heard or not heard[-1].startswith("event: ended\n"):
            heard += await events_of(chunks, 1)  # the removal's move may come first
        assert heard[-2].startswith("event: changed\n")
        assert not [event for event in heard if event.startswith("event: final")]

    run(follow)
    session.refresh_from_db()
    assert end_screen.final(session.code, "en", student.pk, session.version) is None
