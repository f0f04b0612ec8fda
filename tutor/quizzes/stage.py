"""What a student's quiz screen shows now: the rules of feedback, retries and deadlines,
and the :class:`Stage` they make, with the key it is kept under.

Pure functions of plain facts (the session's mode, state and settings, this student's
answer so far, the time now and the question's deadline), so every rule is tested
without a database or a request. The student's view gathers the facts, asks, and renders:

>>> from datetime import datetime, timedelta
>>> rules = Rules(mode="live", state="question", feedback="at_once", attempts=2)
>>> screen(rules, index=0, is_open=True)
<Screen.QUESTION: 'question'>
>>> now = datetime(2026, 1, 1, 9, 0, 0)
>>> wrong_once = Attempts(answered=True, correct=False, made=1)
>>> view = at_question(rules, wrong_once, now=now, deadline=now + timedelta(seconds=20.5))
>>> (view.can_answer, view.try_again, view.attempts_left, view.show_feedback, view.seconds_left)
(True, True, 1, False, 20)
"""

from __future__ import annotations

import enum
import hashlib
from dataclasses import dataclass, fields
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.utils import timezone

from .models import Quiz, Session
from .scoring import Score
from .timers import closes_for

if TYPE_CHECKING:
    from django.utils.safestring import SafeString

    from tutor.drills.drill import Grade
    from tutor.drills.written import WrittenQuestion

    from .models import Participant, Response
    from .services import Standing


class Screen(enum.StrEnum):
    FINISHED = "finished"  # the quiz is over for this student: score, review, leaderboard
    CLOSED = "closed"  # homework outside its opening hours
    LOBBY = "lobby"  # a live session before its first question: wait for the teacher
    QUESTION = "question"  # a question, answered or not


@dataclass(frozen=True)
class Rules:
    """The facts of the session that decide the screen."""

    mode: str  # Session.Mode
    state: str  # Session.State
    feedback: Quiz.Feedback = Quiz.Feedback.AT_ONCE  # when feedback shows
    attempts: int = 1  # answers allowed per question, until one is right
    leaderboard: bool = False
    #: Homework past its closing time: over for everyone, as if ended.
    closed: bool = False

    @classmethod
    def of(
        cls, session: Session, now: datetime | None = None, participant: Participant | None = None
    ) -> Rules:
        """The session's rules; with ``participant``, homework closes at their own time
        (a later one their teacher gave them)."""
        now = now or timezone.now()
        closes = session.closes if participant is None else closes_for(session, participant)
        return cls(
            mode=session.mode,
            state=session.state,
            feedback=session.settings_view.feedback,
            attempts=session.settings_view.attempts,
            leaderboard=session.leaderboard,
            closed=session.mode == Session.Mode.HOMEWORK and closes is not None and closes <= now,
        )

    @property
    def over(self) -> bool:
        """The session is over for everyone: ended by the teacher, or homework closed."""
        return self.state == Session.State.ENDED or self.closed


@dataclass(frozen=True)
class Attempts:
    """This student's attempts at the question on screen, so far: whether they answered,
    whether their last answer is right, and how many answers they made."""

    answered: bool = False
    correct: bool = False
    made: int = 0

    @classmethod
    def of(cls, response: Response) -> Attempts:
        return cls(
            answered=response.answered is not None,
            correct=bool(response.correct),
            made=response.attempts,
        )


@dataclass(frozen=True)
class StageView:
    """What to show. ``seconds_left`` is ``None`` when the question has no time limit."""

    kind: Screen
    show_review: bool = False  # the finished screen lists the student's answers
    show_leaderboard: bool = False
    seconds_left: int | None = None
    can_answer: bool = False  # the answer form is shown (a first answer or a retry)
    can_retry: bool = False  # answered wrong, with attempts left, before the reveal
    show_feedback: bool = False  # the verdict and the explanation of the answer
    #: Answered wrong and may answer again now: say only that it is not right (the
    #: explanation would give the answer away), with the attempts left.
    try_again: bool = False
    attempts_left: int = 0

    @property
    def time_up(self) -> bool:
        return self.seconds_left == 0


def screen(rules: Rules, *, index: int | None, is_open: bool) -> Screen:
    """Which screen, given the question this student should see (``index``, ``None`` when
    there is none: live before the first question, homework all done) and whether the
    session takes answers now."""
    homework = rules.mode == Session.Mode.HOMEWORK
    if rules.over or (homework and index is None):
        return Screen.FINISHED
    if homework and not is_open:
        return Screen.CLOSED
    if index is None:
        return Screen.LOBBY
    return Screen.QUESTION


def at_end(rules: Rules) -> StageView:
    """The finished screen: the review of every answer, with its explanation, shows when
    feedback waits for the end, and to everyone once the session is over (ended, or
    homework closed)."""
    return StageView(
        Screen.FINISHED,
        show_review=rules.feedback == Quiz.Feedback.AT_END or rules.over,
        show_leaderboard=rules.leaderboard,
    )


def seconds_left(now: datetime, deadline: datetime | None) -> int | None:
    """Whole seconds until ``deadline`` (rounded down, never below 0)."""
    if deadline is None:
        return None
    return max(0, int((deadline - now).total_seconds()))


