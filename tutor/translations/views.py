from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tutor.core.locales import native_name

from .status import WARNING_KINDS, all_status, entries_to_fix, warning_counts


@require_GET
def status(request: HttpRequest) -> HttpResponse:
    languages = []
    for code, rows in all_status().items():
        counts = warning_counts(code)
        languages.append(
            {
                "code": code,
                "name": native_name(code),
                "catalogs": rows,
                "warnings": counts,
                "warnings_total": sum(counts.values()),
                "entries": entries_to_fix(code),
            }
        )
    context = {"languages": languages, "warning_kinds": WARNING_KINDS}
    return render(request, "translations/status.html", context)
