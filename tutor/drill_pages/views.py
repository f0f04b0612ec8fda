"""Drill pages: a question from a seed, an answer checked and explained by the engine.

The pages sit above the drills, the learner's progress and the learning path: the drills
page shows where each drill belongs in a course (``tutor.lessons.drill_guide``), and an
answer moves the learner's mastery (``tutor.learning.record``).

GET shows a question (``?level=easy&seed=123`` names it; without a seed a new one is
drawn and the address updated). POST checks an answer; an htmx request gets only the
feedback fragment, a plain one the whole page, so every drill works without JavaScript.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import get_template, render_to_string
from django.template.loader_tags import ExtendsNode
from django.urls import get_script_prefix, reverse
from django.utils.safestring import SafeString
from django.views.decorators.http import require_GET, require_http_methods

from tutor.concepts import CONCEPTS, Concept, by_topic
from tutor.concepts.at_work import rules_at_work
from tutor.core import kept_pages
from tutor.core.http import HtmxHttpRequest
from tutor.core.locales import current_language
from tutor.drills.answers import posted
from tutor.drills.base import (
    LEVEL_NAMES,
    LEVELS,
    AnswerError,
    BadQuestion,
    answer_given,
    get_tally,
    make_token,
    new_seed,
    parse_level,
    parse_seed,
    question_key,
    question_url,
    read_token,
    record_answer,
    remember_answer,
)
from tutor.drills.drill import Drill, PlayDrill, QuestionDrill
from tutor.drills.parts import render_part
from tutor.drills.practice import practice
from tutor.drills.registry import DRILLS
from tutor.engine.errors import EngineError
from tutor.learning import daily
from tutor.learning import record as learning
from tutor.learning.learners import current_learner
from tutor.lessons.drill_guide import guides
from tutor.rules.peek import games_of, peek
from tutor.words.questions import bad_question_message

from . import kept_content


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    guide = guides(request, DRILLS.values())
    drills = [
        {"drill": d, "tally": get_tally(request, d.slug), "guide": guide[d.slug]}
        for d in DRILLS.values()
    ]
    topics = [
        (topic, [(concept, _first_practice(concept)) for concept in concepts])
        for topic, concepts in by_topic()
    ]
    return render(request, "drills/index.html", {"drills": drills, "topics": topics})


def _first_practice(concept: Concept) -> str | None:
    """The address of the first drill that aims at ``concept``, at its first level."""
    found = practice(concept.id)
    if not found:
        return None
    return question_url(found[0].drill, found[0].levels[0], concept=concept.id)


@dataclass(frozen=True)
class Asked:
    """Which question a page shows: a seed and a level, aimed at a concept or not, or a
    situation given in the address (a rule page's example)."""

    seed: int
    level: str
    concept: str | None = None
    situation: dict[str, str] | None = None


def _fragment(
    request: HttpRequest, drill: QuestionDrill[Any, Any], asked: Asked, **extra: object
) -> dict[str, Any]:
    """What the feedback partial reads besides the answer and its grade: all an htmx
    answer builds, since it renders only that partial (the question, the token a later
    stage posts, the next question's address and the tally)."""
    drill_url = _drill_url(drill.slug, current_language(), get_script_prefix())
    if asked.situation and drill.custom is not None:
        question = drill.custom(asked.situation, asked.level)
    else:
        question = drill.deal(asked.seed, asked.level, asked.concept)
    token_extra: dict[str, object] = {"q": asked.situation} if asked.situation else {}
    if asked.concept:
        token_extra["c"] = asked.concept
    return {
        **drill.context(question),
        "drill": drill,
        "question": question,
        "token": make_token(drill.slug, asked.seed, asked.level, token_extra),
        "tally": get_tally(request, drill.slug),
        "drill_url": drill_url,
        "next_url": question_url(drill, asked.level, base=drill_url, concept=asked.concept),
        **extra,
    }


# Kept per process. Key: the drill, the language (the address's prefix) and the script
# prefix, all that its address depends on; nothing of a visitor. Bounded: 32 drills x 5
# languages, one prefix.
@lru_cache(maxsize=256)
def _drill_url(slug: str, language: str, script_prefix: str) -> str:
    """A drill page's address in ``language``, reversed once (``_fragment`` asks for it on
    every question and answer)."""
    return reverse("drills:drill", args=[slug])


def _context(
    request: HttpRequest, drill: QuestionDrill[Any, Any], asked: Asked, **extra: object
) -> dict[str, Any]:
    """What the whole drill page reads: the fragment's, and the levels, the concept aimed
    at, the question's link and the "peek" links to its rules."""
    context = _fragment(request, drill, asked)
    if asked.situation and drill.custom is not None:
        query = urlencode({"level": asked.level, **asked.situation})
        permalink = f"{context['drill_url']}?{query}"
    else:
        permalink = question_url(
            drill, asked.level, asked.seed, context["drill_url"], asked.concept
        )
    return {
        **context,
        "seed": asked.seed,
        "level": asked.level,
        "levels": [(code, LEVEL_NAMES[code]) for code in LEVELS],
        "concept": CONCEPTS.get(asked.concept or ""),
        "permalink": permalink,
        "peek": _peek(drill, context["question"]),
        **extra,
    }


def _peek(drill: QuestionDrill[Any, Any], question: Any) -> SafeString:
    """The question's rules box (``peek``): the games of the concepts it exercises, else of
    those its drill can. When every concept the drill can exercise belongs to the same
    games (a showdown's are all Hold'em's), the box is the drill's whatever the question,
    and the question's concepts (the engine's showdown of it) are not worked out."""
    if _one_box(drill.slug):
        return peek(drill.concepts, current_language())
    return peek(drill.concepts_of(question) or drill.concepts, current_language())


# Kept per process. Key: the drill (its concepts are fixed in the registry); bounded: 64
# drills.
@lru_cache(maxsize=64)
def _one_box(slug: str) -> bool:
    """Whether each concept of the drill belongs to the same games (see ``_peek``)."""
    return len({games_of([concept]) for concept in DRILLS[slug].concepts}) == 1


def unknown_concept(request: HttpRequest, drill: QuestionDrill[Any, Any] | None) -> HttpResponse:
    """A translated 404 that lists the concepts one can practise (this drill's, if any)."""
    topics = [
        (topic, [c for c in concepts if drill is None or c.id in drill.concepts])
        for topic, concepts in by_topic()
    ]
    context = {"drill": drill, "topics": [(t, cs) for t, cs in topics if cs]}
    return render(request, "drills/unknown_concept.html", context, status=404)


@require_http_methods(["GET", "POST"])
def drill_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    drill = DRILLS.get(slug)
    if isinstance(drill, PlayDrill):
        return drill.view(request, drill)
    if not isinstance(drill, QuestionDrill):
        raise Http404
    if request.method == "POST":
        return _answer(request, drill)
    concept = request.GET.get("concept") or None
    if concept is not None and concept not in drill.concepts:
        return unknown_concept(request, drill)
    notice = None
    try:
        level = parse_level(request.GET.get("level", "easy"))
    except BadQuestion as error:
        level, notice = "easy", bad_question_message(str(error))
    situation = {k: request.GET[k][:200] for k in drill.situation if k in request.GET}
    if situation and drill.custom is not None:
        try:
            context = _context(request, drill, Asked(0, level, None, situation))
            return _page(request, drill, _reopened(request, drill, context))
        except EngineError:
            notice = bad_question_message("seed")
    if "seed" not in request.GET and notice is None:
        return redirect(question_url(drill, level, concept=concept))
    try:
        seed = parse_seed(request.GET.get("seed"))
    except BadQuestion as error:
        seed, notice = new_seed(), notice or bad_question_message(str(error))
    context = _context(request, drill, Asked(seed, level, concept), notice=notice)
    return _page(request, drill, _reopened(request, drill, context))


def _page(
    request: HttpRequest, drill: QuestionDrill[Any, Any], context: dict[str, Any], status: int = 200
) -> HttpResponse:
    """A drill's whole page. Every question is new (a new seed each time), but the site's
    layout around it is the same for a drill in a language: for a visitor
    ``kept_pages.keeps``, the drill's content is rendered alone (``drill_layout``) and put
    into the layout kept per language and drill, with the address's query (the language
    links carry it) and the CSRF token; a new question's page is kept whole per level and
    concept too, with only its own parts put in (``kept_content``)."""
    if not kept_pages.keeps(request, query=True) or not _kept_layout(drill.template):
        return render(request, drill.template, context, status=status)
    _, mark, query = request.get_full_path().partition("?")
    slots = {"query": kept_pages.Slot(mark + query)}
    around = {**context, "page_query": kept_pages.stand_in("query")}
    if kept_content.is_new(context):  # the content's own parts put in, per level and concept
        slots.update(kept_content.slots(request, drill, context))

        def made() -> dict[str, Any]:  # only when the page is not kept yet
            return {**around, "drill_content": kept_content.with_stand_ins(request, drill, context)}

        return kept_pages.render(
            request, drill.template, made, key=kept_content.key(context), slots=slots, status=status
        )
    content = kept_content.whole(request, drill, context)
    slots["content"] = kept_pages.Slot(SafeString(content), text=True)
    around["drill_content"] = SafeString(kept_pages.stand_in("content"))
    return kept_pages.render(
        request, drill.template, around, key=(drill.slug,), slots=slots, status=status
    )


# Kept per process. Key: a drill's template name (one per drill in the registry).
@lru_cache(maxsize=64)
def _kept_layout(template_name: str) -> bool:
    """Whether the template is a drill page of ``drills/base_drill.html`` (whose content
    can be rendered alone), not a page of its own."""
    first = get_template(template_name).template.nodelist.get_nodes_by_type(ExtendsNode)  # type: ignore[attr-defined]
    return bool(first) and first[0].parent_name.var == "drills/base_drill.html"


def _reopened(
    request: HttpRequest, drill: QuestionDrill[Any, Any], context: dict[str, Any]
) -> dict[str, Any]:
    """A question answered before, opened again (its link): the answer counted, checked
    again with its feedback, and nothing counted a second time."""
    answer = answer_given(request, context["token"])
    if answer is None:
        return context
    try:
        feedback = drill.grade(context["question"], posted(answer))
    except AnswerError:  # a kept answer the drill no longer reads: the question opens blank
        return context
    answer_lists = dict(answer.lists())
    aimed = context["concept"].id if context.get("concept") else None
    rules = rules_at_work(drill.concepts_of(context["question"]), aimed)
    context.update(
        answer=answer, answer_lists=answer_lists, feedback=feedback, reopened=True, rules=rules
    )
    return context


def _asked(drill: QuestionDrill[Any, Any], data: dict[str, Any]) -> Asked:
    situation = data.get("q")
    concept = data.get("c")
    return Asked(
        data["s"],
        data["l"],
        concept if isinstance(concept, str) and concept in drill.concepts else None,
        situation if isinstance(situation, dict) else None,
    )


def _answer(request: HtmxHttpRequest, drill: QuestionDrill[Any, Any]) -> HttpResponse:
    token = request.POST.get("token")
    build = _fragment if request.htmx else _context  # an htmx answer renders only the fragment
    try:
        asked = _asked(drill, read_token(drill.slug, token))
    except BadQuestion as error:
        notice = bad_question_message(str(error))
        context = build(request, drill, Asked(new_seed(), "easy"), notice=notice)
        return _respond(request, drill, context, status=400)
    try:
        context = build(request, drill, asked)
    except EngineError:
        notice = bad_question_message("token")
        context = build(request, drill, Asked(new_seed(), "easy"), notice=notice)
        return _respond(request, drill, context, status=400)
    context["answer"] = request.POST
    context["answer_lists"] = dict(request.POST.lists())
    try:
        feedback = drill.grade(context["question"], posted(request.POST))
    except AnswerError as error:
        context["answer_error"] = error.message
        return _respond(request, drill, context, status=422)
    answer_id = f"{token}:{request.POST.get('stage', '')}"
    once = question_key(token or "", request.POST.get("stage", ""))  # not its time: a replay
    tally, counted = record_answer(request, drill.slug, once, feedback.correct)
    concepts = drill.concepts_of(context["question"])
    rules = rules_at_work(concepts, asked.concept)
    context.update(feedback=feedback, tally=tally, counted=counted, rules=rules)
    if counted:  # its link, opened again, shows this answer (see ``_reopened``)
        remember_answer(request, token or "", request.POST)
    if counted:  # the learner's mastery and review schedule of the concepts it exercised
        context["learned"] = learning.drill_answer(
            request,
            concepts,
            drill=drill.slug,
            level=asked.level,
            correct=feedback.correct,
            token=token or "",
            answer_id=answer_id,
        )
        # This answer made today's count reach the learner's daily goal: a short note.
        learner = current_learner(request) if context["learned"] else None
        today = daily.counted(learner) if learner is not None else None
        context["goal_met"] = today is not None and today.just_met
    return _respond(request, drill, context)


def _respond(
    request: HtmxHttpRequest, drill: Drill, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    if request.htmx:
        # htmx swaps 2xx answers only; errors are shown in the same fragment. A question
        # that could not be read has no feedback: its notice and a new question instead.
        if context.get("notice") and not (context.get("feedback") or context.get("answer_error")):
            return HttpResponse(render_to_string("drills/_notice.html", context, request))
        return HttpResponse(render_part(drill, "feedback", context, request))
    return render(request, drill.template, context, status=status)
