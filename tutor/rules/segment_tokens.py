"""The segments of a rule page or the glossary, marked for the translators' in-context
mode: a segment's markdown tokens get the two ends of a marker frame
(``tutor/core/markers.py``) around their inline content, naming the segment catalog and
the msgid.

The marks are added after the page's tokens are put in order (the glossary sorts its
entries by their text), just before they become HTML; with the mode off nothing happens.
"""

from __future__ import annotations

from markdown_it.token import Token

from tutor.core.markers import Source, frame_ends, marking

_KEY = "tr_source"


def note_segment(token: Token, domain: str, language: str, msgid: str) -> None:
    """Remember on ``token`` (a segment's inline token) which message it shows."""
    if marking():
        token.meta[_KEY] = Source(domain, language, "", msgid)


def frame_segments(tokens: list[Token]) -> None:
    """Put marker frames around the content of every noted segment in ``tokens``."""
    if not marking():
        return
    for token in tokens:
        source = token.meta.get(_KEY) if token.meta else None
        if isinstance(source, Source) and token.children:
            start, end = frame_ends(source)
            token.children = [_text(start), *token.children, _text(end)]


def _text(content: str) -> Token:
    token = Token("text", "", 0)
    token.content = content
    return token
