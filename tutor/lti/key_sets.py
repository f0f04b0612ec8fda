"""The platforms' public keys (their JWKS), kept between launches.

A launch's id_token is signed by one of its platform's keys, named by the token's ``kid``.
The keys are fetched once and kept for the time the platform's ``Cache-Control: max-age``
says (else :data:`FRESH`); a ``kid`` not among them is a rotated key, so the set is fetched
again, at most once every :data:`REFETCH_GAP` seconds (a run of made-up ``kid``s does not
become a run of fetches). A platform that is down does not hold every launch for a timeout:
each fetch waits :data:`TIMEOUT` seconds at most, and after a failure the last keys that
came are used for up to :data:`STALE_IF_ERROR` seconds, the platform asked again at most
every :data:`RETRY_GAP` seconds meanwhile.

Kept per server process, in memory: a few small public documents, nothing of any person.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: Seconds a key set is fresh when the platform sends no ``max-age``.
FRESH = 10 * 60
#: The longest a platform's ``max-age`` keeps a key set without asking again.
MAX_FRESH = 24 * 60 * 60
#: Seconds the last good keys serve after they went stale while the platform fails.
STALE_IF_ERROR = 6 * 60 * 60
#: After a failed fetch, seconds before the platform is asked again (the stale keys serve).
RETRY_GAP = 30
#: Seconds between two fetches for an unknown ``kid``.
REFETCH_GAP = 10
#: Seconds a JWKS fetch may take (a launch waits for it).
TIMEOUT = 3
#: How many platforms' key sets a process keeps (the least recently used go first).
MAX_PLATFORMS = 128

MAX_AGE = re.compile(r"(?:^|,)\s*max-age\s*=\s*\"?(\d+)", re.IGNORECASE)


class Unavailable(Exception):
    """No keys to be had: the platform did not answer, or not with a key set."""


@dataclass(frozen=True)
class Fetched:
    """What the platform's key set URL answered."""

    key_set: dict[str, Any]
    cache_control: str = ""


@dataclass(frozen=True)
class Kept:
    key_set: dict[str, Any]
    fetched: float  # when (the process's monotonic clock)
    fresh_until: float
    asked: float  # the last time the platform was asked, answered or not


Fetch = Callable[[str], Fetched]

clock = time.monotonic
_kept: OrderedDict[tuple[str, str], Kept] = OrderedDict()
_lock = threading.Lock()


def lifetime(cache_control: str) -> int:
    """Seconds a key set stays fresh by its ``Cache-Control`` header.

    >>> lifetime("public, max-age=300"), lifetime(""), lifetime("no-cache"), lifetime("max-age=9999999")
    (300, 600, 0, 86400)
    """
    if re.search(r"\b(no-cache|no-store)\b", cache_control, re.IGNORECASE):
        return 0
    found = MAX_AGE.search(cache_control)
    return min(int(found.group(1)), MAX_FRESH) if found else FRESH


def kids(key_set: object) -> set[str]:
    """The ``kid`` of each key of a JWKS (none when it is not one)."""
    keys = key_set.get("keys") if isinstance(key_set, dict) else None
    if not isinstance(keys, list):
        return set()
    return {str(key.get("kid")) for key in keys if isinstance(key, dict) and key.get("kid")}


def key_set(issuer: str, url: str, kid: str, fetch: Fetch) -> dict[str, Any]:
    """The key set of the platform ``issuer`` at ``url`` for a token signed by ``kid``: a
    fresh copy of the kept one, else fetched. ``Unavailable`` when none can be had."""
    name = (issuer, url)
    with _lock:
        kept = _kept.get(name)
        if kept is not None:
            _kept.move_to_end(name)
    now = clock()
    if kept is None:
        return _copy(_fetch(name, fetch, None).key_set)
    known = kid in kids(kept.key_set)
    if now < kept.fresh_until and (known or now - kept.asked < REFETCH_GAP):
        return _copy(kept.key_set)
    if kept.asked > kept.fetched and now - kept.asked < RETRY_GAP:
        return _copy(_stale(kept, now))  # the platform failed a moment ago: not again yet
    try:
        return _copy(_fetch(name, fetch, kept).key_set)
    except Unavailable:
        if not known:
            raise
        return _copy(_stale(kept, now))


def _stale(kept: Kept, now: float) -> dict[str, Any]:
    if now - kept.fresh_until > STALE_IF_ERROR:
        raise Unavailable("the platform's keys are too old and it does not answer")
    return kept.key_set


def _fetch(name: tuple[str, str], fetch: Fetch, kept: Kept | None) -> Kept:
    try:
        fetched = fetch(name[1])
        if not kids(fetched.key_set):
            raise Unavailable("the answer is not a key set")
    except Unavailable:
        if kept is not None:
            _store(name, Kept(kept.key_set, kept.fetched, kept.fresh_until, clock()))
        raise
    now = clock()
    fresh = Kept(fetched.key_set, now, now + lifetime(fetched.cache_control), now)
    _store(name, fresh)
    return fresh


def _store(name: tuple[str, str], kept: Kept) -> None:
    with _lock:
        _kept[name] = kept
        _kept.move_to_end(name)
        while len(_kept) > MAX_PLATFORMS:
            _kept.popitem(last=False)


def _copy(key_set: dict[str, Any]) -> dict[str, Any]:
    """A copy a launch may change without changing the kept one."""
    keys = key_set.get("keys") or []
    return {**key_set, "keys": [dict(key) for key in keys if isinstance(key, dict)]}


def forget() -> None:
    """Drop every kept key set (the tests start each from none)."""
    with _lock:
        _kept.clear()
