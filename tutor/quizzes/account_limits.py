"""How often an account, a device or a network address may try to log in, sign up or ask
for a password reset.

A school is one network address, so nothing here refuses an address for what one of its
devices did, except what only a crowd of devices can do:

- **Log-in.** django-axes counts wrong passwords per account and device (the address and
  the browser; ``AXES_*`` in the settings) and locks that pair for a cool-off. Behind it,
  ``LOGIN_ACCOUNT_ADDRESS`` counts wrong passwords for one account from one address on
  any browser, so a guesser who changes browsers is stopped too; only that account, from
  that address, waits. Another student's log-in from the same address is never refused.
- **Sign-up.** New accounts per device (its signed cookie, ``joins.device``) and per
  address (``SIGNUPS_PER_ADDRESS``, enough for a class signing up at once).
- **Password reset.** Requests per address, and e-mails per address asked for: a refused
  e-mail is simply not sent, and the page says what it always says, so the answer never
  tells whether an account uses the address.

Every count lives in the ``default`` cache (the database's, or Redis), shared by all
servers, for a fixed window from its first count.
"""

from __future__ import annotations

import hashlib
import ipaddress
from dataclasses import dataclass
from typing import Any

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tutor.core.locales import current_language, format_number


@dataclass(frozen=True)
class Limit:
    """At most ``most`` counts in ``window`` seconds for each key, under ``prefix``."""

    prefix: str
    most: int
    window: int

    def key(self, *parts: str) -> str:
        """The cache key: the prefix and a digest of the parts (an account's name, an
        address, a device's token), so no name or e-mail address is stored in clear and
        any length fits the cache's key limit."""
        digest = hashlib.sha256("\x00".join(parts).encode()).hexdigest()
        return f"{self.prefix}:{digest}"

    def spent(self, *parts: str) -> bool:
        return int(cache.get(self.key(*parts), 0)) >= self.most

    def count(self, *parts: str) -> int:
        """One more in the window's count: the count now."""
        key = self.key(*parts)
        cache.add(key, 0, self.window)
        try:
            return int(cache.incr(key))
        except ValueError:  # gone between add and incr (expired, or the cache was cleared)
            cache.set(key, 1, self.window)
            return 1


# Keys: ``login-fail:account-address:<sha256(name, address)>``, and so on, each naming
# what it counts. Nothing else is inside.
LOGIN_ACCOUNT_ADDRESS = Limit("login-fail:account-address", 30, 15 * 60)
SIGNUP_DEVICE = Limit("signup:device", 3, 60 * 60)
SIGNUP_ADDRESS = Limit("signup:address", settings.SIGNUPS_PER_ADDRESS, 60 * 60)
RESET_ADDRESS = Limit("reset:address", 20, 60 * 60)
RESET_EMAIL = Limit("reset:email", 3, 60 * 60)


def client_address(request: HttpRequest) -> str:
    """The network address a request came from (as the join box counts it): the proxy in
    front must pass the client's own as ``REMOTE_ADDR``, never a header a client sets."""
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def axes_username(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str:
    """The name django-axes counts a log-in under: as typed, cut to the longest username
    an account can have (axes stores it in a 255-character column; a hostile 300-character
    name is no account's, and must not be a 500 on PostgreSQL)."""
    typed = (credentials or {}).get("username") or request.POST.get("username") or ""
    return str(typed)[: get_user_model()._meta.get_field("username").max_length or 150]


def axes_address(request: HttpRequest) -> str | None:
    """The address django-axes stores (a database IP column): the client's, or None when
    the request has none that is an address (the test client's ``force_login``)."""
    address = request.META.get("REMOTE_ADDR") or ""
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        return None


class AxesBackend(AxesStandaloneBackend):
    """django-axes' check, before Django's own backend, for every log-in from a web
    request. Without a request (the test client's ``login()``, the shell) there is no
    device to count, and Django's backend alone decides."""

    def authenticate(  # type: ignore[override]
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is not None:
            super().authenticate(request, username, password, **kwargs)


def locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """The page of a log-in refused for too many wrong passwords (django-axes'
    ``AXES_LOCKOUT_CALLABLE``, and the per-address count's), in the page's language."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(
        request,
        "registration/locked_out.html",
        {"minutes": minutes, "minutes_shown": format_number(minutes, current_language())},
        status=429,
    )


def login_refused(request: HttpRequest) -> bool:
    """Whether the account posted has had too many wrong passwords from this address."""
    return LOGIN_ACCOUNT_ADDRESS.spent(_posted_name(request), client_address(request))


def count_login_failure(request: HttpRequest) -> None:
    LOGIN_ACCOUNT_ADDRESS.count(_posted_name(request), client_address(request))


def _posted_name(request: HttpRequest) -> str:
    return str(request.POST.get("username", ""))


def signup_refused(request: HttpRequest, device: str) -> bool:
    """Whether this device, or its address, has made as many accounts as it may."""
    return SIGNUP_DEVICE.spent(device) or SIGNUP_ADDRESS.spent(client_address(request))


def count_signup(request: HttpRequest, device: str) -> None:
    SIGNUP_DEVICE.count(device)
    SIGNUP_ADDRESS.count(client_address(request))


def reset_refused(request: HttpRequest) -> bool:
    """Whether this address has asked for as many password resets as it may, counting
    this request."""
    return RESET_ADDRESS.count(client_address(request)) > RESET_ADDRESS.most


def reset_mail_allowed(email: str) -> bool:
    """Whether one more reset e-mail may go to this address, counting this one. Counted
    whether or not an account uses the address, so a refusal tells nothing."""
    return RESET_EMAIL.count(email.strip().casefold()) <= RESET_EMAIL.most
