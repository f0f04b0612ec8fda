"""What every way of joining a quiz shares (the join box here, a class's name picker in
``tutor.classrooms``): the participant's signed cookie, the device cookie and the limits
on wrong codes.

Joining sets a signed cookie naming the participant, so a reload or a reconnect keeps
their place. Wrong codes are limited per device (a signed cookie the form sets) and, much
higher, per network address, so one guesser never locks out a class behind a school's
single address.
"""

from __future__ import annotations

import secrets

from django.core import signing
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from .models import Participant, Session

COOKIE_SALT = "tutor.quizzes.participant"
COOKIE_AGE = 60 * 60 * 24 * 14
# Wrong join codes allowed per window: per device (a signed cookie the join form sets),
# and per network address, much higher, so one guesser never locks out a class behind a
# school's single address. A post without the device cookie (a script that drops cookies)
# counts against its address at the device limit.
JOIN_ATTEMPTS = 20
JOIN_ATTEMPTS_PER_ADDRESS = 300
JOIN_WINDOW = 10 * 60
DEVICE_COOKIE = "quiz_device"
DEVICE_SALT = "tutor.quizzes.device"


def cookie_name(code: str) -> str:
    return f"quiz_{code}"


def _address(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR", "unknown")


def _device(request: HttpRequest) -> str | None:
    """This browser's device token (the signed cookie the join form sets), if any."""
    try:
        return request.get_signed_cookie(DEVICE_COOKIE, salt=DEVICE_SALT)
    except (KeyError, signing.BadSignature):
        return None


def _failure_counters(request: HttpRequest) -> list[tuple[str, int]]:
    """(cache key, limit) of each count a wrong code adds to. Keys: the device token, or
    the address for a post without one; and the address, at its own higher limit."""
    address, device = _address(request), _device(request)
    own = f"quiz-join-fail:device:{device}" if device else f"quiz-join-fail:bare:{address}"
    return [(own, JOIN_ATTEMPTS), (f"quiz-join-fail:address:{address}", JOIN_ATTEMPTS_PER_ADDRESS)]


def too_many_failures(request: HttpRequest) -> bool:
    counters = _failure_counters(request)
    counts = cache.get_many([key for key, _limit in counters])  # one look-up
    return any(counts.get(key, 0) >= limit for key, limit in counters)


def count_failure(request: HttpRequest) -> None:
    for key, _limit in _failure_counters(request):
        cache.add(key, 0, JOIN_WINDOW)
        try:
            cache.incr(key)
        except ValueError:
            cache.set(key, 1, JOIN_WINDOW)


def with_device(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The response, setting this browser's device token when it has none yet."""
    if _device(request) is None:
        response.set_signed_cookie(
            DEVICE_COOKIE,
            secrets.token_urlsafe(18),
            salt=DEVICE_SALT,
            max_age=COOKIE_AGE,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure(),
        )
    return response


def cookie_token(request: HttpRequest, code: str) -> str | None:
    """The participant token in this quiz's signed cookie (checked without a query).

    The signature is checked once per request: the poll middleware, the view and its
    stage each ask (the request's cookies do not change while it is answered)."""
    known: dict[str, str | None] = request.__dict__.setdefault("_quiz_cookie_tokens", {})
    name = cookie_name(code)
    if name not in known:
        try:
            known[name] = request.get_signed_cookie(name, salt=COOKIE_SALT, max_age=COOKIE_AGE)
        except (KeyError, signing.BadSignature):
            known[name] = None
    return known[name]


def participant_for(request: HttpRequest, session: Session) -> Participant | None:
    token = cookie_token(request, session.code)
    if token is None:
        return None
    return Participant.objects.filter(session=session, token=token, removed=False).first()


def joined(request: HttpRequest, session: Session, participant: Participant) -> HttpResponse:
    response = redirect("quizzes:play", code=session.code)
    response.set_signed_cookie(
        cookie_name(session.code),
        participant.token,
        salt=COOKIE_SALT,
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response
