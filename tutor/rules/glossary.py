"""The glossary in the reader's alphabetical order.

``content/glossary.md`` lists its terms in English order; each ``##`` heading with the
blocks under it is one entry. In another language the entries are sorted by the
translated term with ICU's collator for that language (``tutor/core/collation.py``): Czech
puts "ch" after "h", Hindi and Bengali follow their alphabets. Japanese is sorted by
reading in gojūon order: a term written with kanji (手札) or Latin letters (UTG) has its
reading in ``locale/ja/glossary-readings.toml``, a term in kana is its own reading. A
reading names the term it reads, so a changed translation does not keep a stale reading
(a test fails instead). English keeps the master's order.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Protocol

from django.conf import settings
from markdown_it.token import Token

from tutor.core.collation import sort_key

SLUG = "glossary"
# Letters no collator can place by sound: kanji (CJK ideographs, 々) and Latin letters.
_NEEDS_READING = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々A-Za-zＡ-Ｚａ-ｚ]")


class _Anchored(Protocol):
    @property
    def anchor(self) -> str: ...


def readings_path() -> Path:
    return Path(settings.LOCALE_PATHS[0]) / "ja" / "glossary-readings.toml"


def order_mtime(slug: str, language: str) -> float:
    """What else the order of ``slug`` in ``language`` depends on, for the render cache:
    the readings file's modification time for the Japanese glossary, else 0."""
    if slug != SLUG or language != "ja":
        return 0.0
    try:
        return readings_path().stat().st_mtime
    except FileNotFoundError:
        return 0.0


# Key: the file's modification time (an edited file is read again). Read-only value.
@lru_cache(maxsize=4)
def _readings(mtime: float) -> Mapping[str, tuple[str, str]]:
    if not mtime:
        return MappingProxyType({})
    with readings_path().open("rb") as fh:
        data = tomllib.load(fh)
    return MappingProxyType(
        {anchor: (str(entry["term"]), str(entry["reading"])) for anchor, entry in data.items()}
    )


def readings() -> Mapping[str, tuple[str, str]]:
    """anchor → (the Japanese term it reads, its reading in kana)."""
    return _readings(order_mtime(SLUG, "ja"))


def needs_reading(term: str) -> bool:
    """Whether a Japanese term has letters that only a reading can place in gojūon order.

    >>> needs_reading("手札（ホールカード）"), needs_reading("フロップ"), needs_reading("6カード")
    (True, False, False)
    """
    return bool(_NEEDS_READING.search(term))


def sort_text(anchor: str, term: str, language: str) -> str:
    """The text an entry is sorted by: its term, or for Japanese the term's reading."""
    if language == "ja":
        written, reading = readings().get(anchor, ("", ""))
        if written == term and reading:
            return reading
    return term


def heading_text(inline: Token) -> str:
    """The plain text of a translated heading (without the "not yet translated" mark)."""
    kinds = ("text", "code_inline")
    return "".join(c.content for c in inline.children or [] if c.type in kinds).strip()


def in_language_order[H: _Anchored](
    tokens: list[Token], toc: Sequence[H], language: str
) -> tuple[list[Token], list[H]]:
    """``tokens`` with the ``##`` entries sorted for ``language`` (what precedes the first
    entry stays first), and ``toc`` in the same order."""
    starts = [i for i, t in enumerate(tokens) if t.type == "heading_open" and t.tag == "h2"]
    if language == "en" or not starts:
        return tokens, list(toc)
    ends = [*starts[1:], len(tokens)]
    entries = [tokens[start:end] for start, end in zip(starts, ends, strict=True)]
    collate = sort_key(language)

    def key(entry: list[Token]) -> tuple[bytes, str]:
        anchor = str(entry[0].attrGet("id") or "")
        return collate(sort_text(anchor, heading_text(entry[1]), language)), anchor

    ordered = sorted(entries, key=key)
    place = {str(entry[0].attrGet("id") or ""): n for n, entry in enumerate(ordered)}
    sorted_toc = sorted(toc, key=lambda heading: place.get(heading.anchor, len(place)))
    return [*tokens[: starts[0]], *(t for entry in ordered for t in entry)], sorted_toc
