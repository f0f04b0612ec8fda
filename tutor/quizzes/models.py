"""Quizzes built from the drills, the sessions that run them, and every answer given.

A session snapshots its questions (drill, level, seed, points, time limit) when it starts,
so editing the quiz later never changes a session's questions or results; the engine
deals the same question again from the same seed."""

from __future__ import annotations

import secrets
from decimal import Decimal
from typing import Any, TypeAlias

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tutor.core import names
from tutor.drills.own_question import Question as OwnRecord

from .fields import ScoreField
from .querysets import ParticipantQuerySet, ResponseQuerySet, SessionQuerySet
from .search import search_text
from .session_settings import Feedback
from .session_settings import RetryPoints as RetryPoints  # imported from here elsewhere
from .session_settings import SessionSettings as SessionSettings
from .username_look import UsernameLook as UsernameLook  # a model of this app

#: Join codes use letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L, 5/S, 8/B).
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6
#: A class's code (``tutor.classrooms``) lasts years: 25**10 codes (older six-letter ones join).
LONG_CODE_LENGTH = 10
NICKNAME_LENGTH = 40  # after normalising (names.clean)


def is_code(text: str) -> bool:
    """Whether ``text`` can be a join code at all (checked before any query)."""
    return len(text) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in text)


def is_join_code(text: str) -> bool:
    """Whether ``text`` can be any join code: a session's, or a class's of either length."""
    return len(text) in (CODE_LENGTH, LONG_CODE_LENGTH) and all(ch in CODE_ALPHABET for ch in text)


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Quiz(models.Model):
    # When a student sees if they were right (session_settings.py); a "type" statement
    # would make no class at run time, and Quiz.Feedback.AT_ONCE is read everywhere.
    Feedback: TypeAlias = Feedback  # noqa: UP040

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="quizzes"
    )
    title = models.CharField(_("title"), max_length=120)
    language = models.CharField(
        _("language"),
        max_length=8,
        blank=True,
        help_text=_("Leave empty to use each student's own language."),
    )
    shuffle = models.BooleanField(_("shuffle the questions"), default=False)
    time_limit = models.PositiveIntegerField(
        _("time limit per question (seconds)"), null=True, blank=True
    )
    feedback = models.CharField(
        _("when feedback shows"), max_length=20, choices=Feedback.choices, default=Feedback.AT_ONCE
    )
    attempts = models.PositiveSmallIntegerField(_("attempts per question"), default=1)
    retry_points = models.CharField(
        _("points for a right answer after a wrong one"),
        max_length=10,
        choices=RetryPoints.choices,
        default=RetryPoints.FULL,
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    #: The secret of the quiz's share link (``interchange/share.py``); empty when the
    #: owner has not shared it or turned the link off.
    share_token = models.CharField(
        max_length=64, null=True, blank=True, unique=True, editable=False, default=None
    )

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return self.title


class Tag(models.Model):
    """A teacher's label for questions in their bank ("preflop", "week 3")."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    name = models.CharField(max_length=40)
    #: The name case-folded: one tag per owner whatever the capitals.
    key = models.CharField(max_length=80)

    class Meta:
        ordering = ["key"]
        constraints = [models.UniqueConstraint(fields=["owner", "key"], name="one_tag_per_name")]

    def __str__(self) -> str:
        return self.name


class OwnQuestion(models.Model):
    """A question a teacher wrote, in their bank: ``data`` is the whole question as the
    ``own-question`` drill reads it (``tutor/drills/own_question.py``)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="own_questions"
    )
    kind = models.CharField(max_length=10)
    data = models.JSONField()
    tags = models.ManyToManyField(Tag, blank=True, related_name="questions")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    #: Every prompt and choice folded for search (``search.search_text``), made on save.
    search_text = models.TextField(default="", blank=True, editable=False)

    class Meta:
        ordering = ["-updated", "-id"]
        indexes = [models.Index(fields=["owner", "-updated", "-id"], name="bank_order")]

    def __str__(self) -> str:
        return self.record().texts[0].prompt[:60]

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.search_text = search_text(self.data)
        fields = kwargs.get("update_fields")
        if fields is not None and "data" in fields:
            kwargs["update_fields"] = {*fields, "search_text"}
        super().save(*args, **kwargs)

    def record(self) -> OwnRecord:
        return OwnRecord.from_dict(self.data)


