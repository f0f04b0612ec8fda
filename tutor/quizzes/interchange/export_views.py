"""Downloads of a quiz (dealt now) or of a session (the questions its students got) as
Moodle XML or GIFT. Only the owner may download: anything else is a 404."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.views.decorators.http import require_GET

from tutor.core.http import AuthenticatedHttpRequest

from ..teacher_common import own_quiz, own_session
from .exports import GIFT, XML, download, quiz_entries, session_entries


def _quiz(request: AuthenticatedHttpRequest, pk: int, kind: str) -> HttpResponse:
    quiz = own_quiz(request, pk)
    return download(kind, quiz.title, quiz_entries(quiz))


def _session(request: AuthenticatedHttpRequest, code: str, kind: str) -> HttpResponse:
    session = own_session(request, code)
    title = session.title
    return download(kind, title, session_entries(session))


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
