"""The drills page's guide: where in the learning path each drill belongs (its course,
the first unit whose concepts it practises, how advanced that is) and the learner's
mastery of the drill's concepts.

Read by ``tutor.drill_pages.views.index``; the drills stay unaware of the courses.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.http import HttpRequest
from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from tutor.drills.drill import Drill
from tutor.learning.learners import current_learner
from tutor.learning.mastery import Mastery
from tutor.learning.models import ConceptProgress

from .courses import COURSES, Unit

#: How advanced a drill is, by where its first unit sits in its course (thirds).
STAGES: tuple[Promise, ...] = (
    pgettext_lazy("drill difficulty", "Beginner"),
    pgettext_lazy("drill difficulty", "Intermediate"),
    pgettext_lazy("drill difficulty", "Advanced"),
)


@dataclass(frozen=True)
class Guide:
    unit: Unit | None  # the first unit that teaches what the drill practises
    stage: Promise | None
    concepts: int  # the drill's concepts
    proficient: int  # of them, proficient or mastered by this learner
    started: bool  # whether the learner has answered any of them


def _first_unit(concepts: Iterable[str]) -> Unit | None:
    wanted = set(concepts)
    for course in COURSES.values():
        for unit in course.units:
            if wanted.intersection(unit.concepts):
                return unit
    return None


def _stage(unit: Unit | None) -> Promise | None:
    if unit is None:
        return None
    units = COURSES[unit.course].units
    return STAGES[min(len(STAGES) - 1, (unit.number - 1) * len(STAGES) // len(units))]


def guides(request: HttpRequest, drills: Iterable[Drill]) -> dict[str, Guide]:
    """Each drill's guide, by slug; the learner's mastery read in one query (none made)."""
    drills = list(drills)
    learner = current_learner(request)
    levels: dict[str, int] = {}
    if learner is not None:
        levels = dict(
            ConceptProgress.objects.filter(learner=learner).values_list("concept", "mastery")
        )
    result = {}
    for drill in drills:
        concepts = list(drill.concepts)
        unit = _first_unit(concepts)
        result[drill.slug] = Guide(
            unit=unit,
            stage=_stage(unit),
            concepts=len(concepts),
            proficient=sum(1 for c in concepts if levels.get(c, 0) >= Mastery.PROFICIENT),
            started=any(c in levels for c in concepts),
        )
    return result
