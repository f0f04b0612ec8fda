"""Accounts (one kind, for learners and teachers) with Django's auth: sign up here; log in, log out and password resets
are Django's own views with the site's templates (``templates/registration/``); the
addresses are in ``account_urls.py`` (the ``accounts`` namespace).

Every address lives under the language prefix (``/cs/accounts/login/``), so the forms,
their errors and the password-reset e-mail are in the teacher's language.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .forms import SignupForm


def site_path(request: HttpRequest, target: str | None) -> str | None:
    """``target`` when it is a path on this site (``/en/learn/``), else None: never
    another host, nor a relative address such as ``x/y``, which the browser would read
    against the current page's own path."""
    if (
        target
        and target.startswith("/")
        and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
    ):
        return target
    return None


def _next_url(request: HttpRequest) -> str | None:
    """Where to go after signing up."""
    return site_path(request, request.POST.get("next") or request.GET.get("next"))


class LoginView(auth_views.LoginView):
    """Django's log-in, going on only to a path of this site (as sign-up does)."""

    redirect_authenticated_user = True

    def get_redirect_url(self, request: HttpRequest | None = None) -> str:
        request = request or self.request
        return site_path(request, super().get_redirect_url(request)) or ""


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("quizzes:index")
    form = SignupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        target = _next_url(request)
        welcome = (
            _("Welcome, %(name)s. Your account is ready, and your progress is kept in it.")
            if target
            else _("Welcome, %(name)s. Your account is ready: build your first quiz.")
        )
        messages.success(request, welcome % {"name": user.get_username()})
        return redirect(target or "quizzes:index")
    return render(request, "registration/signup.html", {"form": form, "next": _next_url(request)})
