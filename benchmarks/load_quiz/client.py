"""The simulated clients: a student who joins, follows the session as the page does with
JavaScript on (htmx polls and posts) and answers every question (a coroutine: the class
runs on one event loop), and the teacher who runs the quiz from the console and sets off
the planned faults (a thread, blocking on the students' counters)."""

from __future__ import annotations

import contextlib
import math
import random
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from urllib.parse import urlencode

from benchmarks.gunicorn_server import Server
from benchmarks.load_quiz.browser import Browser, Reply, Run, Stop, Unanswered
from benchmarks.load_quiz.faults import Fault
from benchmarks.load_quiz.pages import (
    AT_RE,
    ATTEMPT_RE,
    LANGUAGE,
    SETTLED,
    UNKNOWN,
    Answer,
    Choices,
    Failure,
    PlayPage,
    answer_outcome,
    csrf_token,
)
from benchmarks.load_quiz.prepare import QuizSetup
from benchmarks.load_quiz.visitor import AsyncBrowser

MAX_TRIES = 40  # per answer, and per join, across server restarts
Posted = list[tuple[str, str]]  # an answer form's fields


def give_up_after(rng: random.Random) -> float:
    """How long an impatient client waits for a reply: a few milliseconds."""
    return rng.uniform(5e-4, 0.01)


