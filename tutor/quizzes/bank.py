"""A teacher's question bank, read and put into quizzes: their questions filtered by tag
and words (one query, on each question's stored search text: ``search.py``), what a list
shows of each, and adding questions to a quiz as fixed slots. Shared by the bank's pages,
the builder and the GIFT import."""

from __future__ import annotations

from typing import Any

from babel.lists import format_list
from django.db.models import Max, QuerySet
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from tutor.core.http import AuthenticatedHttpRequest
from tutor.core.locales import current_language, format_percentage, native_name
from tutor.core.numbers import whole_number
from tutor.drills import own_question as own

from .bank_forms import KIND_NAMES
from .models import OwnQuestion, Quiz, Slot, Tag
from .search import fold

MAX_SEARCH = 100


def own_questions(request: AuthenticatedHttpRequest) -> QuerySet[OwnQuestion]:
    return OwnQuestion.objects.filter(owner=request.user).prefetch_related("tags")


def rows(questions: list[OwnQuestion]) -> list[dict[str, Any]]:
    """What the bank's lists show of each question."""
    result = []
    for question in questions:
        record = question.record()
        result.append(
            {
                "question": question,
                "text": record.texts[0],
                "kind": KIND_NAMES.get(record.kind, record.kind),
                "languages": languages_html([t.language for t in record.texts]),
                "tags": [tag.name for tag in question.tags.all()],
            }
        )
    return result


def weights(record: own.Question) -> list[tuple[str, str]]:
    """Each choice (in the page language's text) with its partial credit as a percentage,
    for the bank's editor; empty when the question is all or nothing."""
    language = current_language()
    return [
        (choice, format_percentage(weight / 100, language, decimals=0))
        for choice, weight in zip(record.text().choices, record.credit, strict=False)
    ]


def languages_html(codes: list[str]) -> SafeString:
    """The languages' own names, each marked with ``lang``, joined as the page language
    joins a list ("English a čeština", "English、বাংলা")."""
    names = [format_html('<span lang="{}">{}</span>', code, native_name(code)) for code in codes]
    marks = [f"\x00{i}\x00" for i in range(len(names))]
    html = str(escape(format_list(marks, locale=current_language().replace("-", "_"))))
    for mark, name in zip(marks, names, strict=True):
        html = html.replace(mark, name)
    return mark_safe(html)  # the pattern is escaped; each name came from format_html


def filtered(request: AuthenticatedHttpRequest) -> tuple[QuerySet[OwnQuestion], Tag | None, str]:
    """The teacher's questions with the tag (``?tag=``) and the words (``?q=``) asked for."""
    questions = own_questions(request)
    tag = None
    if (tag_id := whole_number(request.GET.get("tag"), 12)) is not None:
        tag = Tag.objects.filter(owner=request.user, pk=tag_id).first()
        if tag is not None:
            questions = questions.filter(tags=tag)
    search = " ".join(request.GET.get("q", "").split())[:MAX_SEARCH]
    if search:
        # One query: the stored, folded words of every prompt and choice (search.py).
        questions = questions.filter(search_text__contains=fold(search))
    return questions, tag, search


def add_slots(quiz: Quiz, questions: list[OwnQuestion], points: int) -> None:
    last = quiz.slots.aggregate(last=Max("order"))["last"]
    start = 0 if last is None else last + 1
    Slot.objects.bulk_create(
        Slot(
            quiz=quiz,
            order=start + i,
            kind=Slot.Kind.FIXED,
            drill=own.DRILL.slug,
            level="",
            own=question,
            points=points,
        )
        for i, question in enumerate(questions)
    )
    quiz.save(update_fields=["updated"])
