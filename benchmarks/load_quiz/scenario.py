"""The class run: every student and the teacher a thread of this process, against one
server, until the teacher ends the quiz (or the run stops); what each client saw."""

from __future__ import annotations

import argparse
import random
import threading
import time

from benchmarks.gunicorn_server import Server
from benchmarks.load_quiz.browser import Run
from benchmarks.load_quiz.client import Student, Teacher
from benchmarks.load_quiz.faults import Fault
from benchmarks.load_quiz.homework import HomeworkStudent, HomeworkTeacher
from benchmarks.load_quiz.prepare import QuizSetup


def run_quiz(
    options: argparse.Namespace, server: Server, setup: QuizSetup, faults: list[Fault]
) -> tuple[Run, list[Student], Teacher, float]:
    """Run the quiz with ``faults`` fired on the way; the run, the students, the teacher and
    the seconds it took. The workers' CPU time is known only if no fault replaced them."""
    run = Run(options, server.port, options.max_requests, options.timeout)
    seeds = random.Random(options.seed)
    homework = options.mode == "homework"
    student_type, teacher_type = (
        (HomeworkStudent, HomeworkTeacher) if homework else (Student, Teacher)
    )
    students = [
        student_type(run, number, setup.code, seeds.randrange(2**32))
        for number in range(1, options.students + 1)
    ]
    teacher = teacher_type(run, setup, server, faults)
    threading.stack_size(512 * 1024)
    threads = [threading.Thread(target=s, name=s.nickname, daemon=True) for s in students]
    threads.append(threading.Thread(target=teacher, name="teacher", daemon=True))
    workers, server_cpu, client_cpu = (
        set(server.workers()),
        server.worker_cpu(),
        time.process_time(),
    )
    started, first = time.perf_counter(), time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(0.0, run.deadline - time.monotonic()) + 5)
    elapsed = time.perf_counter() - started
    run.window = (first, time.monotonic())
    run.client_cpu = time.process_time() - client_cpu
    after = server.worker_cpu()
    if server_cpu is not None and after is not None and set(server.workers()) == workers:
        run.server_cpu = after - server_cpu  # unknown when a fault replaced the workers
    if any(thread.is_alive() for thread in threads):
        run.stop("the global time limit passed")
        for thread in threads:
            thread.join(options.request_timeout + 5)
    for browser in run.browsers:
        if browser.connection is not None:
            browser.connection.close()
    return run, students, teacher, elapsed
