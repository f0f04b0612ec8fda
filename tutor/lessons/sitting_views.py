"""A practice, a check or a review, one question per page, then its summary.

Starting one makes the learner (and their cookie) if needed and writes its questions
down; the page then always shows where the learner is: the question on screen, or the
verdict of the one just answered, or the summary once all are answered. An answer is a
plain form (htmx swaps the stage in place where it runs): the server takes it only for
the question on screen, once (``sittings.submit``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import replace_url

from tutor.concepts.at_work import rules_at_work
from tutor.core.http import HtmxHttpRequest
from tutor.core.locales import current_language
from tutor.core.numbers import whole_number
from tutor.drills.answers import refill
from tutor.drills.base import AnswerError
from tutor.drills.drill import Grade
from tutor.drills.parts import part_context, render_part
from tutor.drills.written_answers import answer_label
from tutor.learning import daily, review
from tutor.learning.learners import current_learner
from tutor.rules.peek import peek

from . import sittings
from .courses import COURSES, Unit, needed, next_unit, unit
from .models import Sitting
from .pages import lesson_page, not_found
from .summary import Summary, regrade, summarize
from .words import REFUSALS

STARTABLE = (Sitting.Kind.PRACTICE, Sitting.Kind.CHECK)
#: How long after a passed check its summary still plays the celebration's burst.
CELEBRATE_FOR = timedelta(minutes=10)


@require_POST
def start(request: HttpRequest, course: str, slug: str) -> HttpResponse:
    """Start (or resume) the unit's practice or check."""
    found = unit(course, slug)
    if found is None:
        return not_found(request)
    kind = request.POST.get("kind", "")
    if kind not in STARTABLE:
        notice = _("That button did not come from this page. Choose one of the buttons below.")
        return lesson_page(request, found, notice=notice, status=400)
    learner = current_learner(request, create=True)
    assert learner is not None
    sitting = sittings.start(learner, found, kind)
    return redirect("lessons:sitting", pk=sitting.pk)


def _load(request: HttpRequest, pk: int) -> Sitting | None:
    """The sitting ``pk`` if it is this learner's (another's is as if it did not exist)."""
    if pk >= 2**31:  # no such row, and too large for some databases to look up
        return None
    learner = current_learner(request)
    return Sitting.objects.of(learner).filter(pk=pk).first()


@require_GET
def sitting_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    sitting = _load(request, pk)
    if sitting is None:
        return not_found(request)
    # ?answered=<index>: the page after an answer shows its verdict before moving on.
    shown = whole_number(request.GET.get("answered", ""), 3)
    if shown is not None and shown >= sitting.position:
        shown = None
    context = stage(request, sitting, shown=shown)
    template = "lessons/sitting.html#stage" if request.htmx else "lessons/sitting.html"
    return render(request, template, context)


@require_POST
def answer(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    sitting = _load(request, pk)
    if sitting is None:
        return not_found(request)
    message, status, shown, graded, retry = None, 200, None, None, None
    try:
        row, graded = sittings.submit(request, sitting, request.POST)
        shown = row.index
    except sittings.Refused as refusal:
        message, status = str(REFUSALS[refusal.code]), 409
    except AnswerError as error:
        message, status, retry = error.message, 422, request.POST
    verdict = f"{reverse('lessons:sitting', args=[sitting.pk])}?answered={shown}"
    if message is None and not request.htmx:  # post/redirect/get, to the verdict
        return redirect(verdict)
    sitting.refresh_from_db()
    context = stage(request, sitting, shown=shown, graded=graded, message=message, retry=retry)
    if request.htmx:  # htmx swaps 2xx answers only: the message is in the fragment
        response = render(request, "lessons/sitting.html#stage", context)
        if message is None:  # a reload opens this verdict again, its explanation with it
            replace_url(response, verdict)
        return response
    return render(request, "lessons/sitting.html", context, status=status)


def stage(
    request: HttpRequest,
    sitting: Sitting,
    *,
    shown: int | None = None,
    graded: Grade | None = None,
    message: str | None = None,
    retry: QueryDict | None = None,
) -> dict[str, Any]:
    """What the sitting's page shows now: the verdict of question ``shown`` (just
    answered), else the summary once all are answered, else the question on screen
    (``retry``: the answer it could not read, filled in again)."""
    found = unit(sitting.course, sitting.unit)
    context: dict[str, Any] = {
        "sitting": sitting,
        "unit": found,
        "course": COURSES.get(sitting.course),
        "total": sitting.total,
        "message": message,
        "explain": sitting.kind != Sitting.Kind.CHECK,
        "next_unit": _next_unit(found),
        "needed": needed(sitting.total),
    }
    if shown is not None:
        return _verdict(context, sitting, shown, graded)
    if sitting.done:
        return _summary(request, context, summarize(sitting))
    q = sittings.read(sitting, sitting.position)
    sittings.mark_shown(sitting)
    answer = retry if retry is not None else QueryDict()
    context.update(q.context())
    context.update(
        q=q,
        question=q.data,
        number=sitting.position + 1,
        token=sittings.answer_token(sitting),
        answer=answer,
        answer_lists=dict(answer.lists()),
        peek=peek(q.entry.get("concepts") or q.drill.concepts, current_language()),
    )
    return context


def _next_unit(found: Unit | None) -> Unit | None:
    return next_unit(found) if found is not None else None


def _verdict(
    context: dict[str, Any], sitting: Sitting, index: int, graded: Grade | None
) -> dict[str, Any]:
    """The question just answered, with its verdict (and, but in a check, its feedback)."""
    q = sittings.read(sitting, index)
    row = sitting.answers.filter(index=index).first()
    stored = row.answer if row is not None else {}
    if graded is None and row is not None:
        try:
            graded = regrade(q, stored)
        except (AnswerError, KeyError, TypeError, ValueError):
            graded = None
    context.update(q.context())
    context.update(
        q=q,
        question=q.data,
        number=index + 1,
        answered=True,
        correct=bool(row and row.correct),
        feedback=graded,
        answer=refill(stored),
        answer_lists=stored,
        given=answer_label(q, stored),
        last=index + 1 >= sitting.total,
        again=any(entry.get("again") == index for entry in sitting.questions),
        rules=rules_at_work(q.entry.get("concepts") or (), q.entry.get("concept")),
        # The latest answer, and it made today's count reach the goal.
        goal_met=index + 1 == sitting.position
        and daily.standing(sitting.learner, timezone.now()).just_met,
    )
    return context


def _summary(request: HttpRequest, context: dict[str, Any], summary: Summary) -> dict[str, Any]:
    sitting = summary.sitting
    mistakes = []
    for mistake in summary.mistakes:
        q = mistake.q
        try:
            feedback = regrade(q, mistake.answer)
        except (AnswerError, KeyError, TypeError, ValueError):
            feedback = None
        part = part_context(
            q.drill,
            q.data,
            feedback=feedback,
            answer=refill(mistake.answer),
            answer_lists=mistake.answer,
        )
        question = render_part(q.drill, "question", part, request)
        explained = render_part(q.drill, "feedback_body", part, request)
        mistakes.append({"mistake": mistake, "question": question, "explained": explained})
    # The burst plays when the summary comes just after the check; later it is the words.
    fresh = sitting.finished is not None and timezone.now() - sitting.finished < CELEBRATE_FOR
    context.update(summary=summary, mistakes=mistakes, finished=True, celebrate=fresh)
    if sitting.kind == Sitting.Kind.REVIEW:
        context["more_due"] = bool(review.due(sitting.learner, timezone.now(), limit=1))
    return context
