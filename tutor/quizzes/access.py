"""Who may run a session from its console: the quiz's owner, and whoever an app that
shares sessions vouches for (``tutor.lti``: an LMS course's co-teachers), which hands
itself over at start-up (``provide``), so this app never imports it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .models import Session

Vouch = Callable[[Any, Session], bool]

_vouchers: list[Vouch] = []


def provide(vouch: Vouch) -> None:
    """Let an app say who else may run a session (``tutor.lti``'s co-teachers)."""
    if vouch not in _vouchers:
        _vouchers.append(vouch)


def may_teach(user: Any, session: Session) -> bool:
    """Whether ``user`` may open the session's console, results and grades."""
    if not getattr(user, "is_authenticated", False):
        return False
    if session.quiz.owner_id == user.pk:
        return True
    return any(vouch(user, session) for vouch in _vouchers)
