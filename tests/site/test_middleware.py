"""The site's middleware: the Permissions-Policy header on every response (issue 25, item
9), whatever answered it, and the language cookie's Secure flag."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db
OFF = ("camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()")


@pytest.mark.parametrize(
    "path", ["/en/", "/cs/rules/", "/static/tutor/site.css", "/en/no-such-page/", "/favicon.ico"]
)
def test_every_response_turns_off_the_devices_no_page_uses(client: Client, path: str) -> None:
    response = client.get(path)
    response.close()  # a static file is streamed
    for feature in OFF:
        assert feature in response["Permissions-Policy"], (path, feature)


def test_the_language_cookie_is_secure_when_the_session_cookie_is(
    client: Client, settings: Any
) -> None:
    settings.SESSION_COOKIE_SECURE = True
    cookie = client.get("/cs/").cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie["secure"] is True
