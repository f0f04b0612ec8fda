"""The stage that is the same for every student of a language, sent in the stream's event
(``streams.py``) instead of asked for by each student.

When a live session opens a question, every student who has not answered it yet sees the
same stage: the question and its answer form, in their language. So a process renders
it once per (session, version, language) and each stream sends it; the page puts its own
CSRF token in place of :data:`tutor.core.kept_pages.TOKEN`. The stage is the one the
student's own request would get (``student_views.render_stage``: the same template
partial, typeset the same way); ``tests/quizzes/test_events_stage.py`` compares them in
every language. Every other stage is a student's own (their verdict at the reveal, their
score at the end, a clock counting their seconds) and is asked for as before.
"""

from __future__ import annotations

from django.core.cache import caches
from django.template.loader import get_template
from django.utils import timezone, translation

from tutor.core import kept_pages

from . import services, stage
from .models import Participant, Response, Session
from .stage import Screen, Stage
from .timers import question_deadline

STAGE = "quizzes/student/play.html#stage"
SECONDS = 120  # a question's stage is sent in the seconds after the class moves


def shared(session: Session) -> bool:
    """Whether the session's stage now is the same for every student who has not answered
    yet: a live question without a clock (a clock counts each student's own seconds)."""
    return (
        session.mode == Session.Mode.LIVE
        and session.state == Session.State.QUESTION
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
        here = question_stage(session)
        with translation.override(language):
            extra = {"csrf_token": kept_pages.TOKEN, "LANGUAGE_CODE": language}
            html = get_template(STAGE).render({**here.context(), **extra})
            html = kept_pages.finish(html, language)
        caches["local"].set(key, html, SECONDS)
    return session.version, html
