"""Behind a reverse proxy the client's address is the proxy's last ``X-Forwarded-For``
entry, and only when the operator says how many proxies stand in front
(``TRUSTED_PROXY_COUNT``): otherwise the header, which any client can write, is ignored,
and a guesser cannot hide behind made-up addresses."""

from __future__ import annotations

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory, override_settings

from tutor.site.middleware import TrustedProxyMiddleware


def seen(forwarded: str | None, remote: str = "10.0.0.1") -> str:
    request = RequestFactory().get("/", REMOTE_ADDR=remote)
    if forwarded is not None:
        request.META["HTTP_X_FORWARDED_FOR"] = forwarded
    addresses: list[str] = []

    def view(req: HttpRequest) -> HttpResponse:
        addresses.append(req.META["REMOTE_ADDR"])
        return HttpResponse()

    TrustedProxyMiddleware(view)(request)
    return addresses[0]


def test_without_a_trusted_proxy_the_header_is_ignored() -> None:
    assert seen("203.0.113.9") == "10.0.0.1"


@override_settings(TRUSTED_PROXY_COUNT=1)
@pytest.mark.parametrize(
    ("forwarded", "client"),
    [
        ("203.0.113.9", "203.0.113.9"),
        # A client's own made-up entries come first; the proxy appends the real one.
        ("1.2.3.4, 5.6.7.8, 203.0.113.9", "203.0.113.9"),
        (" 2001:db8::7 ", "2001:db8::7"),
    ],
)
def test_one_proxy_gives_its_last_entry(forwarded: str, client: str) -> None:
    assert seen(forwarded) == client


@override_settings(TRUSTED_PROXY_COUNT=2)
def test_two_proxies_give_the_entry_the_outer_one_added() -> None:
    assert seen("1.2.3.4, 203.0.113.9, 10.0.0.2") == "203.0.113.9"


@override_settings(TRUSTED_PROXY_COUNT=1)
@pytest.mark.parametrize("forwarded", [None, "", "not-an-address", "1.2.3.4, ", "x" * 5000])
def test_a_missing_or_broken_header_keeps_the_peers_address(forwarded: str | None) -> None:
    assert seen(forwarded) == "10.0.0.1"


@override_settings(TRUSTED_PROXY_COUNT=3)
def test_fewer_entries_than_proxies_keeps_the_peers_address() -> None:
    assert seen("203.0.113.9, 10.0.0.2") == "10.0.0.1"
