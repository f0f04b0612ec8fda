"""The ``local`` cache without pickling (tutor/core/kept_cache.py): what LocMemCache does
(expiry, the entry bound, add, incr, delete, clear), with values kept as given and
only values that cannot change accepted."""

from __future__ import annotations

import time

import pytest
from django.core.cache import caches
from django.utils.safestring import SafeString, mark_safe

from tutor.core.kept_cache import KeptCache


def cache(entries: int = 10) -> KeptCache:
    made = KeptCache(f"test-kept-{time.monotonic_ns()}", {"OPTIONS": {"MAX_ENTRIES": entries}})
    return made


def test_the_local_cache_is_kept() -> None:
    assert isinstance(caches["local"], KeptCache)


def test_a_value_comes_back_as_it_was_kept() -> None:
    kept = cache()
    html = mark_safe("<p>kept</p>")
    kept.set("page", html)
    got = kept.get("page")
    assert got is html and isinstance(got, SafeString)  # the same object: nothing unpickled
    pieces = ("<li>", "</li>")
    kept.set("frame", pieces)
    assert kept.get("frame") is pieces
    assert kept.get("missing", "default") == "default"


@pytest.mark.parametrize("value", [["a"], {"a": 1}, {"a"}, ("a", ["b"]), object()])
def test_a_value_that_can_change_is_refused(value: object) -> None:
    kept = cache()
    with pytest.raises(TypeError):
        kept.set("key", value)
    with pytest.raises(TypeError):
        kept.add("key", value)
    assert kept.get("key") is None


def test_expiry_add_incr_and_delete_as_locmem() -> None:
    kept = cache()
    kept.set("gone", "x", 0.01)
    time.sleep(0.02)
    assert kept.get("gone") is None
    assert kept.add("count", 1) is True
    assert kept.add("count", 5) is False
    assert kept.incr("count", 2) == 3
    assert kept.get("count") == 3
    with pytest.raises(ValueError):
        kept.incr("no-such-count")
    assert kept.delete("count") is True
    assert not kept.has_key("count")
    kept.set("a", "1")
    kept.clear()
    assert kept.get("a") is None


def test_the_entry_bound_holds_and_the_least_used_go_first() -> None:
    kept = cache(entries=6)
    for n in range(6):
        kept.set(f"k{n}", str(n))
    kept.get("k0")  # used: kept past the cull
    kept.set("k6", "6")
    assert len(kept._cache) <= 6
    assert kept.get("k0") == "0" and kept.get("k6") == "6"
    # A third went, the least recently used first: k1 and k2 (k0 was just read).
    assert [kept.get(f"k{n}") for n in range(1, 6)] == [None, None, "3", "4", "5"]


def test_keys_the_site_spells_are_not_checked_as_memcached_keys() -> None:
    kept = cache()
    kept.set("drill-frame:" + "a" * 300, "long keys are fine in memory")
    assert kept.get("drill-frame:" + "a" * 300) == "long keys are fine in memory"
