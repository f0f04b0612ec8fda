"""A class's report page and its CSV downloads (the teacher's own classes only)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_GET

from tutor.core.http import AuthenticatedHttpRequest
from tutor.words.base import join_names

from . import export
from .report import class_report
from .teacher_common import own_class


def isolated_names(names: list[str]) -> SafeString:
    """Roster names as a list in the page language, each in ``<bdi>``."""
    # Each name is escaped by format_html; Babel's list patterns hold no markup.
    return mark_safe(join_names([format_html("<bdi>{}</bdi>", name) for name in names]))


@login_required
@require_GET
def report(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    data = class_report(own_class(request, pk))
    concepts = [
        {"row": row, "not_asked": isolated_names([m.name for m in row.not_asked])}
        for row in data.concepts
    ]
    attendance = [
        {
            "session": row.session,
            "absent": len(row.absent),
            "names": isolated_names([m.name for m in row.absent]),
        }
        for row in data.attendance
    ]
    context = {
        "classroom": data.classroom,
        "report": data,
        "concepts": concepts,
        "attendance": attendance,
        "tables": export.TABLES,
    }
    return render(request, "classrooms/report.html", context)


@login_required
@require_GET
def report_csv(request: AuthenticatedHttpRequest, pk: int, table: str) -> HttpResponse:
    if table not in export.TABLES:
        raise Http404
    return export.csv_response(class_report(own_class(request, pk)), table)
