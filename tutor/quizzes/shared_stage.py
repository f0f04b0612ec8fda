"""The stage that is the same for every student of a language, sent in the stream's event
(``streams.py``) instead of asked for by each student.

When a live session opens a question, every student who has not answered it yet sees the
same stage: the question and its answer form, in their language. So a process renders
it once per (session, version, language) and each stream sends it; the page puts its own
CSRF token in place of :data:`tutor.core.kept_pages.TOKEN`. The stage is the one the
student's own request would get (``student_views.render_stage``: the same template
partial, typeset the same way); ``tests/quizzes/test_events_stage.py`` compares them in
every language. Every other stage is a student's own (their verdict at the reveal, their
score at the end, a clock counting their seconds) and is asked for as before, but for
the reveal's (:func:`verdict`): it depends only on the answer a student gave, so a
process renders it once per answer and the stream sends each student the one of theirs.
"""

from __future__ import annotations

import hashlib
import json

from django.core.cache import caches
from django.template.loader import get_template
from django.utils import timezone, translation

from tutor.core import kept_pages
from tutor.drills.answers import form_data
from tutor.drills.base import AnswerError

from . import hot, services, stage
from .models import Participant, Response, Session
from .stage import Screen, Stage
from .timers import question_deadline

STAGE = "quizzes/student/play.html#stage"
SECONDS = 120  # a question's stage is sent in the seconds after the class moves


def shared(session: Session, state: str = Session.State.QUESTION) -> bool:
    """Whether the session's stage now is the same for every student who has not answered
    yet (at the reveal: who gave the same answer): a live question in ``state`` without a
    clock (a clock counts each student's own seconds)."""
    return (
        session.mode == Session.Mode.LIVE
        and session.state == state
        and not session.settings_view.per_student
        and question_deadline(session) is None
    )


def question_stage(session: Session) -> Stage:
    """The stage of the session's open question for a student who has not answered it
    (their response row is made when the question opens: nothing to write)."""
    index = session.current
    response = Response(index=index)
    view = stage.at_question(
        stage.Rules.of(session), stage.Attempts(), now=timezone.now(), deadline=None
    )
    return Stage(
        session,
        Participant(session=session),  # nobody's: the stage shows no student's data
        len(session.questions),
        Screen.QUESTION,
        index,
        q=services.question(session, index),
        response=response,
        can_answer=view.can_answer,
        try_again=view.try_again,
        attempts_left=view.attempts_left,
    )


def revealed_stage(session: Session, response: Response) -> Stage:
    """The stage of the revealed question for the student of ``response``: what the
    student's own request shows (``student_views``), read from their answer alone."""
    index = session.current
    q = services.question(session, index)
    view = stage.at_question(
        stage.Rules.of(session), stage.Attempts.of(response), now=timezone.now(), deadline=None
    )
    feedback = None
    if view.show_feedback and response.answer:
        try:
            feedback = services.grade(q, form_data(response.answer))
        except AnswerError:
            feedback = None
    return Stage(
        session,
        Participant(session=session),  # nobody's: the stage shows no student's data
        len(session.questions),
        Screen.QUESTION,
        index,
        q=q,
        response=response,
        can_answer=view.can_answer,
        try_again=view.try_again,
        attempts_left=view.attempts_left,
        feedback=feedback,
        answer_json=json.dumps(response.answer, sort_keys=True) if view.show_feedback else "",
    )


def _render(here: Stage, language: str) -> str:
    with translation.override(language):
        extra = {"csrf_token": kept_pages.TOKEN, "LANGUAGE_CODE": language}
        html = get_template(STAGE).render({**here.context(), **extra})
        return kept_pages.finish(html, language)


def _revealed(code: str, version: int) -> Session | int | None:
    """The question revealed at ``version`` of the session ``code`` (its index, kept), or
    the session itself when that is not known yet here, or None when there is none."""
    # Kept per process. Key: the join code and the version; the value, the index of the
    # question revealed then (or False): the session's, nothing of a student.
    key = f"quiz-revealed:{code}:{version}"
    known: int | bool | None = caches["local"].get(key)
    if known is not None:
        return None if known is False else int(known)
    session = Session.objects.filter(code=code).first()
    if session is None:
        return None
    revealed = session.version == version and shared(session, Session.State.REVEAL)
    caches["local"].set(key, session.current if revealed else False, SECONDS)
    return session if revealed else None


def verdict(code: str, language: str, participant: int, version: int) -> str | None:
    """The revealed question's stage, at ``version`` of the session ``code``, for the
    student ``participant`` (their id), with the CSRF token's stand-in; None when the
    session is not at such a reveal at that version."""
    return verdicts(code, version, {participant: language}, one=True).get(participant)


def verdicts(
    code: str, version: int, students: dict[int, str], *, one: bool = False
) -> dict[int, str | None]:
    """:func:`verdict` of each of ``students`` (id: language), every stream of a process
    at once: their answers read in one query (``one``: a single student's row, read
    without building SQL, as by ``hot.py``), each different stage rendered once."""
    revealed = _revealed(code, version)
    if revealed is None:
        return dict.fromkeys(students)
    index = revealed if isinstance(revealed, int) else revealed.current
    answers: dict[int, Response | None] = {}
    if one:
        ((pk, _),) = students.items()
        answers[pk] = hot.response(Participant(pk=pk), index)
    else:
        for row in Response.objects.filter(participant__session__code=code, index=index):
            if row.participant_id in students:
                row.participant = Participant(pk=row.participant_id)  # as hot.response
                answers[row.participant_id] = row
    made: dict[str, str | None] = {}  # this call's stages by their key: one cache read each
    found: dict[int, str | None] = {}
    for pk, language in students.items():
        response = answers.get(pk)
        if response is None:
            found[pk] = None  # a student who joined after the question: their own request
            continue
        # Kept per process. Key: the join code, the version, the language and what the
        # stage reads of the student's answer (answered, right, attempts, the answer
        # itself): the same stage for every student who answered alike; nothing else of a
        # student is inside.
        situation = (code, version, language, stage.Attempts.of(response), response.answer)
        key = "quiz-verdict:" + hashlib.sha256(repr(situation).encode()).hexdigest()
        if key not in made:
            html: str | None = caches["local"].get(key)
            if html is None:
                if not isinstance(revealed, Session):
                    revealed = Session.objects.get(code=code)
                if revealed.version != version:
                    return dict.fromkeys(students)  # moved on meanwhile
                html = _render(revealed_stage(revealed, response), language)
                caches["local"].set(key, html, SECONDS)
            made[key] = html
        found[pk] = made[key]
    return found


def markup(code: str, language: str) -> tuple[int, str] | None:
    """(version, the shared stage's HTML with the CSRF token's stand-in) of the session
    with this code in ``language``, or None when its stage now is each student's own."""
    session = Session.objects.filter(code=code).first()
    if session is None or not shared(session):
        return None
    # Kept per process. Key: the join code, the session's version and the language, which
    # fix the question and everything the stage shows; nothing of a student is inside
    # (the CSRF token is a stand-in the page replaces).
    key = f"quiz-shared-stage:{code}:{session.version}:{language}"
    html: str | None = caches["local"].get(key)
    if html is None:
        html = _render(question_stage(session), language)
        caches["local"].set(key, html, SECONDS)
    return session.version, html
