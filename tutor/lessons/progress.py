"""Where a learner stands on the path: each unit's state, each course's counts, each
concept's mastery. Read from the learner's sittings and concept progress (part of
``tutor.learning``); nothing is stored here.

A unit is *done* once its check is passed, *in progress* once its practice or check is
begun. The learner is *here* at the first unit of a course not done.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel.dates import format_date, format_time
from django.http import HttpRequest
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import pgettext_lazy

from tutor.concepts import CONCEPTS, TOPICS, Concept, Topic
from tutor.core.locales import babel_locale
from tutor.core.zones import DEFAULT_ZONES, browser_zone
from tutor.drills.practice import practice
from tutor.learning import daily, reminders, review
from tutor.learning.mastery import MASTERY_NAMES, Mastery
from tutor.learning.models import ConceptProgress, Learner
from tutor.words.base import join_names

from .courses import COURSES, Course, Unit
from .models import Sitting


class State(enum.StrEnum):
    NOT_STARTED = "not_started"
    IN_PROGRESS = "in_progress"
    DONE = "done"


STATE_NAMES: dict[State, Promise] = {
    State.NOT_STARTED: pgettext_lazy("unit state", "Not started"),
    State.IN_PROGRESS: pgettext_lazy("unit state", "In progress"),
    State.DONE: pgettext_lazy("unit state", "Done"),
}


@dataclass(frozen=True)
class UnitView:
    unit: Unit
    state: State
    here: bool  # the learner's current unit: the first not done
    concepts: tuple[Concept, ...]

    @property
    def state_name(self) -> Promise:
        return STATE_NAMES[self.state]

    @property
    def concept_titles(self) -> str:
        """The unit's concepts as a list in the page language."""
        return join_names([str(c.title) for c in self.concepts])


@dataclass(frozen=True)
class CourseView:
    course: Course
    units: tuple[UnitView, ...]
    mastered: int  # concepts of the course mastered

    @property
    def done(self) -> int:
        return sum(u.state is State.DONE for u in self.units)

    @property
    def current(self) -> UnitView | None:
        return next((u for u in self.units if u.here), None)

    @property
    def started(self) -> bool:
        return any(u.state is not State.NOT_STARTED for u in self.units)


def masteries(learner: Learner | None) -> dict[str, ConceptProgress]:
    """The learner's progress row of each concept they have met."""
    if learner is None:
        return {}
    return {row.concept: row for row in ConceptProgress.objects.filter(learner=learner)}


def course_views(learner: Learner | None) -> list[CourseView]:
    """Both courses, each unit with its state, for ``learner`` (a newcomer: ``None``)."""
    sittings = Sitting.objects.of(learner)
    passed, started = sittings.passed_units(), sittings.started_units()
    rows = masteries(learner)
    return [_course_view(course, passed, started, rows) for course in COURSES.values()]


def _course_view(
    course: Course,
    passed: set[tuple[str, str]],
    started: set[tuple[str, str]],
    rows: dict[str, ConceptProgress],
) -> CourseView:
    units = []
    here_found = False
    for unit in course.units:
        key = (unit.course, unit.slug)
        state = (
            State.DONE
            if key in passed
            else State.IN_PROGRESS
            if key in started
            else State.NOT_STARTED
        )
        here = state is not State.DONE and not here_found
        here_found = here_found or here
        units.append(UnitView(unit, state, here, tuple(CONCEPTS[c] for c in unit.concepts)))
    mastered = sum(1 for c in course.concepts if c in rows and rows[c].mastery >= Mastery.MASTERED)
    return CourseView(course, tuple(units), mastered)


def course_view(course: Course, learner: Learner | None) -> CourseView:
    return next(v for v in course_views(learner) if v.course == course)


@dataclass(frozen=True)
class ConceptRow:
    concept: Concept
    mastery: Mastery
    answered: int
    right: int
    due: str  # the next review, in words (a <time> element, ``when_html``); "" when none
    due_now: bool
    practice_url: str
    rule_url: str

    @property
    def mastery_name(self) -> Promise:
        return MASTERY_NAMES[self.mastery]


