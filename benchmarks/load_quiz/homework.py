"""The homework run (``--mode homework``): each student works through the questions at
their own pace, the clock of each question running from when that student first saw it;
a share of the answers (``--late-share``) comes after the time limit and must be refused,
the question staying unanswered while the student goes on. The teacher watches the
console until everyone has finished, then closes the homework."""

from __future__ import annotations

import time

from benchmarks.load_quiz.browser import Stop
from benchmarks.load_quiz.client import Student, Teacher
from benchmarks.load_quiz.pages import ALREADY, STORED, Failure

#: Seconds past the limit a late student waits: beyond the server's 2 s grace.
LATE_BY = 3.0


class HomeworkStudent(Student):
    #: The questions this student answered only after their time was up.
    late: set[int]

    async def follow(self) -> None:
        """Load the next open question, think, answer; until the score page shows."""
        page = await self.load()
        seen: set[int] = set()
        self.late = set()
        while not page.finished:
            index = page.index
            if index is None:
                raise Failure("homework shows no question and no score")
            if index in seen:
                raise Failure(f"question {index + 1} came back after it was settled")
            seen.add(index)
            think = self.rng.uniform(self.options.think_min, self.options.think_max)
            if self.options.time_limit and self.rng.random() < self.options.late_share:
                think = self.options.time_limit + LATE_BY
                self.modes["late"] += 1
            await self.run.pause(think)
            await self.answer(index, page)
            late = think > (self.options.time_limit or 0) + 2
            if late:
                self.late.add(index)
            self.check_outcome(index, late)
            page = await self.load()  # the verdict was shown; on to the next open question
        self.finished = True
        with self.run.changed:
            self.run.finished_students += 1
            self.run.changed.notify_all()

    def check_outcome(self, index: int, late: bool) -> None:
        """A late answer is never stored; one in time always is (or was, by a repeat)."""
        outcomes = {outcome for _answer, outcome in self.answers.get(index, [])}
        if late and STORED in outcomes:
            raise Failure(f"question {index + 1}: an answer after the time limit was stored")
        if not late and not outcomes & {STORED, ALREADY}:
            raise Failure(f"question {index + 1}: an answer in time was not stored: {outcomes}")


class HomeworkTeacher(Teacher):
    def __call__(self) -> None:
        try:
            self.login()
            self.console()
            everyone = self.options.ramp + self.options.timeout
            self.wait(self.all_finished, everyone)
            self.run.ending_at = time.monotonic()
            self.control("end")  # close the homework
        except Stop:
            pass
        except Exception as error:
            self.failure = f"{type(error).__name__}: {error}"
            self.run.stop(f"the teacher failed: {self.failure}")

    def all_finished(self) -> bool:
        return self.run.finished_students + len(self.run.failed) >= self.options.students
