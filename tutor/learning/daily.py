"""A learner's daily goal and streak, kept on the server in their own time zone.

Every answer recorded (``record.py``) adds one to the learner's :class:`DailyCount` of the
day it was given on, in the zone their browser last reported (``Learner.zone``; before
any, the usual zone of their language). The row keeps the goal then in force and the
streak of consecutive goal-met days ending on it, so the streak needs no other row than
yesterday's, and old rows can go (they do, past ``RETENTION_DAYS``, as new days come).

A streak survives until the learner's day ends: met yesterday and not yet today, it
still stands, and the home page says how many questions keep it.

>>> from datetime import datetime, UTC
>>> local_day(datetime(2026, 3, 1, 18, 25, tzinfo=UTC), zone_named("Asia/Kolkata"))
datetime.date(2026, 3, 1)
>>> local_day(datetime(2026, 3, 1, 18, 35, tzinfo=UTC), zone_named("Asia/Kolkata"))
datetime.date(2026, 3, 2)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.db import connection, transaction

from tutor.core.locales import current_language
from tutor.core.zones import DEFAULT_ZONES, zone_names

from .models import DEFAULT_GOAL, LANGUAGE_LENGTH, DailyCount, Learner

#: The goals a learner may choose: questions answered a day.
GOALS = (5, DEFAULT_GOAL, 20)
DAY = timedelta(days=1)


def kept_days() -> int:
    """How long a day's count is kept (the privacy page says it from here)."""
    return int(settings.RETENTION_DAYS)


def zone_named(name: str) -> ZoneInfo:
    """The zone of that name, UTC when there is none such."""
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def learner_zone(learner: Learner) -> ZoneInfo:
    """The learner's zone: their browser's, else the usual one of their language."""
    language = learner.language or current_language()
    return zone_named(learner.zone or DEFAULT_ZONES.get(language, "UTC"))


def local_day(moment: datetime, zone: ZoneInfo) -> date:
    return moment.astimezone(zone).date()


def note_place(learner: Learner, zone: str | None, language: str) -> None:
    """Keep the zone the browser reports (one the forms offer) and the page language,
    written only when they changed."""
    changed = []
    if zone and zone in zone_names() and zone != learner.zone:
        learner.zone = zone
        changed.append("zone")
    if language and language[:LANGUAGE_LENGTH] != learner.language:
        learner.language = language[:LANGUAGE_LENGTH]
        changed.append("language")
    if changed:
        Learner.objects.filter(pk=learner.pk).update(**{f: getattr(learner, f) for f in changed})


