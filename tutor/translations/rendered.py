"""The rendered-text guard: what a native reader would catch on a finished page, but no
catalog check can, because the text was put together at run time (issue 17).

Given a language and the *visible* text of a page (``page.inner_text("body")`` in the
browser sweep ``tests/browser/test_layout_shots.py``: no attributes, nothing hidden), it
returns a :class:`Finding` per offending spot. The rules:

``card-code``
    a card written as a code (``Kd``, ``Ts``, ``10h``): a rank A K Q J T or 2-10 and a
    lower-case suit s h d c, as a token of its own. Prose shows suit symbols or names.
Which rules a language's pages get is its ``checks`` in ``locale/languages.toml``.

``latin``  (bn, hi, ja: scripts other than Latin)
    a Latin-script word that the language's allow-list does not name: the allow-list
    (``locale/<ll>/latin-allowed.toml``) holds proper names, the poker terms the
    terminology glosses in Latin, and units, each with its reason.
``english``  (cs: Latin scripts)
    Czech is written in Latin, so instead a few English function words (``the``,
    ``and`` ...) that no Czech sentence contains betray an untranslated string.
``ja-punctuation``  (ja)
    an ASCII ``(`` ``)`` ``,`` ``:`` touching Japanese (kana or kanji, or one space
    away): inside a Japanese sentence the full-width （）、： belong; and the Latin
    middle dot ``·`` anywhere.
``cs-nbsp``  (cs)
    a one-letter preposition or conjunction (k s v z o u a i) followed by a plain space:
    a line may end there (``tutor/words/typography.py`` should have put a no-break space).

An allow-list file may also list ``known`` passages: exact text in which findings are
let through while a catalog entry waits for its fix (each with a comment saying so).
Pure functions of the standard library and the language registry.

>>> [str(f) for f in check("ja", "フロップ：Kc Ad", page="play")][:1]
['play ja card-code: «Kc» in "フロップ：Kc Ad"']
>>> [f.found for f in check("ja", "フロップ：Kc Ad 6c")]
['Kc', 'Ad', '6c']
>>> [f.rule for f in check("ja", "2番席 (ボタン)")]
['ja-punctuation', 'ja-punctuation']
>>> check("cs", "Hráč s\\u00a0kartou a\\u00a0v\\u00a0ruce")
[]
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from tutor.core import locales

LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"
#: How much text around an offending spot a finding quotes, each side.
CONTEXT = 24

_NOT_ALNUM_BEFORE = r"(?<![A-Za-z0-9])"
_NOT_ALNUM_AFTER = r"(?![A-Za-z0-9])"
CARD_CODE = re.compile(rf"{_NOT_ALNUM_BEFORE}(?:[AKQJT2-9]|10)[shdc]{_NOT_ALNUM_AFTER}")

# Latin letters, with the accented ones of Latin-1 and Latin Extended-A/B ("čeština").
_LATIN = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
# A word: letters, with an apostrophe or hyphen inside ("Hold'em", "all-in").
LATIN_WORD = re.compile(rf"[{_LATIN}]+(?:['’\-][{_LATIN}]+)*")
# Addresses are data, not words: a URL or an e-mail address is left out as a whole.
ADDRESS = re.compile(r"https?://\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[\w-]+(?:\.[a-z]{2,})+/\S*")

# A gloss: Latin words alone in brackets after a word of the page's script, "फ़ोल्ड (Fold)",
# "(RTP, return to player)"; allowed where the terminology glosses terms (``glosses``).
GLOSS = re.compile(rf"(?:(?<=[^\s(（] [(])|(?<=[^\s(（][(]))[{_LATIN}0-9' \u00a0’,\-]+(?=[)])")

# The letters printed on the cards, alone or in a sequence ("A-K-Q", "10-J-Q", "A2345"):
# every language's terminology keeps them in Latin, as the cards do.
RANK_LETTERS = re.compile(r"(?<![A-Za-z])[AKQJ](?:-?(?:[AKQJ2-9]|10))*(?![A-Za-z])")

#: English words that occur in no Czech sentence, as whole words, any case. Not "to":
#: it is a Czech pronoun ("je to remíza"), and not the one-letter "a", "i".
ENGLISH_FUNCTION_WORDS = ("the", "and", "of", "is", "you", "your", "with")
ENGLISH_WORD = re.compile(
    rf"(?<![{_LATIN}'’\-])(?:{'|'.join(ENGLISH_FUNCTION_WORDS)})(?![{_LATIN}'’\-])",
    re.IGNORECASE,
)

# Japanese: hiragana, katakana (with ー), CJK ideographs and the iteration mark.
_JAPANESE = "\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\u3005"
JA_PUNCTUATION = re.compile(
    rf"(?<=[{_JAPANESE}])[ ]?[(),:]|[(),:](?=[ ]?[{_JAPANESE}])|[(](?=[^)]*\)[ ]?[{_JAPANESE}])"
)
JA_MIDDLE_DOT = re.compile("\u00b7")

# A one-letter word (not the end of a longer word, "A-2", or an entity) and a plain space.
CS_PLAIN_SPACE = re.compile(r"(?<![\w;&'’\-])[ksvzouaiKSVZOUAI](?= \S)")


@dataclass(frozen=True)
class Finding:
    """One offending spot: the page, the language, the rule and the text around it."""

    page: str
    language: str
    rule: str
    found: str
    context: str

    def __str__(self) -> str:
        return f'{self.page} {self.language} {self.rule}: «{self.found}» in "{self.context}"'


@dataclass(frozen=True)
class Allowed:
    """A language's allow-list: Latin words and phrases, and known passages."""

    latin: tuple[str, ...] = ()
    known: tuple[str, ...] = ()
    glosses: bool = False

    @cached_property
    def latin_pattern(self) -> re.Pattern[str] | None:
        """One expression for every allowed phrase as whole words, longest first."""
        if not self.latin:
            return None
        phrases = sorted(self.latin, key=len, reverse=True)
        body = "|".join(re.escape(p) for p in phrases)
        return re.compile(rf"(?<![{_LATIN}])(?:{body})(?![{_LATIN}])")


