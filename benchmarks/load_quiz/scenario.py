"""The class run: every student a coroutine on one event loop (a thread of this process),
the teacher a thread of its own, against the servers (each student sticking to one,
round-robin; the teacher on the first), until the teacher ends the quiz (or the run stops);
what each client saw."""

from __future__ import annotations

import argparse
import asyncio
import random
import threading
import time
from collections.abc import Sequence

from benchmarks.load_quiz.browser import Run, Stop, Unanswered
from benchmarks.load_quiz.client import Student, Teacher
from benchmarks.load_quiz.faults import Fault
from benchmarks.load_quiz.homework import HomeworkStudent, HomeworkTeacher
from benchmarks.load_quiz.machine import Meter
from benchmarks.load_quiz.prepare import QuizSetup
from benchmarks.load_quiz.servers import Servers
from benchmarks.load_quiz.streams import StreamingStudent
from benchmarks.load_quiz.visitor import AsyncBrowser


def run_quiz(
    options: argparse.Namespace,
    servers: Servers,
    setup: QuizSetup,
    faults: list[Fault],
    updates: str = "poll",
) -> tuple[Run, list[Student], Teacher, float]:
    """Run the quiz with ``faults`` fired on the way (on the first server); the run, the
    students, the teacher and the seconds it took. The workers' CPU time is known only if
    no fault replaced them. ``updates``: the students poll, or listen to event streams
    ("sse", on the uvicorn beside their app server)."""
    run = Run(options, servers.first.port, options.max_requests, options.timeout)
    students, teacher = clients(run, servers, setup, faults, updates)
    # The bare view asked among the students, on each of their servers (none under faults:
    # a restarted server's requests are not the baseline's).
    bare_ports = [] if faults or not options.paced_bare else servers.ports
    threads = [
        threading.Thread(
            target=asyncio.run, args=(class_of(run, students, bare_ports),), name="students"
        ),
        threading.Thread(target=teacher, name="teacher", daemon=True),
    ]
    threads[0].daemon = True
    workers, server_cpu, client_cpu = (
        set(servers.workers()),
        servers.worker_cpu(),
        time.process_time(),
    )
    meter = Meter(
        {"workers": servers.worker_cpu, "streams": servers.stream_cpu, "redis": servers.redis_cpu}
    )
    meter.start()
    started, first = time.perf_counter(), time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(0.0, run.deadline - time.monotonic()) + 5)
    elapsed = time.perf_counter() - started
    run.window = (first, time.monotonic())
    run.client_cpu = time.process_time() - client_cpu
    run.cores = meter.stop()
    after = servers.worker_cpu()
    if server_cpu is not None and after is not None and set(servers.workers()) == workers:
        run.server_cpu = after - server_cpu  # unknown when a fault replaced the workers
    else:  # a fault replaced the workers: their share is unknown, and so is the rest
        run.cores = {k: v for k, v in run.cores.items() if k not in ("workers", "rest")}
    if any(thread.is_alive() for thread in threads):
        run.stop("the global time limit passed")
        for thread in threads:
            thread.join(options.request_timeout + 5)
    if teacher.browser.connection is not None:
        teacher.browser.connection.close()
    return run, students, teacher, elapsed


async def class_of(run: Run, students: list[Student], bare_ports: Sequence[int] = ()) -> None:
    """Every student, on this event loop, until each has finished (or the run stopped);
    then their connections closed. Meanwhile the bare view is asked at a steady pace on
    each of ``bare_ports`` (:func:`paced_bare`)."""
    run.loop = asyncio.get_running_loop()
    pacers = [asyncio.create_task(paced_bare(run, port)) for port in bare_ports]
    try:
        await asyncio.gather(*(student() for student in students))
    finally:
        for pacer in pacers:
            pacer.cancel()
        await asyncio.gather(*pacers, return_exceptions=True)
        for student in students:
            student.browser.close()


async def paced_bare(run: Run, port: int) -> None:
    """The bare view, ``--paced-bare`` times a second on the server at ``port``, for as long
    as the students run: the baseline a student's request is set against in the same
    conditions. The page bench asks the bare view back to back, with both cores busy and
    their caches warm for it; a student's request comes among the others, a few hundred a
    second, and the same "nothing new" poll costs about half as much again there as in the
    bench (benchmarks/README.md, "The bare view among the students")."""
    browser = AsyncBrowser(run, port)
    interval = 1 / run.options.paced_bare
    try:
        while True:
            await browser.get("/bare/", "bare")
            await run.pause(interval)
    except (Stop, Unanswered):
        pass
    finally:
        browser.close()


def clients(
    run: Run, servers: Servers, setup: QuizSetup, faults: list[Fault], updates: str
) -> tuple[list[Student], Teacher]:
    """The students, each with its server (and stream) round-robin, and the teacher."""
    options = run.options
    seeds = random.Random(options.seed)
    homework = options.mode == "homework"
    student_type: type[Student] = Student
    teacher_type: type[Teacher] = Teacher
    if homework:
        student_type, teacher_type = HomeworkStudent, HomeworkTeacher
    elif updates == "sse":
        student_type = StreamingStudent
    students = [
        student_type(run, number, setup.code, seeds.randrange(2**32), servers.port_for(number))
        for number in range(1, options.students + 1)
    ]
    for number, student in enumerate(students, 1):
        if isinstance(student, StreamingStudent):
            student.stream_port = servers.stream_port_for(number) or 0
    teacher = teacher_type(run, setup, servers.first, faults)
    return students, teacher
