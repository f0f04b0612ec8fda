"""Caches that keep text in a page's language: forgotten when a catalog is compiled again,
and passed by in the translators' in-context mode.

Some text is made once per process and kept: a rule page with its engine examples, the
hand-rankings charts, the card markup, a shared drill's grade. It holds translations, so
an edited catalog would not show on it until the process restarts. Each such cache is
declared with :func:`kept_text` instead of a bare ``lru_cache``:

- :func:`forget_kept_text` empties every one of them; the development server calls it
  when a catalog is compiled (``tutor.site.dev_catalogs``);
- while the in-context mode marks a request's translations (``tutor.core.markers``), a
  call runs the function's body afresh, so its text is marked too, and nothing marked
  is kept.

>>> @kept_text(maxsize=4)
... def shout(word: str) -> str:
...     return word.upper()
>>> shout("fold"), shout.cache_info().currsize
('FOLD', 1)
>>> forget_kept_text(); shout.cache_info().currsize
0
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from . import markers


class KeptText[**P, R]:
    """A function whose results an ``lru_cache`` keeps, with the two duties above.
    ``__wrapped__`` is the function itself (its body, never the cache)."""

    def __init__(self, function: Callable[P, R], maxsize: int | None) -> None:
        self._cached: Any = functools.lru_cache(maxsize=maxsize)(function)
        functools.update_wrapper(self, function)
        self.__wrapped__ = function
        # The cache's own methods, on the instance only: the class is no cache.
        self.cache_clear: Callable[[], None] = self._cached.cache_clear
        self.cache_info: Callable[[], functools._CacheInfo] = self._cached.cache_info
        self.cache_parameters: Callable[[], Any] = self._cached.cache_parameters

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if markers.marking():  # the in-context mode: afresh, marked, not kept
            return self.__wrapped__(*args, **kwargs)
        result: R = self._cached(*args, **kwargs)
        return result


_KEPT: list[KeptText[..., Any]] = []  # bounded by the site's code: one per declaration


def kept_text[**P, R](maxsize: int | None = 128) -> Callable[[Callable[P, R]], KeptText[P, R]]:
    """``lru_cache(maxsize)`` for a function whose result holds translated text."""

    def declare(function: Callable[P, R]) -> KeptText[P, R]:
        kept = KeptText(function, maxsize)
        _KEPT.append(kept)
        return kept

    return declare


def kept_caches() -> tuple[KeptText[..., Any], ...]:
    return tuple(_KEPT)


def forget_kept_text() -> None:
    """Empty every cache of translated text: a catalog changed."""
    for kept in _KEPT:
        kept.cache_clear()
