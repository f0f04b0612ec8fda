"""A class's report as CSV downloads, one table per file (as spreadsheets and importers
expect): the students, the concepts for the whole class, and each concept per student.

Written as the quizzes' results are (``tutor.quizzes.export``): headers in the teacher's
page language, a byte-order mark so spreadsheet programs read every script right, and a
name that a spreadsheet would run as a formula made harmless. Shares are percentages with
one decimal, as numbers a spreadsheet can sort and sum.
"""

from __future__ import annotations

import csv
import io
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.http import HttpResponse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext

from tutor.quizzes.export import safe_cell
from tutor.quizzes.models import Session

from .models import Classroom
from .report import ClassReport, Tally

#: The tables a class's report downloads as, one CSV file each.
TABLES = ("students", "concepts", "concept-students", "absences")


def percent(share: Fraction | None) -> str:
    """``Fraction(2, 3)`` → ``"66.7"``; nothing asked → an empty cell.

    >>> percent(Fraction(2, 3)), percent(Fraction(1, 8)), percent(None)
    ('66.7', '12.5', '')
    """
    if share is None:
        return ""
    value = Decimal(share.numerator * 100) / Decimal(share.denominator)
    return str(value.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def _tally_cells(tally: Tally) -> list[Any]:
    return [tally.right, tally.asked, percent(tally.share)]


def _tally_header() -> list[str]:
    return [gettext("Right"), gettext("Asked"), gettext("Right (%)")]


def _students(report: ClassReport) -> list[list[Any]]:
    header = [
        gettext("Student"),
        gettext("Sessions taken"),
        gettext("Sessions"),
        # Translators: a CSV column: how many of the class's sessions the student never joined.
        gettext("Sessions absent"),
        gettext("Points"),
        gettext("Points possible"),
        *_tally_header(),
    ]
    rows = [
        [
            safe_cell(row.member.name),
            row.sessions,
            len(report.sessions),
            row.absent,
            row.points,
            row.possible,
            *_tally_cells(row.questions),
        ]
        for row in report.students
    ]
    return [header, *rows]


def _concepts(report: ClassReport) -> list[list[Any]]:
    header = [gettext("Concept id"), gettext("Concept"), *_tally_header()]
    rows = [[c.id, safe_cell(c.title), *_tally_cells(c.whole_class)] for c in report.concepts]
    return [header, *rows]


def _concept_students(report: ClassReport) -> list[list[Any]]:
    header = [gettext("Concept id"), gettext("Concept"), gettext("Student"), *_tally_header()]
    rows = [
        [c.id, safe_cell(c.title), safe_cell(member.name), *_tally_cells(tally)]
        for c in report.concepts
        for member, tally in c.students
    ]
    return [header, *rows]


def _absences(report: ClassReport) -> list[list[Any]]:
    """A row per session and roster name that never joined it."""
    header = [gettext("Session"), gettext("Date"), gettext("Student")]
    rows = [
        [safe_cell(row.session.title), _date(row.session), safe_cell(member.name)]
        for row in report.attendance
        for member in row.absent
    ]
    return [header, *rows]


def _date(session: Session) -> str:
    """The day the session was made, in its own time zone, as ISO 8601."""
    try:
        zone = ZoneInfo(session.settings_view.zone)
    except (ValueError, ZoneInfoNotFoundError):
        zone = ZoneInfo("UTC")
    return timezone.localtime(session.created, zone).date().isoformat()


BUILDERS = {
    "students": _students,
    "concepts": _concepts,
    "concept-students": _concept_students,
    "absences": _absences,
}


def csv_rows(report: ClassReport, table: str) -> list[list[Any]]:
    return BUILDERS[table](report)


def csv_filename(classroom: Classroom, table: str) -> str:
    """``<class>-<date>-<table>.csv``."""
    name = slugify(classroom.name, allow_unicode=True) or "class"
    return f"{name}-{timezone.localdate().isoformat()}-{table}.csv"


def csv_response(report: ClassReport, table: str) -> HttpResponse:
    buffer = io.StringIO()
    buffer.write("\ufeff")
    csv.writer(buffer).writerows(csv_rows(report, table))
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    disposition = content_disposition_header(True, csv_filename(report.classroom, table))
    response["Content-Disposition"] = disposition
    return response
