"""What every way of joining a quiz shares (the join box here, a class's name picker in
``tutor.classrooms``): the participant's signed cookie, the device cookie and the limits
on wrong codes.

Joining sets a signed cookie naming the participant, so a reload or a reconnect keeps
their place. Wrong codes are limited per device only (a signed cookie the join form sets),
so no guesser's wrong codes ever refuse another device, and a student typing the right code
is refused only for their own device's guesses. What an address pays for is new devices:
a device's first post of a code counts against its address (opening the form costs
nothing and writes nothing), 400 per window by default (``JOIN_NEW_DEVICES_PER_ADDRESS``):
enough for a school behind one address, too few to guess codes with. A device that has
joined a quiz says so in its cookie, and its address's spent budget never refuses it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from functools import lru_cache

from django.conf import settings
from django.core import signing
from django.core.cache import cache, caches
from django.core.cache.backends.base import BaseCache
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from .models import Participant, Session

COOKIE_SALT = "tutor.quizzes.participant"
COOKIE_AGE = 60 * 60 * 24 * 14
# Per window: wrong join codes a device may send, and new devices an address may bring (a
# device is counted against its address when it first posts a code). Counted in the
# ``default`` cache (the database's, or Redis) under ``quiz-join-fail:device:<token>`` and
# ``quiz-join-new:address:<address>``.
JOIN_ATTEMPTS = 20
NEW_DEVICES_PER_ADDRESS: int = settings.JOIN_NEW_DEVICES_PER_ADDRESS
JOIN_WINDOW = 10 * 60
DEVICE_COOKIE = "quiz_device"
DEVICE_SALT = "tutor.quizzes.device"
DEVICE_AGE = 60 * 60 * 24 * 365
# After the token in the cookie's value: the device has been counted against its address
# (it has posted a code), or it has joined a quiz. A bare token is a device not counted yet.
_COUNTED, _JOINED = ".counted", ".joined"


@dataclass(frozen=True)
class Device:
    """A browser, as its signed device cookie names it."""

    token: str
    counted: bool = False  # against its address's budget of new devices
    joined: bool = False

    @property
    def cookie(self) -> str:
        return self.token + (_JOINED if self.joined else _COUNTED if self.counted else "")


def cookie_name(code: str) -> str:
    return f"quiz_{code}"


def _address(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR", "unknown")


def _cookie_device(request: HttpRequest) -> Device | None:
    """The device its signed cookie names, or ``None``: the signature is checked once per
    request (``device`` and ``with_device`` both ask; the request's cookies do not change
    while it is answered)."""
    known = request.__dict__
    if "_quiz_cookie_device" not in known:
        known["_quiz_cookie_device"] = _signed_device(request)
    return known["_quiz_cookie_device"]


def _signed_device(request: HttpRequest) -> Device | None:
    try:
        value = str(request.get_signed_cookie(DEVICE_COOKIE, salt=DEVICE_SALT))
    except (KeyError, signing.BadSignature):
        return None
    token = value.removesuffix(_JOINED).removesuffix(_COUNTED)
    joined = value.endswith(_JOINED)
    return Device(token, counted=joined or value.endswith(_COUNTED), joined=joined)


def device(request: HttpRequest) -> Device:
    """This browser's device: from its signed cookie, else a new one (``with_device`` sets
    its cookie). Read once per request."""
    known = request.__dict__
    if "_quiz_device" not in known:
        known["_quiz_device"] = _cookie_device(request) or Device(secrets.token_urlsafe(18))
    return known["_quiz_device"]


def _failures_key(request: HttpRequest) -> str:
    return f"quiz-join-fail:device:{device(request).token}"


def _count_new_device(request: HttpRequest) -> tuple[bool, int]:
    """Count this device against its address, once: whether the address is within its
    budget of new devices, and the device's wrong codes (read with the address's count)."""
    address = f"quiz-join-new:address:{_address(request)}"
    count, wrong = _bump(address, also=_failures_key(request))
    if count > NEW_DEVICES_PER_ADDRESS:
        return False, wrong
    request.__dict__["_quiz_device"] = replace(device(request), counted=True)
    return True, wrong


def refusal(request: HttpRequest) -> str | None:
    """Why this request may not try a join code now, or ``None``. Only its own device's
    wrong codes ever refuse it, or, for a device not yet counted against its address (one
    that has not posted a code before), the address's spent budget of new devices."""
    if device(request).counted:
        wrong = int(cache.get(_failures_key(request), 0))
    else:
        within, wrong = _count_new_device(request)
        if not within:
            return _(
                "Too many new devices have tried to join from this network. Please wait a "
                "few minutes, or use a device that has joined a quiz before."
            )
    if wrong >= JOIN_ATTEMPTS:
        return _("Too many wrong codes from this device. Please wait a few minutes and try again.")
    return None


