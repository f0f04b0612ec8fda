from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_safe

from tutor.learning.learners import current_learner
from tutor.lessons import progress

#: Sections that later work fills in; until then they show an honest "coming" page.
COMING_SECTIONS = {
    "quizzes": _("Quizzes"),
}


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The learning path first: where this learner is, else the first unit."""
    learn = progress.resume(current_learner(request), timezone.now())
    return render(request, "core/home.html", {"learn": learn})


@require_GET
def coming(request: HttpRequest, section: str) -> HttpResponse:
    return render(
        request, "core/coming.html", {"section": section, "title": COMING_SECTIONS[section]}
    )


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for ``/favicon.ico`` whatever the page links to (feed readers, old
    browsers, bookmarks), so answer with the PNG icon rather than a 404 in every log. A
    temporary redirect kept for a day: the target's name carries a content hash in
    production and changes when the icon does."""
    response = redirect(static("tutor/favicon-32.png"))
    patch_cache_control(response, public=True, max_age=86_400)
    return response
