"""The translators' in-context mode: ``?translate=1`` on any page.

In the mode every translated segment of a page is a focusable ``<span>`` whose box (on
hover and on keyboard focus, CSS only: ``tutor/static/tutor/translate-mode.css``) names
its catalog file, msgctxt and msgid, so a translator finds the string to edit; a banner
says the mode is on and links to ``?translate=0``. It is offered in development
(``DEBUG``) and to signed-in staff; for anyone else the parameter is dropped unseen, so
their page is the same with it or without it. The mode is a session flag, kept while the
translator browses.

How: ``tutor/core/markers.py`` frames each translation the request makes,
``segment_html.py`` turns the frames into spans in HTML text and removes them from
everything else. In the mode the page bypasses the shared fragment caches (so no marked
fragment is stored, and no plain one is served in its place) and is sent
``Cache-Control: private, no-store``.

Cost with the mode off: a substring test on the query string and a cookie look-up. The
cookie ``tutor_translate`` only says "look at the session"; the session flag and the
visitor's rights decide.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import unquote_plus

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.dummy import DummyCache
from django.http import FileResponse, HttpRequest, HttpResponseBase, QueryDict
from django.utils.cache import patch_cache_control

from tutor.core import markers

from .segment_html import rewrite, strip, strip_bytes

PARAMETER = "translate"
SESSION_KEY = "tutor_translate_mode"
COOKIE = "tutor_translate"


def allowed(request: HttpRequest) -> bool:
    """Who may use the mode: anyone in development, signed-in staff in production."""
    if settings.DEBUG:
        return True
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated and user.is_staff)


def _may(request: HttpRequest) -> bool:
    """``allowed``, without loading a session or a user for a visitor who has neither."""
    if settings.DEBUG:
        return True
    return settings.SESSION_COOKIE_NAME in request.COOKIES and allowed(request)


def _take_parameter(request: HttpRequest) -> str | None:
    """Remove ``translate`` from the request's query (so links built from it, such as the
    language switcher's, never carry it) and return its last value."""
    kept, value = [], None
    for part in request.META.get("QUERY_STRING", "").split("&"):
        if unquote_plus(part.partition("=")[0]) == PARAMETER:
            value = unquote_plus(part.partition("=")[2])
        else:
            kept.append(part)
    query = "&".join(kept)
    request.META["QUERY_STRING"] = query
    request.GET = QueryDict(query)
    return value


def _off_url(request: HttpRequest) -> str:
    query = request.META.get("QUERY_STRING", "")
    return f"{request.path}?{query + '&' if query else ''}{PARAMETER}=0"


@contextmanager
def _no_shared_caches() -> Iterator[None]:
    """For this thread, every cache alias but the session's answers "not there" and keeps
    nothing: fragments are rendered afresh, marked, and never stored."""
    connections: Any = caches._connections  # type: ignore[attr-defined]
    keep = set()
    if settings.SESSION_ENGINE.endswith(("cache", "cached_db")):
        keep.add(getattr(settings, "SESSION_CACHE_ALIAS", "default"))
    swapped = {}
    for alias in settings.CACHES:
        if alias not in keep:
            swapped[alias] = getattr(connections, alias, None)
            setattr(connections, alias, DummyCache("translate-mode", {}))
    try:
        yield
    finally:
        for alias, previous in swapped.items():
            if previous is None:
                delattr(connections, alias)
            else:
                setattr(connections, alias, previous)


def finish(response: HttpResponseBase, sources: list[markers.Source]) -> None:
    """Spans for the segments of an HTML response; no marker left anywhere else."""
    for name, value in list(response.headers.items()):
        if strip(value) != value:
            response.headers[name] = strip(value)
    if isinstance(response, FileResponse) or getattr(response, "is_async", False):
        return
    if response.streaming:
        chunks: Any = response.streaming_content  # type: ignore[attr-defined]
        response.streaming_content = map(strip_bytes, chunks)  # type: ignore[attr-defined]
        return
    content: bytes = response.content  # type: ignore[attr-defined]
    if response.get("Content-Type", "").startswith("text/html") and not response.has_header(
        "Content-Encoding"
    ):
        charset = response.charset
        changed = rewrite(content.decode(charset), sources).encode(charset)
    else:
        changed = strip_bytes(content)
    if changed != content:
        response.content = changed  # type: ignore[attr-defined]
        if response.has_header("Content-Length"):
            response.headers["Content-Length"] = str(len(changed))


class TranslateModeMiddleware:
    """Turns the mode on and off and, when it is on, serves the page with its segments
    marked. Listed after the authentication middleware (staff) and inside the Czech
    typography middleware (which then sees the spans, not the markers)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        asked = f"{PARAMETER}=" in request.META.get("QUERY_STRING", "")
        if not asked and COOKIE not in request.COOKIES:
            return self.get_response(request)  # the mode is off: nothing more to do
        wanted = _take_parameter(request) if asked else None
        if not _may(request):
            if COOKIE in request.COOKIES:  # signed out, or no longer staff
                return self._off(request, was_on=True)
            return self.get_response(request)  # the parameter is ignored
        was_on = bool(request.session.get(SESSION_KEY))
        on = wanted == "1" or (was_on and wanted != "0")
        if on and not was_on:
            request.session[SESSION_KEY] = True
        if not on:
            return self._off(request, was_on=was_on)
        return self._marked(request)

    def _off(self, request: HttpRequest, *, was_on: bool) -> HttpResponseBase:
        if was_on:
            request.session.pop(SESSION_KEY, None)
        response = self.get_response(request)
        if was_on:
            finish(response, [])  # messages stored while it was on may carry markers
        if COOKIE in request.COOKIES:
            response.delete_cookie(COOKIE, samesite="Lax")
        return response

    def _marked(self, request: HttpRequest) -> HttpResponseBase:
        request.translate_mode = True  # type: ignore[attr-defined]
        request.translate_off_url = _off_url(request)  # type: ignore[attr-defined]
        token = markers.start()
        try:
            with _no_shared_caches():
                response = self.get_response(request)
            sources = markers.sources()
        finally:
            markers.stop(token)
        finish(response, sources)
        patch_cache_control(response, private=True, no_store=True)
        if COOKIE not in request.COOKIES:
            response.set_cookie(
                COOKIE,
                "1",
                samesite="Lax",
                httponly=True,
                secure=settings.SESSION_COOKIE_SECURE,
            )
        return response