@dataclass(frozen=True)
class Standing:
    """Where a learner stands today: questions answered of the goal, and the streak (days
    in a row the goal was met, today's counted once met)."""

    day: date
    goal: int
    answered: int
    streak: int

    @property
    def met(self) -> bool:
        return self.answered >= self.goal

    @property
    def just_met(self) -> bool:
        """The last answer met the goal."""
        return self.answered == self.goal

    @property
    def left(self) -> int:
        return max(self.goal - self.answered, 0)

    @property
    def at_risk(self) -> bool:
        """A streak that ends with the day unless the goal is met."""
        return self.streak > 0 and not self.met

    @property
    def percent(self) -> int:
        return min(100, self.answered * 100 // max(self.goal, 1))


def standing(learner: Learner | None, now: datetime) -> Standing:
    if learner is None:
        return Standing(now.date(), DEFAULT_GOAL, 0, 0)
    return standings([learner], now)[learner.pk]


def standings(learners: Sequence[Learner], now: datetime) -> dict[int, Standing]:
    """Each learner's :func:`standing`, by id, in one query however many they are."""
    todays = {learner.pk: local_day(now, learner_zone(learner)) for learner in learners}
    if not todays:
        return {}
    rows: dict[int, dict[date, DailyCount]] = defaultdict(dict)
    recent = DailyCount.objects.filter(learner_id__in=todays, day__gte=min(todays.values()) - DAY)
    for row in recent:
        rows[row.learner_id][row.day] = row
    return {
        learner.pk: _standing_on(todays[learner.pk], learner.daily_goal, rows[learner.pk])
        for learner in learners
    }


def _standing_on(today: date, goal: int, rows: Mapping[date, DailyCount]) -> Standing:
    mine, before = rows.get(today), rows.get(today - DAY)
    streak = mine.streak if mine and mine.streak else before.streak if before else 0
    return Standing(today, goal, mine.answered if mine else 0, streak)


def _streak_before(learner_id: int, day: date) -> int:
    before = DailyCount.objects.filter(learner_id=learner_id, day=day - DAY).first()
    return before.streak if before else 0


def _settle(row: DailyCount) -> None:
    """The row's streak once its count or goal changed."""
    if row.answered < row.goal:
        row.streak = 0
    elif not row.streak:
        row.streak = _streak_before(row.learner_id, row.day) + 1


# One statement a day's answer: the day's row is made or counted up, and its streak
# settled as ``_settle`` does (0 below the goal; once met, yesterday's streak plus one),
# reading yesterday's row in the same statement, which also returns it for the standing.
# SQLite (3.35 and newer) and PostgreSQL both read this upsert.
_COUNT_ONE = """
INSERT INTO {table} (learner_id, day, answered, goal, streak)
VALUES (%s, %s, 1, %s, CASE WHEN 1 >= %s THEN {before} + 1 ELSE 0 END)
ON CONFLICT (learner_id, day) DO UPDATE SET
    answered = {table}.answered + 1,
    goal = excluded.goal,
    streak = CASE
        WHEN {table}.answered + 1 < excluded.goal THEN 0
        WHEN {table}.streak > 0 THEN {table}.streak
        ELSE {before} + 1
    END
RETURNING answered, goal, streak, {before}
"""
_BEFORE = "COALESCE((SELECT y.streak FROM {table} y WHERE y.learner_id = %s AND y.day = %s), 0)"


def _count_one_sql() -> str:
    table = connection.ops.quote_name(DailyCount._meta.db_table)
    return _COUNT_ONE.format(table=table, before=_BEFORE.format(table=table))


def count_answer(learner: Learner, at: datetime) -> Standing:
    """One more question answered at ``at`` (call inside the answer's transaction): one
    statement, and a second on the day's first answer, which drops the days no longer
    kept. Returns the learner's standing after it, also kept as :func:`counted`."""
    day = local_day(at, learner_zone(learner))
    goal = learner.daily_goal
    yesterday = (learner.pk, day - DAY)
    with connection.cursor() as cursor:
        cursor.execute(
            _count_one_sql(), (learner.pk, day, goal, goal, *yesterday, *yesterday, *yesterday)
        )
        answered, goal, streak, before = cursor.fetchone()
    if answered == 1:
        cutoff = day - timedelta(days=kept_days())
        DailyCount.objects.filter(learner=learner, day__lt=cutoff).delete()
    today = Standing(day, goal, answered, streak or before)
    learner.__dict__[_COUNTED] = today
    return today


_COUNTED = "tutor_counted_today"


def counted(learner: Learner) -> Standing | None:
    """The standing the last :func:`count_answer` on this very ``learner`` object left
    (None before one): what the page of that answer shows, without reading it again."""
    found = learner.__dict__.get(_COUNTED)
    return found if isinstance(found, Standing) else None


def set_goal(learner: Learner, goal: int, now: datetime) -> None:
    """Change the learner's goal; today's count is measured against the new one."""
    if goal not in GOALS:
        raise ValueError(goal)
    learner.daily_goal = goal
    Learner.objects.filter(pk=learner.pk).update(daily_goal=goal)
    day = local_day(now, learner_zone(learner))
    with transaction.atomic():
        row = DailyCount.objects.select_for_update().filter(learner=learner, day=day).first()
        if row is not None:
            row.goal = goal
            _settle(row)
            row.save(update_fields=["goal", "streak"])


def restreak(learner: Learner) -> None:
    """Work every row's streak out again from the counts (after a merge). The oldest row
    keeps the streak it carries from days no longer kept."""
    previous: DailyCount | None = None
    changed = []
    for row in DailyCount.objects.filter(learner=learner).order_by("day"):
        if row.answered < row.goal:
            streak = 0
        elif previous is None:
            streak = max(row.streak, 1)
        elif previous.day == row.day - DAY:
            streak = previous.streak + 1
        else:
            streak = 1
        if streak != row.streak:
            row.streak = streak
            changed.append(row)
        previous = row
    DailyCount.objects.bulk_update(changed, ["streak"])


def merge(theirs: Learner, mine: Learner) -> None:
    """A browser's days join the account's: a day both have adds up; the account keeps
    its goal and its reminder setting, and takes the browser's zone if it had none."""
    kept = {r.day: r for r in DailyCount.objects.select_for_update().filter(learner=mine)}
    both, gone = [], []
    for row in DailyCount.objects.filter(learner=theirs):
        same = kept.get(row.day)
        if same is not None:
            same.answered += row.answered
            both.append(same)
            gone.append(row.pk)
    DailyCount.objects.bulk_update(both, ["answered"])
    DailyCount.objects.filter(pk__in=gone).delete()
    DailyCount.objects.filter(learner=theirs).update(learner=mine)
    restreak(mine)
    if not mine.zone and theirs.zone:
        mine.zone = theirs.zone
        mine.save(update_fields=["zone"])
