"""What the teacher's views share (the builder, the console, the printables): finding the
teacher's own quiz or session (anything else is a 404), showing a question as students
see it, and its right answer with the engine's explanation.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.safestring import SafeString, mark_safe

from tutor.drills.parts import part_context, render_part
from tutor.drills.written_answers import reveal_feedback

from . import services
from .models import Quiz, Session, is_code


def own_quiz(request: HttpRequest, pk: int) -> Quiz:
    return get_object_or_404(Quiz, pk=pk, owner=request.user)


def own_session(request: HttpRequest, code: str) -> Session:
    if not is_code(code.upper()):
        raise Http404
    return get_object_or_404(
        Session.objects.select_related("quiz"), code=code.upper(), quiz__owner=request.user
    )


def render_question(request: HttpRequest, q: services.WrittenQuestion) -> SafeString:
    """The question as students see it (the drill's ``#question`` and ``#answer`` partials),
    shown inert: a preview, or the projector's view."""
    context = part_context(q.drill, q.data)
    html = render_part(q.drill, "question", context, request) + render_part(
        q.drill, "answer", context, request
    )
    return mark_safe(
        f'<div class="quiz-question" inert>{html}</div>'
    )  # the drill templates escape their data


def render_reveal(request: HttpRequest, q: services.WrittenQuestion) -> SafeString:
    """The right answer and the engine's explanation: the drill's ``#feedback_body``."""
    context = part_context(q.drill, q.data, feedback=reveal_feedback(q), reveal=True)
    return render_part(q.drill, "feedback_body", context, request)
