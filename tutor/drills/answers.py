"""Reading a learner's answer: the fields of a posted form, checked and converted.

An answer is form data of one type, ``{field: [values]}`` (``drill.Answer``): a posted
form becomes one through :func:`posted`, a stored quiz answer is one. Each reader raises
``AnswerError`` with a translated message when the answer cannot be read, so nothing is
counted and the learner is told what to fix.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from tutor.core.numbers import chip_digits, read_chips, whole_number

from .base import AnswerError

MAX_AMOUNT = 10**9


def posted(form: QueryDict) -> dict[str, list[str]]:
    """A posted form as an answer: every field with all its values (``getlist``)."""
    return {key: form.getlist(key) for key in form}


def form_data(stored: Mapping[str, Any] | None) -> dict[str, list[str]]:
    """A stored answer (JSON read back) as an answer: each field's values as text, a
    field stored as one bare value as a list of it.

    >>> form_data({"winners": ["0", "2"], "pot0": 300})
    {'winners': ['0', '2'], 'pot0': ['300']}
    """
    return {
        str(key): [str(v) for v in found] if isinstance(found, list | tuple) else [str(found)]
        for key, found in (stored or {}).items()
    }


def refill(answer: Mapping[str, Any]) -> QueryDict:
    """A stored answer as the form to fill in again: a template reads a text box's one
    value as ``answer.pot0``; ticked boxes come from the answer's lists themselves."""
    data = QueryDict(mutable=True)
    for key, given in form_data(answer).items():
        data.setlist(key, given)
    return data


def values(answer: Mapping[str, Any], key: str) -> list[str]:
    """Every value given under ``key`` (a checkbox group, a multiple select); a field
    written as one bare value (a test's ``{"result": "tie"}``) is that one value.

    A ``QueryDict`` is refused: its ``[key]`` and ``get`` keep only the last value, so a
    posted form is read through :func:`posted` first.
    """
    if isinstance(answer, QueryDict):
        raise TypeError("read a posted form through answers.posted(), which keeps every value")
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
