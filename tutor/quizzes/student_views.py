"""The student's side of a quiz: join with a code and a nickname, answer, follow the class.

A student needs no account: joining sets a signed cookie naming their participant, so a
reload or a reconnect keeps their place. The server decides everything (which question
is open, whether time is up, whether this question was already answered); the page only
shows it. What the screen shows (feedback, retries, deadlines) is decided by the pure
rules in ``stage.py``. Live sessions are followed by polling a tiny state endpoint.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace

from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import get_template
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from tutor.core import kept_pages
from tutor.core.csrf_tokens import get_token
from tutor.core.http import HtmxHttpRequest
from tutor.core.locales import current_language, format_number
from tutor.core.numbers import whole_number
from tutor.drills.answers import form_data
from tutor.drills.base import AnswerError
from tutor.drills.drill import Grade
from tutor.drills.parts import part_context, render_part
from tutor.drills.written_answers import reveal_feedback
from tutor.learning import record as learning
from tutor.words.base import join_names

from . import end_screen, hot, services, stage, timers
from .joins import cookie_token
from .models import Participant, Response, Session, is_code
from .poll import STOP_POLLING, live_state, quick_reply
from .stage import ReviewRow, Screen, Stage


def _quiz_language(session: Session, participant: Participant) -> str:
    return session.settings_view.language or participant.language


def _stage(
    request: HttpRequest,
    session: Session,
    participant: Participant,
    just_stored: tuple[Response, Grade | None] | None = None,
    shown: int | None = None,
    message: str | None = None,
) -> Stage:
    """Everything the student's screen shows now (``stage.py`` decides what). ``just_stored``:
    the response and feedback of the answer this request has just stored (not read or
    graded again). ``shown``: in homework, a question this student has answered, shown
    again with its verdict (the page after an answer) instead of the next one."""
    rules = stage.Rules.of(session, participant=participant)
    notice = ""
    responses = None
    if rules.mode == Session.Mode.HOMEWORK:
        responses = hot.responses(participant)
        index = services.next_open(session, responses)
        notice = _time_up_notice(session, responses.values()) if not rules.over else ""
    else:
        index = services.current_index(session, participant)
    if shown is not None and rules.mode == Session.Mode.HOMEWORK and not rules.over:
        index = shown  # the question just answered, with its verdict, before moving on
    screen = stage.screen(rules, index=index, is_open=timers.open_for(session, participant))
    here = Stage(
        session, participant, len(session.questions), screen, index, message, notice=notice
    )
    if screen is Screen.FINISHED:
        return _finished(request, here, stage.at_end(rules), responses)
    if screen is not Screen.QUESTION or index is None:  # closed, or a live session's lobby
        return here
    return _question(here, rules, index, just_stored)


def _time_up_notice(session: Session, responses: Iterable[Response]) -> str:
    """Which homework questions' time ran out since the student last heard (told once)."""
    expired = timers.expired_untold(session, responses)
    if not expired:
        return ""
    timers.tell(expired)
    language = current_language()
    numbers = join_names([format_number(r.index + 1, language) for r in expired])
    if len(expired) == 1:
        # Translators: a homework question's time limit ran out; the student moves on.
        return _("Time's up for question %(numbers)s: it was not answered in time.") % {
            "numbers": numbers
        }
    # Translators: %(numbers)s is a list such as "2, 3 and 5".
    return _(
        "Time ran out on questions %(numbers)s while you were away: they were not answered in time."
    ) % {"numbers": numbers}


def _finished(
    request: HttpRequest,
    here: Stage,
    view: stage.StageView,
    responses: dict[int, Response] | None = None,
) -> Stage:
    """``here`` as the end screen; ``responses``: the student's, when read already."""
    session, participant = here.session, here.participant
    if session.mode == Session.Mode.HOMEWORK:
        services.finished(session, participant)
    here = end_screen.finished(here, view, responses)
    # The explanations are rendered on request (a link): a whole class reaches the end of
    # a live quiz in the same second.
    if not (view.show_review and request.GET.get("review") == "1"):
        return here
    return replace(here, review=_explain(request, here), explained=True)


