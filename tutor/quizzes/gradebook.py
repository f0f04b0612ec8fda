"""A session's scores as a gradebook CSV that an LMS imports: one row per student, the
columns naming them as the LMS does, then one column of points.

- ``moodle``: Moodle's "Import grades → CSV file" (comma-separated, UTF-8): "Email
  address", "Username", "First name", "Last name", then the session's title; the teacher
  maps "Email address" (or "Username") to the user, and the title to the grade item.
- ``classroom``: Google Classroom's own grade layout, whose students it matches by e-mail:
  "Email Address", "First Name", "Last Name", then the assignment's title.

The quiz app knows its students by nickname only; an app that knows them as an LMS
does (``tutor.lti``: the e-mail, username and names of its launch) hands itself to
:func:`provide` at start-up. A student it does not know has only their nickname, as the
username and first name, for the teacher to match by hand. The headers stay in English:
they are the columns the importers look for, not the teacher's page.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any, Protocol

from django.http import HttpResponse
from django.utils.http import content_disposition_header

from .export import csv_filename, safe_cell
from .models import Session
from .results import student_results
from .scoring import score

#: The layouts the results page offers, by the name in the address.
LAYOUTS = ("moodle", "classroom")


@dataclass(frozen=True)
class Identity:
    """A student as an LMS knows them; empty where it does not."""

    email: str = ""
    username: str = ""
    first_name: str = ""
    last_name: str = ""


class Identities(Protocol):
    def of_session(self, session: Session) -> dict[int, Identity]: ...

    def grades_page(self, session: Session) -> str | None: ...


class NoIdentities:
    def of_session(self, session: Session) -> dict[int, Identity]:
        return {}

    def grades_page(self, session: Session) -> str | None:
        return None


_identities: Identities = NoIdentities()


def provide(identities: Identities) -> None:
    """Let an app that knows students as their LMS does name them (``tutor.lti``)."""
    global _identities
    _identities = identities


def grades_page(session: Session) -> str | None:
    """The address of the page saying whether each student's grade reached the LMS, for a
    session launched from one; else ``None``."""
    return _identities.grades_page(session)


def rows(session: Session, layout: str) -> list[list[Any]]:
    """The gradebook of ``session`` in ``layout`` (one of :data:`LAYOUTS`), header first."""
    known = _identities.of_session(session)
    title = session.title
    if layout == "moodle":
        table: list[list[Any]] = [["Email address", "Username", "First name", "Last name", title]]
    else:
        table = [["Email Address", "First Name", "Last Name", title]]
    for student in student_results(session):
        participant = student.participant
        if participant.removed:
            continue
        who = known.get(participant.pk) or Identity(
            username=participant.nickname, first_name=participant.nickname
        )
        # The speed bonus is the game's, not a grade: the grade is whole points again.
        grade = score(student.points - student.bonus)
        if layout == "moodle":
            row = [who.email, who.username, who.first_name, who.last_name, grade]
        else:
            row = [who.email, who.first_name, who.last_name, grade]
        table.append([safe_cell(cell) for cell in row])
    return table


def csv_response(session: Session, layout: str) -> HttpResponse:
    """The gradebook as a CSV download: comma-separated UTF-8 without a byte-order mark
    (Moodle asks for the encoding and would keep a mark in the first header)."""
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows(session, layout))
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(
        True, csv_filename(session, f"gradebook-{layout}")
    )
    return response
