"""Remember the language of the last page a visitor read, so that ``/`` sends them back
to it (the URL prefix is the source of truth; the cookie only steers the redirect), and
send every response's Permissions-Policy, and read the client's address behind a trusted
reverse proxy."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language_from_path


class RememberLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        language = get_language_from_path(request.path_info)
        if (
            language
            and response.status_code == 200
            and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != language
        ):
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
                secure=settings.LANGUAGE_COOKIE_SECURE or settings.SESSION_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            )
        return response


class PermissionsPolicyMiddleware:
    """A ``Permissions-Policy`` header on every response, from ``PERMISSIONS_POLICY``
    (feature → allowed origins; an empty list turns the feature off for every page)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.header = ", ".join(
            f"{feature}=({' '.join(origins)})"
            for feature, origins in settings.PERMISSIONS_POLICY.items()
        )

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", self.header)
        return response


class TrustedProxyMiddleware:
    """The client's address behind ``TRUSTED_PROXY_COUNT`` reverse proxies: the entry the
    outermost of them added to ``X-Forwarded-For`` (each appends the address it was
    reached from, so it is the count-th from the end) becomes ``REMOTE_ADDR``, which every
    per-address limit reads (the join box, sign-up, reset, log-in). With no count, or a
    header that does not fit it, ``REMOTE_ADDR`` stays the peer's: entries a client wrote
    itself are never trusted."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.count = int(settings.TRUSTED_PROXY_COUNT)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self.count > 0:
            client = forwarded_client(request.META.get("HTTP_X_FORWARDED_FOR", ""), self.count)
            if client is not None:
                request.META["REMOTE_ADDR"] = client
        return self.get_response(request)


#: A longer header is not read (a real chain of proxies is a few dozen characters).
FORWARDED_MAX = 1000


def forwarded_client(header: str, count: int) -> str | None:
    """The address ``count`` proxies name in ``header``, if it is one.

    >>> forwarded_client("1.2.3.4, 203.0.113.9", 1), forwarded_client("x, 10.0.0.1", 2)
    ('203.0.113.9', None)
    """
    if not header or len(header) > FORWARDED_MAX:
        return None
    entries = [entry.strip() for entry in header.split(",")]
    if len(entries) < count:
        return None
    try:
        return str(ipaddress.ip_address(entries[-count]))
    except ValueError:
        return None
