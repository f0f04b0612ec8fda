"""Remember the language of the last page a visitor read, so that ``/`` sends them back
to it (the URL prefix is the source of truth; the cookie only steers the redirect), and
send every response's Permissions-Policy."""

from __future__ import annotations

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