def count_failure(request: HttpRequest) -> None:
    _bump(_failures_key(request))


def _bump(key: str, also: str = "") -> tuple[int, int]:
    """One more in the window's count under ``key``: the count now, and the count under
    ``also`` (0 when there is none), read on the way.

    A count that is there is only incremented; the window starts with the first count
    (``add``). Where the cache's ``incr`` is ``BaseCache``'s own, a read and then a write
    (the database cache), the two counts are read in one ``get_many`` and the new one
    written as that ``incr`` writes it: one query fewer, no weaker (it was never atomic
    there). Redis's ``incr`` is atomic, and is used."""
    if type(caches["default"]).incr is BaseCache.incr:
        found = cache.get_many([key, also] if also else [key])
        wrong = int(found.get(also, 0))
        if key in found:
            count = int(found[key]) + 1
            cache.set(key, count)  # as BaseCache.incr: the cache's default timeout
            return count, wrong
        return _start(key), wrong
    try:
        count = int(cache.incr(key))
    except ValueError:  # no count yet (a new window), or it expired meanwhile
        count = _start(key)
    return count, int(cache.get(also, 0)) if also else 0


def _start(key: str) -> int:
    """A new window's first count under ``key``, or the count now if another request
    started it meanwhile."""
    if cache.add(key, 1, JOIN_WINDOW):
        return 1
    try:
        return int(cache.incr(key))
    except ValueError:  # and it is gone again (expired, or the cache was cleared)
        cache.set(key, 1, JOIN_WINDOW)
        return 1


def with_device(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The response, setting this browser's device cookie when it is new, or was counted or
    has joined in this request."""
    own = device(request)
    if own != _cookie_device(request):
        response.set_signed_cookie(
            DEVICE_COOKIE,
            own.cookie,
            salt=DEVICE_SALT,
            max_age=DEVICE_AGE,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure() or settings.SESSION_COOKIE_SECURE,
        )
    return response


def mark_joined(request: HttpRequest) -> None:
    """Remember, in this device's cookie (``with_device``), that it has joined a quiz."""
    request.__dict__["_quiz_device"] = replace(device(request), counted=True, joined=True)


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


# Kept per process. Key: what ``reverse`` reads besides the code (the URLconf in force, the
# script prefix, the language): a handful of entries. Each is the address of the question
# page around its code, the same for every student.
@lru_cache(maxsize=32)
def _play_around(urlconf: str | None, prefix: str, language: str | None) -> tuple[str, str]:
    marker = "PLAYCODE"
    before, after = reverse("quizzes:play", args=[marker]).split(marker)
    return before, after


def play_address(code: str) -> str:
    """``reverse("quizzes:play", args=[code])``, the address put together around a code
    of letters and digits (a join ends there: 2,000 students in a minute, each asking)."""
    if not (code.isascii() and code.isalnum()):
        return reverse("quizzes:play", args=[code])  # nothing a session's code can be
    before, after = _play_around(get_urlconf(), get_script_prefix(), get_language())
    return f"{before}{code}{after}"


def joined(request: HttpRequest, session: Session, participant: Participant) -> HttpResponse:
    """To the quiz, with the participant's cookie; the device is marked as one that has
    joined (``with_device``, around every join view, sets it)."""
    mark_joined(request)
    response = HttpResponseRedirect(play_address(session.code))
    response.set_signed_cookie(
        cookie_name(session.code),
        participant.token,
        salt=COOKIE_SALT,
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure() or settings.SESSION_COOKIE_SECURE,
    )
    return response
