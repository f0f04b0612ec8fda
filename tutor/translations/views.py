from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tutor.core.locales import native_name

from .status import all_status


@require_GET
def status(request: HttpRequest) -> HttpResponse:
    languages = [
        {"code": code, "name": native_name(code), "catalogs": rows}
        for code, rows in all_status().items()
    ]
    return render(request, "translations/status.html", {"languages": languages})
