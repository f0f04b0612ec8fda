"""The console's lists of a class, rendered once per change and kept: who has joined (and
answered) with the leaderboard under it, and the form to rename or remove each student.

For a class of 2,000 these are most of the console's work: every poll (every 2 s) read
every student with their answers and rendered each name through the template engine, and
the page drew two forms per student. Most polls find nothing new, so each process keeps
what it rendered, under a key read by two small aggregate queries (:class:`Roll`) that
changes with everything the lists show:

- the session, its join code (an id can come back after a delete) and its version (a
  question opened or revealed, the end, a rename, a removal: ``services._bump``);
- who is in the class: how many students are not removed and the newest one's id (a join
  raises both; a deletion lowers the count; ids only grow);
- what was answered: how many answers in the session, how many to the open question, and
  the sum of attempts (a homework retry changes the points without a new answer);
- the language of the page, and what the view decides the list shows (``shape``).

The kept text holds nothing of one request: the rename form's CSRF token is a stand-in,
replaced with the request's own token when the page is sent (:data:`TOKEN`). Nothing is
kept while the translators' in-context mode marks a request's translations. Bounded: the
least recent goes past :data:`KEPT` entries, and an entry is read again after
:data:`KEPT_SECONDS` (an admin's edit bumps no version).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import NamedTuple

from django.db.models import Count, Max, Q, Sum
from django.utils.safestring import SafeString

from tutor.core import markers

from .models import Response, Session

KEPT = 16  # lists a process keeps (a few teachers' consoles, two lists each)
KEPT_SECONDS = 120.0
#: Stands for the CSRF token in a kept form (letters only: escaping leaves it as it is).
TOKEN = "csrftokenstandinCONSOLE"


class Roll(NamedTuple):
    """What the lists of a class show, counted: see the module's docstring."""

    present: int
    newest: int | None
    answers: int
    answers_now: int
    attempts: int


def roll(session: Session) -> Roll:
    """The class counted in two queries, however large it is."""
    people = session.participants.filter(removed=False).aggregate(n=Count("pk"), last=Max("pk"))
    answers = (
        Response.objects.of_session(session)
        .answered()
        .aggregate(
            n=Count("pk"),
            now=Count("pk", filter=Q(index=session.current)),
            tries=Sum("attempts"),
        )
    )
    return Roll(people["n"], people["last"], answers["n"], answers["now"], answers["tries"] or 0)


# Per process, the least recent dropped past KEPT. Key: (list, session id, join code,
# version, language, shape, Roll): the same text for every request of the session's
# teacher that asks with it; text is immutable, the CSRF token is put in per request.
_kept: OrderedDict[tuple[Hashable, ...], tuple[float, SafeString]] = OrderedDict()
_lock = threading.Lock()


def kept(key: tuple[Hashable, ...], make: Callable[[], SafeString]) -> SafeString:
    """The text kept under ``key``, made by ``make`` when missing or too old."""
    if markers.marking():  # the in-context mode: rendered afresh, marked, never kept
        return make()
    now = time.monotonic()
    with _lock:
        found = _kept.get(key)
        if found is not None and now - found[0] < KEPT_SECONDS:
            _kept.move_to_end(key)
            return found[1]
    made = make()
    with _lock:
        _kept[key] = (now, made)
        _kept.move_to_end(key)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return made


def forget() -> None:
    """Drop every kept list (tests)."""
    with _lock:
        _kept.clear()
