"""Proof that this browser posted a class's join code (or the code of a session run for
it): the name picker shows a class's roster, and takes a name, only with it, so its address
alone (``/join/class/<code>/``) tells a guesser nothing and shows no names.

A pass is the class's id and when its code was posted, kept in the browser's web session
(stored on the server, named by the signed session cookie): it cannot be forged or passed
on in a link. Passes last a school day; a browser keeps its few newest.
"""

from __future__ import annotations

import time

from django.http import HttpRequest

from .models import Classroom

PASSES = "class_passes"
PASS_AGE = 12 * 60 * 60
KEPT = 10


def _valid(request: HttpRequest) -> dict[str, int]:
    stored = request.session.get(PASSES)
    if not isinstance(stored, dict):
        return {}
    oldest = time.time() - PASS_AGE
    return {k: v for k, v in stored.items() if isinstance(v, int) and v > oldest}


def grant(request: HttpRequest, classroom: Classroom) -> None:
    """Let this browser see ``classroom``'s roster: it has just posted the class's code."""
    kept = _valid(request)
    kept[str(classroom.pk)] = int(time.time())
    newest = sorted(kept.items(), key=lambda item: item[1])[-KEPT:]
    request.session[PASSES] = dict(newest)


def holds(request: HttpRequest, classroom: Classroom) -> bool:
    """Whether this browser posted ``classroom``'s code (or a code of its session) lately."""
    return str(classroom.pk) in _valid(request)
