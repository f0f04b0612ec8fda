"""The two pages both of this app's views modules render: a unit's lesson (also shown
again, with a notice, when a sitting cannot start) and the translated 404 that offers the
two courses."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tutor.concepts import CONCEPTS
from tutor.core.locales import current_language
from tutor.learning.learners import current_learner
from tutor.rules.documents import DOCUMENTS
from tutor.rules.render import render_sections

from . import progress
from .courses import COURSES, Unit, next_unit
from .models import Sitting


def not_found(request: HttpRequest) -> HttpResponse:
    """A translated 404 that offers the two courses."""
    context = {"courses": list(COURSES.values())}
    return render(request, "lessons/not_found.html", context, status=404)


def lesson_page(
    request: HttpRequest, found: Unit, notice: str | None = None, status: int = 200
) -> HttpResponse:
    """The unit's lesson: its sections of the rule page, then its practice and check."""
    learner = current_learner(request)
    view = progress.course_view(COURSES[found.course], learner)
    here = next(u for u in view.units if u.unit == found)
    open_sittings = (
        Sitting.objects.of(learner).unfinished().filter(course=found.course, unit=found.slug)
    )
    language = current_language()
    context = {
        "course": COURSES[found.course],
        "unit": found,
        "here": here,
        "view": view,
        "concepts": [CONCEPTS[c] for c in found.concepts],
        "page": render_sections(DOCUMENTS[found.course], language, found.anchors),
        "open": {s.kind: s for s in open_sittings},
        "notice": notice,
        "next_unit": next_unit(found),
    }
    return render(request, "lessons/lesson.html", context, status=status)
