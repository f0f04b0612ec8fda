"""The student's side of a quiz: join with a code and a nickname, answer, follow the class.

A student needs no account: joining sets a signed cookie naming their participant, so a
reload or a reconnect keeps their place. The server decides everything (which question
is open, whether time is up, whether this question was already answered); the page only
shows it. What the screen shows (feedback, retries, deadlines) is decided by the pure
rules in ``stage.py``. Live sessions are followed by polling a tiny state endpoint.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tutor.core.http import HtmxHttpRequest
from tutor.core.numbers import whole_number
from tutor.drills.base import AnswerError
from tutor.drills.drill import Grade
from tutor.learning import record as learning

from . import hot, services, stage
from .answers import as_querydict, reveal_feedback
from .join_views import cookie_token
from .models import Participant, Response, Session, is_code
from .poll import STOP_POLLING, live_state, quick_reply


def _quiz_language(session: Session, participant: Participant) -> str:
    return session.settings_view.language or participant.language


def _stage(
    request: HttpRequest,
    session: Session,
    participant: Participant,
    just_stored: tuple[Response, Grade | None] | None = None,
    shown: int | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """Everything the student's screen shows now (``stage.py`` decides what). ``just_stored``:
    the response and feedback of the answer this request has just stored (not read or
    graded again). ``shown``: in homework, a question this student has answered, shown
    again with its verdict (the page after an answer) instead of the next one."""
    context: dict[str, Any] = {
        "session": session,
        "participant": participant,
        "total": len(session.questions),
        **extra,
    }
    rules = stage.Rules.of(session)
    index = services.current_index(session, participant)
    if shown is not None and rules.mode == Session.Mode.HOMEWORK and not rules.over:
        index = shown  # the question just answered, with its verdict, before moving on
    context["index"] = index
    screen = stage.screen(rules, index=index, is_open=session.is_open)
    if screen is stage.Screen.FINISHED:
        return _finished(request, context, session, participant, stage.at_end(rules))
    if screen is stage.Screen.CLOSED:
        return {**context, "closed": True}
    if screen is stage.Screen.LOBBY or index is None:  # no question: a live session's lobby
        return {**context, "lobby": True}
    return _question(context, session, participant, rules, index, just_stored)


def _finished(
    request: HttpRequest,
    context: dict[str, Any],
    session: Session,
    participant: Participant,
    view: stage.StageView,
) -> dict[str, Any]:
    context["finished"] = True
    context["total"] = session.asked  # ended early: the questions never opened do not count
    board = services.scores(session)
    mine = next(((pts, ok) for p, pts, ok in board if p.pk == participant.pk), (0, 0))
    context["score"], context["correct_count"] = mine
    if view.show_leaderboard:
        context["leaderboard"] = services.leaderboard(session, board=board)
    if view.show_review:
        # The explanations are rendered on request (a link): a whole class reaches the end
        # of a live quiz in the same second.
        explain = request.GET.get("review") == "1"
        context["review"] = _review(request, session, participant, explain)
        context["explained"] = explain
    return context


def _question(
    context: dict[str, Any],
    session: Session,
    participant: Participant,
    rules: stage.Rules,
    index: int,
    just_stored: tuple[Response, Grade | None] | None,
) -> dict[str, Any]:
    q = services.question(session, index)
    graded = just_stored if just_stored is not None and just_stored[0].index == index else None
    response = graded[0] if graded else services.mark_shown(participant, index)
    context.update(q.context())
    context.update(question=q.data, q=q, response=response, number=index + 1)
    deadline = services.deadline(session, response)
    view = stage.at_question(
        rules, stage.Progress.of(response), now=timezone.now(), deadline=deadline
    )
    if deadline is not None and view.can_answer:  # no clock once answering is over
        context["seconds_left"] = view.seconds_left
        context["deadline"] = deadline
    context["can_answer"] = view.can_answer
    context["try_again"], context["attempts_left"] = view.try_again, view.attempts_left
    if view.show_feedback:
        context["feedback"] = graded[1] if graded else _feedback_for(q, response)
        # What the explanation depends on besides the question: the answer (the stage's
        # fragment cache keys on it).
        context["answer_key"] = json.dumps(response.answer, sort_keys=True)
    return context


def _feedback_for(q: services.Question, response: Response) -> Grade | None:
    if not response.answer:
        return None
    try:
        return services.grade(q, as_querydict(response.answer))
    except AnswerError:
        return None


def _review(
    request: HttpRequest, session: Session, participant: Participant, explain: bool
) -> list[dict[str, Any]]:
    """Each question that counts: this student's result, and with ``explain`` the question
    again with the explanation of their answer (of the right answer, when they gave none)."""
    rows = []
    answers = {r.index: r for r in participant.responses.all()}
    for index in range(session.asked):
        response = answers.get(index)
        answered = bool(response and response.answered)
        rows.append(
            {
                "number": index + 1,
                "answered": answered,
                "correct": bool(response and response.correct),
                "points": response.points if response else 0,
                "explained": _explained(
                    request, services.question(session, index), response if answered else None
                )
                if explain
                else "",
            }
        )
    return rows


def _explained(request: HttpRequest, q: services.Question, response: Response | None) -> SafeString:
    """The question and the explanation of the student's answer, or of the right one."""
    feedback = _feedback_for(q, response) if response is not None else None
    context = {
        **q.context(),
        "question": q.data,
        "feedback": feedback or reveal_feedback(q),
        "reveal": feedback is None,
    }
    question = render_to_string(f"{q.template}#question", context, request)
    return question + render_to_string(f"{q.template}#feedback_body", context, request)


