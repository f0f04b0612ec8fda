"""The teacher's quiz builder: the quiz list, making, editing, copying and deleting a quiz,
and its slots (one fixed question, or questions drawn from a drill for each session).

A teacher sees and changes only their own quizzes: anything else is a 404, and an
anonymous visitor is sent to log in. Every change is a POST followed by a redirect, so
the pages work as plain forms.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor.core.http import AuthenticatedHttpRequest
from tutor.drills.base import LEVEL_NAMES, new_seed, question_url
from tutor.drills.registry import question_drill
from tutor.drills.written import deal, own_entry

from . import quotas, services
from .bank import filtered
from .bank import rows as bank_rows
from .bank_forms import KIND_NAMES
from .forms import QuizForm, SlotEditForm, SlotForm
from .models import OwnQuestion, Quiz, Session, Slot, Tag
from .teacher_common import own_quiz, render_question

#: How many bank questions the quiz page lists to pick from (a search narrows them).
BANK_SHOWN = 100


def _own_slot(request: AuthenticatedHttpRequest, pk: int, slot_id: int) -> tuple[Quiz, Slot]:
    quiz = own_quiz(request, pk)
    return quiz, get_object_or_404(Slot, pk=slot_id, quiz=quiz)


def _touch(quiz: Quiz) -> None:
    quiz.save(update_fields=["updated"])


def slot_question(slot: Slot) -> services.WrittenQuestion:
    """A fixed slot's question as a session started now would ask it: read the one way
    every quiz question is read, ``services.question``, from a session not saved."""
    drill = question_drill(slot.drill)
    if slot.own is not None:
        entry = {**own_entry(slot.own.record()), "points": slot.points}
    elif drill is None or slot.seed is None:
        raise ValueError(f"slot {slot.pk} is not a fixed question of a quiz drill")
    else:
        entry = {**deal(drill, slot.level, slot.seed), "points": slot.points}
    return services.question(Session(questions=[entry]), 0)


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
    sessions = Session.objects.filter(quiz__owner=request.user).listed()[:20]
    context = {
        "quizzes": quizzes,
        "sessions": sessions,
        "join_page": request.build_absolute_uri(reverse("quizzes:join")),
    }
    return render(request, "quizzes/teacher/index.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def quiz_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = QuizForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        quiz = form.save(commit=False)
        quiz.owner = request.user
        quiz.save()
        messages.success(request, _("Quiz created. Now add its questions."))
        return redirect("quizzes:edit", pk=quiz.pk)
    return render(request, "quizzes/teacher/quiz_new.html", {"form": form})


def _slot_rows(request: HttpRequest, quiz: Quiz) -> list[dict[str, Any]]:
    rows = []
    slots = list(quiz.slots.select_related("own"))
    for position, slot in enumerate(slots):
        drill = question_drill(slot.drill)
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
        if slot.own is not None:
            record = slot.own.record()
            row["own"] = {"text": record.texts[0], "kind": KIND_NAMES.get(record.kind)}
            row["preview"] = render_question(request, slot_question(slot))
        elif drill is not None and slot.kind == Slot.Kind.FIXED and slot.seed is not None:
            row["preview"] = render_question(request, slot_question(slot))
            row["try_url"] = question_url(drill, slot.level, slot.seed)
        rows.append(row)
    return rows


def _edit_page(
    request: AuthenticatedHttpRequest,
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
        "sessions": quiz.sessions.listed(),
        **_bank_context(request),
    }
    return render(request, "quizzes/teacher/quiz_edit.html", context)


def _bank_context(request: AuthenticatedHttpRequest) -> dict[str, Any]:
    """The teacher's bank questions to pick from, filtered as asked (``?tag=``, ``?q=``)."""
    questions, tag, search = filtered(request)
    return {
        "bank_rows": bank_rows(list(questions[:BANK_SHOWN])),
        "bank_more": questions.count() > BANK_SHOWN,
        "bank_any": OwnQuestion.objects.filter(owner=request.user).exists(),
        "bank_tags": Tag.objects.filter(owner=request.user),
        "bank_tag": tag,
        "bank_search": search,
    }


