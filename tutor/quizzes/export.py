"""A session's results as a CSV download: one row per student and question, then one
summary row per student.

Headers and yes/no cells are in the teacher's page language. Text a spreadsheet would
run as a formula (a nickname such as ``=cmd|...``) is made harmless, and the file starts
with a byte-order mark so spreadsheet programs read every script right.
"""

from __future__ import annotations

import csv
import io
from datetime import UTC
from decimal import Decimal
from typing import Any

from django.http import HttpResponse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext, pgettext

from .models import Session
from .results import (
    QuestionResult,
    StudentResult,
    answered_responses,
    max_points,
    question_results,
    student_results,
)

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """Text that a spreadsheet would run as a formula gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _yes_no(flag: bool) -> str:
    # Translators: a cell of the CSV export, in the column "Correct".
    return pgettext("csv value", "yes") if flag else pgettext("csv value", "no")


def _seconds(value: Decimal | None) -> str:
    return "" if value is None else str(value)


def csv_filename(session: Session, table: str = "answers") -> str:
    """``<title>-<date>.csv`` for the answers, ``<title>-<date>-totals.csv`` for the
    totals (one table per file, as spreadsheets and importers expect)."""
    title = slugify(session.title, allow_unicode=True)
    date = timezone.localdate(session.created).isoformat()
    suffix = "" if table == "answers" else f"-{table}"
    return f"{title or 'quiz'}-{date}{suffix}.csv"


def _student_name(student: StudentResult) -> str:
    """The nickname, marked when the teacher removed the student from the quiz."""
    name = student.participant.nickname
    if student.participant.removed:
        # Translators: a student the teacher removed from the quiz, in the results.
        return gettext("%(name)s (removed)") % {"name": name}
    return name


def _answer_header() -> list[Any]:
    return [
        gettext("Student"),
        gettext("Language"),
        gettext("Question"),
        gettext("Drill"),
        pgettext("drill level", "Level"),
        gettext("Seed"),
        gettext("Answer"),
        # Translators: a CSV column: the right answer in words, as the printed key shows it.
        gettext("Right answer"),
        gettext("Correct"),
        gettext("Points"),
        gettext("Points possible"),
        gettext("Time (seconds)"),
        gettext("Attempts"),
        gettext("Answered at (UTC)"),
        gettext("Earlier answers"),
        # Translators: a CSV column; its cells are codes (answered, timed_out, in_progress,
        # not_reached_yet, not_answered, never_reached), the same in every language.
        pgettext("csv column", "Outcome"),
    ]


def _answer_rows(students: list[StudentResult], questions: list[QuestionResult]) -> list[list[Any]]:
    """One row per student and question, answered or not."""
    return [
        [
            safe_cell(_student_name(student)),
            student.participant.language,
            cell.number,
            safe_cell(question.drill_title),
            question.level_name,
            cell.seed if question.level_name else "",  # own questions are not dealt
            safe_cell(cell.label),
            safe_cell(cell.key),
            _yes_no(cell.correct),
            cell.points,
            question.points,
            _seconds(cell.seconds),
            cell.attempts,
            cell.at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S") if cell.at else "",
            safe_cell(" | ".join(cell.earlier)),
            str(cell.outcome),
        ]
        for student in students
        for cell, question in zip(student.cells, questions, strict=True)
    ]


def _summary_header() -> list[Any]:
    return [
        gettext("Student"),
        gettext("Points"),
        gettext("Points possible"),
        gettext("Correct answers"),
        gettext("Questions answered"),
        gettext("Questions"),
        gettext("Average time (seconds)"),
    ]


def _summary_rows(students: list[StudentResult], total: int, questions: int) -> list[list[Any]]:
    return [
        [
            safe_cell(_student_name(student)),
            student.points,
            total,
            student.right,
            student.answered,
            questions,
            _seconds(student.average_seconds),
        ]
        for student in students
    ]


def csv_rows(session: Session, table: str = "answers") -> list[list[Any]]:
    """One table: every answer (``answers``: a row per student and question), or every
    student's totals (``totals``)."""
    responses = answered_responses(session)
    questions = question_results(session, responses)
    students = student_results(session, responses)
    if table == "totals":
        rows = [_summary_header(), *_summary_rows(students, max_points(session), len(questions))]
        bonuses = [student.bonus for student in students]
    else:
        rows = [_answer_header(), *_answer_rows(students, questions)]
        bonuses = [cell.bonus for student in students for cell in student.cells]
    if not session.settings_view.speed_bonus:
        return rows
    # A session with the speed bonus: one more column, last, so the others keep their place.
    header = gettext("Speed bonus (counted in the points)")
    return [[*rows[0], header], *([*row, b] for row, b in zip(rows[1:], bonuses, strict=True))]


#: The tables a session's results download as, one CSV file each.
TABLES = ("answers", "totals")


def csv_response(session: Session, table: str = "answers") -> HttpResponse:
    """A table of the results as a CSV download: UTF-8 with a byte-order mark, so that
    spreadsheet programs read Bengali, Hindi, Japanese and Czech nicknames right."""
    buffer = io.StringIO()
    buffer.write("\ufeff")
    csv.writer(buffer).writerows(csv_rows(session, table))
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    disposition = content_disposition_header(True, csv_filename(session, table))
    response["Content-Disposition"] = disposition
    return response
