"""Where a line may break, in the text of a finished HTML page (issue 26).

Japanese is written without spaces, so a browser breaks its lines between any two
characters, inside words: 「メイン/ポット」 in a narrow cell. A language whose registry
entry names a ``phrase_parser`` (``locale/languages.toml``) gets a ``<wbr>`` between its
phrases, found by BudouX, and ``word-break: keep-all`` (``languages.css``): its lines then
break between phrases only. In every language a hyphen between numbers ("20-20") is kept
on one line (``<span class="nobr">``), so the game's name never ends a line with "20-".

Only text between tags changes, as in :mod:`tutor.words.typography`: tags and their
attributes, comments, and the content of ``<script>``, ``<style>``, ``<textarea>``,
``<pre>``, ``<code>``, ``<kbd>``, ``<option>``, ``<title>`` (text, not markup, to the
browser) and ``<svg>``/``<math>`` (where ``<wbr>`` is no HTML element) pass through as
they are. A text node is split at its characters, never inside an entity (``&amp;``), and
each phrase is written back as it was written, so the page shows the same text.

>>> phrase_breaks("<td>メインポットは1,250です。ロイヤルストレートフラッシュが最強の役です</td>", "ja")
'<td>メインポットは<wbr>1,250です。<wbr>ロイヤルストレートフラッシュが<wbr>最強の<wbr>役です</td>'
>>> phrase_breaks('<a title="20-20">Teen Patti 20-20</a>', "en")
'<a title="20-20">Teen Patti <span class="nobr">20-20</span></a>'
"""

from __future__ import annotations

import html
import re
from functools import cache, lru_cache

import budoux

from tutor.core.locales import language

# Markup, and elements whose content is not text that may take a <wbr>: passed through.
_MARKUP = re.compile(
    r"<(script|style|textarea|pre|code|kbd|option|title|svg|math)\b.*?</\1\s*>"
    r"|<!--.*?-->|<[^>]*>",
    re.DOTALL | re.IGNORECASE,
)
# A hyphen between numbers of two digits or more: "20-20", a date "2026-12-02"; not a
# card sequence ("Q-J-10", "10-9-8"), which its own markup shows as chips.
_DIGIT_HYPHEN = re.compile(r"(?<![0-9A-Za-z-])[0-9]{2,}(?:-[0-9]{2,})+(?![0-9A-Za-z-])")
# What every such number holds: found by its leading literal, about twenty times faster
# over a whole page than the pattern above, which tries its look-behind at every character.
_HYPHEN_DIGITS = re.compile(r"-[0-9]{2}")
# One character of a text node as written: an entity, or a character.
_WRITTEN_CHARACTER = re.compile(
    r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);|.", re.DOTALL
)
# Kana and kanji: a text node without any has no phrase to break.
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

# A character of a Latin word or a number: BudouX may cut "fuzzy" after "fuz".
_LATIN = re.compile(r"[0-9A-Za-z\u00c0-\u024f.,'’%]")

# Where a katakana word begins or ends inside a phrase: 「ビッグブラインド|1つ分以上で…」.
_KATAKANA_EDGE = re.compile(
    r"(?<=[\u30a0-\u30ff])(?=[^\u30a0-\u30ff])|(?<=[^\u30a0-\u30ff])(?=[\u30a0-\u30ff])"
)
#: A phrase longer than this (in characters) may break where a katakana word begins or
#: ends: twelve full-width characters are about half a phone's line.
LONG_PHRASE = 12
#: Each part of a phrase split so is at least this long.
SHORTEST = 3

WBR = "<wbr>"


@cache  # key: the parser's name (one per language that has one); BudouX's model, read-only
def _parser(name: str) -> budoux.Parser:
    if name != "ja":
        raise ValueError(f"no BudouX parser {name!r}")
    return budoux.load_default_japanese_parser()


def _phrase_parser(code: str) -> str:
    try:
        return language(code).phrase_parser
    except KeyError:
        return ""


# Key: the parser's name and one text node as the page writes it: the whole input of the
# result. Nothing user-specific beyond the text itself; the value is an immutable string.
# Bounded at 8,192: a page's text nodes repeat across pages and requests (the header, the
# footer, a drill's explanations); a rare one is parsed again (about 60 µs).
@lru_cache(maxsize=8192)
def _broken(written: str, parser: str) -> str:
    if not _CJK.search(written):
        return written
    characters = _WRITTEN_CHARACTER.findall(written)
    shown = [html.unescape(character) for character in characters]
    if any(len(character) != 1 for character in shown):
        return written  # an entity that is not one character: left as it is
    breaks = _breaks("".join(shown), parser)
    return "".join(
        (WBR if i in breaks else "") + character for i, character in enumerate(characters)
    )


def _breaks(text: str, parser: str) -> set[int]:
    """Where a line may break in ``text``: between BudouX's phrases, and inside a phrase too
    long for a phone's line where a katakana word begins or ends; never inside a Latin
    word or a number ("fuzzy", "1,250")."""
    breaks: set[int] = set()
    done = 0
    for phrase in _parser(parser).parse(text):
        breaks.add(done)
        if len(phrase) > LONG_PHRASE:
            edges = (m.start() for m in _KATAKANA_EDGE.finditer(phrase))
            # Not before a particle or after a prefix: 「ロイヤルストレートフラッシュが」 stays.
            breaks.update(done + e for e in edges if SHORTEST <= e <= len(phrase) - SHORTEST)
        done += len(phrase)
    return {
        i
        for i in breaks
        if 0 < i < len(text) and not (_LATIN.match(text[i - 1]) and _LATIN.match(text[i]))
    }


def _text(written: str, parser: str) -> str:
    """One text node: each hyphenated number in a no-break span, the rest in phrases."""
    parts: list[str] = []
    done = 0
    for number in _DIGIT_HYPHEN.finditer(written) if "-" in written else ():
        parts.append(_phrases(written[done : number.start()], parser))
        parts.append(f'<span class="nobr">{number.group(0)}</span>')
        done = number.end()
    parts.append(_phrases(written[done:], parser))
    return "".join(parts)


def _phrases(written: str, parser: str) -> str:
    return _broken(written, parser) if parser and written else written


def phrase_breaks(text: str, code: str) -> str:
    """``text`` (HTML) with its numbers' hyphens kept on one line and, in a language with
    a phrase parser, a ``<wbr>`` between phrases."""
    parser = _phrase_parser(code)
    if not parser and not (_HYPHEN_DIGITS.search(text) and _DIGIT_HYPHEN.search(text)):
        return text
    parts: list[str] = []
    done = 0
    for markup in _MARKUP.finditer(text):
        if markup.start() > done:
            parts.append(_text(text[done : markup.start()], parser))
        parts.append(markup.group(0))
        done = markup.end()
    parts.append(_text(text[done:], parser))
    return "".join(parts)
