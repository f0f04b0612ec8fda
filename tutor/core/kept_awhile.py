"""Values kept per process for a while: a bounded map, the least recently read value dropped
past its size and every value made again once it is older than its time. For what is costly
to make and the same for many requests until something it is keyed on changes (an ended
session's board, a teacher's class list), where a shared cache would unpickle the whole
value on every read.

>>> made = []
>>> kept = KeptAWhile[str, int](size=2, seconds=60.0)
>>> kept.get("a", lambda: made.append("a") or 1), kept.get("a", lambda: 2)
(1, 1)
>>> _ = kept.get("b", lambda: 3), kept.get("c", lambda: 4)  # "a" is dropped
>>> kept.get("a", lambda: 5), len(kept)
(5, 2)
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable


class KeptAWhile[K: Hashable, V]:
    """At most ``size`` values, each for ``seconds`` after it was made; safe across threads.
    A value is made outside the lock, so two threads that miss at once both make it once;
    the values must be immutable, as every reader gets the same one."""

    def __init__(self, size: int, seconds: float) -> None:
        self.size = size
        self.seconds = seconds
        self._kept: OrderedDict[K, tuple[float, V]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value kept under ``key``, made by ``make`` when missing or too old."""
        now = time.monotonic()
        with self._lock:
            found = self._kept.get(key)
            if found is not None and now - found[0] < self.seconds:
                self._kept.move_to_end(key)
                return found[1]
        made = make()
        with self._lock:
            self._kept[key] = (now, made)
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return made

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()

    def __len__(self) -> int:
        return len(self._kept)
