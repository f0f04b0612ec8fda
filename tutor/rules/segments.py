"""Split an English master (Markdown) into translation segments.

Every block is one message: a heading, a paragraph, a list item's paragraph, a table
cell. Inline Markdown (emphasis, links, code) stays inside the message. A paragraph that
starts with ``::: `` is an engine directive, rendered from the engine, not translated.

>>> [s.msgid for s in extract_segments("# Title {#top}\\n\\nOne *two*.\\n\\n::: rtp\\n")]
['Title', 'One *two*.']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token

ANCHOR = re.compile(r"\s*\{#([A-Za-z0-9_-]+)\}\s*$")
DIRECTIVE_PREFIX = "::: "


def markdown() -> MarkdownIt:
    """A new parser (not kept: a MarkdownIt can be reconfigured, so none is shared)."""
    return MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")


@dataclass(frozen=True)
class Segment:
    msgid: str
    line: int  # 1-based line of the master
    section: str  # the English text of the enclosing ## heading ("" before the first)
    kind: str  # "heading", "paragraph", "item", "cell"


def split_anchor(text: str) -> tuple[str, str | None]:
    match = ANCHOR.search(text)
    if not match:
        return text, None
    return text[: match.start()], match.group(1)


def is_directive(token: Token) -> bool:
    return token.type == "inline" and token.content.startswith(DIRECTIVE_PREFIX)


def block_kind(tokens: list[Token], index: int) -> str:
    """What kind of block the inline token at ``index`` belongs to."""
    opener = tokens[index - 1]
    if opener.type == "heading_open":
        return "heading"
    if opener.type in ("th_open", "td_open"):
        return "cell"
    return "item" if opener.level > 0 else "paragraph"


def iter_segments(tokens: list[Token]) -> Iterator[tuple[int, Segment]]:
    """Yield ``(index, Segment)`` for every translatable inline token."""
    section = ""
    for index, token in enumerate(tokens):
        if token.type != "inline" or is_directive(token):
            continue
        kind = block_kind(tokens, index)
        text = token.content
        if kind == "heading":
            text, _ = split_anchor(text)
            if tokens[index - 1].tag in ("h1", "h2"):
                section = text
        if not text.strip():
            continue
        line = (token.map[0] + 1) if token.map else 0
        yield index, Segment(text, line, section, kind)


def extract_segments(source: str) -> list[Segment]:
    return [segment for _, segment in iter_segments(markdown().parse(source))]
