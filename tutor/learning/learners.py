"""Who is learning: the signed-in user's learner, else the one named by a long-lived cookie.

An anonymous learner is a random key in a signed, HttpOnly cookie: their progress is on
the server, so a reload or a browser restart loses nothing. A learner is made (and the
cookie set) only when an answer is recorded, never on a plain page view: pages stay
cacheable and a crawler leaves no rows behind. A cookie that was tampered with, or names
no anonymous learner, is ignored as if there were none: the next answer starts a new one.

The cookie is set by :class:`LearnerCookieMiddleware` on the response of the request that
made the learner (or, at most once an hour, recorded an answer: this keeps an active
learner's cookie from expiring); views never handle it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

from .models import KEY_LENGTH, Learner

if TYPE_CHECKING:
    from django.contrib.auth.models import User


COOKIE = "learner"
COOKIE_SALT = "tutor.learning.learner"
#: The longest a browser keeps a cookie (Chrome caps Max-Age at 400 days).
COOKIE_AGE = timedelta(days=400)
#: ``last_seen`` is written at most this often per learner: no write per request.
SEEN_EVERY = timedelta(hours=1)

_LEARNER = "_tutor_learner"  # the request's learner, once looked up
_READ = "_tutor_learner_read"  # the cookie was consulted: the response varies on it
_REMEMBER = "_tutor_learner_remember"  # set (or refresh) the cookie on the response


def cookie_key(request: HttpRequest) -> str | None:
    """The key in the request's learner cookie, if its signature holds and it looks like
    a key (checked before any query)."""
    setattr(request, _READ, True)
    value = request.get_signed_cookie(COOKIE, default=None, salt=COOKIE_SALT)
    if not isinstance(value, str) or len(value) != KEY_LENGTH:
        return None
    return value


def anonymous_learner(request: HttpRequest) -> Learner | None:
    """The anonymous learner the cookie names (one whose progress joined an account is
    not found through it any more: after logging out, that browser starts afresh)."""
    key = cookie_key(request)
    if key is None:
        return None
    return Learner.objects.filter(key=key, user__isnull=True).first()


def current_learner(request: HttpRequest, create: bool = False) -> Learner | None:
    """The learner behind ``request``: the signed-in user's (made when ``create``), else
    the cookie's; with ``create``, a new anonymous learner, whose cookie the middleware
    sets. Looked up once per request."""
    learner: Learner | None = getattr(request, _LEARNER, None)
    if learner is not None:
        return learner
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        learner = Learner.objects.filter(user=user).first()
        if learner is None and create:
            learner = _account_learner(user)
    else:
        learner = anonymous_learner(request)
        if learner is None and create:
            learner = Learner.objects.create()
            setattr(request, _REMEMBER, learner)
    if learner is not None:
        setattr(request, _LEARNER, learner)
    return learner


def _account_learner(user: User) -> Learner:
    try:
        with transaction.atomic():
            return Learner.objects.create(user=user)
    except IntegrityError:  # made meanwhile by another request of the same user
        return Learner.objects.get(user=user)


def forget(request: HttpRequest) -> None:
    """Drop the learner looked up for ``request`` (it was merged into an account)."""
    if hasattr(request, _LEARNER):
        delattr(request, _LEARNER)


def seen(request: HttpRequest, learner: Learner, now: datetime) -> None:
    """Note that ``learner`` is active: ``last_seen`` at most once per :data:`SEEN_EVERY`,
    and then an anonymous learner's cookie is sent again for another 400 days."""
    if now - learner.last_seen < SEEN_EVERY:
        return
    Learner.objects.filter(pk=learner.pk).update(last_seen=now)
    learner.last_seen = now
    if learner.user_id is None:
        setattr(request, _REMEMBER, learner)


def remember(request: HttpRequest, response: HttpResponse, learner: Learner) -> None:
    """Set the learner cookie on ``response``."""
    response.set_signed_cookie(
        COOKIE,
        learner.key,
        salt=COOKIE_SALT,
        max_age=int(COOKIE_AGE.total_seconds()),
        httponly=True,
        samesite="Lax",
        secure=request.is_secure() or settings.SESSION_COOKIE_SECURE,
    )


class LearnerCookieMiddleware:
    """Sets the learner cookie when this request made (or refreshed) an anonymous
    learner; marks responses that read it as varying on cookies."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        learner = getattr(request, _REMEMBER, None)
        if learner is not None:
            remember(request, response, learner)
        if getattr(request, _READ, False):
            patch_vary_headers(response, ("Cookie",))
        return response


PURGE_BATCH = 1000


def stale(now: datetime, days: int) -> QuerySet[Learner]:
    """The anonymous learners not seen for ``days`` days before ``now``."""
    return Learner.objects.filter(user__isnull=True, last_seen__lt=now - timedelta(days=days))


def purge(now: datetime, days: int) -> int:
    """Remove the anonymous learners not seen for ``days`` days before ``now``, with their
    progress and answers, a thousand at a time (short transactions); returns how many."""
    stale_ones = stale(now, days)
    removed = 0
    while batch := list(stale_ones.values_list("pk", flat=True)[:PURGE_BATCH]):
        with transaction.atomic():
            _, counts = stale_ones.filter(pk__in=batch).delete()  # still stale
        removed += counts.get(Learner._meta.label, 0)
    return removed