def parse_allowed(text: str) -> Allowed:
    """An allow-list from the text of a ``latin-allowed.toml`` (``latin`` and ``known``,
    each a list of non-empty strings).

    >>> parse_allowed('latin = ["Teen Patti"]').latin
    ('Teen Patti',)
    """
    data = tomllib.loads(text)
    unknown = set(data) - {"language", "latin", "known", "glosses"}
    if unknown:
        raise ValueError(f"unknown keys {sorted(unknown)} in an allow-list")
    lists = {}
    for key in ("latin", "known"):
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise ValueError(f"{key!r} must be a list of non-empty strings")
        lists[key] = tuple(value)
    glosses = data.get("glosses", False)
    if not isinstance(glosses, bool):
        raise ValueError("'glosses' must be true or false")
    return Allowed(latin=lists["latin"], known=lists["known"], glosses=glosses)


@cache
def allowed_for(language: str) -> Allowed:
    """The shipped allow-list of ``language`` (empty when it has no file)."""
    path = LOCALE_DIR / language / "latin-allowed.toml"
    return parse_allowed(path.read_text(encoding="utf-8")) if path.exists() else Allowed()


#: What the sweep reads of a page: the body's visible text (``innerText``: nothing
#: hidden, no attributes), and the passages to leave out of it: code and key caps
#: (``code kbd samp pre``, not prose) and whatever is marked as written in another
#: language (``lang``: the language switcher's names, a teacher's question in its own
#: language), which is right as it stands.
PAGE_TEXT_JS = """
() => {
  const own = document.documentElement.lang;
  const other = (e) => e.matches("code, kbd, samp, pre") || (e.lang && e.lang !== own);
  const left = [...document.body.querySelectorAll("code, kbd, samp, pre, [lang]")].filter(other);
  return [document.body.innerText, left.map((e) => e.innerText).filter((t) => t.trim())];
}
"""


