"""Replay a real hand: paste a PokerStars hand history or a PHH file (or pick one of the
written examples) and step through it at the table, each decision checked by the engine.

The pasted text (at most :data:`~tutor.engine.histories.MAX_CHARS` characters) is kept in
the learner's session, so a reload keeps the place; ``?step=N`` names the step, links work
without JavaScript and htmx swaps only the stage when it is on. Nothing is stored in the
database.
"""

from __future__ import annotations

from contextlib import suppress
from types import MappingProxyType
from typing import Any

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy, pgettext

from tutor.core.http import HtmxHttpRequest
from tutor.core.locales import current_language
from tutor.core.request_size import too_big
from tutor.engine.histories import MAX_CHARS, HistoryError, read, replay
from tutor.engine.histories.examples import EXAMPLES, example_text
from tutor.engine.histories.replay import Replay
from tutor.words.histories import history_error_text

from .drill import PlayDrill
from .replay_stage import display_name, marker, stage, with_bdi

SESSION_KEY = "replay_history"
#: The largest file read, in bytes (UTF-8 takes up to four a character).
MAX_FILE_BYTES = 4 * MAX_CHARS


def example_names() -> list[tuple[str, str]]:
    return [
        ("side_pot", pgettext("replay example", "A side pot with an odd chip and a short all-in")),
        ("muck", pgettext("replay example", "A muck at the showdown, with rake")),
        ("uncalled", pgettext("replay example", "An uncalled bet given back")),
        ("fixed_limit", pgettext("replay example", "Fixed limit up to the raise cap (PHH file)")),
    ]


def _posted_text(request: HtmxHttpRequest) -> str:
    """The history sent: the file when one is chosen, else the pasted text."""
    if too_big(request) & {"history", "file"}:
        raise HistoryError("too_large", None, limit=MAX_CHARS)
    upload = request.FILES.get("file")
    if upload is not None and upload.size:
        if upload.size > MAX_FILE_BYTES:
            raise HistoryError("too_large", None, limit=MAX_CHARS)
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise HistoryError("not_text") from None
    return request.POST.get("history", "")


def _load(text: str) -> Replay:
    return replay(read(text))


def _error_text(error: HistoryError, text: str, language: str) -> Any:
    names: tuple[str, ...] = ()
    unit, currency = 1, ""
    with suppress(HistoryError):  # names and money only when the seats could be read
        history = read(text)
        names = tuple(display_name(n) for n in history.names)
        unit, currency = history.unit, history.currency
    name = marker if names else None
    message = history_error_text(error, language, name, unit=unit, currency=currency)
    return with_bdi(message, names)


def view(request: HtmxHttpRequest, drill: PlayDrill) -> HttpResponse:
    language = current_language()
    url = reverse("drills:drill", args=[drill.slug])
    context: dict[str, Any] = {"drill": drill, "examples": example_names(), "limit": MAX_CHARS}
    if request.method == "POST":
        text = ""
        try:
            text = _posted_text(request)
            _load(text)
        except HistoryError as error:
            context.update(error=_error_text(error, text, language), text=text[:MAX_CHARS])
            return render(request, drill.template, context, status=422)
        request.session[SESSION_KEY] = text
        return redirect(f"{url}?step=0#step-title")
    example = request.GET.get("example")
    if example in EXAMPLES:
        request.session[SESSION_KEY] = example_text(example)
        return redirect(f"{url}?step=0#step-title")
    kept = request.session.get(SESSION_KEY)
    if isinstance(kept, str) and kept:
        try:
            loaded = _load(kept)
        except HistoryError:  # a hand kept from before a change of the rules
            request.session.pop(SESSION_KEY, None)
        else:
            context.update(stage=stage(loaded, _step(request), language), url=url)
    if request.htmx and "stage" in context:
        return render(request, f"{drill.template}#stage", context)
    return render(request, drill.template, context)


def _step(request: HtmxHttpRequest) -> int:
    raw = request.GET.get("step", "0")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 7 else 0


#: The rules a replay shows at work; the drills page places the drill in the course by
#: them (a play drill aims no question, so no practice link points here).
CONCEPTS = ("min-raise", "short-all-in-reopen", "main-and-side-pots", "odd-chip")

DRILL = PlayDrill(
    slug="replay-hand",
    concepts=MappingProxyType(dict.fromkeys(CONCEPTS, ())),
    title=gettext_lazy("Replay a real hand"),
    summary=gettext_lazy(
        "Paste a PokerStars hand history or a PHH file and step through it at the table: who acts and why, each bet checked by the rules, and the pots built at the end."
    ),
    view=view,
)