def concept_rows(
    learner: Learner | None, now: datetime, language: str, zone: tzinfo
) -> list[tuple[Course, list[tuple[Topic, list[ConceptRow]]]]]:
    """Every concept by game and topic, with the learner's standing on it."""
    rows = masteries(learner)
    games = {"holdem": COURSES["texas-holdem"], "teenpatti": COURSES["teen-patti-20-20"]}
    found: list[tuple[Course, list[tuple[Topic, list[ConceptRow]]]]] = []
    for game, course in games.items():
        topics = [
            (topic, [_row(c, rows.get(c.id), now, language, zone) for c in _concepts(topic)])
            for topic in TOPICS
            if topic.game == game
        ]
        found.append((course, topics))
    return found


def _concepts(topic: Topic) -> list[Concept]:
    return [c for c in CONCEPTS.values() if c.topic == topic.id]


def _row(
    concept: Concept, row: ConceptProgress | None, now: datetime, language: str, zone: tzinfo
) -> ConceptRow:
    aimed = practice(concept.id)
    url = reverse("drills:drill", args=[aimed[0].drill.slug]) if aimed else reverse("drills:index")
    return ConceptRow(
        concept,
        Mastery(row.mastery) if row else Mastery.NOT_STARTED,
        row.answered if row else 0,
        row.right if row else 0,
        when_html(row.due, language, zone) if row and row.answered else "",
        bool(row and row.answered and row.due <= now),
        f"{url}?concept={concept.id}" if aimed else url,
        f"{reverse('rules:page', args=[concept.page])}#{concept.anchor}",
    )


def zone_of(request: HttpRequest, language: str) -> tzinfo:
    """The learner's time zone: their browser's (``site.js`` keeps it in a cookie), else
    the usual one of the page language."""
    name = browser_zone(request) or DEFAULT_ZONES.get(language, "UTC")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def reminder_window(language: str) -> tuple[str, str]:
    """The local hours reminders go out in (``reminders.WINDOW``), as the language writes
    a time of day."""
    locale = babel_locale(language)
    start, end = reminders.WINDOW
    return format_time(start, "short", locale=locale), format_time(end, "short", locale=locale)


def when_html(moment: datetime, language: str, zone: tzinfo) -> SafeString:
    """``when`` in a ``<time>`` element that carries the moment itself: the page's script
    writes it again in the reader's own time zone (the server knows it only from a cookie
    the browser sets on its first visit)."""
    return format_html(
        '<time datetime="{}" data-local>{}</time>', moment.isoformat(), when(moment, language, zone)
    )


def when(moment: datetime, language: str, zone: tzinfo) -> str:
    """A date and time in the page language's own way, in ``zone`` (Babel)."""
    local = moment.astimezone(zone)
    locale = babel_locale(language)
    pattern = str(locale.datetime_formats["medium"])
    day = format_date(local, "medium", locale=locale)
    return pattern.replace("{1}", day).replace("{0}", format_time(local, "short", locale=locale))


@dataclass(frozen=True)
class Resume:
    """Where the home page sends a learner: the course they were last in (a newcomer: the
    first), its unit to do next (``None`` when every unit is done), the reviews due, and
    today's answers towards their daily goal with their streak."""

    view: CourseView
    due: int
    goal: daily.Standing
    known: bool  # a learner with progress (a newcomer is offered no goal yet)

    @property
    def unit(self) -> UnitView | None:
        return self.view.current


def resume(learner: Learner | None, now: datetime) -> Resume:
    views = course_views(learner)
    latest = Sitting.objects.of(learner).exclude(course="").order_by("-started").first()
    chosen = next((v for v in views if latest and v.course.slug == latest.course), views[0])
    due = len(review.due(learner, now, limit=99)) if learner is not None else 0
    return Resume(chosen, due, daily.standing(learner, now), learner is not None)
