"""A live session's event stream for a student's page (``streams.py`` says what it sends).

A synchronous view returning a response over an async iterator: under an ASGI server
(``tutor/asgi.py``: uvicorn, ``make serve``) the view runs in a worker thread with the
middleware, in one call (``tutor/core/one_hop.py``), and the event loop then sends the
stream, which stays open without holding a thread. Under WSGI (``runserver``, gunicorn alone) an
open stream would hold a worker thread, so the view answers 204: EventSource then gives
up and the page keeps polling, as it does without JavaScript or EventSource, and as it
does when this process already serves ``QUIZ_STREAMS_PER_PROCESS`` streams, and in the
translators' in-context mode.
"""

from __future__ import annotations

from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from tutor.core import kept_pages
from tutor.core.numbers import whole_number

from . import end_screen, hot, shared_stage, streams
from .joins import cookie_token
from .models import Session, is_code

NO_STREAM = 204  # EventSource stops on it; the page polls


def _seen(request: HttpRequest) -> int | None:
    """The version the page has: the last event's id when EventSource reconnects, else the
    page's ``?v=``."""
    return whole_number(request.headers.get("Last-Event-ID", ""), 10) or whole_number(
        request.GET.get("v", ""), 10
    )


def _listener(code: str, token: str) -> tuple[str, int] | None:
    """The language this student's quiz is in and their id, None for no such student or an
    ended session (nothing left to hear)."""
    participant = hot.student(code, token)
    if participant is None:
        return None
    session = participant.session
    if session.mode != Session.Mode.LIVE or session.state == Session.State.ENDED:
        return None
    return session.settings_view.language or participant.language, participant.pk


STAGES = streams.Stages(
    shared=shared_stage.markup, verdict=shared_stage.verdicts, final=end_screen.finals
)


@require_GET
def events(request: HttpRequest, code: str) -> HttpResponse | StreamingHttpResponse:
    """The stream of one student's live session (204 without a stream: see the module)."""
    code = code.upper()
    token = cookie_token(request, code) if is_code(code) else None
    # The translators' in-context mode marks each stage's text as it is rendered for the
    # request: a stage kept for the class has no marks, so that page polls.
    if (
        token is None
        or not isinstance(request, ASGIRequest)
        or not kept_pages.finishes(request)
        or not streams.has_room()
    ):
        return HttpResponse(status=NO_STREAM)
    listener = _listener(code, token)
    if listener is None:
        return HttpResponse(status=NO_STREAM)
    language, participant = listener
    response = StreamingHttpResponse(
        streams.stream(code, _seen(request), language, participant, STAGES),
        content_type="text/event-stream",
    )
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
