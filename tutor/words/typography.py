"""Czech typography: the non-breaking spaces a Czech reader expects, applied to a whole
rendered page (``tutor/site/typography.py``), never typed into the catalogs by hand.

Czech typesetting (ČSN 01 6910) does not let a line end on a one-letter preposition or
conjunction (k, s, v, z, o, u, a, i) or split a number from what it counts. Translators
cannot be asked to type U+00A0 into every catalog entry, and the engine's numbers are
filled in at run time, so the rule is applied to the finished HTML:

* after a one-letter word k, s, v, z, o, u, a, i (or its capital) followed by white space,
  the white space becomes one NBSP: "a v domě" → "a⍽v⍽domě";
* after a number followed by white space and a letter or "%", the white space becomes
  one NBSP: "3 hráči", "5 karet", "10 %"; after an ordinal ("2. kolo": a number, a dot
  and a small letter) too, but not after a number that ends a sentence ("je jich 5. Pak").
  Digits followed by digits are left alone (Babel already groups "1 000" with an NBSP).

Only text between tags changes. Tags and their attributes (so URLs, form values, alt
texts), comments, and the content of ``<script>``, ``<style>``, ``<textarea>``, ``<pre>``,
``<code>`` and ``<option>`` (an option without a value submits its text) pass through as
they are. A one-letter word at the end of a text node gets its NBSP only when an inline
element follows (``s <strong>bankem</strong>``), not before a block's end. Which text is
Czech (``lang``) is the middleware's business; this function typesets all it is given.

Fast by construction: precompiled expressions, one pass to find the raw elements and one
over the rest, and the search starts from the white space it may replace. The benchmarks
in ``tests/words/test_typography.py`` and ``tests/core/test_czech_typography.py`` print
the time for 50 KB (1.7 ms for the Czech rule page on a shared machine that ran a
reference loop 2.5 times slower than usual). The result is a fixed point: an NBSP is not
white space to it.

>>> czech_nbsp("Hráč s kartou a v ruce") == "Hráč s\\u00a0kartou a\\u00a0v\\u00a0ruce"
True
>>> czech_nbsp('<a title="k tomu">s odkazem</a>') == '<a title="k tomu">s\\u00a0odkazem</a>'
True
>>> czech_nbsp("2. kolo, 3 hráči, 10 %, 1 000") == "2.\\u00a0kolo, 3\\u00a0hráči, 10\\u00a0%, 1 000"
True
"""

from __future__ import annotations

import re

from .phrases import phrase_breaks

NBSP = "\u00a0"

# Elements whose content is not prose, or whose text is data (an <option> without a value
# submits its text): passed through whole.
_RAW = re.compile(
    r"<(script|style|textarea|pre|code|option)\b.*?</\1\s*>", re.DOTALL | re.IGNORECASE
)
# Inline elements that may follow a one-letter word on the same line.
_INLINE = (
    "a|abbr|b|bdi|bdo|cite|code|data|dfn|em|i|kbd|mark|q|samp|small|span|strong|sub|sup|time|u|var"
)
# After "5." a capital starts a new sentence; a small letter makes "5." an ordinal.
_CAPITALS = "A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ"

# The white space to replace, found from its first character (so the regular expression
# engine skips everything else fast) and then checked behind it: a one-letter word (not
# the end of a longer word, an entity "&#x27;s" or a hyphenated "A-2"), a number, or an
# ordinal. ASCII white space only: an NBSP is not matched again, so the result is a fixed
# point. The last lookahead keeps attributes out: inside a tag, the next angle bracket is
# ">", in text it is "<" (Django and markdown-it escape ">" in attribute values).
_SPACES = re.compile(
    rf"""
    [ \t\r\n]
    (?:
        (?<=[ksvzouaiKSVZOUAI].)(?<![\w;&'’\-]..)[ \t\r\n]*+(?=[^\s<]|<(?:{_INLINE})\b)
      | (?<=[0-9].)[ \t\r\n]*+(?=[^\W\d_]|%)
      | (?<=[0-9]\..)[ \t\r\n]*+(?=[^\W\d_])(?![{_CAPITALS}])
    )
    (?=[^<>]*+(?:<|\Z))
    """,
    re.VERBOSE | re.DOTALL,
)


def czech_nbsp(text: str) -> str:
    """``text`` (HTML or plain text) with Czech non-breaking spaces, in one pass."""
    parts: list[str] = []
    done = 0
    for raw in _RAW.finditer(text):
        parts.append(_SPACES.sub(NBSP, text[done : raw.start()]))
        parts.append(raw.group(0))
        done = raw.end()
    parts.append(_SPACES.sub(NBSP, text[done:]))
    return "".join(parts)


def typeset(text: str, language: str) -> str:
    """``text`` as a page in ``language`` shows it: with Czech non-breaking spaces in
    Czech, Japanese phrases and hyphenated numbers kept whole (:mod:`tutor.words.phrases`)
    in every language (tests compare expected text with pages).

    >>> typeset("a v", "cs") == "a\\u00a0v", typeset("a v", "en")
    (True, 'a v')
    """
    text = phrase_breaks(text, language)
    return czech_nbsp(text) if language == "cs" else text
