"""A session on paper: an answer key (every question with its right answer and the
engine's explanation) and a worksheet (the same questions with blank answer fields).

Both read the questions the session stored, through the drills' own partials, so any kind
of question prints the way students see it: the ``#question`` partial, then the
``#answer`` fields inside a disabled fieldset (ticks and blanks to fill in by hand). The
key adds the right answer in words and the drill's feedback for it as the projector shows
it on reveal (``#feedback_body``). Once a live session has ended, the questions it never
opened are left out, as from its results; before that, every question prints.

What is printed is in the quiz's language when it has one (as on the projector), else in
the page's. Only the session's teacher sees these pages: anything else is a 404.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_GET

from tutor.core.http import AuthenticatedHttpRequest
from tutor.core.locales import current_language
from tutor.core.numbers import whole_number
from tutor.drills.base import LEVEL_NAMES
from tutor.drills.parts import part_context, render_part
from tutor.drills.written_answers import key_label

from . import services
from .models import Participant, Session
from .teacher_common import own_session, render_reveal

#: No markup: a worksheet has no explanation.
NOTHING = SafeString("")
#: Attributes that hold ids (or lists of ids) in the drills' partials.
ID_ATTRIBUTE = re.compile(
    r'(?<=\s)(id|for|aria-labelledby|aria-describedby|aria-controls)="([^"]*)"'
)


def scoped_ids(html: str, prefix: str) -> SafeString:
    """``html`` with every id (and every reference to one) prefixed: the partials of one
    drill use the same ids in every question, and a page shows many questions, so each
    label must still name its own field.

    >>> scoped_ids('<label for="pot0">A</label><input id="pot0">', "q2-")
    '<label for="q2-pot0">A</label><input id="q2-pot0">'

    The partials escape their data (a quote in the text is ``&quot;``), so only the
    attributes themselves match.
    """

    def prefixed(match: re.Match[str]) -> str:
        ids = " ".join(prefix + name for name in match.group(2).split())
        return f'{match.group(1)}="{ids}"'

    return mark_safe(ID_ATTRIBUTE.sub(prefixed, html))  # the partial escaped its data


@dataclass(frozen=True)
class Printed:
    """One question as it is printed."""

    number: int
    points: int
    drill_title: str
    level_name: str
    question_html: SafeString
    answer_html: SafeString  # the answer fields, to be shown disabled
    key_label: str = ""  # the right answer in words (the key only)
    explanation_html: SafeString = NOTHING  # the drill's feedback for it (the key only)


def counted(session: Session) -> int:
    """How many questions print: those counted once a live session has ended
    (:attr:`Session.asked`), else every question, so a key can be printed before class."""
    return session.asked if session.state == Session.State.ENDED else len(session.questions)


def printed(
    request: HttpRequest, q: services.WrittenQuestion, with_key: bool, paper: int = 1
) -> Printed:
    """Question ``q`` through its drill's partials (the key adds answer and explanation);
    ``paper``: which of the page's sheets it is on (the ids of each sheet's own)."""
    context = part_context(q.drill, q.data)
    prefix = f"q{q.index + 1}-" if paper == 1 else f"p{paper}-q{q.index + 1}-"
    return Printed(
        number=q.index + 1,
        points=int(q.entry.get("points", 1)),
        drill_title=str(q.drill.title),
        level_name=str(LEVEL_NAMES.get(q.entry["level"], q.entry["level"])),
        question_html=scoped_ids(render_part(q.drill, "question", context, request), prefix),
        answer_html=scoped_ids(render_part(q.drill, "answer", context, request), prefix),
        key_label=key_label(q) if with_key else "",
        explanation_html=scoped_ids(render_reveal(request, q), f"{prefix}key-")
        if with_key
        else NOTHING,
    )


@dataclass(frozen=True)
class Paper:
    """One printed sheet: the session's questions, or one student's own."""

    student: Participant | None
    questions: list[Printed]

    @property
    def total_points(self) -> int:
        return sum(item.points for item in self.questions)


def _paper(
    request: HttpRequest, session: Session, student: Participant | None, with_key: bool, n: int
) -> Paper:
    questions = [
        printed(request, services.question(session, index, student), with_key, n)
        for index in range(counted(session))
    ]
    return Paper(student, questions)


def sheet_context(request: AuthenticatedHttpRequest, code: str, with_key: bool) -> dict[str, Any]:
    """The page's context: the teacher's own session (else a 404) and its questions,
    rendered in the language the quiz was given in. In a per-student session,
    ``?student=<id>`` prints that student's own questions (dealt now if they have not
    opened the quiz yet: what they will be asked), ``?student=all`` every student's, a
    page each, and the page lists the students."""
    session = own_session(request, code)
    language = session.settings_view.language or current_language()
    per_student = session.settings_view.per_student
    students = list(session.participants.filter(removed=False)) if per_student else []
    chosen: list[Participant | None] = [None]
    if per_student and request.GET.get("student") == "all":
        chosen = list(students) or [None]
    elif per_student and "student" in request.GET:
        pk = whole_number(request.GET["student"], 12)
        chosen = [get_object_or_404(Participant, session=session, pk=pk if pk is not None else -1)]
    with translation.override(language):
        papers = [
            _paper(request, session, student, with_key, n)
            for n, student in enumerate(chosen, start=1)
        ]
    return {
        "per_student": per_student,
        "every_student": per_student and request.GET.get("student") == "all",
        "papers": papers,
        "questions": papers[0].questions,  # the first (or only) sheet's
        "student": papers[0].student if len(papers) == 1 else None,
        "students": students,
        "session": session,
        "quiz": session.quiz,
        "title": session.title,
        "sheet_language": language,
        "zone": session.settings_view.zone,
    }


@login_required
@require_GET
def answer_key(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    context = sheet_context(request, code, with_key=True)
    return render(request, "quizzes/teacher/answer_key.html", context)


@login_required
@require_GET
def worksheet(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    context = sheet_context(request, code, with_key=False)
    return render(request, "quizzes/teacher/worksheet.html", context)
