"""The teacher's side of a running quiz: starting a session, the console on the teacher's
device (join link and QR code, the question, the reveal, who has answered), the teacher's
controls, which also drive the projector screen (``projector_views.py``), and the
results page and its CSV.

A teacher sees only their own sessions: anything else is a 404, and an anonymous visitor
is sent to log in. Every control is a POST followed by a redirect, so the console works as
plain forms; htmx only refreshes its live numbers (``hx-trigger="every 2s"``), and stops
once the session has ended (HTTP 286). The lists of the class (who joined and answered,
the leaderboard, the podium, the rename forms) are rendered once per change and kept
(``console_kept.py``): for a class of 2,000 they were nearly all of the console's work.
"""

from __future__ import annotations

import zoneinfo
from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRefresh

from tutor.core.http import AuthenticatedHttpRequest, HtmxHttpRequest
from tutor.core.locales import current_language
from tutor.core.names import with_names
from tutor.core.zones import DEFAULT_ZONES, browser_zone
from tutor.drills.written_answers import key_label
from tutor.words.base import labelled

from . import (
    charts,
    classes,
    console_kept,
    controls,
    deletion,
    export,
    gradebook,
    nicknames,
    quotas,
    results,
    services,
    stage,
    timers,
)
from .forms import AllowanceForm, RunForm
from .models import Participant, Response, Session
from .teacher_common import (
    join_url,
    own_quiz,
    own_session,
    qr_svg,
    render_question,
    render_reveal,
)

STOP_POLLING = 286  # htmx stops polling on this status
ZONE_KEY = "quiz_time_zone"


