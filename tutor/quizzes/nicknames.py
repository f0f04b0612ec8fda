"""What a nickname is refused for, in words (joining, and a teacher renaming a student).

The rules themselves, for every kind of name, are ``tutor/core/names.py``: a nickname is
cleaned by ``names.clean`` and compared by ``names.looks``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from django.utils.translation import gettext_lazy

from tutor.core import names

__all__ = ["MESSAGES", "RESERVED", "refusal", "reserved"]

#: Names a student may not take, so that no one passes for the teacher or the site on the
#: projector and the leaderboard: in each of the site's languages, compared by look
#: (``names.skeleton``: "TEACHER", "Tеacher" with a Cyrillic е, "Teacher 2" alike).
RESERVED = (
    "teacher", "the teacher", "admin", "administrator", "moderator", "host", "staff",
    "system", "root", "tutor", "owner",
    "শিক্ষক", "শিক্ষিকা", "অ্যাডমিন", "স্যার", "ম্যাডাম",
    "शिक्षक", "शिक्षिका", "अध्यापक", "अध्यापिका", "एडमिन", "सर", "मैडम",
    "先生", "せんせい", "センセイ", "教師", "管理者", "講師",
    "učitel", "učitelka", "pan učitel", "paní učitelka", "správce", "administrátor",
)  # fmt: skip
#: What is left out around a name before it is compared: digits, spaces and punctuation
#: at either end ("Teacher 2", "-admin-").
ENDS = re.compile(r"^[\W\d_]+|[\W\d_]+$")

#: Why a nickname is refused, in words; ``marks`` and ``joiner`` are ``names.MESSAGES``.
MESSAGES = {
    "nickname_unsafe": gettext_lazy(
        "A nickname cannot contain invisible characters or characters that change the "
        "direction of text. Type it again with letters, digits and spaces."
    ),
    "nickname_empty": gettext_lazy("Choose a nickname."),
    "nickname_taken": gettext_lazy(
        "Someone in this quiz already uses that nickname. Choose another."
    ),
    "nickname_reserved": gettext_lazy(
        "That name is kept for the teacher and the site, so that no one passes for them. "
        "Choose another nickname."
    ),
}


# Key: nothing (the reserved names are constants); the set is immutable.
@lru_cache(maxsize=1)
def _reserved_looks() -> frozenset[str]:
    return frozenset(names.skeleton(word) for word in RESERVED)


def reserved(nickname: str) -> bool:
    """Whether a cleaned nickname is, or looks like, a name kept for the teacher or the
    site (:data:`RESERVED`).

    >>> reserved("Teacher 2"), reserved("ADMIN"), reserved("učitel"), reserved("Asha")
    (True, True, True, False)
    """
    core = ENDS.sub("", nickname)
    return bool(core) and names.skeleton(core) in _reserved_looks()


def refusal(code: str) -> str:
    """A refused nickname's code (a key of :data:`MESSAGES`, or a reason of
    ``names.UnsafeName``) in words."""
    if code in MESSAGES:
        return str(MESSAGES[code])
    return names.UnsafeName(code, " ").message(MESSAGES["nickname_unsafe"])
