"""The teacher's side of quizzes: the quiz list, the builder, running a session (the
console for the projector) and the results.

A teacher sees and changes only their own quizzes and sessions: anything else is a 404,
and an anonymous visitor is sent to log in. Every change is a POST followed by a
redirect, so the pages work as plain forms; htmx only refreshes the console's live
numbers (``hx-trigger="every 2s"``), and stops once the session has ended (HTTP 286).
"""

from __future__ import annotations

import zoneinfo
from datetime import timedelta
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db import transaction
from django.db.models import Count, Max, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRefresh

from tutor.drills.base import LEVEL_NAMES, new_seed
from tutor.drills.registry import DRILLS
from tutor.drills.views import question_url

from . import results, services
from .forms import DEFAULT_ZONES, QuizForm, RunForm, SlotEditForm, SlotForm
from .models import Quiz, Response, Session, Slot, is_code

STOP_POLLING = 286  # htmx stops polling on this status
ZONE_KEY = "quiz_time_zone"


def _own_quiz(request: HttpRequest, pk: int) -> Quiz:
    return get_object_or_404(Quiz, pk=pk, owner=request.user)


def _own_session(request: HttpRequest, code: str) -> Session:
    if not is_code(code.upper()):
        raise Http404
    return get_object_or_404(
        Session.objects.select_related("quiz"), code=code.upper(), quiz__owner=request.user
    )


def _own_slot(request: HttpRequest, pk: int, slot_id: int) -> tuple[Quiz, Slot]:
    quiz = _own_quiz(request, pk)
    return quiz, get_object_or_404(Slot, pk=slot_id, quiz=quiz)


def _touch(quiz: Quiz) -> None:
    quiz.save(update_fields=["updated"])


def _language() -> str:
    return get_language() or "en"


# -- rendering a question from a drill's partials ----------------------------------------
def render_question(
    request: HttpRequest, q: services.Question | None = None, *, drill: str = "", data: Any = None
) -> SafeString:
    """The question as students see it (the drill's ``#question`` and ``#answer`` partials),
    shown inert: a preview, or the projector's view."""
    if q is not None:
        template, context = q.template, {"question": q.data, **q.context()}
    else:
        spec = DRILLS[drill]
        template = spec.template
        context = {
            "question": data,
            **{name: fn(data) for name, fn in spec.options.items()},
        }
    html = render_to_string(f"{template}#question", context, request) + render_to_string(
        f"{template}#answer", context, request
    )
    return mark_safe(
        f'<div class="quiz-question" inert>{html}</div>'
    )  # the drill templates escape their data


def render_reveal(request: HttpRequest, q: services.Question) -> SafeString:
    """The right answer and the engine's explanation: the drill's ``#feedback_body``."""
    context = {"question": q.data, "feedback": results.reveal_feedback(q), **q.context()}
    return render_to_string(f"{q.template}#feedback_body", context, request)


def qr_svg(url: str) -> SafeString:
    """A QR code of ``url`` as inline SVG: classes instead of inline styles, so it keeps
    to the site's Content-Security-Policy."""
    svg = segno.make(url, error="m").svg_inline(
        svgclass="qr",
        lineclass="qr__line",
        omitsize=True,
        light="#fff",
        title=_("QR code of the join link"),
    )
    return mark_safe(svg.replace("<svg ", '<svg role="img" ', 1))  # segno escapes the title and URL


def join_url(request: HttpRequest, session: Session) -> str:
    """The join link, in the quiz's language when it has one (else the teacher's)."""
    with translation.override(session.settings.get("language") or _language()):
        return request.build_absolute_uri(reverse("quiz-join-code", args=[session.code]))


