"""Names people type for others to see, and when two look alike: the one set of rules for
nicknames, roster names, usernames, class names and quiz titles.

A name is normalised to NFKC with its spaces collapsed (:func:`clean`), then refused with
:class:`UnsafeName` when it could deface a page or a projector:

- ``invisible``: a character that changes how the text around it is drawn or cannot be
  seen: controls, format characters (bidi embeddings, overrides and isolates U+202A–U+202E
  and U+2066–U+2069, the marks U+200E and U+200F, the zero-width spaces U+200B and U+FEFF),
  other default-ignorable code points (the Hangul fillers), private use, unassigned and
  surrogate code points, line and paragraph separators;
- ``marks``: a letter carrying more than :data:`MAX_MARKS` combining marks, which stack
  over the line above (a Bengali or Hindi letter with its vowel sign and nasalisation,
  "রাঁ", "हैं", has two);
- ``joiner``: a zero-width joiner or non-joiner (U+200D, U+200C) anywhere but between two
  letters of a script that spells with them (:data:`JOINING_SCRIPTS`: "র‍্যাব", "क्‍ष").
  At the start or end, doubled, or between Latin letters it is only invisible padding.

A username (:func:`clean_username`) follows the same rules, with letters, their marks,
digits and ``. @ + - _`` only: "राम", "রাম", "山田", "Dvořák".

Two names look alike when their Unicode TS #39 confusable skeletons (ICU's spoof checker)
are the same, compared case-insensitively: "kіran" with a Cyrillic і is "kiran", "RAVI"
is "ravi". A skeleton may be longer than its name: ICU 77 maps one Hangul syllable such
as "꽦" to up to six code points, so a 40-character name can have a 240-character
skeleton. :func:`looks` therefore stores each skeleton's SHA-256 (:data:`LOOK_KEY_LENGTH`
hex digits): a key of one length whatever the name.

>>> clean("  Asha   K ")
'Asha K'
>>> clean("\\u202etniop")
Traceback (most recent call last):
...
tutor.core.names.UnsafeName: invisible U+202E
>>> clean("র\\u200d্যাব") == "র\\u200d্যাব", clean_username("राम")
(True, 'राम')
>>> skeleton("kіran") == skeleton("KIRAN")
True
>>> looks("Мina")[1] == looks("Mina")[1], looks("Mina") == looks("Nina")
(True, False)
"""

from __future__ import annotations

import hashlib
import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING

import icu
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy

from .locales import current_language, format_number

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

__all__ = [
    "LOOK_KEY_LENGTH",
    "MAX_MARKS",
    "MESSAGES",
    "UnsafeName",
    "capitals_skeleton",
    "clean",
    "clean_username",
    "looks",
    "skeleton",
    "with_names",
]

#: Why a name is refused, in words, for the reasons every kind of name shares (each form
#: says ``invisible`` in its own words: "A nickname cannot contain ...").
MESSAGES = {
    "marks": gettext_lazy(
        "A letter can carry at most %(limit)s accents or signs; one letter here has more. "
        "Type the name again."
    ),
    "joiner": gettext_lazy(
        "An invisible joiner (U+200C or U+200D) may stand only between two letters of a "
        "script that needs it, such as Bengali or Hindi. Remove it and type the name again."
    ),
    "username": gettext_lazy(
        "A user name may contain only letters (with their accents and vowel signs), digits "
        "and the characters . @ + - _"
    ),
}

