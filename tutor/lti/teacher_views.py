"""The teacher's view of a session's grades on its LMS: each LMS student's score, whether
the platform holds it, why not; and the button that sends the missing ones again."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from tutor.core.http import AuthenticatedHttpRequest
from tutor.core.locales import current_language, format_number
from tutor.quizzes import access
from tutor.quizzes.models import Session

from . import passback


@login_required
@require_http_methods(["GET", "POST"])
def grades(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    session = get_object_or_404(Session.objects.select_related("quiz"), code=code.upper())
    if not access.may_teach(request.user, session):
        raise Http404
    if not session.lti_links.exists():
        return redirect("quizzes:results", code=session.code)
    if request.method == "POST":
        _tell(request, passback.send_session(session, budget=passback.request_budget()))
        return redirect("lms:grades", code=session.code)
    students = [
        (student, passback.score_of(student.participant))
        for student in passback.students_of(session).order_by("participant__nickname")
    ]
    context = {"session": session, "quiz": session.quiz, "students": students}
    return render(request, "lti/grades.html", context)


def _tell(request: AuthenticatedHttpRequest, outcome: passback.Outcome) -> None:
    if outcome.failed:
        messages.error(
            request,
            ngettext(
                "%(count)s grade could not be sent; it is kept here and can be sent again.",
                "%(count)s grades could not be sent; they are kept here and can be sent again.",
                outcome.failed,
            )
            % {"count": format_number(outcome.failed, current_language())},
        )
    if outcome.pending:
        messages.warning(
            request,
            ngettext(
                "%(count)s grade is waiting: the learning platform answers slowly. "
                "Send the grades again in a moment.",
                "%(count)s grades are waiting: the learning platform answers slowly. "
                "Send the grades again in a moment.",
                outcome.pending,
            )
            % {"count": format_number(outcome.pending, current_language())},
        )
    if not (outcome.failed or outcome.pending):
        messages.success(request, _("Every grade has reached the learning platform."))
