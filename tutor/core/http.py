"""The request as the site's views see it (django-stubs' typed-request pattern).

django-htmx's middleware (``settings.MIDDLEWARE``) gives every request ``request.htmx``;
a view that reads it takes an :class:`HtmxHttpRequest`. A view behind ``@login_required``
takes an :class:`AuthenticatedHttpRequest`: its user has an account, never the anonymous
one. Both are annotations only: Django builds the same ``HttpRequest`` either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpRequest

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthenticatedHttpRequest(HtmxHttpRequest):
    user: User
