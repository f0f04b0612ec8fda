"""``tutor.core.kept_awhile``: a value is made once and read back, made again once it is
older than its time, and the least recently read goes past the size."""

from __future__ import annotations

import pytest

from tutor.core import kept_awhile
from tutor.core.kept_awhile import KeptAWhile


def test_a_value_is_made_again_once_it_is_older_than_its_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = [100.0]
    monkeypatch.setattr(kept_awhile.time, "monotonic", lambda: clock[0])
    made: list[int] = []
    kept = KeptAWhile[str, int](size=4, seconds=10.0)

    def make() -> int:
        made.append(len(made))
        return made[-1]

    assert [kept.get("a", make) for _ in range(3)] == [0, 0, 0]
    clock[0] += 9.9
    assert kept.get("a", make) == 0
    clock[0] += 0.2  # 10.1 s after it was made
    assert kept.get("a", make) == 1
    assert made == [0, 1]


def test_the_least_recently_read_goes_past_the_size() -> None:
    kept = KeptAWhile[str, str](size=2, seconds=60.0)
    kept.get("a", lambda: "A")
    kept.get("b", lambda: "B")
    kept.get("a", lambda: "not made")  # read: "b" is now the least recent
    kept.get("c", lambda: "C")
    assert len(kept) == 2
    assert kept.get("a", lambda: "not made") == "A"
    assert kept.get("b", lambda: "B again") == "B again"
    kept.clear()
    assert len(kept) == 0
