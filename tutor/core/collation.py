"""Sorting names the way each language sorts them (Unicode collation through ICU).

Python's ``sorted`` orders by code point: "Ábel" after "Zoe", and in Czech "ch" between
"c" and "d" instead of after "h". ICU's collator for the page language orders a roster,
a list of students or a glossary as a reader of that language expects; names in other
scripts follow in the order CLDR gives the scripts.

>>> sorted_by_language(["Zoe", "Čeněk", "Chana", "Cyril", "Hana", "Ábel"], "cs")
['Ábel', 'Cyril', 'Čeněk', 'Hana', 'Chana', 'Zoe']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

import icu


# Key: the language (five of them); an ICU collator's sort-key methods are safe to share
# between threads (they do not change the collator).
@lru_cache(maxsize=16)
def _collator(language: str) -> icu.Collator:
    return icu.Collator.createInstance(icu.Locale(language.replace("-", "_")))


def sort_key(language: str) -> Callable[[str], bytes]:
    """A key for ``sorted`` that orders text as ``language`` does."""
    return _collator(language).getSortKey


def sorted_by_language[T](
    items: Iterable[T], language: str, key: Callable[[T], str] = str
) -> list[T]:
    """``items`` in the order of ``language`` (by ``key`` of each)."""
    collate = sort_key(language)
    return sorted(items, key=lambda item: collate(key(item)))