STAGE = "quizzes/student/play.html#stage"


def render_stage(request: HttpRequest, context: dict[str, Any]) -> HttpResponse:
    """The stage alone, as htmx swaps it in (a poll's new stage, an answer's verdict): a
    class sends these all in the same second. The stage reads only two things from the
    request, the CSRF token and the language, so it is rendered with those instead of the
    site's context processors (user, messages, the page's path, the CSP nonce: whole pages
    need them), a sixth of its cost. ``tests/quizzes/test_student.py`` checks that both ways
    give the same stage."""
    language = get_language()
    key = _stage_key(context, language)
    # Kept per process. Key: _stage_key, everything the stage shows; the student's own
    # CSRF token is put in after (the cached copy holds a placeholder).
    html = caches["local"].get(key) if key is not None else None
    if html is None:
        extra = {"csrf_token": TOKEN_PLACEHOLDER, "LANGUAGE_CODE": language}
        html = get_template(STAGE).render({**context, **extra})
        if key is not None:
            caches["local"].set(key, html, STAGE_SECONDS)
    return HttpResponse(html.replace(TOKEN_PLACEHOLDER, get_token(request)))


#: Stands for the CSRF token in a cached stage (letters only: nothing escapes it).
TOKEN_PLACEHOLDER = "csrftokenplaceholderQUIZSTAGE"
STAGE_SECONDS = 120  # a question's stage is asked for in the seconds after the class moves


def _stage_key(context: dict[str, Any], language: str) -> str | None:
    """The cache key of a question's stage, which a whole class asks for in the same
    second and which is the same for every student in the same situation: the session's
    version, the question, what this student may do, and the answer they gave (its
    explanation). None when the stage is this student's own: a message for them, a clock
    that counts their seconds, the lobby, the end with their score."""
    if (
        "question" not in context
        or context.get("message")
        or context.get("seconds_left") is not None
        or context.get("finished")
        or context.get("closed")
    ):
        return None
    session, response, feedback = context["session"], context["response"], context.get("feedback")
    situation = (
        language,
        session.code,
        session.mode,
        session.version,
        context["index"],
        context["total"],
        bool(context["can_answer"]),
        bool(context["try_again"]),
        context["attempts_left"],
        response.answered is not None,
        None if feedback is None else (bool(feedback.correct), context["answer_key"]),
    )
    digest = hashlib.sha256(repr(situation).encode()).hexdigest()
    return f"quiz-stage:{digest}"


