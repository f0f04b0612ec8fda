"""Whole pages a class asks for in the same seconds (the join form, a quiz's page),
rendered once per process and language with stand-ins where each visitor's own parts go,
finished (typeset) once, and kept; each request only puts its own parts in.

A page is kept only for a visitor who sees the page as everyone does: not signed in
(no account bar, no log-out form), no query (the language switcher carries it) unless
the page puts it in as a slot, not in the translators' in-context mode (its markers must
never be kept). Anyone else gets the page rendered as usual.

Each visitor's own part is a :class:`Slot`. In the kept copy the context holds its
stand-in (letters only, so that escaping and typesetting leave it as it is), which each
request replaces with its value, escaped as the template would have escaped it; a slot
in the page's text is typeset like the text around it. The CSRF token is always a slot.
The stand-ins are replaced in one pass, so text a visitor typed (a nickname, a query)
that spells a stand-in stays as typed: the copy is kept cut at its stand-ins, and a
request only joins the pieces with its values (a pattern searched over the whole page
on every request cost about 0.1 ms, half a bare request).

The finishing step (the site's typography) is installed by ``tutor.site``
(``SiteConfig.ready``) with :func:`finish_with`: this package sits below the site. A
response made here says it is finished (:data:`FINISHED`), and the typography
middleware passes it by.

The copies live in the ``local`` cache, which the development server empties when a
template or a catalog changes (``tutor.site.apps``, ``tutor.site.dev_catalogs``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData

from . import markers
from .csrf_tokens import get_token
from .locales import current_language

#: Stands for the CSRF token in a kept copy (letters only: nothing escapes or typesets it).
TOKEN = "csrftokenstandinKEPTPAGE"
#: The attribute of a response whose HTML is already typeset (the middleware skips it).
FINISHED = "tutor_finished"
SECONDS = 10 * 60  # a class asks in the same minutes; the cache is bounded besides

Finish = Callable[[str, str], str]  # (html, language) -> the html as the page shows it
_finishers: list[Finish] = []  # at most one: the site's typography


def finish_with(finish: Finish) -> None:
    """Install the step a page goes through once before it is kept (``SiteConfig.ready``)."""
    _finishers[:] = [finish]


def finish(html: str, language: str) -> str:
    for step in _finishers:
        html = step(html, language)
    return html


@dataclass(frozen=True)
class Slot:
    """One visitor's own part of a kept page: its value (escaped when put in, unless it is
    safe markup) and whether it is text of the page (typeset when put in) rather than
    part of an attribute or markup already finished."""

    value: str
    text: bool = False
    #: Text that comes back again and again (the tally panel, a rules box): typeset once
    #: per language and kept (``_finished``), not on every request.
    kept: bool = False


def stand_in(name: str) -> str:
    """What the kept copy holds in place of the slot ``name`` (lowercase letters)."""
    if not (name.isascii() and name.isalpha() and name.islower()):
        raise ValueError(f"a slot's name is lowercase letters: {name!r}")
    return f"keptpagestandin{name}X"


def finishes(request: HttpRequest) -> bool:
    """Whether this request's HTML may be finished (typeset) before the middleware sees
    it, and kept: not in the translators' in-context mode, whose markers are turned into
    markup first and must never be kept."""
    return not (markers.marking() or getattr(request, "translate_mode", False))


def keeps(request: HttpRequest, *, query: bool = False) -> bool:
    """Whether this request may get a kept page: see the module's docstring. ``query``:
    the page puts the query in itself (a slot in place of ``page_query``, which the
    language links carry), so a request with one may have it too."""
    user = getattr(request, "user", None)
    return (
        finishes(request)
        and (query or not request.META.get("QUERY_STRING"))
        and not (user is not None and user.is_authenticated)
    )


def finished_response(html: str, request: HttpRequest, status: int = 200) -> HttpResponse:
    """A response of finished HTML holding :data:`TOKEN`: with this request's CSRF token,
    marked so that the typography middleware passes it by. HTML without a form (no
    :data:`TOKEN`, an answer's verdict) makes no token: masking one costs a third of a
    bare request, and the CSRF cookie is then not sent again."""
    if TOKEN in html:
        html = html.replace(TOKEN, get_token(request))
    response = HttpResponse(html, status=status)
    setattr(response, FINISHED, True)
    return response


def render(
    request: HttpRequest,
    template_name: str,
    context: Mapping[str, Any] | Callable[[], Mapping[str, Any]],
    *,
    key: tuple[Hashable, ...],
    slots: Mapping[str, Slot],
    status: int = 200,
) -> HttpResponse:
    """The page (for a request :func:`keeps` allows): the kept copy, made if missing, with
    this request's slots and CSRF token put in. ``context`` is the page's context with
    each slot's :func:`stand_in` where its value goes (or a function that makes it, called
    only when the copy is missing); ``key`` is everything else the page shows that is not
    the same on every request to this address in this language.

    Kept per process. Key: the template, the language, the site's origin (the hreflang
    links hold it) and the path (the navigation and the language switcher depend on it),
    and ``key``; no visitor's own data is inside (the slots are stand-ins)."""
    language = current_language()
    where = (template_name, language, request.scheme, request.get_host(), request.path, key)
    cache_key = _cache_key(where)
    # Kept encoded: a page of 20 KB with one character outside ASCII (a suit, a Bengali
    # word) costs about 65 µs to encode, on every request; its slots are a few hundred bytes.
    # And kept cut at its stand-ins (``_cut``).
    pieces: tuple[bytes, ...] | None = caches["local"].get(cache_key)
    if pieces is None:
        given = context() if callable(context) else context
        made = render_to_string(template_name, {**given, "csrf_token": TOKEN}, request)
        pieces = _cut(finish(made, language).encode())
        caches["local"].set(cache_key, pieces, SECONDS)
    token = get_token(request)
    values = {TOKEN.encode(): token.encode()}
    for name, slot in slots.items():
        value = str(conditional_escape(slot.value))
        if slot.kept:  # typeset before the token goes in, which typesetting leaves alone
            value = _finished(value, language)
        if isinstance(slot.value, SafeData):  # markup of the site's own (a stage, a drill)
            value = value.replace(TOKEN, token)
        if slot.text and not slot.kept:
            value = finish(value, language)
        values[stand_in(name).encode()] = value.encode()
    # One pass: what a slot puts in (a nickname, a query) is never read for stand-ins; a
    # stand-in of no slot given stays as it is.
    filled = [pieces[0]]
    for at in range(1, len(pieces), 2):
        found = pieces[at]
        filled += (values.get(found, found), pieces[at + 1])
    response = HttpResponse(b"".join(filled), status=status)
    setattr(response, FINISHED, True)
    return response


# Kept per process. Key: everything the page's copy is kept under (``render``'s ``where``:
# the template, language, origin, path and the caller's key); bounded: 1,024 pages.
@lru_cache(maxsize=1024)
def _cache_key(where: tuple[Hashable, ...]) -> str:
    """The ``local`` cache's key of a kept page (hashed once, not on every request)."""
    return "kept-page:" + hashlib.sha256(repr(where).encode()).hexdigest()


# Kept per process. Key: the slot's text and the language, all its typesetting reads (the
# text holds no visitor's data: a slot marked ``kept`` repeats); bounded: 256 texts.
@lru_cache(maxsize=256)
def _finished(text: str, language: str) -> str:
    """A kept slot's text typeset (:func:`finish`)."""
    return finish(text, language)


#: Any stand-in (:data:`TOKEN`, or a slot's: its name is lowercase letters).
_STAND_IN = re.compile(b"(" + re.escape(TOKEN.encode()) + b"|keptpagestandin[a-z]+X)")


def _cut(page: bytes) -> tuple[bytes, ...]:
    """``page`` cut at every stand-in: the text before the first, the first, the text up
    to the next, and so on; the pieces at odd places are the stand-ins."""
    return tuple(_STAND_IN.split(page))
