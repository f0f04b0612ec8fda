"""A person's own data: the page saying what the site holds of them, its download, and
deleting their learning progress or their whole account (each after a confirm page that
counts what goes); the privacy page. A learner without an account has their progress
alone: its JSON and its deletion.

Every deletion is a POST (CSRF-checked); the account's asks for the password too.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_safe

from tutor.core.http import AuthenticatedHttpRequest
from tutor.learning import daily, learners

from . import export
from .cookies import cookies
from .forms import DeleteAccountForm
from .holdings import Holdings, Progress


@require_safe
def privacy(request: HttpRequest) -> HttpResponse:
    context = {
        "days": settings.RETENTION_DAYS,
        "count_days": daily.kept_days(),
        "cookies": cookies(),
        "data_url": reverse("privacy:data"),
    }
    return render(request, "privacy/privacy.html", context)


@require_GET
def data(request: HttpRequest) -> HttpResponse:
    """What the site holds of the visitor: an account's everything, or a browser's progress."""
    learner = learners.current_learner(request)
    context = {"progress": Progress.of(learner), "days": settings.RETENTION_DAYS}
    if request.user.is_authenticated:
        context["holdings"] = Holdings.of(request.user)
    return render(request, "privacy/data.html", context)


@login_required
@require_GET
def download(request: AuthenticatedHttpRequest) -> FileResponse:
    return export.account_response(request.user)


@require_GET
def progress_download(request: HttpRequest) -> HttpResponse:
    return export.progress_json(learners.current_learner(request))


@require_http_methods(["GET", "POST"])
def progress_delete(request: HttpRequest) -> HttpResponse:
    learner = learners.current_learner(request)
    if request.method == "POST":
        if learner is not None:
            learner.delete()
        messages.success(request, _("Your learning progress is deleted."))
        response = redirect("privacy:data")
        response.delete_cookie(learners.COOKIE, samesite="Lax")
        return response
    progress = Progress.of(learner)
    return render(
        request, "privacy/progress_delete.html", {"progress": progress, "lines": progress.lines()}
    )


@login_required
@require_http_methods(["GET", "POST"])
def account_delete(request: AuthenticatedHttpRequest) -> HttpResponse:
    user = request.user
    form = DeleteAccountForm(request.POST if request.method == "POST" else None, user=user)
    if request.method == "POST" and form.is_valid():
        logout(request)
        user.delete()  # the database cascades: quizzes, sessions, classes, progress
        messages.success(request, _("Your account and everything in it are deleted."))
        return redirect("home")
    context = {"form": form, "lines": Holdings.of(user).lines()}
    status = 422 if form.is_bound else 200
    return render(request, "privacy/account_delete.html", context, status=status)
