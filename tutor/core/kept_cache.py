"""The ``local`` cache: each process's kept copies (pages, frames, stages), held as they are.

Django's ``LocMemCache`` pickles every value on ``set`` and unpickles it on every ``get``,
so that a caller can change what it got without changing the copy, and checks every key
as memcached would (a loop over its characters). The ``local`` cache holds only copies
the site makes for itself: finished HTML, tuples of its pieces, a number or a flag, under
keys the site spells (hashes, codes). A drill page or a student's new stage asks it four
or five times. :class:`KeptCache` is ``LocMemCache`` with the same bound, expiry and
eviction, without the pickling (``set`` accepts only values nobody can change: strings,
numbers, ``None``, and tuples and frozensets of them) and without the memcached check.
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import TYPE_CHECKING, Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache

_ATOMS = (str, bytes, int, float, type(None))  # bool is an int; SafeString is a str
_MISSING = object()


def immutable(value: object) -> bool:
    """Whether ``value`` cannot change once kept: an atom, or a tuple or frozenset of such.

    >>> immutable(("<p>", 3, None)), immutable(frozenset({"a"})), immutable(("a", ["b"]))
    (True, True, False)
    """
    if isinstance(value, _ATOMS):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(immutable(item) for item in value)
    return False


class KeptCache(LocMemCache):
    """``LocMemCache`` whose values are kept as given (see the module's docstring)."""

    if TYPE_CHECKING:  # LocMemCache's own, which its stubs leave out
        _cache: OrderedDict[str, Any]
        _lock: Lock

        def _has_expired(self, key: str) -> bool: ...
        def _set(self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT) -> None: ...
        def _delete(self, key: str) -> bool: ...

    def make_and_validate_key(self, key: Any, version: int | None = None) -> str:
        return self.make_key(key, version=version)  # the site's own keys: no memcached check

    def _checked(self, value: object) -> object:
        if not immutable(value):
            raise TypeError(f"the local cache keeps only immutable values, not {type(value)!r}")
        return value

    def _store(self, key: Any, value: Any, timeout: Any, version: int | None, new: bool) -> bool:
        """Keep ``value`` under ``key``; with ``new``, only if nothing (live) is there yet."""
        key = self.make_key(key, version=version)
        value = self._checked(value)
        with self._lock:
            if new and not self._has_expired(key):
                return False
            self._set(key, value, timeout)
            return True

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        return self._store(key, value, timeout, version, new=True)

    def _kept(self, key: str) -> Any:
        """The value under ``key``, now the most recently used, or :data:`_MISSING` (an
        expired one is dropped). The caller holds the lock."""
        if self._has_expired(key):
            self._delete(key)
            return _MISSING
        self._cache.move_to_end(key, last=False)
        return self._cache[key]

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        key = self.make_key(key, version=version)
        with self._lock:
            value = self._kept(key)
        return default if value is _MISSING else value

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> None:
        self._store(key, value, timeout, version, new=False)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> Any:
        key = self.make_key(key, version=version)
        with self._lock:
            value = self._kept(key)
            if value is _MISSING:
                raise ValueError(f"Key '{key}' not found")
            value = self._cache[key] = value + delta
        return value
