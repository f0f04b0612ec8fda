"""The students' own stages in the stream's events (the verdict at a reveal, the end screen
at the end) made for every student listening in a process in one thread call
(``streams._own``, ``shared_stage.verdicts``, ``end_screen.finals``): each student hears
what the stage made for them alone is, byte for byte, in five languages, and the class's
verdicts and end screens are each made in one call, not one per student."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from tutor.quizzes import end_screen, services, shared_stage, stream_views, streams
from tutor.quizzes.models import Participant, Quiz, Session

from .classroom import form, teenpatti_answers
from .test_events import events_of, in_own_thread, join, opened, quick_watch, run
from .test_events_final import data_of

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("nothing_kept"),
]  # the stream reads in its own thread

__all__ = ["quick_watch"]  # the fixture, used here too

LANGUAGES = ("en", "bn", "hi", "ja", "cs")


@in_own_thread
def test_a_class_hears_its_own_verdicts_and_end_screens_made_in_one_call_each(
    quiz: Quiz, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = services.start_session(quiz, "live", leaderboard=True)
    people = [(f"Student {n}", LANGUAGES[n % 5]) for n in range(10)]
    clients = [join(session, name, language) for name, language in people]
    calls: list[tuple[str, int]] = []

    def counted(kind: str, make: streams.Own) -> streams.Own:
        def made(code: str, version: int, students: dict[int, str]) -> dict[int, str | None]:
            calls.append((kind, len(students)))
            return make(code, version, students)

        return made

    stages = stream_views.STAGES
    monkeypatch.setattr(
        stream_views,
        "STAGES",
        streams.Stages(
            stages.shared, counted("verdict", stages.verdict), counted("final", stages.final)
        ),
    )
    heard: dict[str, list[str]] = {name: [] for name, _ in people}

    async def follow() -> None:
        streams_ = await opened(
            session,
            [(client, language) for client, (_, language) in zip(clients, people, strict=True)],
        )
        live = await sync_to_async(services.open_question)(session, 0)
        for chunks in streams_:
            await events_of(chunks, 1)  # the question
        right, wrong = teenpatti_answers(live)
        for number, (name, _) in enumerate(people[:-1]):  # the last one does not answer
            student = await sync_to_async(Participant.objects.get)(session=live, nickname=name)
            answer = form(result=right if number % 3 else wrong)
            await sync_to_async(services.submit)(live, student, 0, answer)
        live = await sync_to_async(services.reveal)(live)
        for chunks, (name, _) in zip(streams_, people, strict=True):
            (verdict,) = await events_of(chunks, 1)
            assert verdict.startswith("event: verdict\n")
            heard[name].append(data_of(verdict))
        await sync_to_async(services.end)(await sync_to_async(Session.objects.get)(pk=live.pk))
        for chunks, (name, _) in zip(streams_, people, strict=True):
            final, _ended = await events_of(chunks, 2)
            assert final.startswith("event: final\n")
            heard[name].append(data_of(final))

    run(follow)
    assert calls == [("verdict", 10), ("final", 10)]
    ended = Session.objects.get(pk=session.pk)
    for name, language in people:
        pk = Participant.objects.get(session=session, nickname=name).pk
        alone = [
            shared_stage.verdict(session.code, language, pk, ended.version - 1),
            end_screen.final(session.code, language, pk, ended.version),
        ]
        assert heard[name] == alone, (name, language)
    assert len({screen for screens in heard.values() for screen in screens}) > 5


@in_own_thread
def test_the_batch_is_each_students_own_stage_in_five_languages(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live", leaderboard=True)
    people = [(f"Student {n}", LANGUAGES[n % 5]) for n in range(10)]
    for name, language in people:
        join(session, name, language)
    session = services.open_question(session, 0)
    right, wrong = teenpatti_answers(session)
    ids = {}
    for number, (name, language) in enumerate(people):
        student = Participant.objects.get(session=session, nickname=name)
        ids[student.pk] = language
        if number < 9:  # the last one does not answer
            services.submit(session, student, 0, form(result=right if number % 3 else wrong))
    session = services.reveal(session)

    def each(make: Any, version: int) -> dict[int, str | None]:
        return {pk: make(session.code, language, pk, version) for pk, language in ids.items()}

    verdicts = shared_stage.verdicts(session.code, session.version, ids)
    assert verdicts == each(shared_stage.verdict, session.version)
    assert all(verdicts.values()) and len(set(verdicts.values())) > 5
    for pk, html in verdicts.items():  # every address on it in the student's language
        assert html is not None
        addresses = re.findall(r'(?:href|hx-get|hx-post|action)="(/[^"]*)"', html)
        assert addresses and all(a.startswith(f"/{ids[pk]}/") for a in addresses), addresses
    session = services.end(session)
    finals = end_screen.finals(session.code, session.version, ids)
    assert finals == each(end_screen.final, session.version)
    assert all(finals.values()) and len(set(finals.values())) > 5
    for pk, html in finals.items():
        assert html is not None
        addresses = re.findall(r'(?:href|hx-get|hx-post|action)="(/[^"]*)"', html)
        assert all(a.startswith(f"/{ids[pk]}/") for a in addresses), addresses
    removed = next(iter(ids))
    services.remove(Participant.objects.get(pk=removed))
    session = Session.objects.get(pk=session.pk)
    after = end_screen.finals(session.code, session.version, ids)
    assert after[removed] is None and all(v for pk, v in after.items() if pk != removed)


@in_own_thread
def test_a_student_who_came_after_the_batch_gets_their_own() -> None:
    """A stream whose student is not in the batch started (they opened it after) makes
    theirs alone, and leaves the class's batch as it is."""
    made: list[dict[int, str]] = []

    def make(code: str, version: int, students: dict[int, str]) -> dict[int, str | None]:
        made.append(dict(students))
        return {pk: f"{code}:{version}:{pk}:{language}" for pk, language in students.items()}

    async def both() -> None:
        watch = streams.Watch(version=3, listeners=1)
        watch.students[1, "en"] += 1
        first = await streams._own(watch, "verdict", make, "ABC", (1, "en"), 3)
        late = await streams._own(watch, "verdict", make, "ABC", (2, "cs"), 3)
        again = await streams._own(watch, "verdict", make, "ABC", (1, "en"), 3)
        assert (first, late, again) == ("ABC:3:1:en", "ABC:3:2:cs", "ABC:3:1:en")

    asyncio.run(both())
    assert made == [{1: "en"}, {2: "cs"}]
