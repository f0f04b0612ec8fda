"""Accounts (one kind, for learners and teachers) with Django's auth: sign up here; log in,
log out and password resets are Django's own views with the site's templates
(``templates/registration/``); the addresses are in ``account_urls.py`` (the ``accounts``
namespace). Log-in, sign-up and reset are throttled (``account_limits.py``), and neither
sign-up nor reset tells whether an e-mail address has an account.

Every address lives under the language prefix (``/cs/accounts/login/``), so the forms,
their errors and the password-reset e-mail are in the teacher's language.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tutor.core.names import with_names

from . import account_limits as limits
from .forms import SignupForm
from .joins import device, with_device


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

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if limits.login_refused(request):
            return limits.locked_out(request)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        if form.has_error("__all__", "invalid_login"):
            limits.count_login_failure(self.request)
        return super().form_invalid(form)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset, throttled per address and per e-mail address. Past the e-mail's
    limit nothing is sent and the page is the one every request gets ("if an account uses
    that address, we have sent it a link"): the answer is the same for any address."""

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        if limits.reset_refused(self.request):
            form.add_error(
                None,
                _(
                    "Too many password resets have been asked for from this network. "
                    "Please wait an hour and try again."
                ),
            )
            return self.render_to_response(self.get_context_data(form=form), status=429)
        if not limits.reset_mail_allowed(form.cleaned_data["email"]):
            return HttpResponseRedirect(self.get_success_url())
        return super().form_valid(form)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("quizzes:index")
    form = SignupForm(request.POST if request.method == "POST" else None)
    own = device(request).token
    if request.method == "POST" and limits.signup_refused(request, own):
        form.add_error(
            None,
            _(
                "Too many accounts have been made from this device or network in the last "
                "hour. Please wait a while and try again."
            ),
        )
        context = {"form": form, "next": _next_url(request)}
        return with_device(
            request, render(request, "registration/signup.html", context, status=429)
        )
    if request.method == "POST" and form.is_valid():
        limits.count_signup(request, own)
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        target = _next_url(request)
        welcome = (
            _("Welcome, %(name)s. Your account is ready, and your progress is kept in it.")
            if target
            else _("Welcome, %(name)s. Your account is ready: build your first quiz.")
        )
        messages.success(request, with_names(welcome, name=user.get_username()))
        return with_device(request, redirect(target or "quizzes:index"))
    context = {"form": form, "next": _next_url(request)}
    return with_device(request, render(request, "registration/signup.html", context))
