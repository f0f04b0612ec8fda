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
>>> looks("Мina")[1] == looks("Mina")[1], looks("Mina") == looks("Nina")
(True, False)
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import icu
from django.utils.translation import gettext_lazy

__all__ = ["MESSAGES", "UnsafeNickname", "capitals_skeleton", "clean", "looks", "skeleton"]

#: Why a nickname is refused, in words (joining, and a teacher renaming a student).
MESSAGES = {
    "nickname_unsafe": gettext_lazy(
        "A nickname cannot contain invisible characters or characters that change the "
        "direction of text. Type it again with letters, digits and spaces."
    ),
    "nickname_empty": gettext_lazy("Choose a nickname."),
    "nickname_taken": gettext_lazy(
        "Someone in this quiz already uses that nickname. Choose another."
    ),
}

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
    after, so nicknames that look alike share one (stored: one per session)."""
    folded = unicodedata.normalize("NFKC", nickname.casefold())
    return unicodedata.normalize("NFKC", _checker().getSkeleton(0, folded).casefold())


def capitals_skeleton(nickname: str) -> str:
    """The skeleton of the nickname in capitals (stored beside :func:`skeleton`): a
    Cyrillic "М" looks like "M" only as a capital."""
    upper = _checker().getSkeleton(0, unicodedata.normalize("NFKC", nickname.upper()))
    return unicodedata.normalize("NFKC", upper)


def looks(nickname: str) -> tuple[str, str]:
    """How a nickname looks: (:func:`skeleton`, :func:`capitals_skeleton`). Two nicknames
    look alike when either part is the same."""
    return skeleton(nickname), capitals_skeleton(nickname)
