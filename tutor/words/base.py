"""What every words module shares: the missing-words error, look-ups and placeholders.

>>> fill("%(seat)s folds.", {"seat": "Seat 2"})
'Seat 2 folds.'
>>> lookup({"fold": "folds"}, "event", "muck")
Traceback (most recent call last):
...
tutor.words.base.MissingWords: no words for event code 'muck'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from babel.lists import format_list
from django.utils.translation import gettext_noop, pgettext

from tutor.core.locales import current_language, format_number, format_percentage


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
    return format_list(list(names), locale=current_language().replace("-", "_"))


def parenthetical(text: str, note: str) -> str:
    """``text (note)`` with the language's own brackets and spacing (Japanese writes
    「2番席（ボタン）」): the bracket pair is a translated message, never ASCII glued on."""
    # Translators: a note in brackets after a word, "Seat 2 (button)". Use your language's
    # brackets and spacing (Japanese: full-width, no space).
    return fill(pgettext("parenthetical", "%(text)s (%(note)s)"), {"text": text, "note": note})


#: Django's forms end each label with a translated ":" (``BaseForm.label_suffix``); the
#: project's catalogs come first, so this entry gives Japanese its full-width colon.
# Translators: the mark after a form field's label, "Username:". Japanese: ：
LABEL_SUFFIX = gettext_noop(":")


def labelled(label: str, value: str) -> str:
    """``label: value`` with the language's own colon and spacing (Japanese writes
    「メインポット：1,250」): the pair is a translated message, never an ASCII colon glued on."""
    # Translators: a label and its value, "Main pot: 1,250". Use your language's colon and
    # spacing (Japanese: full-width ：, no space).
    return fill(
        pgettext("label and value", "%(label)s: %(value)s"), {"label": label, "value": value}
    )


def bracketed(note: str) -> str:
    """`` (note)`` after a word in another element, the space before it included: the
    language's own brackets and spacing (Japanese 「（最新順）」 with no space before it, so
    templates put no space of their own in front)."""
    # Translators: a note in brackets after a heading or a name: " (newest first)". Keep the
    # space before it if your language puts one there (Japanese: full-width, no space).
    return fill(pgettext("parenthetical", " (%(note)s)"), {"note": note})


#: Languages whose sentences follow each other with no space after a full-width stop
#: (Japanese: 「…です。フロップ以降は…」).
_NO_SPACE_AFTER_STOP = ("ja",)

#: A full-width stop, the closing tags right after it, and the white space that follows.
_STOP_THEN_SPACE = re.compile(r"([。！？])((?:</[a-z]+>)*)\s+")


def run_on(text: str) -> str:
    """Sentences already put one after another with white space between them (a template's
    lines, a joined list) as the page language runs them: Japanese has no space after
    「。」「！」「？」 (a closing tag right after the stop stays); other languages keep theirs.

    >>> from django.utils import translation
    >>> with translation.override("ja"):
    ...     run_on("勝ちです。 <strong>次です！</strong>\\n  終わり")
    '勝ちです。<strong>次です！</strong>終わり'
    """
    if current_language().split("-")[0] not in _NO_SPACE_AFTER_STOP:
        return text
    return _STOP_THEN_SPACE.sub(r"\1\2", text)


def sentences(*parts: str | Iterable[str]) -> str:
    """Whole sentences one after another as the page language runs them: one space between
    two sentences, none after a Japanese 「。」「！」「？」. A part may be a list of
    sentences; empty parts are left out.

    >>> from django.utils import translation
    >>> with translation.override("ja"):
    ...     sentences("勝ちです。", ["次です。", ""], "終わり")
    '勝ちです。次です。終わり'
    >>> with translation.override("hi"):
    ...     sentences("पहला।", "दूसरा।")
    'पहला। दूसरा।'
    """
    flat: list[str] = []
    for part in parts:
        items = [part] if isinstance(part, str) else list(part)
        flat.extend(text.strip() for text in items if text and text.strip())
    return run_on(" ".join(flat))


def answer_parts(parts: Sequence[str]) -> str:
    """The parts of one answer one after another, "Seat 1: 96; Seat 2: 40", through a
    translated pair pattern (Japanese 「1番席：96、2番席：40」), never an ASCII "; "."""
    if not parts:
        return ""
    # Translators: the parts of one answer in the results, one after the other: "outs: 9;
    # pot odds: 25%" or "750 (Seat 3); 1,300 (Seat 2)". %(parts)s is the parts so far,
    # %(part)s the next one. Japanese: %(parts)s、%(part)s.
    pattern = pgettext("parts of an answer", "%(parts)s; %(part)s")
    joined = parts[0]
    for part in parts[1:]:
        joined = fill(pattern, {"parts": joined, "part": part})
    return joined


def separator() -> str:
    """The mark between items on one line ("Read the rule · Practise it"): a catalog
    message, since Japanese has no Latin middle dot (it writes ・ or ／)."""
    # Translators: the mark between links or facts on one line, with a space each side.
    # Japanese: ・ or ／ (not the Latin ·).
    return pgettext("separator between items", "·")


def on_one_line(items: Sequence[str]) -> str:
    """Items on one line with the language's separator and a space each side of it."""
    return f" {separator()} ".join(items)


def hand_note(hand: str, note: str) -> str:
    """A hand and a note on it, "Two pair — wins", "Trail — a trail of kings": the
    language's own pattern (Japanese 「ツーペア：勝ち」, Czech an en dash)."""
    # Translators: a hand category and a short note after it in a showdown row or a
    # hand's caption: "Two pair — wins", "One pair — may muck", "Trail — a trail of kings".
    # Use your language's own mark (Japanese: %(hand)s：%(note)s; Czech: en dash –).
    return fill(
        pgettext("hand and a note on it", "%(hand)s — %(note)s"), {"hand": hand, "note": note}
    )


def with_link(text: str, link: str) -> str:
    """A short statement and the link that follows it: "Taught in unit 2: Blinds — the
    lesson" (Japanese 「…で学びます。レッスンへ」)."""
    # Translators: a short statement and then a link: "Taught in unit 2: Blinds — the
    # lesson". %(link)s is the link's text. Japanese: %(text)s。%(link)s; Czech: en dash –.
    return fill(
        pgettext("statement and a link", "%(text)s — %(link)s"), {"text": text, "link": link}
    )


def preset_label(code: str) -> str:
    """The label of a bet-size preset of the engine (``"2x"``, ``"33"``) in the page
    language: a multiple ("2x", Japanese 2倍) or a share of the pot as Babel writes a
    percentage ("33 %" in Czech, "33%" in Japanese)."""
    language = current_language()
    if code.endswith("x"):
        times = number(int(code[:-1]), language)
        # Translators: a raise size, a number of times the bet or big blind: "2x" is
        # "twice". Japanese: %(times)s倍.
        return fill(pgettext("preset size", "%(times)sx"), {"times": times})
    return format_percentage(Fraction(int(code), 100), language, decimals=0)