def _question(
    here: Stage,
    rules: stage.Rules,
    index: int,
    just_stored: tuple[Response, Grade | None] | None,
) -> Stage:
    session, participant = here.session, here.participant
    q = services.question(session, index, participant)
    graded = just_stored if just_stored is not None and just_stored[0].index == index else None
    response = graded[0] if graded else services.mark_shown(participant, index)
    deadline = services.deadline(session, response)
    view = stage.at_question(
        rules, stage.Attempts.of(response), now=timezone.now(), deadline=deadline
    )
    here = replace(
        here,
        q=q,
        response=response,
        # No clock once answering is over.
        seconds_left=view.seconds_left if deadline is not None and view.can_answer else None,
        can_answer=view.can_answer,
        try_again=view.try_again,
        attempts_left=view.attempts_left,
        time_up=view.time_up and not view.can_answer and rules.state == Session.State.QUESTION,
    )
    if not view.show_feedback:
        return here
    return replace(
        here,
        feedback=graded[1] if graded else _feedback_for(q, response),
        # What the explanation depends on besides the question: the answer (the stage's
        # fragment cache keys on it).
        answer_json=json.dumps(response.answer, sort_keys=True),
    )


def _feedback_for(q: services.WrittenQuestion, response: Response) -> Grade | None:
    if not response.answer:
        return None
    try:
        return services.grade(q, form_data(response.answer))
    except AnswerError:
        return None


def _explain(request: HttpRequest, here: Stage) -> list[ReviewRow]:
    """The review's rows, each with the question again and the explanation of this
    student's answer (of the right answer, when they gave none)."""
    session, participant = here.session, here.participant
    answers = hot.responses(participant)
    rows = []
    for row in here.review or []:
        response = answers.get(row.number - 1)
        q = services.question(session, row.number - 1, participant)
        explained = _explained(request, q, response if row.answered else None)
        rows.append(replace(row, explained=explained))
    return rows


def _explained(
    request: HttpRequest, q: services.WrittenQuestion, response: Response | None
) -> SafeString:
    """The question and the explanation of the student's answer, or of the right one."""
    feedback = _feedback_for(q, response) if response is not None else None
    context = part_context(
        q.drill, q.data, feedback=feedback or reveal_feedback(q), reveal=feedback is None
    )
    question = render_part(q.drill, "question", context, request)
    return question + render_part(q.drill, "feedback_body", context, request)


STAGE = "quizzes/student/play.html#stage"
PAGE = "quizzes/student/play.html"


def stage_markup(here: Stage, finish: bool = True) -> str:
    """The stage's HTML with ``kept_pages.TOKEN`` for the CSRF token, typeset as the page
    shows it (unless ``finish`` is false: the translators' mode marks it first). The stage
    reads only two things from the request, the CSRF token and the language, so it is
    rendered with those instead of the site's context processors (user, messages, the
    page's path, the CSP nonce: whole pages need them), a sixth of its cost.
    ``tests/quizzes/test_student.py`` checks that both ways give the same stage."""
    language = current_language()
    if finish and end_screen.kept(here):
        return end_screen.markup(here, language)
    key = here.cache_key(language) if finish else None
    clock = key is not None and here.seconds_left is not None
    # Kept per process. Key: Stage.cache_key, everything the stage shows (the language,
    # the session's version, the question, what this student may do, the answer they
    # gave, whether a clock shows); no stage of a student's own is kept, and the student's
    # own CSRF token and clock's seconds are put in after (the copy holds stand-ins).
    html = caches["local"].get(key) if key is not None else None
    if html is None:
        extra = {"csrf_token": kept_pages.TOKEN, "LANGUAGE_CODE": language}
        if clock:
            extra["seconds_left"] = CLOCK  # ``num`` passes a word through as it is
        html = get_template(STAGE).render({**here.context(), **extra})
        html = kept_pages.finish(html, language) if finish else html
        if key is not None:
            caches["local"].set(key, html, STAGE_SECONDS)
    if clock and here.seconds_left is not None:
        html = _with_clock(html, here.seconds_left, language)
    return html


#: Stands for a homework student's seconds left in a kept stage (letters only).
CLOCK = kept_pages.stand_in("clock")


