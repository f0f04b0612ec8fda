from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

#: Sections that later work fills in; until then they show an honest "coming" page.
COMING_SECTIONS = {
    "quizzes": _("Quizzes"),
}


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html")


@require_GET
def coming(request: HttpRequest, section: str) -> HttpResponse:
    return render(
        request, "core/coming.html", {"section": section, "title": COMING_SECTIONS[section]}
    )