def at_question(
    rules: Rules,
    attempts: Attempts,
    *,
    now: datetime,
    deadline: datetime | None,
) -> StageView:
    """A question's screen. Once the answer is revealed nobody answers any more; until
    then a wrong answer may be tried again while attempts are left, and no answer is
    taken once time is up. The explanation of an answer shows once the question is
    settled for the student (answered right, or no further attempt possible): at once
    (``at_once``), or once the question is revealed (``after_question``; in homework,
    nothing is revealed, so as soon as it is settled), or at the end (``at_end``). Before
    the last attempt a wrong answer hears only that it is not right. On reveal the
    feedback shows to everyone, answered or not, unless it waits for the end."""
    revealed = rules.state == Session.State.REVEAL
    left = seconds_left(now, deadline)
    can_retry = (
        attempts.answered
        and not attempts.correct
        and attempts.made < rules.attempts
        and not revealed
    )
    can_answer = (
        (not attempts.answered or can_retry) and not revealed and (left is None or left > 0)
    )
    try_again = can_retry and can_answer
    show_feedback = (attempts.answered and not try_again) and (
        rules.feedback == Quiz.Feedback.AT_ONCE
        or (
            rules.feedback == Quiz.Feedback.AFTER_QUESTION
            and (revealed or rules.mode == Session.Mode.HOMEWORK)
        )
    )
    if revealed and rules.feedback != Quiz.Feedback.AT_END:
        show_feedback = True
    return StageView(
        Screen.QUESTION,
        seconds_left=left,
        can_answer=can_answer,
        can_retry=can_retry,
        show_feedback=show_feedback,
        try_again=try_again,
        attempts_left=max(0, rules.attempts - attempts.made) if try_again else 0,
    )


@dataclass(frozen=True)
class ReviewRow:
    """One question of the finished screen's review: this student's result, and with the
    explanations asked for, the question again with the explanation of their answer."""

    number: int
    answered: bool
    correct: bool
    points: Score
    explained: SafeString | str = ""


@dataclass(frozen=True)
class Stage:
    """Everything the student's screen shows now, as :func:`screen` and the views of
    :func:`at_end` and :func:`at_question` decide it. The template reads its fields (and,
    on a question, what the drill's partials need: :meth:`context`)."""

    session: Session
    participant: Participant
    total: int  # questions counted: of the finished screen, those asked
    screen: Screen
    index: int | None = None  # the question on screen, None without one
    message: str | None = None  # for this student: why their answer was refused
    # The finished screen.
    score: Score = 0
    right: int = 0  # questions answered right
    leaderboard: list[Standing] | None = None
    review: list[ReviewRow] | None = None
    explained: bool = False  # the review shows each question with its explanation
    # A question's screen.
    q: WrittenQuestion | None = None
    response: Response | None = None
    seconds_left: int | None = None  # None: no clock (no time limit, or answering is over)
    can_answer: bool = False
    try_again: bool = False
    attempts_left: int = 0
    feedback: Grade | None = None  # the verdict and explanation shown, if any
    #: The answer the feedback explains (JSON, keys sorted): the feedback's cache key.
    answer_json: str = ""
    #: For this student: which questions' time ran out (homework), told once.
    notice: str = ""
    #: The time of the question on screen is up and it takes no answer from this student.
    time_up: bool = False

    @property
    def finished(self) -> bool:
        return self.screen is Screen.FINISHED

    @property
    def closed(self) -> bool:
        return self.screen is Screen.CLOSED

    @property
    def lobby(self) -> bool:
        return self.screen is Screen.LOBBY

    @property
    def number(self) -> int | None:
        return None if self.index is None else self.index + 1

    def context(self) -> dict[str, Any]:
        """The template's context: the stage's fields and, on a question, the question
        (``question``) and what the drill's partials need besides it."""
        own = {field.name: getattr(self, field.name) for field in fields(self)}
        own.update(finished=self.finished, closed=self.closed, lobby=self.lobby)
        if self.q is None:
            return own
        return {**self.q.context(), **own, "question": self.q.data, "number": self.number}

    def cache_key(self, language: str) -> str | None:
        """The key the rendered stage is kept under: a question's stage, which a whole
        class asks for in the same second and which is the same for every student in the
        same situation. It keys on the session's version, the question, what this student
        may do, and the answer they gave (its explanation); the question itself is the
        session's at ``index`` (stored whole when the session started). Whether a clock
        shows is keyed, not its seconds: the stage is kept with a stand-in where they go
        (``student_views.stage_markup`` puts this student's in). None when the stage is
        this student's own: a message for them, the lobby, the end with their score."""
        if (
            self.screen is not Screen.QUESTION
            or self.response is None
            or self.message
            or self.notice
        ):
            return None
        feedback = self.feedback
        situation = (
            language,
            self.session.code,
            self.session.mode,
            self.session.version,
            self.index,
            # The question itself: the session's at index, or in a per-student session the
            # student's own (stored whole, named by its drill, generator and seed).
            None
            if self.q is None
            else (self.q.entry["drill"], self.q.entry["version"], self.q.entry["seed"]),
            self.total,
            self.can_answer,
            self.try_again,
            self.attempts_left,
            self.response.answered is not None,
            self.time_up,
            self.seconds_left is not None,  # a clock, its seconds put in after
            None if feedback is None else (bool(feedback.correct), self.answer_json),
        )
        digest = hashlib.sha256(repr(situation).encode()).hexdigest()
        return f"quiz-stage:{digest}"
