"""The GIFT import page of a teacher's bank: paste or upload, see what would be imported
and what is left out and why, then import.

The preview and the import are two POSTs of the same text; the import reads the text
again and checks every question again, so nothing read in the browser is trusted.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from tutor.core.http import AuthenticatedHttpRequest
from tutor.core.locales import current_language, format_number, format_percentage, language_name
from tutor.core.numbers import whole_number
from tutor.core.request_size import form_is_valid
from tutor.drills import own_question as own

from ..bank_forms import KIND_NAMES
from ..models import Quiz
from ..quotas import QuotaExceeded, check_bank, check_quiz, import_questions
from ..teacher_common import own_quiz
from . import importer
from .forms import ImportForm
from .gift_reader import Found, read
from .import_language import AUTO, SESSION_KEY, WHY


def _target(request: AuthenticatedHttpRequest) -> Quiz | None:
    """The quiz asked for, if any: another teacher's or no quiz at all is a 404."""
    raw = request.POST.get("quiz", "")
    if not raw:
        return None
    return own_quiz(request, whole_number(raw) or 0)


def _shown(ready: importer.Ready) -> dict[str, Any]:
    """What the preview shows of a question that will be imported."""
    found, language = ready.found, current_language()
    return {
        "found": found,
        "text": ready.record.texts[0],
        "kind": KIND_NAMES.get(found.kind, found.kind),
        "choices": [
            (choice, i in found.right, _weight(found, i), _said(found, i))
            for i, choice in enumerate(found.choices)
        ],
        "language": language_name(ready.given.language, language),
        "why": WHY[ready.given.why],
        "truth_feedback": found.feedback if found.kind == own.TRUE_FALSE else (),
        "truth": found.right == (1,) if found.kind == own.TRUE_FALSE else None,
        "number": format_number(found.number, language) if found.number is not None else "",
        "tolerance": format_number(found.tolerance, language) if found.tolerance else "",
        "tags": ready.tags,
        "notes": ready.notes,
    }


def _last_language(request: AuthenticatedHttpRequest) -> str:
    """The language of the teacher's last import, if this session remembers one; else
    "find out from the text"."""
    last = request.session.get(SESSION_KEY)
    known = {AUTO, *(code for code, _name in settings.LANGUAGES)}
    return last if isinstance(last, str) and last in known else AUTO


def _weight(found: Found, index: int) -> str:
    """A choice's partial credit as a percentage, if the question gives any and it is
    neither none nor all of the points (which the ✓ already says)."""
    if index >= len(found.credit) or found.credit[index] in (0, 100):
        return ""
    return format_percentage(found.credit[index] / 100, current_language(), decimals=0)


def _said(found: Found, index: int) -> str:
    return found.feedback[index] if index < len(found.feedback) else ""


def dropped(plan: importer.Plan) -> list[tuple[int, str]]:
    """What an import leaves out or drops, by line: the questions refused, and what the
    questions imported lose (pictures, a number's partial credit ...)."""
    lines = [(item.line, item.reason) for item in plan.refused]
    lines += [(item.found.line, note) for item in plan.ready for note in item.notes]
    return sorted(lines, key=lambda pair: pair[0])


#: At most this many of the lines an import dropped are told after it (the preview has all).
TOLD = 20


def _tell_dropped(request: AuthenticatedHttpRequest, plan: importer.Plan) -> None:
    language = current_language()
    lines = dropped(plan)
    for line, reason in lines[:TOLD]:
        # Translators: after an import, what was left out or dropped, and where.
        messages.warning(
            request,
            _("Left out, line %(line)s: %(reason)s")
            % {"line": format_number(line, language), "reason": reason},
        )
    if len(lines) > TOLD:
        messages.warning(
            request,
            _("And %(count)s more: preview the text again to see them all.")
            % {"count": format_number(len(lines) - TOLD, language)},
        )


def _preview(
    request: AuthenticatedHttpRequest, form: ImportForm, quizzes: list[Quiz]
) -> dict[str, Any]:
    data = form.cleaned_data
    reading = read(data["source"], import_questions())
    plan = importer.plan(reading, data["language"], data["tag"], request.user)
    values = {
        "text": data["source"],
        "language": data["language"],
        "tag": data["tag"],
        "quiz": data.get("quiz") or "",
    }
    return {
        "plan": plan,
        "rows": [_shown(item) for item in plan.ready],
        "marked": sum(1 for item in plan.ready if item.found.language),
        "carry": values,
        "language_name": ""
        if data["language"] == AUTO
        else language_name(data["language"], current_language()),
        "found_out": data["language"] == AUTO,
        "form": ImportForm(initial=values, quizzes=quizzes),
    }


def _room(request: AuthenticatedHttpRequest, plan: importer.Plan, quiz: Quiz | None) -> bool:
    """Whether the bank, and the quiz if one is asked for, have room for every question
    the plan would import; if not, a message says so and nothing is imported."""
    try:
        check_bank(request.user, len(plan.ready))
        if quiz is not None:
            check_quiz(quiz, len(plan.ready))
    except QuotaExceeded as error:
        messages.error(request, error.message)
        return False
    return True


@login_required
@require_http_methods(["GET", "POST"])
def import_gift(request: AuthenticatedHttpRequest) -> HttpResponse:
    quizzes = list(Quiz.objects.filter(owner=request.user))
    if request.method == "GET":
        initial = {"quiz": request.GET.get("quiz"), "language": _last_language(request)}
        return render(
            request,
            "quizzes/teacher/interchange/import.html",
            {"form": ImportForm(quizzes=quizzes, initial=initial)},
        )
    quiz = _target(request)
    form = ImportForm(request.POST, request.FILES, quizzes=quizzes)
    if not form_is_valid(request, form):
        return render(request, "quizzes/teacher/interchange/import.html", {"form": form})
    context = _preview(request, form, quizzes)
    plan: importer.Plan = context["plan"]
    if request.POST.get("step") == "import" and plan.ready and _room(request, plan, quiz):
        created = importer.save(request.user, plan.ready, quiz)
        request.session[SESSION_KEY] = form.cleaned_data["language"]  # the next import's
        count = len(created)
        messages.success(
            request,
            ngettext(
                "%(count)s question imported into your bank.",
                "%(count)s questions imported into your bank.",
                count,
            )
            % {"count": format_number(count, current_language())},
        )
        _tell_dropped(request, plan)
        if quiz is not None:
            return redirect(f"{reverse('quizzes:edit', args=[quiz.pk])}#slots")
        return redirect("quizzes:bank")
    return render(request, "quizzes/teacher/interchange/import.html", context)
