"""An account's data as one zip: ``README.txt`` in the page language, saying what each
file holds; one CSV per table (``tables.py``), UTF-8 with a byte-order mark, cells a
spreadsheet would run as a formula made harmless (``tutor.quizzes.export.safe_cell``, as
the results' downloads); and ``data.json``, every table again with its values as stored.

The zip is written row by row into a temporary file that spills to disk past
:data:`IN_MEMORY`, then streamed: a big account costs disk, not memory. A learner without
an account downloads their progress alone, as JSON (:func:`progress_json`).
"""

from __future__ import annotations

import csv
import io
import json
import tempfile
import zipfile
from collections.abc import Iterator
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import IO, TYPE_CHECKING, Any

from django.http import FileResponse, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tutor.learning.models import Learner
from tutor.quizzes.export import safe_cell
from tutor.words.base import labelled

from .tables import LEARNER, TEACHER, Table, account, learner_of

if TYPE_CHECKING:
    from django.contrib.auth.models import User

IN_MEMORY = 8 * 1024 * 1024

#: What each file holds, for the README (the order of the zip).
ABOUT = {
    "quizzes": _("your quizzes and their settings"),
    "quiz_questions": _("the questions of each quiz: a drill and its level, or a bank question"),
    "bank": _("the questions you wrote, in your question bank"),
    "tags": _("your tags for the bank's questions"),
    "bank_tags": _("which tag is on which bank question"),
    "classes": _("your classes and their join codes"),
    "rosters": _("the names on each class's roster"),
    "sessions": _("every session of your quizzes, with the questions it asked"),
    "students": _("the students who joined each session: nickname, and the roster name picked"),
    "answers": _("every answer those students gave"),
    "lms_accounts": _("the Moodle or Canvas account you sign in with, if any"),
    "lms_activities": _("the Moodle or Canvas activities that open your sessions"),
    "lms_students": _(
        "the students who came from Moodle or Canvas: their names, e-mail and the grade sent back"
    ),
    "learning_settings": _(
        "your daily goal, your time zone and language, whether you asked for reminders, "
        "the address you confirmed for them and when its link was sent"
    ),
    "daily_counts": _("the questions you answered each day, the goal then and your streak"),
    "progress": _("your own learning progress on each concept"),
    "learning_answers": _("your own answers in drills, lessons and reviews"),
    "lesson_sittings": _("your lesson practice, checks and reviews"),
    "lesson_answers": _("your answers in those"),
}


def plain(value: Any) -> Any:
    """A stored value as JSON writes it: times in ISO 8601 (UTC), decimals as text."""
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat()
    if isinstance(value, date | Decimal):
        return str(value)
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


def cell(value: Any) -> Any:
    """A stored value as a CSV cell: JSON as its text, nothing as empty, no formula."""
    value = plain(value)
    if isinstance(value, dict | list):
        value = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return "" if value is None else safe_cell(value)


def _csv(archive: zipfile.ZipFile, table: Table, owner: Any) -> None:
    with archive.open(f"{table.name}.csv", "w") as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8-sig", newline="")
        writer = csv.writer(text)
        writer.writerow(table.columns)
        for row in table.rows(owner):
            writer.writerow([cell(value) for value in row])
        text.flush()
        text.detach()


def _json_rows(table: Table, owner: Any) -> Iterator[str]:
    for row in table.rows(owner):
        record = {c: plain(v) for c, v in zip(table.columns, row, strict=True)}
        yield json.dumps(record, ensure_ascii=False, sort_keys=True)


def write_json(out: IO[str], head: dict[str, Any], parts: list[tuple[Table, Any]]) -> None:
    """``{head..., "<table>": [rows...], ...}``, written a row at a time."""
    body = json.dumps(plain(head), ensure_ascii=False, indent=1)
    out.write(body[:-2] if head else "{")  # leave the object open
    for number, (table, owner) in enumerate(parts):
        comma = "," if head or number else ""
        out.write(f'{comma}\n "{table.name}": [')
        for index, line in enumerate(_json_rows(table, owner)):
            out.write(("," if index else "") + "\n  " + line)
        out.write("\n ]")
    out.write("\n}\n")


def _parts(user: User) -> list[tuple[Table, Any]]:
    learner = learner_of(user)
    return [(t, user) for t in TEACHER] + [(t, learner) for t in LEARNER]


def readme(user: User, when: datetime) -> str:
    lines = [
        gettext("Your data from the poker rules tutor: the account %(name)s, on %(date)s.")
        % {"name": user.get_username(), "date": when.date().isoformat()},
        "",
        gettext(
            "Each CSV file is one table, for a spreadsheet; its first row names the columns. "
            "The ids join the tables: %(column)s in %(file)s is an id in %(other)s. "
            "Times are in UTC."
        )
        % {"column": "quiz_id", "file": "quiz_questions.csv", "other": "quizzes.csv"},
        "",
        *(labelled(f"{name}.csv", str(about)) for name, about in ABOUT.items()),
        labelled("data.json", gettext("every table above again, in one file for programs")),
    ]
    return "\n".join(lines) + "\n"


def account_zip(user: User) -> IO[bytes]:
    """The zip of everything ``user``'s account holds, rewound, ready to stream."""
    now = timezone.now()
    out = tempfile.SpooledTemporaryFile(max_size=IN_MEMORY)  # noqa: SIM115 (FileResponse closes it)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("README.txt", readme(user, now).encode("utf-8"))
        parts = _parts(user)
        for table, owner in parts:
            _csv(archive, table, owner)
        with archive.open("data.json", "w") as raw:
            text = io.TextIOWrapper(raw, encoding="utf-8", newline="\n")
            write_json(text, {"account": account(user), "downloaded": now}, parts)
            text.flush()
            text.detach()
    out.seek(0)
    return out


def account_response(user: User) -> FileResponse:
    name = f"tutor-{user.pk}-{timezone.localdate().isoformat()}.zip"
    return FileResponse(
        account_zip(user), as_attachment=True, filename=name, content_type="application/zip"
    )


def progress_json(learner: Learner | None) -> HttpResponse:
    """A learner's own progress as one JSON download (an empty one without progress)."""
    out = io.StringIO()
    head = {"downloaded": timezone.now()}
    if learner is not None:
        head |= {"started": learner.created, "last_seen": learner.last_seen}
    write_json(out, head, [(t, learner) for t in LEARNER])
    response = HttpResponse(out.getvalue(), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="progress-{timezone.localdate().isoformat()}.json"'
    )
    return response
