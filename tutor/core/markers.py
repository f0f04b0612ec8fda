"""Invisible markers around each translation a request produces, for the translators'
in-context mode (``tutor.translations.incontext``).

While the mode is on for a request, every ``gettext``/``pgettext``/``ngettext``/
``npgettext`` result (the lazy ones too: they call these) comes back framed:
``OPEN`` + the index of a ``Source`` in the request's list, in private-use "digits", +
``SEP`` + the translation + ``CLOSE``. ``%`` formatting and ``blocktranslate`` keep the
frame around the whole sentence; a translated word put into a translated sentence makes
a nested frame. ``tutor/translations/segment_html.py`` turns the frames into ``<span>``
elements in HTML text and removes them everywhere else.

Nothing is marked that might outlive the request: a translation made inside a function
whose result is kept (``lru_cache``, ``functools.cache``, ``cached_property``) comes back
plain, so no process-wide cache ever holds a marker. ``call_uncached`` lets a page run a
cached renderer's body afresh (and marked) in the mode.

The wrappers are installed only while at least one request in the process is in the
mode, so the site pays nothing for the mode when nobody uses it.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from types import CodeType, FrameType
from typing import Any

from django.utils import translation
from django.utils.functional import cached_property as django_cached_property
from django.utils.safestring import SafeData, mark_safe

OPEN = "\ue000"
SEP = "\ue001"
CLOSE = "\ue002"
DIGIT0 = 0xE010  # U+E010..U+E019 are the digits 0..9 of an index
# Every character a marker may contain; none of them is used by the site otherwise.
MARKER_CHARS = "\ue000-\ue002\ue010-\ue019"


@dataclass(frozen=True)
class Source:
    """Where a translated segment comes from: a gettext domain (``django`` or a segment
    catalog such as ``rules-holdem``), the language whose catalog answered, the
    message's context (empty when it has none) and its msgid."""

    catalog: str
    language: str
    msgctxt: str
    msgid: str
    translated: bool = True  # False: the msgid itself came back


_sources: ContextVar[list[Source] | None] = ContextVar("tr_sources", default=None)


def encode(index: int) -> str:
    return "".join(chr(DIGIT0 + int(d)) for d in str(index))


def decode(digits: str) -> int:
    return int("".join(str(ord(c) - DIGIT0) for c in digits))


def frame(text: str, source: Source) -> str:
    """``text`` framed by a marker for ``source`` when the mode is on here, else as is."""
    sources = _sources.get()
    if sources is None or not text:
        return text
    sources.append(source)
    marked = f"{OPEN}{encode(len(sources) - 1)}{SEP}{text}{CLOSE}"
    return mark_safe(marked) if isinstance(text, SafeData) else marked


def sources() -> list[Source]:
    return _sources.get() or []


def marking() -> bool:
    return _sources.get() is not None


def start() -> Any:
    """Turn marking on for this request (its thread or task); returns the reset token."""
    _install()
    return _sources.set([])


def stop(token: Any) -> None:
    _sources.reset(token)
    _uninstall()


# --- Not marking what a cache keeps ------------------------------------------------

_LRU_TYPE = type(functools.lru_cache(maxsize=1)(lambda: None))
_CACHED_PROPERTIES = (functools.cached_property, django_cached_property)
# Code object -> whether its function's result is kept. Bounded by the code of the site.
_verdicts: dict[CodeType, bool] = {}


def _keeps_result(code: CodeType, namespace: dict[str, Any]) -> bool:
    """Whether ``code`` is the body of a function whose results a cache keeps: the object
    its qualified name leads to in its module is an ``lru_cache`` wrapper or a cached
    property of that code. Looked up once per code object."""
    verdict = _verdicts.get(code)
    if verdict is None:
        names = code.co_qualname.split(".")
        target: Any = namespace.get(names[0])
        for name in names[1:]:  # class attributes read raw, never through descriptors
            target = vars(target).get(name) if isinstance(target, type) else None
        if type(target) is _LRU_TYPE:
            verdict = getattr(target.__wrapped__, "__code__", None) is code
        elif issubclass(type(target), _CACHED_PROPERTIES):  # type(): never evaluates a lazy object
            verdict = getattr(target.func, "__code__", None) is code
        else:
            verdict = False
        _verdicts[code] = verdict
    return verdict


def call_uncached[R](function: Callable[..., R], *args: Any) -> R:
    """``function(*args)`` run afresh, its own translations marked: for the mode, with the
    body of a cached function (``cached.__wrapped__``), whose result is not kept."""
    return function(*args)


_UNCACHED = call_uncached.__code__


def _inside_cache(frame_: FrameType | None) -> bool:
    while frame_ is not None:
        if _keeps_result(frame_.f_code, frame_.f_globals):
            caller = frame_.f_back
            if caller is None or caller.f_code is not _UNCACHED:
                return True
        frame_ = frame_.f_back
    return False


# --- The wrappers -------------------------------------------------------------------

_real: dict[str, Callable[..., str]] = {}
_users = 0
_install_lock = threading.Lock()
_NAMES = ("gettext", "pgettext", "ngettext", "npgettext")


def _marked(msgctxt: str, msgid: str, result: str) -> str:
    if _sources.get() is None or _inside_cache(sys._getframe(2)):
        return result
    language = translation.get_language() or ""
    source = Source("django", language, msgctxt, str(msgid), translated=result != msgid)
    return frame(result, source)


def _gettext(message: str) -> str:
    return _marked("", message, _real["gettext"](message))


def _pgettext(context: str, message: str) -> str:
    return _marked(context, message, _real["pgettext"](context, message))


def _ngettext(singular: str, plural: str, number: int) -> str:
    return _marked("", singular, _real["ngettext"](singular, plural, number))


def _npgettext(context: str, singular: str, plural: str, number: int) -> str:
    return _marked(context, singular, _real["npgettext"](context, singular, plural, number))


_WRAPPERS: dict[str, Callable[..., str]] = {
    "gettext": _gettext,
    "pgettext": _pgettext,
    "ngettext": _ngettext,
    "npgettext": _npgettext,
}


def _install() -> None:
    """Put the wrappers where ``django.utils.translation`` looks up its functions (the
    ``_trans`` object), counting the requests that need them."""
    global _users
    trans: Any = translation._trans  # type: ignore[attr-defined]
    with _install_lock:
        if _users == 0:
            for name in _NAMES:
                # Kept for good: a request of another thread may still be inside a wrapper.
                _real.setdefault(name, getattr(trans, name))  # trans_real's function
                setattr(trans, name, _WRAPPERS[name])
        _users += 1


def _uninstall() -> None:
    global _users
    trans: Any = translation._trans  # type: ignore[attr-defined]
    with _install_lock:
        _users -= 1
        if _users == 0:
            for name in _NAMES:
                setattr(trans, name, _real[name])


def frame_ends(source: Source) -> tuple[str, str]:
    """The two ends of a frame for ``source``, for text assembled in pieces (a rule
    page's segment, parsed into markdown tokens); empty when the mode is off here."""
    marked = frame(CLOSE, source)
    if marked == CLOSE:
        return "", ""
    return marked[: -len(CLOSE) - 1], CLOSE
