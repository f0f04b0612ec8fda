"""What a teacher's console costs for a large class: the CPU time inside Django of the
console page, its live numbers poll (``console-state``, htmx every 2 s) and a control
POST, each against the bare view in the same run, through the site's whole middleware
stack in this process (Django's test client, production settings, ``/bare/`` of
``bench_urls``).

    python -m benchmarks.console                           # 40, 400 and 2,000 students, SQLite
    python -m benchmarks.console --students 2000 --rounds 9 \\
        --database-url postgres://tutor:tutor@127.0.0.1:5432/tutor_console

For each class size a live session of three Teen Patti questions: everyone joined, the
first question open and two thirds of the class answered (one in five wrongly), then the
same session revealed, then ended. Measured: the console page (GET), the poll when
nothing changed (the state it was rendered in), the poll after one more answer came in
(a change it must show), and a control POST (the reveal, its state reset between rounds).
Figures, never assertions: thread CPU (``time.thread_time``: the view, the ORM and, on
SQLite, the database) as the median of ``--rounds``, and its ratio to the bare view's.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import standalone
from benchmarks.memory import machine

SIZES = (40, 400, 2000)


def setup(database: str) -> None:
    standalone.setup(database, "benchmarks.bench_settings")


def make_session(owner: Any, students: int) -> Any:
    """A live session of ``students``, the first question open, two thirds answered."""
    from django.utils import timezone

    from tutor.engine import teenpatti
    from tutor.quizzes import services
    from tutor.quizzes.models import Participant, Quiz, Response, Slot

    quiz = Quiz.objects.create(owner=owner, title=f"{students} students")
    for order, seed in enumerate((11, 12, 13)):
        Slot.objects.create(
            quiz=quiz, order=order, kind="fixed", drill="teenpatti-showdown", seed=seed
        )
    session = services.start_session(quiz, "live", leaderboard=True)
    Participant.objects.bulk_create(
        Participant(
            session=session, nickname=f"Student {n:04d}", skeleton=f"s{n}", capitals=f"c{n}"
        )
        for n in range(students)
    )
    session = services.open_question(session, 0)
    q = services.question(session, 0)
    result = teenpatti.showdown(q.data.hand_a, q.data.hand_b).result
    wrong = "tie" if result != "tie" else "player_a"
    rows = list(Response.objects.of_session(session).order_by("pk").values_list("pk", flat=True))
    now = timezone.now()
    answered = rows[: students * 2 // 3]
    for right, pks in (
        (True, answered[len(answered) // 5 :]),
        (False, answered[: len(answered) // 5]),
    ):
        Response.objects.filter(pk__in=pks).update(
            answered=now,
            answer={"result": [result if right else wrong]},
            correct=right,
            points=1 if right else 0,
            attempts=1,
            elapsed_ms=4200,
        )
    return session


def thread_cpu(
    call: Callable[[], Any], rounds: int, before: Callable[[], Any] | None = None
) -> float:
    """The median thread CPU seconds of ``call`` over ``rounds`` (``before`` untimed)."""
    times = []
    for _ in range(rounds):
        if before is not None:
            before()
        started = time.thread_time()
        response = call()
        times.append(time.thread_time() - started)
        assert response.status_code in (200, 286, 302), response.status_code
    return statistics.median(times)


def measure(client: Any, session: Any, rounds: int, bare: Callable[[], float]) -> None:
    from tutor.quizzes.models import Response, Session

    console = f"/en/quizzes/session/{session.code}/"
    control = f"/en/quizzes/session/{session.code}/control/"

    def poll() -> Any:
        session.refresh_from_db()
        query = f"state={session.state}&current={session.current}"
        return client.get(f"{console}live/?{query}", headers={"HX-Request": "true"})

    def answer_one() -> None:
        waiting = Response.objects.of_session(session).filter(index=0, answered=None).first()
        if waiting is not None:
            Response.objects.filter(pk=waiting.pk).update(answered=session.question_started)

    def reopen() -> None:
        Session.objects.filter(pk=session.pk).update(state=Session.State.QUESTION)

    def reveal() -> Any:
        return client.post(control, {"action": "reveal", "at": "question:0"})

    base = bare()
    figures = [
        ("question: console page", thread_cpu(lambda: client.get(console), rounds)),
        ("question: poll, nothing new", thread_cpu(poll, rounds)),
        ("question: poll after an answer", thread_cpu(poll, rounds, answer_one)),
        ("control POST (reveal)", thread_cpu(reveal, rounds, reopen)),
    ]
    reveal()
    figures += [
        ("reveal: console page", thread_cpu(lambda: client.get(console), rounds)),
        ("reveal: poll, nothing new", thread_cpu(poll, rounds)),
    ]
    client.post(control, {"action": "end", "at": "reveal:0"})
    figures += [
        ("ended: console page", thread_cpu(lambda: client.get(console), rounds)),
        ("ended: poll", thread_cpu(poll, rounds)),
    ]
    base = (base + bare()) / 2
    print(f"  {'bare view':<34} {base * 1000:>9.2f} ms   1.0x")
    for what, seconds in figures:
        print(f"  {what:<34} {seconds * 1000:>9.2f} ms {seconds / base:>6.1f}x")


def run(options: argparse.Namespace) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    teacher = get_user_model().objects.create_user(f"console-{secrets.token_hex(4)}")
    client = Client()
    client.force_login(teacher)
    client.get("/bare/")

    def bare() -> float:
        return thread_cpu(lambda: client.get("/bare/"), max(options.rounds, 21))

    print(f"On {machine()}; thread CPU, median of {options.rounds} rounds")
    for students in options.students:
        session = make_session(teacher, students)
        print(f"{students} students, {students * 2 // 3} answered:")
        measure(client, session, options.rounds, bare)
    print(f"Load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.console")
    parser.add_argument("--students", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--rounds", type=int, default=7, help="timed requests of each kind")
    parser.add_argument("--database-url", help="else a temporary SQLite file")
    options = parser.parse_args(argv)
    if options.database_url:
        setup(options.database_url)
        run(options)
        return 0
    with tempfile.TemporaryDirectory(prefix="console-") as tmp:
        setup(f"sqlite:///{Path(tmp) / 'db.sqlite3'}")
        run(options)
    return 0


if __name__ == "__main__":
    sys.exit(main())
