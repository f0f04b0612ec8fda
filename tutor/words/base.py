"""What every words module shares: the missing-words error, look-ups and placeholders.

>>> fill("%(seat)s folds.", {"seat": "Seat 2"})
'Seat 2 folds.'
>>> lookup({"fold": "folds"}, "event", "muck")
Traceback (most recent call last):
...
tutor.words.base.MissingWords: no words for event code 'muck'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from babel.lists import format_list
from django.utils.translation import get_language

from tutor.core.locales import format_number


class MissingWords(KeyError):
    """A code (or a message's placeholder) the words package has no text for.

    A ``KeyError``, so a caller that looks a code up can treat both alike; never caught
    inside this package to put a generic sentence in its place.
    """

    def __init__(self, family: str, code: object) -> None:
        super().__init__(f"no words for {family} code {code!r}")
        self.family = family
        self.code = code

    def __str__(self) -> str:
        return str(self.args[0])


def lookup[K, V](table: Mapping[K, V], family: str, code: K) -> V:
    """``table[code]``, or :class:`MissingWords` naming the family of codes."""
    try:
        return table[code]
    except KeyError:
        raise MissingWords(family, code) from None


def fill(text: str, params: Mapping[str, object]) -> str:
    """Put the named placeholders of a (translated) message; a message without any is kept
    as it is (so a literal ``%`` in it needs no escaping). A placeholder the message names
    but ``params`` lacks raises :class:`MissingWords`."""
    if "%(" not in text:
        return text
    try:
        return text % params
    except MissingWords:
        raise
    except KeyError as error:
        raise MissingWords("placeholder", error.args[0]) from None


def number(value: int, language: str) -> str:
    """A count or a chip amount as the language writes it (Indian grouping, spaces ...)."""
    return format_number(value, language)


def join_names(names: Sequence[str]) -> str:
    """``A, B and C`` in the page language (Babel's list patterns)."""
    return format_list(list(names), locale=(get_language() or "en").replace("-", "_"))
