"""A quiz or a session's questions as a Moodle XML or GIFT download.

A quiz is dealt for the export as a session would deal it, in the quiz's order (never
shuffled: a question bank keeps no order worth shuffling): a fixed slot's seed, a drawn
slot's ``count`` questions on new seeds, own questions as written. A session exports the
questions its students got, as it stored them. Words are in the page language: the
engine's questions are worded in it, and own questions are in it when written in it.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from dataclasses import replace
from typing import Any
from urllib.parse import quote

from django.http import HttpResponse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tutor.core.locales import current_language
from tutor.drills import own_question as own
from tutor.drills.base import LEVELS, MAX_SEED
from tutor.drills.registry import question_drill
from tutor.drills.written import deal, own_entry

from .. import services
from ..models import Quiz, Session, Slot
from . import gift, moodle
from .engine import engine_snapshot
from .own import own_snapshot
from .snapshot import Snapshot

XML, GIFT = "xml", "gift"
#: The end of each download's name, and its type.
FILES = {
    XML: (".xml", "application/xml; charset=utf-8"),
    GIFT: (".gift.txt", "text/plain; charset=utf-8"),
}


def quiz_entries(quiz: Quiz) -> list[dict[str, Any]]:
    """The quiz's questions dealt now, in order, each with its points."""
    entries: list[dict[str, Any]] = []
    for slot in quiz.slots.select_related("own"):
        if slot.own is not None:
            entries.append({**own_entry(slot.own.record()), "points": slot.points})
            continue
        drill = question_drill(slot.drill)
        if drill is None or not drill.quiz or slot.level not in LEVELS:
            continue
        fixed = slot.kind == Slot.Kind.FIXED and slot.seed is not None
        seeds = (
            [slot.seed]
            if fixed
            else [secrets.randbelow(MAX_SEED) for _ in range(max(1, slot.count))]
        )
        for seed in seeds:
            entries.append({**deal(drill, slot.level, int(seed or 0)), "points": slot.points})
    return entries


def snapshots(entries: list[dict[str, Any]]) -> list[Snapshot]:
    """Stored questions as snapshots in the active language, read the one way every quiz
    question is read (``services.question``)."""
    session = Session(questions=entries)
    language = current_language()
    found = []
    number = 0
    for index, entry in enumerate(entries):
        q = services.question(session, index)
        points = int(entry.get("points", 1))
        if isinstance(q.data, own.Question):
            snapshot = own_snapshot(q.data, language, points)
        else:
            snapshot = engine_snapshot(q, points)
        same = index and entry.get("student") == entries[index - 1].get("student")
        number = number + 1 if same else 1
        found.append(_named(snapshot, entry, number))
    return found


def session_entries(session: Session) -> list[dict[str, Any]]:
    """The questions the session's students got: those its results list. In a session
    that dealt each student their own questions, every student's own (of those who opened
    the session), student by student in the order they joined, each entry with the
    student's nickname under ``"student"``: the session's own deal is no student's."""
    if not session.settings_view.per_student:
        return list(session.questions[: session.asked])
    students = session.participants.filter(removed=False).exclude(questions=[]).order_by("joined")
    return [
        {**entry, "student": student.nickname}
        for student in students
        for entry in student.questions[: session.asked]
    ]


def _named(snapshot: Snapshot, entry: dict[str, Any], number: int) -> Snapshot:
    """A student's own question named after the student and its number in their deal."""
    if "student" not in entry:
        return snapshot
    # Translators: the name of one student's own question in a Moodle XML or GIFT file.
    name = _("%(student)s, question %(number)s: %(question)s") % {
        "student": entry["student"],
        "number": number,
        "question": snapshot.name,
    }
    return replace(snapshot, name=name)


def heading(title: str) -> str:
    return _("“%(title)s”, exported from the poker rules tutor.") % {"title": title}


def content(kind: str, title: str, found: list[Snapshot]) -> bytes:
    if kind == XML:
        return moodle.write(found, title)
    return gift.write(found, title, heading(title)).encode("utf-8")


def native_file_name(title: str) -> str:
    """A title as a file name in its own script: letters with their marks (Bengali and
    Hindi vowel signs are marks) and digits, words joined by ``-``, nothing else.

    >>> native_file_name("পোকার ক্লাস: সপ্তাহ ৩?")
    'পোকার-ক্লাস-সপ্তাহ-৩'
    """
    kept = "".join(
        ch if unicodedata.category(ch)[0] in "LMN" else "-"
        for ch in unicodedata.normalize("NFC", title)
        if unicodedata.category(ch)[0] in "LMN" or ch.isspace() or ch in "-_"
    )
    return re.sub("-{2,}", "-", kept).strip("-").lower()[:100]


def disposition(title: str, ending: str) -> str:
    """``attachment`` with an ASCII name for every browser and, for a title in another
    script, its own name as RFC 5987's ``filename*``."""
    header = f'attachment; filename="{slugify(title) or "quiz"}{ending}"'
    native = native_file_name(title)
    if native and not native.isascii():
        header += f"; filename*=UTF-8''{quote(native + ending, safe='')}"
    return header


def download(kind: str, title: str, entries: list[dict[str, Any]]) -> HttpResponse:
    ending, content_type = FILES[kind]
    response = HttpResponse(content(kind, title, snapshots(entries)), content_type=content_type)
    response["Content-Disposition"] = disposition(title, ending)
    response["X-Content-Type-Options"] = "nosniff"
    return response
