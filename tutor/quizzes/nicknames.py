"""Nicknames a projector can show safely, and when two are the same.

A nickname is normalised to NFKC with its spaces collapsed. Characters that change how
text around them is drawn or that cannot be seen are refused: controls, format characters
(bidi overrides such as U+202E, zero-width spaces and joiners), private-use, unassigned
and surrogate code points. Two nicknames are the same when their Unicode TS #39
confusable skeletons are (ICU's spoof checker), compared case-insensitively: "kіran" with
a Cyrillic і is "kiran", "RAVI" is "ravi".

>>> clean("  Asha   K ")
'Asha K'
>>> clean("\\u202etniop")
Traceback (most recent call last):
...
tutor.quizzes.nicknames.UnsafeNickname: U+202E
>>> skeleton("kіran") == skeleton("KIRAN")
True
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import icu

__all__ = ["UnsafeNickname", "clean", "skeleton"]

#: General categories refused: control, format, private use, surrogate, unassigned,
#: and line or paragraph separators.
REFUSED = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})


class UnsafeNickname(ValueError):
    """A nickname with a character it may not have; the message names the code point."""


def clean(raw: str) -> str:
    """The nickname as stored: NFKC, spaces collapsed; :class:`UnsafeNickname` when it has
    a character that may not be shown."""
    text = unicodedata.normalize("NFKC", raw)
    for ch in text:
        if unicodedata.category(ch) in REFUSED:
            raise UnsafeNickname(f"U+{ord(ch):04X}")
    return " ".join(text.split())


@lru_cache(maxsize=1)
def _checker() -> icu.SpoofChecker:
    return icu.SpoofChecker()


def skeleton(nickname: str) -> str:
    """The confusable skeleton (UTS #39) of a cleaned nickname, case folded before and
    after, so nicknames that look alike share one."""
    folded = unicodedata.normalize("NFKC", nickname.casefold())
    return unicodedata.normalize("NFKC", _checker().getSkeleton(0, folded).casefold())
