"""What a new question costs a class on event streams against polling, in one process
(``inprocess.py``'s setup: production settings, Django's WSGI handler called directly,
thread CPU time):

- ``stage-event``: the stage sent in a stream's event (``tutor/quizzes/shared_stage.py``),
  rendered anew with every kept fragment dropped first: what one process pays once per
  language at each move of the teacher, whatever the number of students;
- ``state200``: one student's request for the new stage, what each polling student (and
  each student on a stream told only ``changed``) pays at each move;
- ``bare``: the bare view, the unit;

and at the reveal, ``verdict``: what a stream does for its student (their answer read,
the stage of that answer taken from the process's cache: ``shared_stage.verdict``),
against ``state200`` again, the student asking for the revealed stage.

``--final 40,400,2000``: the end screen instead, for classes of those sizes (3 questions
answered by everyone, the teacher has ended; with the leaderboard on, and off): ``final``,
a student's request for their end screen (the poll's ``state/?v=``, as a page without a
stream asks), and ``event``, what a stream does to send it in its event
(``end_screen.final``), against the bare view of the same run; ``--profile final`` (or
``event``) prints cProfile's functions of the largest class's.

    .venv/bin/python -m benchmarks.load_quiz.stage_event --students 2000
    .venv/bin/python -m benchmarks.load_quiz.stage_event --final 40,400,2000 --profile event
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path

from benchmarks.gunicorn_server import production_environment
from benchmarks.load_quiz.inprocess import Quiz, Reply, profile, timed
from benchmarks.load_quiz.machine import load_average
from benchmarks.load_quiz.prepare import SETTINGS_MODULE, prepare_database


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load_quiz.stage_event")
    parser.add_argument("--count", type=int, default=200, help="requests per batch (200)")
    parser.add_argument("--students", type=int, default=2000, help="a class of (2000)")
    parser.add_argument("--languages", type=int, default=5, help="languages in the class (5)")
    parser.add_argument("--final", default="", help="the end screen for classes of (40,400)")
    parser.add_argument("--profile", default="", help="with --final: cProfile final or event")
    options = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="stage-event-"))
    try:
        prepare_database(production_environment(tmp, DJANGO_SETTINGS_MODULE=SETTINGS_MODULE))
        if options.final:
            final(options, [int(size) for size in options.final.split(",")])
            return
        quiz = Quiz(3)
        quiz.open_question()
        report(quiz, options)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def report(quiz: Quiz, options: argparse.Namespace) -> None:
    from django.core.cache import caches

    from tutor.quizzes.shared_stage import markup

    def stage_event() -> Reply:
        caches["local"].clear()  # as at a move: nothing of the new question is kept yet
        made = markup(quiz.setup.code, "en")
        return (200 if made else 204), {}, made[1].encode() if made else b""

    kinds = quiz.kinds()
    sends = {
        "bare": kinds["bare"],
        "state200": kinds["state200"],
        "stage-event": (stage_event, 200),
    }
    print(f"load average before: {load_average()}")
    rounds: dict[str, list[float]] = {kind: [] for kind in sends}
    for _ in range(5):
        for kind, (send, status) in sends.items():
            rounds[kind].append(timed(send, status, options.count, 1))
    micro = {kind: statistics.median(values) for kind, values in rounds.items()}
    bare = micro["bare"]
    for kind, value in micro.items():
        print(f"  {kind:<12}{value:>9.0f} µs  {value / bare:>6.2f} x bare")
    polled = micro["state200"] * options.students / 1000
    heard = micro["stage-event"] * options.languages / 1000
    print(
        f"A move of the teacher, {options.students} students in {options.languages} languages,"
        f" one process: polling {polled:,.0f} ms of CPU ({polled * 1000 / bare:,.0f} bare"
        f" views), the stage in the event {heard:,.1f} ms ({heard * 1000 / bare:,.0f} bare"
        f" views), {polled / heard:,.0f} times less"
    )
    reveal(quiz, options, bare)
    print(f"load average after: {load_average()}")


def reveal(quiz: Quiz, options: argparse.Namespace, bare: float) -> None:
    from tutor.quizzes import services
    from tutor.quizzes.models import Participant, Session
    from tutor.quizzes.shared_stage import verdict

    session = services.reveal(Session.objects.get(pk=quiz.setup.session_id))
    student = Participant.objects.filter(session=session).first()
    assert student is not None

    def own() -> Reply:
        made = verdict(session.code, "en", student.pk, session.version)
        return (200 if made else 204), {}, made.encode() if made else b""

    kinds = {"state200": quiz.kinds()["state200"], "verdict": (own, 200)}
    for kind, (send, status) in kinds.items():
        value = statistics.median(timed(send, status, options.count, 1) for _ in range(5))
        print(f"  reveal, {kind:<12}{value:>6.0f} µs  {value / bare:>6.2f} x bare")


def ended_class(students: int, leaderboard: bool) -> Quiz:
    """A live session of 3 questions of a point each that ``students`` answered (5 of them
    joined through the form, with cookies; the rest written straight to the database),
    ended by the teacher. With 4 possible scores the leaderboard's top ranks are ties,
    shown whole: hundreds of names in a class of 2,000."""
    from django.utils import timezone

    from tutor.core import names
    from tutor.quizzes import services
    from tutor.quizzes.models import Participant, Response, Session

    quiz = Quiz(5)
    session = Session.objects.get(pk=quiz.setup.session_id)
    Participant.objects.bulk_create(
        Participant(
            session=session, nickname=f"pupil-{n:05d}", skeleton=looks[0], capitals=looks[1]
        )
        for n in range(students - 5)
        for looks in [names.looks(f"pupil-{n:05d}")]
    )
    now, rng = timezone.now(), random.Random(students)
    rows = []
    for pk in session.participants.values_list("pk", flat=True):
        for index in range(3):
            right = rng.random() < 0.6
            rows.append(
                Response(
                    participant_id=pk,
                    index=index,
                    answered=now,
                    attempts=1,
                    answer={"choice": ["a"]},
                    correct=right,
                    points=int(right),
                )
            )
    Response.objects.bulk_create(rows, ignore_conflicts=True)
    Session.objects.filter(pk=session.pk).update(leaderboard=leaderboard, current=2)
    services.end(Session.objects.get(pk=session.pk))
    return quiz


def final(options: argparse.Namespace, sizes: list[int]) -> None:
    """The end screen's CPU per student, as a ratio to the bare view, for each class size:
    asked for (``final``), and where the site makes it for the stream's event, the
    stream's work for one student (``event``: ``end_screen.final``)."""
    print(f"load average before: {load_average()}")
    quiz = None
    for size in sizes:
        figures = []
        for leaderboard in (True, False):
            quiz = ended_class(size, leaderboard)
            sends = end_screens(quiz)
            rounds: dict[str, list[float]] = {kind: [] for kind in sends}
            for _ in range(5):
                for kind, (send, status) in sends.items():
                    rounds[kind].append(timed(send, status, options.count, 1))
            bare = statistics.median(rounds["bare"])
            figures.append(
                ", ".join(
                    f"{kind} {statistics.median(values) / bare:.2f}x"
                    for kind, values in rounds.items()
                    if kind != "bare"
                )
                + f" (bare {bare:.0f} µs)"
            )
        print(f"  class of {size:>5}: with the leaderboard {figures[0]}; without {figures[1]}")
    if options.profile and quiz is not None:
        print(profile(end_screens(quiz)[options.profile][0], options.count, 30))
    print(f"load average after: {load_average()}")


def end_screens(quiz: Quiz) -> dict[str, tuple[Callable[[], Reply], int]]:
    """The bare view, a student's request for their end screen, and (where the site has
    it) the stream's making of it for the event."""
    from tutor.quizzes.models import Participant, Session

    kinds = quiz.kinds()
    sends = {"bare": kinds["bare"], "final": kinds["state200"]}
    assert b'class="score"' in sends["final"][0]()[2], "no end screen"
    try:
        from tutor.quizzes.end_screen import final as made  # type: ignore[attr-defined,unused-ignore]
    except ImportError:  # before the end screen came in the event
        return sends
    session = Session.objects.get(pk=quiz.setup.session_id)
    student = Participant.objects.filter(session=session).first()
    assert student is not None

    def event() -> Reply:
        html = made(session.code, "en", student.pk, session.version)
        return (200 if html else 204), {}, (html or "").encode()

    return {**sends, "event": (event, 200)}


if __name__ == "__main__":
    main()
