"""The hand-rankings page: the Hold'em and Teen Patti charts side by side, printable."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tutor.core.locales import current_language

from .chart import holdem_chart, teenpatti_chart
from .documents import DOCUMENTS


@require_GET
def hand_rankings(request: HttpRequest) -> HttpResponse:
    """Both charts, built once per language and process (see :mod:`tutor.rules.chart`)."""
    language = current_language()
    return render(
        request,
        "rules/hand_rankings.html",
        {
            "holdem": holdem_chart(language),
            "teenpatti": teenpatti_chart(language),
            "holdem_title": DOCUMENTS["texas-holdem"].title,
            "teenpatti_title": DOCUMENTS["teen-patti-20-20"].title,
        },
    )