@login_required
@require_http_methods(["GET", "POST"])
def quiz_edit(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    quiz = own_quiz(request, pk)
    if request.method == "POST":
        form = QuizForm(request.POST, instance=quiz)
        if form.is_valid():
            form.save()
            messages.success(request, _("The quiz settings are saved."))
            return redirect("quizzes:edit", pk=quiz.pk)
        quiz.refresh_from_db()
        return _edit_page(request, quiz, form=form)
    return _edit_page(request, quiz)


@login_required
@require_http_methods(["GET", "POST"])
def quiz_delete(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    quiz = own_quiz(request, pk)
    if request.method == "POST":
        quiz.delete()
        messages.success(request, _("The quiz “%(title)s” is deleted.") % {"title": quiz.title})
        return redirect("quizzes:index")
    return render(
        request,
        "quizzes/teacher/quiz_delete.html",
        {"quiz": quiz, "session_count": quiz.sessions.count()},
    )


@login_required
@require_POST
def quiz_copy(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    quiz = own_quiz(request, pk)
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
    return redirect("quizzes:edit", pk=copy.pk)


# -- slots -------------------------------------------------------------------------------
def _room_for(form: SlotForm, quiz: Quiz) -> bool:
    """Whether the quiz has room for the new slot's questions; if not, the form says so."""
    fixed = form.cleaned_data["kind"] == Slot.Kind.FIXED
    try:
        quotas.check_quiz(quiz, 1 if fixed else form.cleaned_data["count"])
    except quotas.QuotaExceeded as error:
        form.add_error(None if fixed else "count", error.message)
        return False
    return True


@login_required
@require_POST
def slot_add(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    quiz = own_quiz(request, pk)
    form = SlotForm(request.POST, auto_id="new-slot-%s")
    if not form.is_valid() or not _room_for(form, quiz):
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
    return redirect(f"{reverse('quizzes:edit', args=[quiz.pk])}#slot-{slot.pk}")


@login_required
@require_POST
def slot_edit(request: AuthenticatedHttpRequest, pk: int, slot_id: int) -> HttpResponse:
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
        count = 1 if slot.kind == Slot.Kind.FIXED else form.cleaned_data["count"]
        try:
            quotas.check_quiz(quiz, count, removing=slot.count)
        except quotas.QuotaExceeded as error:
            messages.error(request, _("Not saved: %(errors)s") % {"errors": error.message})
            return redirect(f"{reverse('quizzes:edit', args=[quiz.pk])}#slot-{slot.pk}")
        if slot.own_id is None:
            slot.level = form.cleaned_data["level"]
        slot.points = form.cleaned_data["points"]
        slot.count = count
        slot.save(update_fields=["level", "points", "count"])
        _touch(quiz)
        messages.success(request, _("Question saved."))
    return redirect(f"{reverse('quizzes:edit', args=[quiz.pk])}#slot-{slot.pk}")


@login_required
@require_POST
def slot_move(request: AuthenticatedHttpRequest, pk: int, slot_id: int) -> HttpResponse:
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
    return redirect(f"{reverse('quizzes:edit', args=[quiz.pk])}#slot-{slot.pk}")


@login_required
@require_POST
def slot_deal(request: AuthenticatedHttpRequest, pk: int, slot_id: int) -> HttpResponse:
    """Deal another question for a fixed slot (a new seed)."""
    quiz, slot = _own_slot(request, pk, slot_id)
    if slot.kind == Slot.Kind.FIXED:
        slot.seed = new_seed()
        slot.save(update_fields=["seed"])
        _touch(quiz)
    return redirect(f"{reverse('quizzes:edit', args=[quiz.pk])}#slot-{slot.pk}")


@login_required
@require_POST
def slot_delete(request: AuthenticatedHttpRequest, pk: int, slot_id: int) -> HttpResponse:
    quiz, slot = _own_slot(request, pk, slot_id)
    slot.delete()
    _touch(quiz)
    messages.success(request, _("Question removed."))
    return redirect(f"{reverse('quizzes:edit', args=[quiz.pk])}#slots")
