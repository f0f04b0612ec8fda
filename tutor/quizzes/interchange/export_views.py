"""Downloads of a quiz (dealt now) or of a session (the questions its students got) as
Moodle XML or GIFT. Only the owner may download: anything else is a 404. A download of
more questions than ``EXPORT_MAX_QUESTIONS`` is refused with the reason, on the page it
was asked from (``quotas``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_GET

from tutor.core.http import AuthenticatedHttpRequest

from ..quotas import QuotaExceeded, check_export, quiz_size
from ..teacher_common import own_quiz, own_session
from .exports import GIFT, XML, download, quiz_entries, session_entries


def _quiz(request: AuthenticatedHttpRequest, pk: int, kind: str) -> HttpResponse:
    quiz = own_quiz(request, pk)
    try:
        check_export(quiz_size(quiz))  # counted before a question is dealt
    except QuotaExceeded as error:
        messages.error(request, error.message)
        return redirect("quizzes:edit", pk=quiz.pk)
    return download(kind, quiz.title, quiz_entries(quiz))


def _session(request: AuthenticatedHttpRequest, code: str, kind: str) -> HttpResponse:
    session = own_session(request, code)
    entries = session_entries(session)
    try:
        check_export(len(entries))
    except QuotaExceeded as error:
        messages.error(request, error.message)
        return redirect("quizzes:results", code=session.code)
    return download(kind, session.title, entries)


@login_required
@require_GET
def quiz_moodle(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    return _quiz(request, pk, XML)


@login_required
@require_GET
def quiz_gift(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    return _quiz(request, pk, GIFT)


@login_required
@require_GET
def session_moodle(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    return _session(request, code, XML)


@login_required
@require_GET
def session_gift(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    return _session(request, code, GIFT)