def _with_clock(html: str, seconds: int, language: str) -> str:
    """A kept stage with this student's seconds put in: as a number for the countdown's
    script, and as the page writes it (``num``), typeset."""
    countdown = f'data-countdown="{CLOCK}"'
    html = html.replace(countdown, f'data-countdown="{seconds}"')
    return html.replace(CLOCK, kept_pages.finish(format_number(seconds, language), language))


def render_stage(request: HttpRequest, here: Stage) -> HttpResponse:
    """The stage alone, as htmx swaps it in (a poll's new stage, an answer's verdict): a
    class sends these all in the same second."""
    if not kept_pages.finishes(request):
        html = stage_markup(here, finish=False)
        if kept_pages.TOKEN in html:  # a form: no token is made for a verdict alone
            html = html.replace(kept_pages.TOKEN, get_token(request))
        return HttpResponse(html)
    return kept_pages.finished_response(stage_markup(here), request)


STAGE_SECONDS = 120  # a question's stage is asked for in the seconds after the class moves


def render_page(request: HttpRequest, here: Stage, status: int = 200) -> HttpResponse:
    """The whole quiz page. A class loads it in the same seconds (joining, the teacher's
    start): for a visitor ``kept_pages.keeps``, the page around the stage is kept per
    language, quiz and title, with the student's nickname, the stage and the address's
    query put in (homework's page after an answer is ``?answered=<index>``, and the
    language links carry the query)."""
    context = here.context()
    if not kept_pages.keeps(request, query=True):
        nickname = here.participant.nickname
        return render(request, PAGE, {**context, "nickname": nickname}, status=status)
    _, mark, query = request.get_full_path().partition("?")
    slots = {
        "nickname": kept_pages.Slot(here.participant.nickname, text=True),
        "stage": kept_pages.Slot(SafeString(stage_markup(here))),
        "query": kept_pages.Slot(mark + query),
    }
    context.update(
        nickname=kept_pages.stand_in("nickname"),
        stage_html=SafeString(kept_pages.stand_in("stage")),
        page_query=kept_pages.stand_in("query"),
    )
    key = (here.session.code, here.session.title)
    return kept_pages.render(request, PAGE, context, key=key, slots=slots, status=status)


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
        return redirect("quizzes:join-code", code=session.code)
    language = _quiz_language(session, participant)
    if language != current_language():
        with translation.override(language):
            return redirect(reverse("quizzes:play", args=[session.code]))
    # ?answered=<index>: the page after a homework answer shows its verdict first.
    shown = whole_number(request.GET.get("answered", ""), 4)
    if shown is not None and not participant.responses.filter(index=shown).answered().exists():
        shown = None  # only a question this student has answered
    return render_page(request, _stage(request, session, participant, shown=shown))


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
        return redirect("quizzes:play", code=session.code)
    return render_stage(request, _stage(request, session, participant))


REFUSALS = {
    "closed": gettext_lazy("This quiz is closed: answers are no longer accepted."),
    "no_such_question": gettext_lazy("That question is not part of this quiz."),
    "not_current": gettext_lazy("That question is no longer open: the class has moved on."),
    "already_answered": gettext_lazy(
        "You have already answered this question; your first answer counts."
    ),
    "too_late": gettext_lazy("Time was up for this question, so this answer was not accepted."),
    "not_shown": gettext_lazy(
        "That question has not been shown to you yet, so this answer was not accepted."
    ),
}


@require_POST
def answer(request: HtmxHttpRequest, code: str) -> HttpResponse:
    session, participant = _load(request, code)
    if participant is None:
        return redirect("quizzes:join-code", code=session.code)
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
            own = services.questions_of(session, participant)[index]
            learning.quiz_answer(request, own, answered[0])
        except services.Refused as refusal:
            message, status = str(REFUSALS.get(refusal.code, REFUSALS["closed"])), 409
        except AnswerError as error:
            message, status = error.message, 422
    if request.htmx:
        if message is not None:
            session.refresh_from_db()  # refused: perhaps the class has moved on
        shown = answered[0].index if answered else None
        here = _stage(request, session, participant, answered, shown, message=message)
        return render_stage(request, here)
    if message is None and answered is not None:  # post/redirect/get, to the verdict
        play = reverse("quizzes:play", args=[session.code])
        return redirect(f"{play}?answered={answered[0].index}")
    session.refresh_from_db()
    return render_page(request, _stage(request, session, participant, message=message), status)
