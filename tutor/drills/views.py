"""Drill pages: a question from a seed, an answer checked and explained by the engine.

GET shows a question (``?level=easy&seed=123`` names it; without a seed a new one is
drawn and the address updated). POST checks an answer; an htmx request gets only the
feedback fragment, a plain one the whole page, so every drill works without JavaScript.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from tutor.engine.errors import EngineError
from tutor.words.questions import bad_question_message

from .base import (
    LEVEL_NAMES,
    LEVELS,
    AnswerError,
    BadQuestion,
    get_progress,
    make_token,
    new_seed,
    parse_level,
    parse_seed,
    read_token,
    record_answer,
)
from .drill import Drill, PlayDrill, QuestionDrill
from .registry import DRILLS


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    drills = [{"drill": d, "progress": get_progress(request, d.slug)} for d in DRILLS.values()]
    return render(request, "drills/index.html", {"drills": drills})


def question_url(drill: Drill, level: str, seed: int | None = None, base: str = "") -> str:
    query = {"level": level, "seed": new_seed() if seed is None else seed}
    return f"{base or reverse('drill', args=[drill.slug])}?{urlencode(query)}"


def _context(
    request: HttpRequest,
    drill: QuestionDrill,
    seed: int,
    level: str,
    situation: dict[str, str] | None = None,
    **extra: object,
) -> dict[str, Any]:
    drill_url = reverse("drill", args=[drill.slug])
    if situation and drill.custom is not None:
        question = drill.custom(situation, level)
        permalink = f"{drill_url}?{urlencode({'level': level, **situation})}"
    else:
        question = drill.generate(seed, level)
        permalink = question_url(drill, level, seed, drill_url)
    return {
        **drill.context(question),
        "drill": drill,
        "question": question,
        "seed": seed,
        "level": level,
        "levels": [(code, LEVEL_NAMES[code]) for code in LEVELS],
        "token": make_token(drill.slug, seed, level, {"q": situation} if situation else None),
        "progress": get_progress(request, drill.slug),
        "drill_url": drill_url,
        "permalink": permalink,
        "next_url": question_url(drill, level, base=drill_url),
        **extra,
    }


@require_http_methods(["GET", "POST"])
def drill_page(request: HttpRequest, slug: str) -> HttpResponse:
    drill = DRILLS.get(slug)
    if isinstance(drill, PlayDrill):
        return drill.view(request, drill)
    if not isinstance(drill, QuestionDrill):
        raise Http404
    if request.method == "POST":
        return _answer(request, drill)
    notice = None
    try:
        level = parse_level(request.GET.get("level", "easy"))
    except BadQuestion as error:
        level, notice = "easy", bad_question_message(str(error))
    situation = {k: request.GET[k][:200] for k in drill.situation if k in request.GET}
    if situation and drill.custom is not None:
        try:
            return render(request, drill.template, _context(request, drill, 0, level, situation))
        except EngineError:
            notice = bad_question_message("seed")
    if "seed" not in request.GET and notice is None:
        return redirect(question_url(drill, level))
    try:
        seed = parse_seed(request.GET.get("seed"))
    except BadQuestion as error:
        seed, notice = new_seed(), notice or bad_question_message(str(error))
    return render(request, drill.template, _context(request, drill, seed, level, notice=notice))


def _answer(request: HttpRequest, drill: QuestionDrill) -> HttpResponse:
    token = request.POST.get("token")
    try:
        data = read_token(drill.slug, token)
    except BadQuestion as error:
        context = _context(
            request, drill, new_seed(), "easy", notice=bad_question_message(str(error))
        )
        return _respond(request, drill, context, status=400)
    situation = data.get("q")
    try:
        context = _context(
            request, drill, data["s"], data["l"], situation if isinstance(situation, dict) else None
        )
    except EngineError:
        context = _context(request, drill, new_seed(), "easy", notice=bad_question_message("token"))
        return _respond(request, drill, context, status=400)
    context["answer"] = request.POST
    context["answer_lists"] = dict(request.POST.lists())
    try:
        feedback = drill.grade(context["question"], request.POST)
    except AnswerError as error:
        context["answer_error"] = error.message
        return _respond(request, drill, context, status=422)
    answer_key = f"{token}:{request.POST.get('stage', '')}"
    progress, counted = record_answer(request, drill.slug, answer_key, feedback.correct)
    context.update(feedback=feedback, progress=progress, counted=counted)
    return _respond(request, drill, context)


def _respond(
    request: HttpRequest, drill: Drill, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    if request.htmx:
        # htmx swaps 2xx answers only; errors are shown in the same fragment.
        return render(request, f"{drill.template}#feedback", context)
    return render(request, drill.template, context, status=status)