#: The most combining marks one letter may carry.
MAX_MARKS = 4
#: General categories refused: control, format, private use, surrogate, unassigned, and
#: line or paragraph separators (the joiners are format characters allowed by position).
REFUSED = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
ZWNJ, ZWJ = "\u200c", "\u200d"
JOINERS = frozenset({ZWNJ, ZWJ})
#: Scripts that spell with ZWJ and ZWNJ inside words (ISO 15924, as ICU names them):
#: the Brahmic scripts of India and Sri Lanka, and Arabic (Persian's ZWNJ).
JOINING_SCRIPTS = frozenset(
    {"Beng", "Deva", "Guru", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh", "Arab"}
)
#: Punctuation a username may have besides letters, marks and digits (Django's own).
USERNAME_PUNCTUATION = frozenset("._@+-")
#: Length of a look-alike key: a SHA-256 in hex.
LOOK_KEY_LENGTH = 64


class UnsafeName(ValueError):
    """A name with a character it may not have: ``reason`` (a key of :data:`MESSAGES`, or
    ``invisible``) and the code point."""

    def __init__(self, reason: str, char: str) -> None:
        super().__init__(f"{reason} U+{ord(char):04X}")
        self.reason = reason
        self.char = char

    def message(self, invisible: StrOrPromise) -> str:
        """The refusal in words; ``invisible`` is the form's own words for that reason."""
        if self.reason == "invisible":
            return str(invisible)
        if self.reason == "marks":
            return str(MESSAGES["marks"]) % {"limit": format_number(MAX_MARKS, current_language())}
        return str(MESSAGES[self.reason])


def _is_letter(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LM"


def _script(ch: str) -> str:
    return str(icu.Script.getScript(ord(ch)).getShortName())


def _joins(before: str, after: str) -> bool:
    """Whether a joiner may stand between ``before`` and ``after``."""
    return (
        _is_letter(before)
        and _is_letter(after)
        and _script(before) in JOINING_SCRIPTS
        and _script(before) == _script(after)
    )


def _invisible(ch: str) -> bool:
    if unicodedata.category(ch) in REFUSED:
        return True
    # Default-ignorable letters and marks (U+3164 HANGUL FILLER, U+034F) draw nothing;
    # variation selectors (U+FE0F after an emoji) only choose a glyph.
    ignorable = icu.Char.hasBinaryProperty(ch, icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT)
    return bool(ignorable) and not icu.Char.hasBinaryProperty(ch, icu.UProperty.VARIATION_SELECTOR)


def check(text: str) -> None:
    """Raise :class:`UnsafeName` for the first character of ``text`` a name may not have."""
    marks = 0
    for i, ch in enumerate(text):
        if ch in JOINERS:
            if not (0 < i < len(text) - 1 and _joins(text[i - 1], text[i + 1])):
                raise UnsafeName("joiner", ch)
            continue  # a joiner sits inside a letter's cluster: its marks go on counting
        if _invisible(ch):
            raise UnsafeName("invisible", ch)
        marks = marks + 1 if unicodedata.category(ch)[0] == "M" else 0
        if marks > MAX_MARKS:
            raise UnsafeName("marks", ch)


def clean(raw: str) -> str:
    """The name as stored: NFKC, spaces collapsed; :class:`UnsafeName` when it has a
    character that may not be shown."""
    text = unicodedata.normalize("NFKC", raw)
    check(text)  # before the spaces are collapsed: a line break or tab is refused
    return " ".join(text.split())


def clean_username(raw: str) -> str:
    """A username as stored: :func:`clean`, then letters, marks, digits and
    :data:`USERNAME_PUNCTUATION` only."""
    name = clean(raw)
    for ch in name:  # a joiner left by clean is in its place
        allowed = ch in USERNAME_PUNCTUATION or ch in JOINERS or unicodedata.category(ch) == "Nd"
        if not (allowed or _is_letter(ch)):
            raise UnsafeName("username", ch)
    return name


@lru_cache(maxsize=1)
def _checker() -> icu.SpoofChecker:
    return icu.SpoofChecker()


def skeleton(name: str) -> str:
    """The confusable skeleton (UTS #39) of a cleaned name, case folded before and after,
    so names that look alike share one."""
    folded = unicodedata.normalize("NFKC", name.casefold())
    return unicodedata.normalize("NFKC", _checker().getSkeleton(0, folded).casefold())


def capitals_skeleton(name: str) -> str:
    """The skeleton of the name in capitals: a Cyrillic "М" looks like "M" only as a
    capital."""
    upper = _checker().getSkeleton(0, unicodedata.normalize("NFKC", name.upper()))
    return unicodedata.normalize("NFKC", upper)


def with_names(message: StrOrPromise, **people: str) -> SafeString:
    """A translated message with people's names put in, each isolated in ``<bdi>`` so an
    Arabic name cannot reorder the sentence (messages shown as HTML).

    >>> str(with_names("Renamed to %(name)s.", name="<b>"))
    'Renamed to <bdi>&lt;b&gt;</bdi>.'
    """
    isolated = {key: format_html("<bdi>{}</bdi>", name) for key, name in people.items()}
    return mark_safe(conditional_escape(message) % isolated)  # the message is escaped


def look_key(skeleton_text: str) -> str:
    """A skeleton as stored: its SHA-256 in hex, :data:`LOOK_KEY_LENGTH` long."""
    return hashlib.sha256(skeleton_text.encode()).hexdigest()


def looks(name: str) -> tuple[str, str]:
    """How a name looks, as stored: the keys of its :func:`skeleton` and its
    :func:`capitals_skeleton`. Two names look alike when either key is the same."""
    return look_key(skeleton(name)), look_key(capitals_skeleton(name))
