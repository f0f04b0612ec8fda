"""The projector screen (``projector.py`` says what it shows): its page, its poll, and
the control its keyboard presses, for a teacher with one screen.

The page has no site header, menu or footer: it is the class's view, full screen. It
polls every two seconds: the live numbers when nothing else changed, the whole new scene
(``HX-Retarget``) once the session's version has moved on, so a press on the console
shows here within a poll. Without JavaScript it reloads itself (a meta refresh) and has
a "Refresh" link; its one button presses the next control as a plain form.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRefresh, reswap, retarget

from tutor.core.http import AuthenticatedHttpRequest, HtmxHttpRequest
from tutor.core.numbers import whole_number

from . import controls, projector
from .models import Session
from .teacher_common import own_session

TEMPLATE = "quizzes/teacher/projector.html"


@login_required
@require_GET
def page(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    session = own_session(request, code)
    return render(request, TEMPLATE, projector.stage_context(request, session))


@require_GET
def state(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The poll: the live numbers of the scene on screen (``?v=`` its session version),
    or the new scene in its place when the version has moved on; a full refresh when the
    teacher was logged out (the page then goes to the login form)."""
    if not request.user.is_authenticated:
        if request.htmx:
            return HttpResponseClientRefresh()
        return redirect_to_login(request.get_full_path())
    session = own_session(request, code)
    if whole_number(request.GET.get("v", ""), 10) != session.version:
        return _scene(request, session)
    return render(request, f"{TEMPLATE}#live", projector.live_context(session))


@login_required
@require_POST
def control(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    """The projector's space bar (or its button): the next control, as the console's
    buttons press it (``controls.press``). htmx gets the new scene (a page load would
    leave full screen); a plain form a redirect to the projector."""
    session = own_session(request, code)
    notice = controls.press(session, request.POST.get("action", ""), request.POST.get("at", ""))
    if not request.htmx:
        if notice is not None:
            messages.add_message(request, notice.level, notice.text)
        return redirect("quizzes:projector", code=session.code)
    session.refresh_from_db()
    return _scene(request, session, notice=notice)


def _scene(
    request: HtmxHttpRequest, session: Session, notice: controls.Notice | None = None
) -> HttpResponse:
    context = projector.stage_context(request, session)
    context["notice"] = notice
    response = render(request, f"{TEMPLATE}#stage", context)
    return reswap(retarget(response, "#projector-stage"), "outerHTML")
