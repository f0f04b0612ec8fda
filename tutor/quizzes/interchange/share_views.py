"""The share link of a quiz: the owner turns it on and off; another teacher opening it
sees the quiz and copies it into their account.

A wrong or turned-off link is a 404 page that says so; a visitor who is not logged in
is asked to log in (or sign up) and comes back to the link.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tutor.core.http import AuthenticatedHttpRequest
from tutor.drills.base import LEVEL_NAMES
from tutor.drills.registry import question_drill

from ..bank_forms import KIND_NAMES
from ..models import Quiz, Slot
from ..quotas import QuotaExceeded
from ..teacher_common import own_quiz
from . import share


@login_required
@require_POST
def quiz_share(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    quiz = own_quiz(request, pk)
    if request.POST.get("share") == "off":
        share.turn_off(quiz)
        messages.success(request, _("The share link is turned off: it no longer opens the quiz."))
    else:
        share.turn_on(quiz)
        messages.success(request, _("The share link is ready: copy it and send it."))
    return redirect(f"{reverse('quizzes:edit', args=[quiz.pk])}#move")


def _missing(request: HttpRequest) -> HttpResponse:
    return render(request, "quizzes/teacher/interchange/shared_missing.html", status=404)


def slot_rows(quiz: Quiz) -> list[dict[str, Any]]:
    """What the shared page lists of each slot: the drill and level, or the question."""
    rows = []
    for slot in quiz.slots.select_related("own"):
        row: dict[str, Any] = {"slot": slot}
        if slot.own is not None:
            record = slot.own.record()
            row["text"] = record.texts[0]
            row["kind"] = KIND_NAMES.get(record.kind, record.kind)
        else:
            drill = question_drill(slot.drill)
            row["title"] = drill.title if drill is not None else slot.drill
            row["level"] = LEVEL_NAMES.get(slot.level, slot.level)
            row["count"] = 1 if slot.kind == Slot.Kind.FIXED else slot.count
        rows.append(row)
    return rows


@require_GET
def shared(request: HttpRequest, token: str) -> HttpResponse:
    quiz = share.shared_quiz(token)
    if quiz is None:
        return _missing(request)
    if not request.user.is_authenticated:
        return render(
            request, "quizzes/teacher/interchange/shared_login.html", {"next": request.path}
        )
    context = {
        "quiz": quiz,
        "token": token,
        "rows": slot_rows(quiz),
        "mine": quiz.owner_id == request.user.pk,
    }
    return render(request, "quizzes/teacher/interchange/shared.html", context)


@login_required
@require_POST
def shared_copy(request: AuthenticatedHttpRequest, token: str) -> HttpResponse:
    quiz = share.shared_quiz(token)
    if quiz is None:
        return _missing(request)
    try:
        copy = share.copy_quiz(quiz, request.user)
    except QuotaExceeded as error:
        messages.error(request, error.message)
        return redirect("quizzes:shared", token=token)
    messages.success(request, _("“%(title)s” is copied into your quizzes.") % {"title": copy.title})
    return redirect("quizzes:edit", pk=copy.pk)