def without(text: str, passages: Iterable[str]) -> str:
    """``text`` with each occurrence of the passages blanked out (``PAGE_TEXT_JS``'s
    left-out parts), positions kept.

    >>> without("English বাংলা", ["English"])
    '        বাংলা'
    """
    return _blank(text, [span for p in passages for span in _occurrences(text, p)])


def _spans(pattern: re.Pattern[str], text: str) -> Iterator[tuple[int, int]]:
    for match in pattern.finditer(text):
        yield match.start(), match.end()


def _blank(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """``text`` with the spans replaced by spaces (positions kept)."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def card_codes(text: str) -> Iterator[tuple[int, int]]:
    return _spans(CARD_CODE, text)


def _allowed_spans(text: str, allowed: Allowed) -> list[tuple[int, int]]:
    """Where ``text`` holds an address, an allowed phrase or (if allowed) a gloss."""
    spans = list(_spans(ADDRESS, text))
    if allowed.latin_pattern is not None:
        spans += _spans(allowed.latin_pattern, text)
    if allowed.glosses:
        spans += _spans(GLOSS, text)
    return spans


def latin_words(text: str, allowed: Allowed) -> Iterator[tuple[int, int]]:
    """Latin words that are neither allowed nor card codes (found by their own rule)."""
    hidden = [*_allowed_spans(text, allowed), *card_codes(text), *_spans(RANK_LETTERS, text)]
    return _spans(LATIN_WORD, _blank(text, hidden))


def english_words(text: str, allowed: Allowed) -> Iterator[tuple[int, int]]:
    """English function words outside allowed phrases and glosses (Czech)."""
    return _spans(ENGLISH_WORD, _blank(text, _allowed_spans(text, allowed)))


def japanese_punctuation(text: str) -> Iterator[tuple[int, int]]:
    for _start, end in _spans(JA_PUNCTUATION, text):
        yield end - 1, end  # the mark itself, not the space before it
    yield from _spans(JA_MIDDLE_DOT, text)


def czech_plain_spaces(text: str) -> Iterator[tuple[int, int]]:
    return ((start, end + 1) for start, end in _spans(CS_PLAIN_SPACE, text))


#: The rules a language may name in its ``checks``, in the order they are run.
RULES: dict[str, Callable[[str, Allowed], Iterable[tuple[int, int]]]] = {
    "latin": latin_words,
    "english": english_words,
    "cs-nbsp": lambda text, _allowed: czech_plain_spaces(text),
    "ja-punctuation": lambda text, _allowed: japanese_punctuation(text),
}


def language_checks(language: str) -> tuple[str, ...]:
    """The rules for ``language``'s pages (none for a language the site does not serve)."""
    try:
        return locales.language(language).checks
    except KeyError:
        return ()


def _finders(language: str, text: str, allowed: Allowed) -> Iterator[tuple[str, int, int]]:
    for start, end in card_codes(text):
        yield "card-code", start, end
    checks = language_checks(language)
    for rule in RULES:
        if rule in checks:
            for start, end in RULES[rule](text, allowed):
                yield rule, start, end


def quote(text: str, start: int, end: int) -> str:
    """The text around ``[start, end)``, on one line."""
    around = text[max(0, start - CONTEXT) : end + CONTEXT]
    return " ".join(around.split())


def check(
    language: str, text: str, *, page: str = "", allowed: Allowed | None = None
) -> list[Finding]:
    """Every finding in ``text`` (a page's visible text in ``language``), in page order.

    ``allowed`` defaults to the language's shipped allow-list; findings inside one of its
    ``known`` passages are left out.
    """
    allowed = allowed_for(language) if allowed is None else allowed
    excused = [span for known in allowed.known for span in _occurrences(text, known)]
    findings = []
    for rule, start, end in sorted(_finders(language, text, allowed), key=lambda f: f[1]):
        if any(a <= start and end <= b for a, b in excused):
            continue
        findings.append(Finding(page, language, rule, text[start:end], quote(text, start, end)))
    return findings


def _occurrences(text: str, passage: str) -> Iterator[tuple[int, int]]:
    start = text.find(passage)
    while start >= 0:
        yield start, start + len(passage)
        start = text.find(passage, start + 1)
