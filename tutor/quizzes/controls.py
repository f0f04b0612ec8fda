"""The teacher's controls of a live session (start, next, reveal, end), pressed on the
console or on the projector screen: what each does, and when it is refused.

The form says which state it was pressed in (``at``: ``"<state>:<current>"``), so a
double click, a second tab or the projector's space bar pressed twice never skips a
question: a press made in a state the session has left changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.utils.translation import gettext as _

from . import services
from .models import Session

CONTROLS: dict[str, Callable[[Session], Session]] = {
    "start": lambda s: services.open_question(s, 0),
    "next": services.next_question,
    "reveal": services.reveal,
    "end": services.end,
}


@dataclass(frozen=True)
class Notice:
    """Why a press changed nothing: a message level (``django.contrib.messages``) and
    its text, translated."""

    level: int
    text: str


def pressed_at(session: Session) -> str:
    """The state a control is pressed in, as its form sends it (``at``)."""
    return f"{session.state}:{session.current}"


def press(session: Session, action: str, at: str) -> Notice | None:
    """Do ``action`` to ``session`` if it is still in the state ``at``; None when done,
    else the notice saying why not."""
    if action not in CONTROLS:
        return Notice(messages.ERROR, _("That control does not exist."))
    if at != pressed_at(session):
        return Notice(messages.INFO, _("The quiz had already moved on, so nothing was changed."))
    if action in ("start", "next", "reveal") and session.mode != Session.Mode.LIVE:
        return Notice(messages.ERROR, _("Homework runs at each student's own pace."))
    try:
        CONTROLS[action](session)
    except services.Refused:
        return Notice(messages.ERROR, _("That is not possible at this point of the quiz."))
    return None


def next_action(session: Session) -> str | None:
    """The control the projector's space bar presses now: start, reveal, the next
    question, or finish after the last; None when there is nothing to press (homework,
    or the session has ended)."""
    if session.mode != Session.Mode.LIVE:
        return None
    if session.state == Session.State.LOBBY:
        return "start"
    if session.state == Session.State.QUESTION:
        return "reveal"
    if session.state == Session.State.REVEAL:
        return "next" if session.current + 1 < len(session.questions) else "end"
    return None
