"""The live quiz's "anything new?" poll, answered before the rest of the middleware.

Every student's page asks ``play/<code>/state/?v=<version>`` every two seconds, and almost
always nothing has changed: 400 students send 200 such polls a second, most of a live
quiz's requests. The reply to those (204 "nothing new", 286 "stop polling") depends only on
the quiz's signed cookie and the session's (version, state), kept a second in the "state"
cache: no database, no session, no language, no template, no CSRF (a GET changes nothing).
:class:`QuickPollMiddleware` sits right after the security and CSP middleware (the
reply keeps their headers) and sends those replies itself, so a poll costs less than the
bare view; anything else (a student who is behind and needs the new stage, a code that
names no quiz: a translated 404 page) goes down the whole stack to the ``state`` view,
which asks :func:`quick_reply` the same question first. Both give the same answers.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation

from tutor.core.numbers import whole_number

from .joins import cookie_token
from .models import Session, is_code

STOP_POLLING = 286  # htmx stops polling on this status
STATE_SECONDS = 1.0  # how long a process trusts its copy of a session's version


def live_state(code: str, *, fresh: bool = False) -> tuple[int, str] | None:
    """(version, state) of the session with this code. Every student polls every two
    seconds, so each process keeps the answer for a second: 400 students cost a few
    queries a second instead of 200. A version the poll has not seen is read again from
    the database before anything is done with it."""
    # Kept a second in the "state" cache (each process's, or Redis shared by all: settings).
    # Key: the join code; the value (version, state) is the session's, the same for every
    # student, and a fresh copy on every get.
    key = f"quiz-state:{code}"
    local = caches["state"]
    if not fresh and (known := local.get(key)) is not None:
        return known
    row = Session.objects.filter(code=code).values_list("version", "state").first()
    if row is not None:
        row = (row[0], row[1])
        local.set(key, row, STATE_SECONDS)
    return row


def quick_reply(request: HttpRequest, code: str) -> HttpResponse | None:
    """The reply to a poll when no page is needed: 286 for someone without this quiz's
    (valid) cookie, 204 "nothing new" / 286 "ended" for a student who has the latest
    version. None when the stage must be rendered, or the code names no quiz (404)."""
    code = code.upper()
    if not is_code(code) or request.__dict__.get("_quick_reply_passed") == code:
        return None  # not a quiz's code, or asked already (the middleware, then the view)
    if cookie_token(request, code) is None:
        return HttpResponse(status=STOP_POLLING)
    seen = whole_number(request.GET.get("v", ""), 10)
    known = live_state(code)
    if known is not None and seen is not None and seen > known[0]:
        known = live_state(code, fresh=True)  # this process has not seen the change yet
    if known is None or seen != known[0]:
        request.__dict__["_quick_reply_passed"] = code
        return None  # no such quiz, or the student is behind: the view decides
    return HttpResponse(status=STOP_POLLING if known[1] == Session.State.ENDED else 204)


def poll_paths() -> re.Pattern[str]:
    """The state poll's address in every language (``/en/play/<code>/state/`` ...), as the
    URLconf spells it."""
    marker = "QUICKPOLL"
    spelled = []
    for number, (language, _name) in enumerate(settings.LANGUAGES):
        with translation.override(language):
            before, after = reverse("quizzes:state", args=[marker]).split(marker)
        spelled.append(f"{re.escape(before)}(?P<code{number}>[^/]+){re.escape(after)}")
    return re.compile("|".join(spelled))


class QuickPollMiddleware:
    """Answers the "nothing new" and "stop polling" replies of the state poll before the
    session, language, CSRF, authentication and message middleware run; lets every other
    request through untouched (see the module's docstring)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.paths: re.Pattern[str] | None = None  # the URLconf is read on the first request

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "GET" and "/state/" in request.path_info:
            if self.paths is None:
                self.paths = poll_paths()
            match = self.paths.fullmatch(request.path_info)
            if match is not None:
                request.get_host()  # a host not in ALLOWED_HOSTS: 400, as anywhere else
                code = next(value for value in match.groupdict().values() if value)
                reply = quick_reply(request, code)
                if reply is not None:
                    # What XFrameOptionsMiddleware, skipped here, adds to every reply.
                    reply.headers.setdefault("X-Frame-Options", settings.X_FRAME_OPTIONS)
                    return reply
        return self.get_response(request)
