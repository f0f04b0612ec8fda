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

from benchmarks.load_quiz.browser import Run
from benchmarks.load_quiz.client import Student, Teacher
from benchmarks.load_quiz.faults import Fault
from benchmarks.load_quiz.homework import HomeworkStudent, HomeworkTeacher
from benchmarks.load_quiz.machine import Meter
from benchmarks.load_quiz.prepare import QuizSetup
from benchmarks.load_quiz.servers import Servers
from benchmarks.load_quiz.streams import StreamingStudent


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
    threads = [
        threading.Thread(target=asyncio.run, args=(class_of(run, students),), name="students"),
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


async def class_of(run: Run, students: list[Student]) -> None:
    """Every student, on this event loop, until each has finished (or the run stopped);
    then their connections closed."""
    run.loop = asyncio.get_running_loop()
    try:
        await asyncio.gather(*(student() for student in students))
    finally:
        for student in students:
            student.browser.close()


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
