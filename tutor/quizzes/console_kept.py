"""The console's lists of a class, rendered once per change and kept: who has joined (and
answered) with the leaderboard under it, an ended session's podium (every student tied
for a place is on it: hundreds, in a large class), and the form to rename or remove each
student.

For a class of 2,000 these are most of the console's work: every poll (every 2 s) read
every student with their answers and rendered each name through the template engine, and
the page drew two forms per student. Most polls find nothing new, so each process keeps
what it rendered, under a key read by two small aggregate queries (:class:`Roll`) that
changes with everything the lists show:

- the session, its join code (an id can come back after a delete) and its version (a
  question opened or revealed, the end, a rename, a removal: ``services._bump``);
- who is in the class: how many students are not removed and the newest one's id (a join
  raises both; a deletion lowers the count; ids only grow);
- what was answered: how many answers in the session, how many to the open question (and
  how many rightly: the console's count, read here too), and the sum of attempts (a homework retry changes the points without a new answer);
- the language of the page, and what the view decides the list shows (``shape``).

The kept text holds nothing of one request: the rename form's CSRF token is a stand-in,
replaced with the request's own token when the page is sent (:data:`TOKEN`). It is kept
typeset (the site's typography, ``kept_pages.finish``), and :func:`respond` typesets only
the rest of the page around it: the typography's pass over 2,000 names cost more than
rendering them. Nothing is kept, and the whole page is left to the typography
middleware, while the translators' in-context mode marks a request's translations.
Bounded: the least recent goes past :data:`KEPT` entries, and an entry is read again
after :data:`KEPT_SECONDS` (an admin's edit bumps no version).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

from django.db.models import Count, Max, Q, Sum
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from tutor.core import kept_pages, markers
from tutor.core.csrf_tokens import get_token
from tutor.core.kept_awhile import KeptAWhile
from tutor.core.locales import current_language

from .models import Response, Session

KEPT = 16  # lists a process keeps (a few teachers' consoles, two lists each)
KEPT_SECONDS = 120.0
#: Stands for the CSRF token in a kept form (letters only: escaping leaves it as it is).
TOKEN = "csrftokenstandinCONSOLE"
#: Where each kept list goes in a page typeset around it (an HTML comment: markup to the
#: typography, as the list's own first tag is; escaped text never spells one).
PLACE = "<!--keptconsolelist{}-->"
LISTS = ("class_list", "manage_list", "podium")


class Roll(NamedTuple):
    """What the lists of a class show, counted: see the module's docstring."""

    present: int
    newest: int | None
    answers: int
    answers_now: int
    right_now: int
    attempts: int

    def counts(self) -> dict[str, int]:
        """The open question's answers as ``services.answer_counts`` counts them."""
        return {"answered": self.answers_now, "right": self.right_now, "joined": self.present}


def roll(session: Session) -> Roll:
    """The class counted in two queries, however large it is."""
    people = session.participants.filter(removed=False).aggregate(n=Count("pk"), last=Max("pk"))
    answers = (
        Response.objects.of_session(session)
        .answered()
        .aggregate(
            n=Count("pk"),
            now=Count("pk", filter=Q(index=session.current)),
            right=Count("pk", filter=Q(index=session.current, correct=True)),
            tries=Sum("attempts"),
        )
    )
    return Roll(
        people["n"],
        people["last"],
        answers["n"],
        answers["now"],
        answers["right"],
        answers["tries"] or 0,
    )


# Per process, the least recent dropped past KEPT. Key: (list, session id, join code,
# version, shape, Roll, language): the same text for every request of the session's
# teacher that asks with it; text is immutable, the CSRF token is put in per request.
_kept = KeptAWhile[tuple[Hashable, ...], SafeString](KEPT, KEPT_SECONDS)


def kept(key: tuple[Hashable, ...], make: Callable[[], SafeString]) -> SafeString:
    """The text kept under ``key`` and the active language, made by ``make`` when missing
    or too old, typeset in that language."""
    if markers.marking():  # the in-context mode: rendered afresh, marked, never kept
        return make()
    language = current_language()
    # Typesetting keeps it safe.
    return _kept.get((*key, language), lambda: mark_safe(kept_pages.finish(make(), language)))


def respond(
    request: HttpRequest, template: str, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    """``template`` rendered with ``context``, typeset but for the kept lists in it (see
    the module's docstring), finished, with this request's CSRF token in the forms."""
    if not kept_pages.finishes(request):  # the in-context mode: the middleware does all
        page = render_to_string(template, context, request)
        return HttpResponse(page.replace(TOKEN, get_token(request)), status=status)
    lists = {name: context[name] for name in LISTS if context.get(name)}
    places = {name: mark_safe(PLACE.format(name)) for name in lists}
    html = str(render_to_string(template, {**context, **places}, request))
    language = getattr(request, "LANGUAGE_CODE", None) or get_language() or ""
    html = kept_pages.finish(html, language)
    for name, text in lists.items():
        html = html.replace(places[name], text, 1)
    return kept_pages.finished_response(html.replace(TOKEN, kept_pages.TOKEN), request, status)


def forget() -> None:
    """Drop every kept list (tests)."""
    _kept.clear()