class Student:
    def __init__(
        self, run: Run, number: int, code: str, seed: int, port: int | None = None
    ) -> None:
        self.run = run
        self.options = run.options
        self.nickname = f"student-{number:04d}"
        self.code = code
        self.rng = random.Random(seed)
        self.browser = AsyncBrowser(run, port)  # the server this student sticks to
        self.play_path = f"/{LANGUAGE}/play/{code}/"
        self.csrf = ""
        # Every answer sent, per question: (the choices, what the reply said).
        self.answers: dict[int, list[tuple[Answer, str]]] = {}
        self.settled: set[int] = set()
        self.modes: Counter[str] = Counter()  # plain, retry (gave up on the reply), double
        self.finished = False
        self.failure = ""
        self.last_stage: PlayPage | None = None  # the stage the last answer's reply showed

    async def __call__(self) -> None:
        try:
            await self.run.pause(self.rng.uniform(0, self.options.ramp))
            await self.join()
            await self.follow()
        except Stop:
            pass
        except Exception as error:  # Failure, Unanswered, or a bug: the run fails, not hangs
            self.failure = f"{type(error).__name__}: {error}"
        finally:
            if not self.finished:
                with self.run.changed:
                    self.run.failed.append(self)
                    self.run.changed.notify_all()

    async def join(self) -> None:
        page = await self.browser.get(f"/{LANGUAGE}/join/{self.code}/", "join")
        if page.status != 200:
            raise Failure(f"join page answered {page.status}")
        self.csrf = csrf_token(page.text)
        attempt = ATTEMPT_RE.search(page.text)
        fields = [
            ("code", self.code),
            ("nickname", self.nickname),
            ("csrfmiddlewaretoken", self.csrf),
            ("attempt", attempt.group(1) if attempt else ""),
        ]
        path = f"/{LANGUAGE}/join/"
        if self.rng.random() < self.options.retry_share:
            # An impatient client: gives up on the reply, then sends the same form again.
            self.modes["join repeated"] += 1
            with contextlib.suppress(Unanswered):
                await self.browser.send_impatient(
                    "POST", path, "join", fields, give_up_after(self.rng)
                )
            self.browser.cookies.pop(f"quiz_{self.code}", None)  # as if the reply was lost
        try:
            reply = await self.browser.send_until_answered(
                "POST", path, "join", fields, tries=MAX_TRIES
            )
        except Unanswered as error:
            if error.timed_out:
                raise
            raise Failure("joining answered nothing") from error
        if reply.status != 302 or not reply.headers.get("location", "").endswith(self.play_path):
            raise Failure(f"joining answered {reply.status}")
        with self.run.changed:
            self.run.joined += 1
            self.run.changed.notify_all()

    def stage(self, reply: Reply) -> PlayPage:
        """The stage a 200 reply shows; the score page is timed apart from the questions."""
        page = PlayPage.parse(reply.text)
        if page.finished:
            self.browser.samples[-1] = self.browser.samples[-1]._replace(kind="final")
        return page

    async def load(self) -> PlayPage:
        while True:
            reply = await self.browser.get(self.play_path, "play")
            if reply.status == 200:
                return self.stage(reply)
            if reply.status == 302 and "/join/" in reply.headers.get("location", ""):
                with self.run.changed:
                    self.run.lost_place += 1
                raise Failure("sent back to the join page: its place in the quiz was lost")
            if reply.status < 500:
                raise Failure(f"the quiz page answered {reply.status}")
            await self.run.pause(self.options.poll)  # a server error: reload, as a person would

    async def follow(self) -> None:
        """The page's loop: poll every ``poll`` seconds, reload when the teacher moves on,
        answer each question once its think time is over."""
        page = await self.load()
        next_poll = time.monotonic() + self.options.poll * self.rng.uniform(0.2, 1.0)
        pending: tuple[int, float] | None = None  # (question, when to answer it)
        while not page.finished:
            if page.index is None or page.index in self.answers:
                pending = None  # no form (lobby, answered, closed), or this one is done
            elif pending is None or pending[0] != page.index:
                think = self.rng.uniform(self.options.think_min, self.options.think_max)
                pending = (page.index, time.monotonic() + think)
            now = time.monotonic()
            if pending is not None and now >= pending[1]:
                # The reply is the new stage; without one (all tries lost), reload the page.
                page = await self.answer(pending[0], page) or await self.load()
                pending = None
                continue
            await self.run.pause(min(next_poll, pending[1] if pending else math.inf) - now)
            if time.monotonic() < next_poll:
                continue
            next_poll = time.monotonic() + self.options.poll
            path = f"{self.play_path}state/?v={page.version}"
            reply = await self.browser.get(path, "state", htmx=True)
            if reply.status == 200:  # the class moved on: the new stage, swapped in
                page = self.stage(reply)
            elif reply.status == 286:  # "stop polling": ended, or not in the quiz: reload
                page = await self.load()
        self.finished = True

    def pick(self, choices: Choices) -> Answer:
        answer: Answer = {}
        for name, (kind, values) in choices.items():
            answer[name] = [self.rng.choice(values)] if kind == "radio" or values else []
        return answer

    async def answer(self, index: int, page: PlayPage) -> PlayPage | None:
        """Answer question ``index`` in one of three ways (plain, impatient, double click),
        then repeat the first choices until a reply settles it; the last stage shown."""
        if not page.choices:
            raise Failure(f"question {index + 1} shows no choices")
        first = self.pick(page.choices)
        second = next((a for a in (self.pick(page.choices) for _ in range(8)) if a != first), first)
        path = f"{self.play_path}answer/"
        csrf = page.csrf or self.csrf

        def fields(answer: Answer) -> Posted:
            return [
                ("csrfmiddlewaretoken", csrf),
                ("index", str(index)),
                *((name, value) for name, values in answer.items() for value in values),
            ]

        sent = self.answers.setdefault(index, [])
        self.last_stage = None
        mode = self.draw_mode()
        self.modes[mode] += 1
        if mode == "double":
            both = (first, fields(first)), (second, fields(second))
            sent.extend(await self.post_twice(path, *both))
        elif mode == "retry":  # an impatient client: gives up on the reply
            give_up = give_up_after(self.rng)
            sent.append((first, await self.post(path, fields(first), give_up=give_up)))
        else:
            sent.append((first, await self.post(path, fields(first))))
        pause = 0.05
        while not any(outcome in SETTLED for _, outcome in sent) and len(sent) < MAX_TRIES:
            await self.run.pause(self.rng.uniform(0.1, 0.5) if len(sent) == 1 else pause)
            pause = min(1.0, pause * 2)
            sent.append((first, await self.post(path, fields(first))))
        with self.run.changed:
            self.settled.add(index)
            self.run.settled[index] += 1
            self.run.changed.notify_all()
        return self.last_stage

    def draw_mode(self) -> str:
        draw = self.rng.random()
        if draw < self.options.double_share:
            return "double"
        return "retry" if draw < self.options.double_share + self.options.retry_share else "plain"

    def outcome(self, reply: Reply) -> str:
        """What the stage sent back says, as the student reads it (see ``answer_outcome``)."""
        location = reply.headers.get("location", "")
        if reply.status == 302 and "/join/" in location:
            return "lost"
        if reply.status != 200:
            return f"error {reply.status}"  # a server error: nothing is known, try again
        self.last_stage = PlayPage.parse(reply.text)
        return answer_outcome(reply.text)

    async def post(self, path: str, fields: Posted, give_up: float | None = None) -> str:
        try:
            if give_up is None:
                reply = await self.browser.send("POST", path, "answer", fields, htmx=True)
            else:
                reply = await self.browser.send_impatient(
                    "POST", path, "answer", fields, give_up, True
                )
        except Unanswered:
            return UNKNOWN
        return self.outcome(reply)

    async def post_twice(
        self, path: str, *answers: tuple[Answer, Posted]
    ) -> list[tuple[Answer, str]]:
        """A double click: both posts in flight at once, on two connections."""
        results: list[tuple[Answer, str]] = []
        in_flight = []
        for answer, fields in answers:
            connection = self.browser.new_connection()
            try:
                started = await self.browser.begin(connection, "POST", path, "answer", fields, True)
                in_flight.append((connection, answer, started))
            except Unanswered:
                results.append((answer, UNKNOWN))
        for connection, answer, started in in_flight:
            try:
                reply = await self.browser.end(connection, "answer", started)
                results.append((answer, self.outcome(reply)))
            except Unanswered:
                results.append((answer, UNKNOWN))
            finally:
                connection.close()
        return results


