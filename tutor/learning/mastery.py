"""How well a learner knows a concept: five levels and the rules that move between them.

The rules are data (:data:`RULES`, :data:`DROP`) so the progress page can word them for the
learner in their language, and one pure function, :func:`advance`, applies them to one
answer. Nothing here reads the database or a request: the tests drive it with a fixed
clock, and ``record.py`` stores what it returns.

>>> from datetime import UTC, datetime, timedelta
>>> monday = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)
>>> state = Progress()
>>> for minute in range(3):  # one sitting: right three times in a row, minutes apart
...     state = advance(state, Outcome(True, "medium", monday + timedelta(minutes=minute)))
>>> state.mastery.name, state.streak
('FAMILIAR', 3)
>>> state = advance(state, Outcome(True, "hard", monday + timedelta(hours=9)))  # later on
>>> state.mastery.name, state.streak
('PROFICIENT', 4)
>>> advance(state, Outcome(True, "hard", monday + timedelta(days=1, hours=9))).mastery.name
'MASTERED'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import IntEnum
from types import MappingProxyType

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


class Mastery(IntEnum):
    """The levels in order: a higher number knows more."""

    NOT_STARTED = 0
    ATTEMPTED = 1
    FAMILIAR = 2
    PROFICIENT = 3
    MASTERED = 4


MASTERY_NAMES: MappingProxyType[Mastery, Promise] = MappingProxyType(
    {
        # Translators: a learner's mastery of one poker rule, on the progress page.
        Mastery.NOT_STARTED: _("Not started"),
        Mastery.ATTEMPTED: _("Attempted"),
        Mastery.FAMILIAR: _("Familiar"),
        Mastery.PROFICIENT: _("Proficient"),
        Mastery.MASTERED: _("Mastered"),
    }
)

#: Right answers (at any drill level) that make a concept familiar.
FAMILIAR_RIGHT = 2
#: Right answers in a row at these drill levels that make it proficient, the first of them
#: at least this long before the last: evidence over time, never one sitting ...
PROFICIENT_STREAK = 3
STREAK_LEVELS = ("medium", "hard")
PROFICIENT_SPAN = timedelta(hours=8)
#: ... and a right answer at these levels this long after that which makes it mastered.
MASTERED_AFTER = timedelta(hours=24)
#: A wrong answer at these levels drops one level.
DROP_LEVELS = (Mastery.PROFICIENT, Mastery.MASTERED)


@dataclass(frozen=True)
class Rule:
    """A rule about ``mastery`` (the level it reaches; for :data:`DROP`, the lowest level it
    drops from): a condition's code and its numbers, for the page to word (e.g.
    ``right_in_a_row`` with ``count=3, levels=("medium", "hard")``)."""

    mastery: Mastery
    code: str
    numbers: MappingProxyType[str, object] = field(default_factory=lambda: MappingProxyType({}))


#: The way up, one rule per level, in order.
RULES: tuple[Rule, ...] = (
    Rule(Mastery.ATTEMPTED, "any_answer"),
    Rule(Mastery.FAMILIAR, "right_answers", MappingProxyType({"count": FAMILIAR_RIGHT})),
    Rule(
        Mastery.PROFICIENT,
        "right_in_a_row_over_time",
        MappingProxyType(
            {
                "count": PROFICIENT_STREAK,
                "levels": STREAK_LEVELS,
                "hours": PROFICIENT_SPAN // timedelta(hours=1),
            }
        ),
    ),
    Rule(
        Mastery.MASTERED,
        "right_again_later",
        MappingProxyType({"hours": MASTERED_AFTER // timedelta(hours=1), "levels": STREAK_LEVELS}),
    ),
)

#: The way down: a wrong answer at these levels drops one level (and, like any wrong
#: answer, starts the streak again from nothing).
DROP = Rule(Mastery.PROFICIENT, "wrong_drops_one_level", MappingProxyType({"levels": DROP_LEVELS}))


@dataclass(frozen=True)
class Progress:
    """A learner's standing on one concept."""

    mastery: Mastery = Mastery.NOT_STARTED
    answered: int = 0
    right: int = 0
    #: Right answers in a row at medium or hard (a right answer at easy neither adds to it
    #: nor breaks it; any wrong answer sets it to 0).
    streak: int = 0
    #: When the concept last became proficient: the start of the wait for mastered.
    proficient_since: datetime | None = None
    #: When the first right answer of the streak came (None with no streak).
    streak_since: datetime | None = None


@dataclass(frozen=True)
class Outcome:
    """The outcome of one answer that exercised the concept: right or not, at which drill
    level, when."""

    correct: bool
    level: str  # the drill level: "easy", "medium" or "hard"
    at: datetime


def advance(state: Progress, outcome: Outcome) -> Progress:
    """The standing after one more answer (see :data:`RULES` and :data:`DROP`)."""
    counted = replace(
        state,
        answered=state.answered + 1,
        right=state.right + outcome.correct,
        mastery=max(state.mastery, Mastery.ATTEMPTED),
    )
    if not outcome.correct:
        return _wrong(counted, outcome.at)
    streaks = outcome.level in STREAK_LEVELS
    if streaks:
        since = counted.streak_since if counted.streak else outcome.at
        counted = replace(counted, streak=counted.streak + 1, streak_since=since)
    if counted.mastery == Mastery.PROFICIENT and streaks and _waited(counted, outcome.at):
        return replace(counted, mastery=Mastery.MASTERED)
    if counted.mastery < Mastery.PROFICIENT and _spread(counted, outcome.at):
        return replace(counted, mastery=Mastery.PROFICIENT, proficient_since=outcome.at)
    if counted.mastery < Mastery.FAMILIAR and counted.right >= FAMILIAR_RIGHT:
        return replace(counted, mastery=Mastery.FAMILIAR)
    return counted


def _wrong(state: Progress, at: datetime) -> Progress:
    if state.mastery not in DROP_LEVELS:
        return replace(state, streak=0, streak_since=None)
    dropped = Mastery(state.mastery - 1)
    # Dropped to proficient: mastered again needs another right answer a day from now.
    since = at if dropped == Mastery.PROFICIENT else None
    return replace(state, mastery=dropped, streak=0, streak_since=None, proficient_since=since)


def _spread(state: Progress, at: datetime) -> bool:
    """A streak long enough, begun long enough ago (a streak from before this rule was kept
    has no start: it counts from now)."""
    if state.streak < PROFICIENT_STREAK or state.streak_since is None:
        return False
    return at - state.streak_since >= PROFICIENT_SPAN


def _waited(state: Progress, at: datetime) -> bool:
    return state.proficient_since is not None and at - state.proficient_since >= MASTERED_AFTER


def combine(a: Progress, b: Progress) -> Progress:
    """One standing from two kept apart (a browser's and an account's, merged when the
    learner logs in): the higher mastery with its streak and date, the counts added."""
    best = max(a, b, key=lambda p: (p.mastery, p.streak))
    return replace(best, answered=a.answered + b.answered, right=a.right + b.right)
