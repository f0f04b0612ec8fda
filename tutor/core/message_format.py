"""Whether a translation %-formats as its English does: the python-format check that the
compile step, ``checktranslations`` and the catalog loader share.

A translation breaks a page when the code's ``text % {"amount": ...}`` raises on it: a
stray ``%`` ("5 % kombinací"), a conversion changed from ``s`` to ``d``, a placeholder
the English does not have. A placeholder left out loses a number the reader needs. GNU
``msgfmt --check-format`` refuses all four; so does :func:`format_problem`, with Babel's
own checker (``babel.messages.checkers.python_format``) for the kinds and names, and by
formatting the translation with sample arguments of the English's types.

>>> format_problem(("1 in %(number)s",), "1 z %(number)s (tj. 5 % kombinací)")
'stray "%" at character 23 (write "%%" for a percent sign)'
>>> format_problem(("%(amount)s chips",), "%(amount)d žetonů")
"incompatible format for placeholder 'amount': 'd' and 's' are not compatible"
>>> format_problem(("%(amount)s chips",), "žetony")
'missing placeholder %(amount)s'
>>> format_problem(("%(count)s point", "%(count)s points"), "%(count)s bodů") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from babel.messages.catalog import Message, TranslationError
from babel.messages.checkers import python_format

# A %-conversion: optional (name), flags, width, precision, length, type.
CONVERSION = re.compile(
    r"%(?:\((?P<name>[^)]*)\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?(?P<type>[diouxXeEfFgGcrsa%])"
)
INTEGER, REAL = frozenset("diouxXc"), frozenset("eEfFgG")


def conversions(text: str) -> list[tuple[str | None, str]]:
    """The (name, type) of each conversion of ``text``, ``%%`` left out."""
    return [
        (m.group("name"), m.group("type"))
        for m in CONVERSION.finditer(text)
        if m.group("type") != "%"
    ]


def is_format(english: Sequence[str]) -> bool:
    """Whether the English is a %-format string: it has a conversion or a ``%%``."""
    return any(CONVERSION.search(form) for form in english)


def _sample(types: set[str]) -> object:
    if types & INTEGER:
        return 7
    if types & REAL:
        return 7.5
    return "x"  # what %s receives: a %d in its place fails on it, as it would in use


def sample_arguments(english: Sequence[str]) -> Mapping[str, object] | tuple[object, ...]:
    """Arguments of the English's types: a mapping for named placeholders, else a tuple."""
    found = [c for form in english for c in conversions(form)]
    named: dict[str, set[str]] = {}
    for name, kind in found:
        if name is not None:
            named.setdefault(name, set()).add(kind)
    if named or not found:
        return {name: _sample(kinds) for name, kinds in named.items()}
    return tuple(_sample({kind}) for _, kind in conversions(english[-1]))


def stray_percent(translation: str, named: bool) -> int | None:
    """The index of the first ``%`` that starts no conversion (or, beside named
    placeholders, a positional one: "5 % dní" reads as ``% d``), else None."""
    index = translation.find("%")
    while index != -1:
        match = CONVERSION.match(translation, index)
        if not match or (named and match.group("name") is None and match.group("type") != "%"):
            return index
        index = translation.find("%", match.end())
    return None


def _formatting_problem(translation: str, arguments: object) -> str | None:
    try:
        translation % arguments
    except (ValueError, TypeError) as error:
        return f"does not format: {error}"
    except KeyError as error:
        return f"unknown named placeholder {error.args[0]!r}"
    return None


def _pair_problem(english: str, translation: str) -> str | None:
    message = Message(english, translation, flags={"python-format"})
    try:
        python_format(None, message)
    except TranslationError as error:
        return str(error)
    kept = {name for name, _ in conversions(translation)}
    names = sorted({name for name, _ in conversions(english) if name and name not in kept})
    if names:
        return "missing placeholder " + ", ".join(f"%({name})s" for name in names)
    return None


def format_problem(english: Sequence[str], translation: str) -> str | None:
    """Why ``translation`` (one form) cannot stand for the python-format ``english``
    (its singular and plural forms), or None. A plural form may follow either English
    form ("one point" has no ``%(count)s``); every form gets the same arguments."""
    if not is_format(english):
        return None
    arguments = sample_arguments(english)
    stray = stray_percent(translation, named=isinstance(arguments, Mapping))
    if stray is not None:
        return f'stray "%" at character {stray + 1} (write "%%" for a percent sign)'
    problems = [_pair_problem(form, translation) for form in english]
    if None not in problems:
        return problems[-1]
    return _formatting_problem(translation, arguments)


def entry_problems(english: Sequence[str], translations: Sequence[str]) -> list[str]:
    """The problem of each translated form of one entry (empty forms are left to the
    completeness checks), naming the form when the entry has plural forms."""
    problems = []
    for index, translation in enumerate(translations):
        problem = format_problem(english, translation) if translation else None
        if problem:
            form = f"plural form {index}: " if len(english) > 1 else ""
            problems.append(form + problem)
    return problems


class _AnyCount(dict[str, object]):
    """Arguments for a plural form of which only the English singular is known: a name
    the singular lacks (its count) gets a number, which every conversion takes."""

    def __missing__(self, key: str) -> object:
        return 7


def compiled_problem(msgid: str, translation: str, *, plural: bool) -> str | None:
    """:func:`format_problem` for an entry of a compiled catalog, which keeps the English
    singular only: a plural form is held only to what would raise (a stray ``%``, a
    conversion changed, a name neither the singular nor a count could fill)."""
    if not plural:
        return format_problem((msgid,), translation)
    if not is_format((msgid,)):
        return None
    arguments = sample_arguments((msgid,))
    if not isinstance(arguments, Mapping):
        return None  # positional plurals: the singular says too little to tell
    stray = stray_percent(translation, named=True)
    if stray is not None:
        return f'stray "%" at character {stray + 1} (write "%%" for a percent sign)'
    return _formatting_problem(translation, _AnyCount(arguments))