def _load(request: HttpRequest, code: str) -> tuple[Session, Participant | None]:
    """The session and this student in it: one query for a student with their cookie."""
    code = code.upper()
    if not is_code(code):
        raise Http404
    token = cookie_token(request, code)
    if token is not None:
        # One row (the token is unique), read without building SQL (hot.py).
        participant = hot.student(code, token)
        if participant is not None:
            return participant.session, participant
    return get_object_or_404(Session, code=code), None


@require_GET
def play(request: HttpRequest, code: str) -> HttpResponse:
    session, participant = _load(request, code)
    if participant is None:
        return redirect("quiz-join-code", code=session.code)
    language = _quiz_language(session, participant)
    if language != (get_language() or "en"):
        with translation.override(language):
            return redirect(reverse("quiz-play", args=[session.code]))
    # ?answered=<index>: the page after a homework answer shows its verdict first.
    shown = whole_number(request.GET.get("answered", ""), 4)
    if shown is not None and not participant.responses.filter(index=shown).answered().exists():
        shown = None  # only a question this student has answered
    context = _stage(request, session, participant, shown=shown)
    return render(request, "quizzes/student/play.html", context)


@require_GET
def state(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """204 while nothing changed; the new stage (for htmx to swap in) when the teacher moved
    on; 286 (stop polling) once it has ended, or for someone who is not in this quiz."""
    # Usually answered by poll.QuickPollMiddleware before this view: the same question.
    if (reply := quick_reply(request, code)) is not None:
        return reply
    code = code.upper()
    if not is_code(code) or live_state(code) is None:
        raise Http404
    # Versions only grow: the student is behind (or sent nonsense); show the stage as it is.
    session, participant = _load(request, code)
    if participant is None:
        return HttpResponse(status=STOP_POLLING)
    if not request.htmx:
        return redirect("quiz-play", code=session.code)
    return render_stage(request, _stage(request, session, participant))


REFUSALS = {
    "closed": gettext_lazy("This quiz is closed: answers are no longer accepted."),
    "no_such_question": gettext_lazy("That question is not part of this quiz."),
    "not_current": gettext_lazy("That question is no longer open: the class has moved on."),
    "already_answered": gettext_lazy(
        "You have already answered this question; your first answer counts."
    ),
    "too_late": gettext_lazy("Time was up for this question, so this answer was not accepted."),
}


@require_POST
def answer(request: HtmxHttpRequest, code: str) -> HttpResponse:
    session, participant = _load(request, code)
    if participant is None:
        return redirect("quiz-join-code", code=session.code)
    index = whole_number(request.POST.get("index", ""), 4)
    message = None
    status = 200
    answered = None
    if index is None:
        message, status = _("That answer could not be read. Please try again."), 422
    else:
        try:
            answered = services.submit(session, participant, index, request.POST)
            # A signed-in student's answer also counts for their own progress.
            learning.quiz_answer(request, session.questions[index], answered[0])
        except services.Refused as refusal:
            message, status = str(REFUSALS.get(refusal.code, REFUSALS["closed"])), 409
        except AnswerError as error:
            message, status = error.message, 422
    if request.htmx:
        if message is not None:
            session.refresh_from_db()  # refused: perhaps the class has moved on
        shown = answered[0].index if answered else None
        context = _stage(request, session, participant, answered, shown, message=message)
        return render_stage(request, context)
    if message is None and answered is not None:  # post/redirect/get, to the verdict
        play = reverse("quiz-play", args=[session.code])
        return redirect(f"{play}?answered={answered[0].index}")
    session.refresh_from_db()
    return render(
        request,
        "quizzes/student/play.html",
        _stage(request, session, participant, message=message),
        status=status,
    )
