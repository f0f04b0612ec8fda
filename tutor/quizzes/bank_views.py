"""A teacher's question bank: the questions they wrote, with tags, and putting them in a
quiz beside the engine's drills.

A teacher sees and changes only their own questions (anything else is a 404). Editing a
question changes the quizzes it is in from their next session on; sessions already run
stored the question whole and keep it as it was asked.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Count
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tutor.core.http import AuthenticatedHttpRequest
from tutor.core.numbers import whole_number
from tutor.core.request_size import form_is_valid
from tutor.drills import own_question as own

from .bank import add_slots, filtered, own_questions, rows, weights
from .bank_forms import OwnQuestionForm, initial
from .forms import MAX_POINTS
from .models import OwnQuestion, Quiz, Tag
from .quotas import QuotaExceeded, check_bank, check_quiz
from .teacher_common import own_quiz

PER_PAGE = 50


@login_required
@require_http_methods(["GET"])
def bank(request: AuthenticatedHttpRequest) -> HttpResponse:
    questions, tag, search = filtered(request)
    page = Paginator(questions, PER_PAGE).get_page(request.GET.get("page"))
    tags = Tag.objects.filter(owner=request.user).annotate(used=Count("questions"))
    context = {
        "page": page,
        "rows": rows(list(page.object_list)),
        "tags": tags,
        "tag": tag,
        "search": search,
    }
    return render(request, "quizzes/teacher/bank.html", context)


def _save(
    request: AuthenticatedHttpRequest, form: OwnQuestionForm, question: OwnQuestion
) -> OwnQuestion:
    record = form.record()
    if question.pk:  # what the form does not show (an imported question's feedback) stays
        record = own.keeping_extras(question.record(), record)
    with transaction.atomic():
        question.owner = request.user
        question.kind = record.kind
        question.data = record.to_dict()
        question.save()
        tags = []
        for name in form.cleaned_data["tag_names"]:
            tag, _created = Tag.objects.get_or_create(
                owner=request.user, key=name.casefold(), defaults={"name": name}
            )
            tags.append(tag)
        question.tags.set(tags)
    return question


def _target_quiz(request: AuthenticatedHttpRequest) -> Quiz | None:
    """The quiz the question is written for (``?quiz=``), if the teacher owns it."""
    pk = whole_number(request.GET.get("quiz") or request.POST.get("quiz"), 12)
    return Quiz.objects.filter(owner=request.user, pk=pk).first() if pk else None


def _room(request: AuthenticatedHttpRequest, form: OwnQuestionForm, quiz: Quiz | None) -> bool:
    """Whether the bank, and the quiz the question is written for, have room for one more;
    if not, the form says so."""
    try:
        check_bank(request.user, 1)
        if quiz is not None:
            check_quiz(quiz, 1)
    except QuotaExceeded as error:
        form.add_error(None, error.message)
        return False
    return True


@login_required
@require_http_methods(["GET", "POST"])
def question_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    quiz = _target_quiz(request)
    form = OwnQuestionForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form_is_valid(request, form) and _room(request, form, quiz):
        question = _save(request, form, OwnQuestion())
        if quiz is not None:
            add_slots(quiz, [question], 1)
            messages.success(request, _("Question saved in your bank and added to the quiz."))
            return redirect(f"{reverse('quizzes:edit', args=[quiz.pk])}#slots")
        messages.success(request, _("Question saved in your bank."))
        return redirect("quizzes:bank")
    return render(
        request, "quizzes/teacher/bank_question.html", {"form": form, "quiz": quiz, "new": True}
    )


@login_required
@require_http_methods(["GET", "POST"])
def question_edit(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    question = get_object_or_404(own_questions(request), pk=pk)
    record = question.record()
    tags = [tag.name for tag in question.tags.all()]
    if request.method == "POST":
        form = OwnQuestionForm(request.POST, rows=len(record.texts[0].choices))
        if form_is_valid(request, form):
            _save(request, form, question)
            messages.success(request, _("Question saved in your bank."))
            return redirect("quizzes:bank")
    else:
        form = OwnQuestionForm(initial=initial(record, tags), rows=len(record.texts[0].choices))
    used = Quiz.objects.filter(slots__own=question).distinct()
    return render(
        request,
        "quizzes/teacher/bank_question.html",
        {
            "form": form,
            "question": question,
            "used": used,
            "new": False,
            "weights": weights(record),
            "weights_language": record.text().language,
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def question_delete(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    question = get_object_or_404(own_questions(request), pk=pk)
    if request.method == "POST":
        question.delete()
        messages.success(request, _("The question is deleted from your bank."))
        return redirect("quizzes:bank")
    used = Quiz.objects.filter(slots__own=question).distinct()
    return render(
        request,
        "quizzes/teacher/bank_delete.html",
        {"question": question, "row": rows([question])[0], "used": used},
    )


@login_required
@require_POST
def quiz_add(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """Put questions ticked in the bank into a quiz, each as one fixed question."""
    quiz = own_quiz(request, pk)
    ids = [n for v in request.POST.getlist("question") if (n := whole_number(v, 12)) is not None]
    chosen = {q.pk: q for q in own_questions(request).filter(pk__in=ids[:500])}
    points = whole_number(request.POST.get("points"), 4)
    if points is None or points > MAX_POINTS:
        messages.error(
            request,
            _("Points per question are a whole number from 0 to %(max)s.") % {"max": MAX_POINTS},
        )
    elif not chosen:
        messages.error(request, _("Tick the questions to add first."))
    else:
        try:
            check_quiz(quiz, len(chosen))
        except QuotaExceeded as error:
            messages.error(request, error.message)
            return redirect(f"{reverse('quizzes:edit', args=[quiz.pk])}#bank")
        add_slots(quiz, [chosen[i] for i in dict.fromkeys(ids) if i in chosen], points)
        messages.success(request, _("Questions added."))
        return redirect(f"{reverse('quizzes:edit', args=[quiz.pk])}#slots")
    return redirect(f"{reverse('quizzes:edit', args=[quiz.pk])}#bank")