class Teacher:
    def __init__(self, run: Run, setup: QuizSetup, server: Server, faults: list[Fault]) -> None:
        self.run = run
        self.options = run.options
        self.setup = setup
        self.server = server
        self.faults = faults
        self.browser = Browser(run)
        self.console_path = f"/{LANGUAGE}/quizzes/session/{setup.code}/"
        self.at = ""
        self.csrf = ""
        self.failure = ""
        self.skipped: list[int] = []  # questions closed before every student had answered

    def __call__(self) -> None:
        try:
            self.login()
            self.console()
            self.wait(
                lambda: self.run.joined + len(self.run.failed) >= self.options.students,
                self.options.ramp + 120,
            )
            self.control("start")
            for index in range(self.options.questions):
                if not self.wait(partial(self.all_answered, index), self.options.question_timeout):
                    self.skipped.append(index)
                self.control("reveal")
                self.wait(lambda: False, self.options.reveal_pause)
                if index + 1 < self.options.questions:
                    self.control("next")
                else:
                    self.run.ending_at = time.monotonic()
                    self.control("end")
        except Stop:
            pass
        except Exception as error:
            self.failure = f"{type(error).__name__}: {error}"
            self.run.stop(f"the teacher failed: {self.failure}")

    def login(self) -> None:
        path = f"/{LANGUAGE}/accounts/login/"
        page = self.browser.get(path, "login")
        fields = [
            ("username", self.setup.username),
            ("password", self.setup.password),
            ("csrfmiddlewaretoken", csrf_token(page.text)),
        ]
        reply = self.browser.send("POST", path, "login", fields)
        if reply.status != 302:
            raise Failure(f"logging in answered {reply.status}")

    def console(self) -> None:
        reply = self.browser.get(self.console_path, "teacher")
        if reply.status != 200:
            raise Failure(f"the console answered {reply.status}")
        found = AT_RE.search(reply.text)
        self.at = found.group(1) if found else "ended:-1"
        self.csrf = csrf_token(reply.text) if found else self.csrf

    def control(self, action: str) -> None:
        fields = [("action", action), ("at", self.at), ("csrfmiddlewaretoken", self.csrf)]
        before = self.at
        # Safe to repeat, even after a timeout: the form says which state it was pressed in.
        reply = self.browser.send_until_answered(
            "POST", f"{self.console_path}control/", "teacher", fields, timeouts=True
        )
        if reply.status != 302:
            raise Failure(f"the {action} control answered {reply.status}")
        self.console()
        if self.at == before:
            raise Failure(f"the {action} control changed nothing ({before})")

    def all_answered(self, index: int) -> bool:
        missing = sum(1 for student in self.run.failed if index not in student.settled)
        faults_left = any(f.question == index and not f.done for f in self.faults)
        return not faults_left and self.run.settled[index] + missing >= self.run.joined

    def poll_console(self) -> None:
        state, current = self.at.split(":")
        query = urlencode({"state": state, "current": current})
        self.browser.get(f"{self.console_path}live/?{query}", "teacher")

    def wait(self, done: Callable[[], bool], seconds: float) -> bool:
        """Wait for ``done`` (the students' counters), polling the console as its page does
        and setting off the faults planned for this point of the quiz."""
        end = time.monotonic() + seconds
        next_poll = time.monotonic() + self.options.poll
        while True:
            with self.run.changed:
                if done():
                    return True
                self.run.changed.wait(max(0.0, min(next_poll, end) - time.monotonic()))
            self.run.check()
            self.fire_faults()
            now = time.monotonic()
            if now >= end:
                return done()
            if now >= next_poll:
                next_poll = now + self.options.poll
                self.poll_console()

    def fire_faults(self) -> None:
        state, current = self.at.split(":")
        for fault in self.faults:
            if fault.done or state != "question" or int(current) != fault.question:
                continue
            with self.run.changed:
                answered, joined = self.run.settled[fault.question], self.run.joined
            if answered >= fault.share * joined:
                fault.fire(self.server, answered, joined)