class Slot(models.Model):
    class Kind(models.TextChoices):
        FIXED = "fixed", pgettext_lazy("quiz slot", "One fixed question")
        DRAWN = "drawn", pgettext_lazy("quiz slot", "Questions drawn from a drill")

    quiz = models.ForeignKey(Quiz, on_delete=models.CASCADE, related_name="slots")
    order = models.PositiveIntegerField(default=0)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.DRAWN)
    drill = models.CharField(max_length=40)
    level = models.CharField(max_length=10, default="easy")
    seed = models.BigIntegerField(null=True, blank=True)
    #: A question from the teacher's bank (``drill`` is then ``own-question``).
    own = models.ForeignKey(OwnQuestion, null=True, blank=True, on_delete=models.CASCADE)
    count = models.PositiveSmallIntegerField(default=1)
    points = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["order", "id"]

    def __str__(self) -> str:
        return f"{self.drill} ({self.level})"


class Session(models.Model):
    class Mode(models.TextChoices):
        LIVE = "live", pgettext_lazy("quiz mode", "Live, teacher-paced")
        HOMEWORK = "homework", pgettext_lazy("quiz mode", "Homework, self-paced")

    class State(models.TextChoices):
        LOBBY = "lobby", pgettext_lazy("quiz state", "Waiting for students")
        QUESTION = "question", pgettext_lazy("quiz state", "Question open")
        REVEAL = "reveal", pgettext_lazy("quiz state", "Answer shown")
        ENDED = "ended", pgettext_lazy("quiz state", "Ended")

    quiz = models.ForeignKey(Quiz, on_delete=models.CASCADE, related_name="sessions")
    code = models.CharField(max_length=CODE_LENGTH, unique=True, default=new_code)
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.LIVE)
    state = models.CharField(max_length=10, choices=State.choices, default=State.LOBBY)
    current = models.IntegerField(default=-1)  # index of the live question, -1 in the lobby
    question_started = models.DateTimeField(null=True, blank=True)
    opens = models.DateTimeField(null=True, blank=True)
    closes = models.DateTimeField(null=True, blank=True)
    # The questions as they were when the session started: [{drill, level, seed, points, time_limit}].
    questions = models.JSONField(default=list)
    settings = models.JSONField(default=dict)  # SessionSettings.to_json(): read settings_view
    leaderboard = models.BooleanField(default=False)
    version = models.PositiveIntegerField(default=0)  # bumped on every change students must follow
    created = models.DateTimeField(auto_now_add=True)

    objects = SessionQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.code

    @property
    def settings_view(self) -> SessionSettings:
        """The stored ``settings``, typed, with their defaults. A student's request reads
        them about six times: parsed once per instance, and again whenever ``settings``
        holds other values (replaced, refreshed or changed in place). The kept view is
        frozen, and this instance's own."""
        kept = self.__dict__.get("_settings_kept")
        if kept is not None and kept[0] == self.settings:
            return kept[1]
        view = SessionSettings.from_json(self.settings)
        self.__dict__["_settings_kept"] = (dict(self.settings), view)
        return view

    @settings_view.setter
    def settings_view(self, value: SessionSettings) -> None:
        self.settings = value.to_json()

    @property
    def title(self) -> str:
        """The title the session started with, else its quiz's."""
        return self.settings_view.title or self.quiz.title

    @property
    def is_open(self) -> bool:
        now = timezone.now()
        if self.state == self.State.ENDED:
            return False
        if self.mode == self.Mode.HOMEWORK:
            return (self.opens is None or self.opens <= now) and (
                self.closes is None or now < self.closes
            )
        return True

    @property
    def asked(self) -> int:
        """How many questions count: all of homework; in a live session those the teacher
        has opened (questions open in order), so ending early leaves the rest out of every
        score, count and export."""
        if self.mode == self.Mode.HOMEWORK:
            return len(self.questions)
        return min(len(self.questions), max(self.current + 1, 0))


