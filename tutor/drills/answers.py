"""Reading a learner's answer: the fields of a posted form, checked and converted.

An answer is a ``QueryDict`` from the page, or a plain dict of lists (a stored quiz
answer, a test). Each reader raises ``AnswerError`` with a translated message when the
answer cannot be read, so nothing is counted and the learner is told what to fix.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from tutor.core.numbers import chip_digits, read_chips, whole_number

from .base import AnswerError

MAX_AMOUNT = 10**9


def values(answer: Mapping[str, Any], key: str) -> list[str]:
    """Every value posted under ``key`` (a checkbox group, a multiple select)."""
    if hasattr(answer, "getlist"):
        return list(answer.getlist(key))
    found = answer.get(key, [])
    return [str(v) for v in found] if isinstance(found, list | tuple) else [str(found)]


def value(answer: Mapping[str, Any], key: str) -> str:
    """The one value posted under ``key``, or ``""``."""
    found = values(answer, key)
    return found[-1] if found else ""


def amount(text: object) -> int | None:
    """A number of chips, read by :func:`~tutor.core.numbers.read_chips`: ``None`` when left
    empty (nothing but spaces and group separators)."""
    if chip_digits(text) == "":
        return None
    chips = read_chips(text)
    if chips is None or chips > MAX_AMOUNT:
        raise AnswerError(_("Amounts are whole numbers of chips, from 0 up to one billion."))
    return chips


def indexes(answer: Mapping[str, Any], key: str, count: int, message: str) -> set[int]:
    """The positions ticked under ``key``, each below ``count`` (else ``message``)."""
    chosen = set()
    for text in values(answer, key):
        if (number := whole_number(text, 2)) is None or number >= count:
            raise AnswerError(message)
        chosen.add(number)
    return chosen