# -- the quiz list -----------------------------------------------------------------------
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "quizzes/teacher/landing.html")
    quizzes = (
        Quiz.objects.filter(owner=request.user)
        .annotate(slot_count=Count("slots", distinct=True))
        .annotate(session_count=Count("sessions", distinct=True))
    )
    sessions = (
        Session.objects.filter(quiz__owner=request.user)
        .select_related("quiz")
        .annotate(joined=Count("participants"))[:20]
    )
    context = {
        "quizzes": quizzes,
        "sessions": sessions,
        "join_page": request.build_absolute_uri(reverse("quiz-join")),
    }
    return render(request, "quizzes/teacher/index.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def quiz_new(request: HttpRequest) -> HttpResponse:
    form = QuizForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        quiz = form.save(commit=False)
        quiz.owner = request.user
        quiz.save()
        messages.success(request, _("Quiz created. Now add its questions."))
        return redirect("quiz-edit", pk=quiz.pk)
    return render(request, "quizzes/teacher/quiz_new.html", {"form": form})


def _slot_rows(request: HttpRequest, quiz: Quiz) -> list[dict[str, Any]]:
    rows = []
    slots = list(quiz.slots.all())
    for position, slot in enumerate(slots):
        drill = DRILLS.get(slot.drill)
        row: dict[str, Any] = {
            "slot": slot,
            "drill": drill,
            "level_name": LEVEL_NAMES.get(slot.level, slot.level),
            "first": position == 0,
            "last": position == len(slots) - 1,
            "form": SlotEditForm(
                initial={"level": slot.level, "count": slot.count, "points": slot.points},
                auto_id=f"slot{slot.pk}-%s",
            ),
        }
        if drill is not None and slot.kind == Slot.Kind.FIXED and slot.seed is not None:
            data = drill.generate(slot.seed, slot.level)  # type: ignore[misc]
            row["preview"] = render_question(request, drill=slot.drill, data=data)
            row["try_url"] = question_url(drill, slot.level, slot.seed)
        rows.append(row)
    return rows


def _edit_page(
    request: HttpRequest,
    quiz: Quiz,
    form: QuizForm | None = None,
    slot_form: SlotForm | None = None,
) -> HttpResponse:
    slots = _slot_rows(request, quiz)
    context = {
        "quiz": quiz,
        "form": form or QuizForm(instance=quiz),
        "slot_form": slot_form or SlotForm(auto_id="new-slot-%s"),
        "slots": slots,
        "question_count": sum(
            1 if r["slot"].kind == Slot.Kind.FIXED else r["slot"].count for r in slots
        ),
        "sessions": quiz.sessions.annotate(joined=Count("participants")),
    }
    return render(request, "quizzes/teacher/quiz_edit.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def quiz_edit(request: HttpRequest, pk: int) -> HttpResponse:
    quiz = _own_quiz(request, pk)
    if request.method == "POST":
        form = QuizForm(request.POST, instance=quiz)
        if form.is_valid():
            form.save()
            messages.success(request, _("The quiz settings are saved."))
            return redirect("quiz-edit", pk=quiz.pk)
        quiz.refresh_from_db()
        return _edit_page(request, quiz, form=form)
    return _edit_page(request, quiz)


@login_required
@require_http_methods(["GET", "POST"])
def quiz_delete(request: HttpRequest, pk: int) -> HttpResponse:
    quiz = _own_quiz(request, pk)
    if request.method == "POST":
        quiz.delete()
        messages.success(request, _("The quiz “%(title)s” is deleted.") % {"title": quiz.title})
        return redirect("quizzes")
    return render(
        request,
        "quizzes/teacher/quiz_delete.html",
        {"quiz": quiz, "session_count": quiz.sessions.count()},
    )


@login_required
@require_POST
def quiz_copy(request: HttpRequest, pk: int) -> HttpResponse:
    quiz = _own_quiz(request, pk)
    slots = list(quiz.slots.all())
    with transaction.atomic():
        copy = Quiz.objects.create(
            owner=request.user,
            title=(_("Copy of %(title)s") % {"title": quiz.title})[:120],
            language=quiz.language,
            shuffle=quiz.shuffle,
            time_limit=quiz.time_limit,
            feedback=quiz.feedback,
            attempts=quiz.attempts,
        )
        for slot in slots:
            slot.pk = None
            slot.quiz = copy
            slot.save()
    messages.success(request, _("A copy of the quiz is ready to edit."))
    return redirect("quiz-edit", pk=copy.pk)


# -- slots -------------------------------------------------------------------------------
@login_required
@require_POST
def slot_add(request: HttpRequest, pk: int) -> HttpResponse:
    quiz = _own_quiz(request, pk)
    form = SlotForm(request.POST, auto_id="new-slot-%s")
    if not form.is_valid():
        return _edit_page(request, quiz, slot_form=form)
    fixed = form.cleaned_data["kind"] == Slot.Kind.FIXED
    last = quiz.slots.aggregate(last=Max("order"))["last"]
    slot = Slot.objects.create(
        quiz=quiz,
        order=0 if last is None else last + 1,
        kind=form.cleaned_data["kind"],
        drill=form.cleaned_data["drill"],
        level=form.cleaned_data["level"],
        seed=new_seed() if fixed else None,
        count=1 if fixed else form.cleaned_data["count"],
        points=form.cleaned_data["points"],
    )
    _touch(quiz)
    messages.success(request, _("Question added."))
    return redirect(f"{reverse('quiz-edit', args=[quiz.pk])}#slot-{slot.pk}")


@login_required
@require_POST
def slot_edit(request: HttpRequest, pk: int, slot_id: int) -> HttpResponse:
    quiz, slot = _own_slot(request, pk, slot_id)
    form = SlotEditForm(request.POST)
    if not form.is_valid():
        errors = "; ".join(
            f"{form.fields[name].label}: {' '.join(str(m) for m in msgs)}"
            if name in form.fields
            else " ".join(str(m) for m in msgs)
            for name, msgs in form.errors.items()
        )
        messages.error(request, _("Not saved: %(errors)s") % {"errors": errors})
    else:
        slot.level = form.cleaned_data["level"]
        slot.points = form.cleaned_data["points"]
        slot.count = 1 if slot.kind == Slot.Kind.FIXED else form.cleaned_data["count"]
        slot.save(update_fields=["level", "points", "count"])
        _touch(quiz)
        messages.success(request, _("Question saved."))
    return redirect(f"{reverse('quiz-edit', args=[quiz.pk])}#slot-{slot.pk}")


@login_required
@require_POST
def slot_move(request: HttpRequest, pk: int, slot_id: int) -> HttpResponse:
    quiz, slot = _own_slot(request, pk, slot_id)
    slots = list(quiz.slots.all())
    position = next(i for i, s in enumerate(slots) if s.pk == slot.pk)
    target = position - 1 if request.POST.get("direction") == "up" else position + 1
    if 0 <= target < len(slots):
        slots[position], slots[target] = slots[target], slots[position]
        with transaction.atomic():
            for order, each in enumerate(slots):
                if each.order != order:
                    each.order = order
                    each.save(update_fields=["order"])
        _touch(quiz)
    return redirect(f"{reverse('quiz-edit', args=[quiz.pk])}#slot-{slot.pk}")


@login_required
@require_POST
def slot_deal(request: HttpRequest, pk: int, slot_id: int) -> HttpResponse:
    """Deal another question for a fixed slot (a new seed)."""
    quiz, slot = _own_slot(request, pk, slot_id)
    if slot.kind == Slot.Kind.FIXED:
        slot.seed = new_seed()
        slot.save(update_fields=["seed"])
        _touch(quiz)
    return redirect(f"{reverse('quiz-edit', args=[quiz.pk])}#slot-{slot.pk}")


@login_required
@require_POST
def slot_delete(request: HttpRequest, pk: int, slot_id: int) -> HttpResponse:
    quiz, slot = _own_slot(request, pk, slot_id)
    slot.delete()
    _touch(quiz)
    messages.success(request, _("Question removed."))
    return redirect(f"{reverse('quiz-edit', args=[quiz.pk])}#slots")


# -- running a quiz ----------------------------------------------------------------------
@login_required
@require_http_methods(["GET", "POST"])
def quiz_run(request: HttpRequest, pk: int) -> HttpResponse:
    quiz = _own_quiz(request, pk)
    if not quiz.slots.filter(drill__in=services.QUIZ_DRILLS).exists():
        messages.error(request, _("Add at least one question before running the quiz."))
        return redirect("quiz-edit", pk=quiz.pk)
    zone = request.session.get(ZONE_KEY) or DEFAULT_ZONES.get(_language(), "UTC")
    if request.method == "POST":
        form = RunForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            session = services.start_session(
                quiz, data["mode"], data["opens"], data["closes"], data["leaderboard"]
            )
            session.settings = {**session.settings, "zone": data["zone"]}
            session.save(update_fields=["settings"])
            request.session[ZONE_KEY] = data["zone"]
            return redirect("quiz-console", code=session.code)
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
    return render(request, "quizzes/teacher/run.html", {"quiz": quiz, "form": form})


def _console_context(request: HttpRequest, session: Session) -> dict[str, Any]:
    participants = list(
        session.participants.annotate(
            answered=Count("responses", filter=Q(responses__answered__isnull=False))
        )
    )
    total = len(session.questions)
    context: dict[str, Any] = {
        "session": session,
        "quiz": session.quiz,
        "participants": participants,
        "total": total,
        "live": session.mode == Session.Mode.LIVE,
        "ended": session.state == Session.State.ENDED,
        "zone": session.settings.get("zone", "UTC"),
        "poll_query": f"state={session.state}&current={session.current}",
        "max_points": results.max_points(session),
    }
    if session.mode == Session.Mode.LIVE and 0 <= session.current < total:
        index = session.current
        context["number"] = index + 1
        context["counts"] = services.answer_counts(session, index)
        answered = set(
            Response.objects.filter(participant__session=session, index=index)
            .answered()
            .values_list("participant_id", flat=True)
        )
        context["answered_ids"] = answered
        deadline = services.deadline(session, None)
        if deadline is not None and session.state == Session.State.QUESTION:
            context["seconds_left"] = max(0, int((deadline - timezone.now()).total_seconds()))
    elif session.mode == Session.Mode.HOMEWORK:
        context["question_counts"] = [
            {"number": i + 1, **services.answer_counts(session, i)} for i in range(total)
        ]
    if session.leaderboard and (
        session.state in (Session.State.REVEAL, Session.State.ENDED)
        or session.mode == Session.Mode.HOMEWORK
    ):
        context["leaderboard"] = services.scores(session)[:10]
    return context


@login_required
@require_GET
def console(request: HttpRequest, code: str) -> HttpResponse:
    session = _own_session(request, code)
    context = _console_context(request, session)
    link = join_url(request, session)
    context.update(join_url=link, qr=qr_svg(link))
    if session.mode == Session.Mode.LIVE and 0 <= session.current < len(session.questions):
        q = services.question(session, session.current)
        language = session.settings.get("language") or _language()
        with translation.override(language):
            context["question_html"] = render_question(request, q)
            if session.state in (Session.State.REVEAL, Session.State.ENDED):
                context["reveal_html"] = render_reveal(request, q)
                context["key_label"] = results.answer_label(q, results.correct_answer(q))
        context["question_language"] = language
        context["drill"] = q.drill
    return render(request, "quizzes/teacher/console.html", context)


@require_GET
def console_state(request: HttpRequest, code: str) -> HttpResponse:
    """The console's live numbers (who joined, who answered); a full refresh when the
    session moved on elsewhere (or the teacher was logged out, so the page itself goes
    to the login form); HTTP 286 (stop polling) once it has ended."""
    if not request.user.is_authenticated:
        if request.htmx:
            return HttpResponseClientRefresh()
        return redirect_to_login(request.get_full_path())
    session = _own_session(request, code)
    seen = (request.GET.get("state", ""), request.GET.get("current", ""))
    if seen != (session.state, str(session.current)):
        return HttpResponseClientRefresh()
    status = STOP_POLLING if session.state == Session.State.ENDED else 200
    return render(
        request,
        "quizzes/teacher/console.html#live",
        _console_context(request, session),
        status=status,
    )


CONTROLS = {
    "start": lambda s: services.open_question(s, 0),
    "next": services.next_question,
    "reveal": services.reveal,
    "end": services.end,
}


@login_required
@require_POST
def control(request: HttpRequest, code: str) -> HttpResponse:
    """The teacher's buttons. The form says which state it was pressed in, so a double
    click (or a second tab) never skips a question."""
    session = _own_session(request, code)
    action = request.POST.get("action", "")
    pressed_at = request.POST.get("at", "")
    if action not in CONTROLS:
        messages.error(request, _("That control does not exist."))
    elif pressed_at != f"{session.state}:{session.current}":
        messages.info(request, _("The quiz had already moved on, so nothing was changed."))
    elif action in ("start", "next", "reveal") and session.mode != Session.Mode.LIVE:
        messages.error(request, _("Homework runs at each student's own pace."))
    else:
        try:
            CONTROLS[action](session)
        except services.Refused:
            messages.error(request, _("That is not possible at this point of the quiz."))
    return redirect("quiz-console", code=session.code)


# -- results -----------------------------------------------------------------------------
@login_required
@require_GET
def results_page(request: HttpRequest, code: str) -> HttpResponse:
    session = _own_session(request, code)
    responses = results.answered_responses(session)
    per_question = results.question_results(session, responses)
    students = results.student_results(session, responses)
    questions = []
    for result in per_question:
        q = services.question(session, result.index)
        questions.append(
            {
                "result": result,
                "chart": results.split_chart(result),
                "question_html": render_question(request, q),
            }
        )
    context = {
        "session": session,
        "quiz": session.quiz,
        "questions": questions,
        "overview": results.overview_chart(per_question) if per_question else "",
        "students": students,
        "numbers": [r.number for r in per_question],
        "max_points": results.max_points(session),
        "zone": session.settings.get("zone", "UTC"),
        "answered_total": len(responses),
    }
    return render(request, "quizzes/teacher/results.html", context)


@login_required
@require_GET
def results_csv(request: HttpRequest, code: str) -> HttpResponse:
    return results.csv_response(_own_session(request, code))