class Participant(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="participants")
    nickname = models.CharField(max_length=NICKNAME_LENGTH)
    # How the nickname looks (``names.looks``: hashes of its confusable skeletons, as typed
    # and in capitals): one per session, so no two students' names look alike on the projector.
    skeleton = models.CharField(max_length=names.LOOK_KEY_LENGTH)
    capitals = models.CharField(max_length=names.LOOK_KEY_LENGTH, default="", db_index=True)
    token = models.CharField(max_length=64, unique=True, default=new_token)
    language = models.CharField(max_length=8, default="en")
    # The random value of the join form this student sent: the same form sent again (its
    # first reply was lost) gets this participant back instead of "nickname taken".
    join_key = models.CharField(max_length=64, blank=True, default="")
    joined = models.DateTimeField(auto_now_add=True)
    #: Removed by the teacher: out of the quiz and the leaderboard; their answers stay in
    #: the results, marked.
    removed = models.BooleanField(default=False)
    #: A teacher's accommodations (``timers.py``): percent of each time limit, seconds
    #: added, a later homework closing time (None: the session's).
    time_percent = models.PositiveSmallIntegerField(default=100)
    extra_seconds = models.PositiveIntegerField(default=0)
    closes = models.DateTimeField(null=True, blank=True)
    questions = models.JSONField(default=list, blank=True)  # per-student: dealing.questions_of

    objects = ParticipantQuerySet.as_manager()

    class Meta:
        ordering = ["joined", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "nickname"], name="unique_nickname_per_session"
            ),
            models.UniqueConstraint(
                fields=["session", "skeleton"], name="unique_nickname_skeleton_per_session"
            ),
        ]

    def __str__(self) -> str:
        return self.nickname

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.skeleton:
            self.skeleton, self.capitals = names.looks(self.nickname)
        super().save(*args, **kwargs)

    @property
    def time_share(self) -> Decimal:  # time_percent as a share (1.5 for 150), for pct
        return Decimal(self.time_percent) / 100

    @property
    def has_allowance(self) -> bool:  # more time, or a later closing time
        return self.time_percent != 100 or self.extra_seconds > 0 or self.closes is not None


class Response(models.Model):
    """One row per participant and question: when it was shown, and the answer once given."""

    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="responses")
    index = models.PositiveIntegerField()
    shown = models.DateTimeField(default=timezone.now)
    answered = models.DateTimeField(null=True, blank=True)
    answer = models.JSONField(null=True, blank=True)  # the submitted fields, as lists of strings
    attempts = models.PositiveSmallIntegerField(default=0)
    correct = models.BooleanField(default=False)
    points = ScoreField()  # the speed bonus included
    #: The speed bonus of a right answer (``scoring.py``), counted in ``points``, worked out once.
    bonus = ScoreField()
    elapsed_ms = models.PositiveIntegerField(null=True, blank=True)
    #: Every answer given, in order, whole: {"answer": fields, "correct": bool, "at": ISO
    #: time}. ``answer`` and ``correct`` above are the last of them.
    history = models.JSONField(default=list, blank=True)
    time_up_told = models.BooleanField(default=False)  # told its time ran out (homework)

    objects = ResponseQuerySet.as_manager()

    class Meta:
        ordering = ["participant_id", "index"]
        constraints = [
            models.UniqueConstraint(
                fields=["participant", "index"], name="one_response_per_question"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant} #{self.index + 1}"
