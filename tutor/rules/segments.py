"""Split an English master (Markdown) into translation segments.

Every block is one message: a heading, a paragraph, a list item's paragraph, a table
cell. Inline Markdown (emphasis, links, code) stays inside the message. A paragraph that
starts with ``::: `` is an engine directive, rendered from the engine, not translated.

A paragraph that is only a box fence (``:::: summary``, ``:::: aside sources``, and ``::::``
to close) opens or closes a box around the blocks between them: the box is drawn by the
site (``render.py``) with its title from the interface catalog, and every block inside stays
its own segment, so moving a paragraph into a box keeps its translation.

>>> [s.msgid for s in extract_segments("# Title {#top}\\n\\nOne *two*.\\n\\n::: rtp\\n")]
['Title', 'One *two*.']
>>> [s.msgid for s in extract_segments(":::: aside sources\\n\\nSaid *so*.\\n\\n::::\\n")]
['Said *so*.']
>>> box_fence(markdown().parse(":::: aside sources\\n")[1])
('aside', 'sources')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token

ANCHOR = re.compile(r"\s*\{#([A-Za-z0-9_-]+)\}\s*$")
DIRECTIVE_PREFIX = "::: "
FENCE_PREFIX = "::::"
# The boxes a master may draw, by (kind, variant); ("", "") is the fence that closes one.
BOXES = {("summary", ""), ("aside", "sources"), ("", "")}


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


def is_fence(token: Token) -> bool:
    return token.type == "inline" and token.content.startswith(FENCE_PREFIX)


def box_fence(token: Token) -> tuple[str, str]:
    """``(kind, variant)`` of a box fence (``("", "")`` closes a box); ``ValueError`` for a
    fence the site cannot draw, or text run into it without a blank line."""
    words = token.content.removeprefix(FENCE_PREFIX).split()
    fence = (words[0] if words else "", " ".join(words[1:]))
    if "\n" in token.content.strip() or fence not in BOXES:
        raise ValueError(f"not a box fence: {token.content!r} (line {token.map})")
    return fence


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
        if token.type != "inline" or is_directive(token) or is_fence(token):
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
