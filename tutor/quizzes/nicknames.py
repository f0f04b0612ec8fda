"""What a nickname is refused for, in words (joining, and a teacher renaming a student).

The rules themselves, for every kind of name, are ``tutor/core/names.py``: a nickname is
cleaned by ``names.clean`` and compared by ``names.looks``.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from tutor.core import names

__all__ = ["MESSAGES", "refusal"]

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
}


def refusal(code: str) -> str:
    """A refused nickname's code (a key of :data:`MESSAGES`, or a reason of
    ``names.UnsafeName``) in words."""
    if code in MESSAGES:
        return str(MESSAGES[code])
    return names.UnsafeName(code, " ").message(MESSAGES["nickname_unsafe"])
