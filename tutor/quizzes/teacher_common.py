"""What the teacher's views share (the builder, the console, the projector, the
printables): finding the teacher's own quiz or session (or one they co-teach,
``access``; anything else is a 404), showing
a question as students see it, its right answer with the engine's explanation, and the
join link with its QR code.
"""

from __future__ import annotations

import segno
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tutor.core.locales import current_language
from tutor.drills.parts import part_context, render_part
from tutor.drills.written_answers import reveal_feedback

from . import access, services
from .models import Quiz, Session, is_code


def own_quiz(request: HttpRequest, pk: int) -> Quiz:
    return get_object_or_404(Quiz, pk=pk, owner=request.user)


def own_session(request: HttpRequest, code: str) -> Session:
    if not is_code(code.upper()):
        raise Http404
    session = Session.objects.select_related("quiz").filter(code=code.upper()).first()
    if session is None or not access.may_teach(request.user, session):
        raise Http404
    return session


def render_question(request: HttpRequest, q: services.WrittenQuestion) -> SafeString:
    """The question as students see it (the drill's ``#question`` and ``#answer`` partials),
    shown inert: a preview, or the projector's view."""
    context = part_context(q.drill, q.data)
    ask = render_part(q.drill, "question", context, request)
    answer = render_part(q.drill, "answer", context, request)
    # Each part in its own box, so the projector can set them side by side.
    return mark_safe(  # the drill templates escape their data
        f'<div class="quiz-question" inert><div class="quiz-question__ask">{ask}</div>'
        f'<div class="quiz-question__answer">{answer}</div></div>'
    )


def render_reveal(request: HttpRequest, q: services.WrittenQuestion) -> SafeString:
    """The right answer and the engine's explanation: the drill's ``#feedback_body``."""
    context = part_context(q.drill, q.data, feedback=reveal_feedback(q), reveal=True)
    return render_part(q.drill, "feedback_body", context, request)


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
    with translation.override(session.settings_view.language or current_language()):
        return request.build_absolute_uri(reverse("quizzes:join-code", args=[session.code]))