# -- running a quiz ----------------------------------------------------------------------
@login_required
@require_http_methods(["GET", "POST"])
def quiz_run(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    quiz = own_quiz(request, pk)
    if not services.asking(quiz.slots.all()).exists():
        messages.error(request, _("Add at least one question before running the quiz."))
        return redirect("quizzes:edit", pk=quiz.pk)
    try:
        quotas.check_start(quiz)
    except quotas.QuotaExceeded as error:
        messages.error(request, error.message)
        return redirect("quizzes:edit", pk=quiz.pk)
    zone = (
        request.session.get(ZONE_KEY)
        or browser_zone(request)
        or DEFAULT_ZONES.get(current_language(), "UTC")
    )
    if request.method == "POST":
        form = RunForm(request.POST)
        classes.offer(form, request.user)
        if form.is_valid():
            data = form.cleaned_data
            session = services.start_session(
                quiz,
                data["mode"],
                data["opens"],
                data["closes"],
                data["leaderboard"],
                data["zone"],
                speed_bonus=data["speed_bonus"],
                per_student=data["per_student"],
            )
            classes.attach(session, data.get("classroom"), request.user)
            request.session[ZONE_KEY] = data["zone"]
            return redirect("quizzes:console", code=session.code)
    else:
        now = timezone.now().astimezone(zoneinfo.ZoneInfo(zone)).replace(tzinfo=None)
        now = now.replace(second=0, microsecond=0)
        form = RunForm(
            initial={
                "mode": Session.Mode.LIVE,
                "zone": zone,
                "opens": now,
                "closes": (now + timedelta(days=7)).replace(hour=23, minute=59),
            }
        )
        classes.offer(form, request.user, request.GET.get("class"))
    return render(request, "quizzes/teacher/run.html", {"quiz": quiz, "form": form})


def _console_context(request: HttpRequest, session: Session) -> dict[str, Any]:
    roll = console_kept.roll(session)
    # Once a live session has ended, only the questions opened count (Session.asked).
    ended = session.state == Session.State.ENDED
    total = session.asked if ended else len(session.questions)
    context: dict[str, Any] = {
        "session": session,
        "quiz": session.quiz,
        "roll": roll,
        "total": total,
        "live": session.mode == Session.Mode.LIVE,
        "ended": ended,
        "zone": session.settings_view.zone,
        "poll_query": f"state={session.state}&current={session.current}",
        "max_points": results.max_points(session),
    }
    if session.mode == Session.Mode.LIVE and 0 <= session.current < total:
        index = session.current
        context["number"] = index + 1
        context["counts"] = roll.counts()  # services.answer_counts, in the roll's query
        deadline = timers.question_deadline(session)
        if deadline is not None and session.state == Session.State.QUESTION:
            context["seconds_left"] = stage.seconds_left(timezone.now(), deadline)
    elif session.mode == Session.Mode.HOMEWORK:
        context["question_counts"] = [
            {"number": i + 1, **services.answer_counts(session, i)} for i in range(total)
        ]
    context["class_list"] = _class_list(session, context)
    return context


def _class_list(session: Session, context: dict[str, Any]) -> SafeString:
    """Who has joined (and answered), and the leaderboard: kept while nothing it shows
    changed (``console_kept``: the key is the session's version and its class counted)."""
    live_question = bool(context["live"] and context.get("number"))
    shape = (live_question, context["total"])
    key = ("class", session.pk, session.code, session.version, shape)

    def make() -> SafeString:
        # Plain rows, not model instances: a class of 2,000 is read on every change. In
        # the order they joined, said here: a query that counts leaves Meta.ordering out.
        class_ = session.participants.filter(removed=False).with_answered()
        ordered = class_.order_by("joined", "pk")
        rows = list(ordered.values("pk", "nickname", "answered"))  # type: ignore[misc]  # annotated
        if live_question:
            answered = Response.objects.of_session(session).filter(index=session.current)
            done = answered.answered().participant_ids()
            for row in rows:
                row["done"] = row["pk"] in done
        fragment: dict[str, Any] = {
            "participants": rows,
            "live": context["live"],
            "number": context.get("number"),
            "total": context["total"],
        }
        if session.leaderboard and (
            session.state in (Session.State.REVEAL, Session.State.ENDED)
            or session.mode == Session.Mode.HOMEWORK
        ):
            fragment["leaderboard"] = services.leaderboard(session)
        return render_to_string("quizzes/teacher/console.html#class_list", fragment)

    return console_kept.kept((*key, context["roll"]), make)


def _manage_list(session: Session, roll: console_kept.Roll) -> SafeString:
    """The forms to rename or remove each student: kept while the class is the same (its
    names change the version); ``console_kept.respond`` puts the CSRF token in."""
    key = ("manage", session.pk, session.code, session.version)

    def make() -> SafeString:
        fragment = {
            "session": session,
            "participants": list(session.participants.filter(removed=False)),
            "csrf_token": console_kept.TOKEN,
        }
        return render_to_string("quizzes/teacher/console.html#manage_list", fragment)

    return console_kept.kept((*key, roll.present, roll.newest), make)


@login_required
@require_GET
def console(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    session = own_session(request, code)
    if request.GET.get("present") == "1":  # the presentation mode, replaced by the projector
        return redirect("quizzes:projector", code=session.code)
    context = _console_context(request, session)
    if context["roll"].present and session.state != Session.State.ENDED:
        context["manage_list"] = _manage_list(session, context["roll"])
    link = join_url(request, session)
    context.update(join_url=link, qr=qr_svg(link))
    if session.state == Session.State.ENDED and session.leaderboard:
        context["podium"] = console_kept.kept(
            ("podium", session.pk, session.code, session.version),
            lambda: render_to_string(
                "quizzes/teacher/console.html#podium",
                {"podium": services.leaderboard(session, top=3)},
            ),
        )
    if session.mode == Session.Mode.LIVE and 0 <= session.current < len(session.questions):
        q = services.question(session, session.current)
        language = session.settings_view.language or current_language()
        with translation.override(language):
            context["question_html"] = render_question(request, q)
            if session.state in (Session.State.REVEAL, Session.State.ENDED):
                context["reveal_html"] = render_reveal(request, q)
                context["key_label"] = key_label(q)
                result = results.question_result(session, session.current)
                context["split_chart"] = charts.split_chart(result)
        context["question_language"] = language
        context["drill"] = q.drill
    return console_kept.respond(request, "quizzes/teacher/console.html", context)


@require_GET
def console_state(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The console's live numbers (who joined, who answered); a full refresh when the
    session moved on elsewhere (or the teacher was logged out, so the page itself goes
    to the login form); HTTP 286 (stop polling) once it has ended."""
    if not request.user.is_authenticated:
        if request.htmx:
            return HttpResponseClientRefresh()
        return redirect_to_login(request.get_full_path())
    session = own_session(request, code)
    seen = (request.GET.get("state", ""), request.GET.get("current", ""))
    if seen != (session.state, str(session.current)):
        return HttpResponseClientRefresh()
    status = STOP_POLLING if session.state == Session.State.ENDED else 200
    context = _console_context(request, session)
    return console_kept.respond(request, "quizzes/teacher/console.html#live", context, status)


@login_required
@require_POST
def control(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    """The teacher's buttons (``controls.press`` says what each does, and refuses)."""
    session = own_session(request, code)
    notice = controls.press(session, request.POST.get("action", ""), request.POST.get("at", ""))
    if notice is not None:
        messages.add_message(request, notice.level, notice.text)
    return redirect("quizzes:console", code=session.code)


@login_required
@require_POST
def student(request: AuthenticatedHttpRequest, code: str, pk: int) -> HttpResponse:
    """Rename a student, or remove them from the quiz (their answers stay, marked)."""
    session = own_session(request, code)
    participant = get_object_or_404(Participant, session=session, pk=pk, removed=False)
    action = request.POST.get("action", "")
    if action == "remove":
        services.remove(participant)
        messages.success(
            request,
            with_names(
                _("%(name)s has left the quiz; their answers stay in the results."),
                name=participant.nickname,
            ),
        )
    elif action == "rename":
        try:
            services.rename(participant, request.POST.get("nickname", ""))
        except services.Refused as refusal:
            messages.error(request, nicknames.refusal(refusal.code))
        else:
            messages.success(
                request, with_names(_("Renamed to %(name)s."), name=participant.nickname)
            )
    else:
        messages.error(request, _("That control does not exist."))
    return redirect("quizzes:console", code=session.code)


@login_required
@require_POST
def student_time(request: AuthenticatedHttpRequest, code: str, pk: int) -> HttpResponse:
    """A student's accommodations: more time on each question, a later closing time."""
    session = own_session(request, code)
    participant = get_object_or_404(Participant, session=session, pk=pk)
    form = AllowanceForm(request.POST, session=session)
    if form.is_valid():
        data = form.cleaned_data
        timers.allow(participant, data["time_percent"], data["extra_seconds"], data["closes"])
        messages.success(
            request, _("The time for %(name)s has been changed.") % {"name": participant.nickname}
        )
    else:
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            for error in errors:
                messages.error(request, labelled(str(label), str(error)) if label else str(error))
    results_url = reverse("quizzes:results", args=[session.code])
    return redirect(f"{results_url}#student-{participant.pk}")


# -- results -----------------------------------------------------------------------------
@login_required
@require_GET
def results_page(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    session = own_session(request, code)
    responses = results.answered_responses(session)
    per_question = results.question_results(session, responses)
    students = results.student_results(session, responses)
    questions = []
    for result in per_question:
        q = services.question(session, result.index)
        questions.append(
            {
                "result": result,
                "chart": charts.split_chart(result),
                "question_html": render_question(request, q),
            }
        )
    context = {
        "session": session,
        "quiz": session.quiz,
        "questions": questions,
        "overview": charts.overview_chart(per_question) if per_question else "",
        "students": students,
        "numbers": [r.number for r in per_question],
        "max_points": results.max_points(session),
        "zone": session.settings_view.zone,
        "answered_total": len(responses),
        "retry_rule": session.settings_view.retry_points.label,
        "speed_bonus": session.settings_view.speed_bonus,
        "lms_grades": gradebook.grades_page(session),
    }
    return render(request, "quizzes/teacher/results.html", context)


@login_required
@require_GET
def results_csv(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    return export.csv_response(own_session(request, code), "answers")


@login_required
@require_GET
def totals_csv(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    return export.csv_response(own_session(request, code), "totals")


@login_required
@require_GET
def gradebook_csv(request: AuthenticatedHttpRequest, code: str, layout: str) -> HttpResponse:
    """The scores as an LMS imports them (``gradebook.py``: Moodle, Google Classroom)."""
    session = own_session(request, code)
    if layout not in gradebook.LAYOUTS:
        raise Http404
    return gradebook.csv_response(session, layout)


# -- deleting a session ------------------------------------------------------------------
@login_required
@require_http_methods(["GET", "POST"])
def session_delete(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    """A session with its students and answers, after a confirm page saying how many."""
    session = own_session(request, code)
    if request.method == "POST":
        session.delete()
        messages.success(request, _("The session %(code)s is deleted.") % {"code": session.code})
        return redirect("quizzes:edit", pk=session.quiz.pk)
    held = deletion.SessionsHeld.of(Session.objects.filter(pk=session.pk))
    context = {"session": session, "quiz": session.quiz, "lines": held.lines(with_sessions=False)}
    return render(request, "quizzes/teacher/session_delete.html", context)
