"""Some sections of a master, cut out of its tokens: what a lesson shows of a rule page.

A section is one heading (``## Blinds {#blinds}``) and the blocks under it, up to the
next heading of any level, so a lesson names every section it shows, subsections
included. The cut sections keep the headings' order among themselves: they are
renumbered to start at ``h2`` (the lesson's own title is the ``h1``) and never skip a
level, so a screen reader's list of headings stays a tree.

>>> from tutor.rules.segments import markdown
>>> tokens = markdown().parse("# T\\n\\n## A {#a}\\n\\nx\\n\\n### B {#b}\\n\\ny\\n\\n## C {#c}\\n\\nz\\n")
>>> cut = select_sections(tokens, ["b", "c"])
>>> [(t.tag, t.content) for t in cut if t.type == "inline"]
[('', 'B {#b}'), ('', 'y'), ('', 'C {#c}'), ('', 'z')]
>>> [t.tag for t in cut if t.type == "heading_open"]
['h2', 'h2']
>>> [t.tag for t in select_sections(tokens, ["a", "b"]) if t.type == "heading_open"]
['h2', 'h3']
"""

from __future__ import annotations

from collections.abc import Sequence

from markdown_it.token import Token

from .segments import box_fence, is_fence, split_anchor


def section_bounds(tokens: list[Token]) -> dict[str, tuple[int, int]]:
    """Each anchor of the master with the token range of its section, (start, end)."""
    starts = [i for i, token in enumerate(tokens) if token.type == "heading_open"]
    bounds: dict[str, tuple[int, int]] = {}
    for n, start in enumerate(starts):
        _, anchor = split_anchor(tokens[start + 1].content)
        if anchor:
            bounds[anchor] = (start, starts[n + 1] if n + 1 < len(starts) else len(tokens))
    return bounds


def select_sections(tokens: list[Token], anchors: Sequence[str]) -> list[Token]:
    """The tokens of the sections named by ``anchors``, in that order, their headings
    renumbered in copies (``KeyError`` for an anchor the master does not have)."""
    bounds = section_bounds(tokens)
    selected: list[Token] = []
    open_levels: list[int] = []  # the original levels of the headings kept so far, nested
    for anchor in anchors:
        start, end = bounds[anchor]
        part = tokens[start:end]
        level = int(part[0].tag[1])
        while open_levels and open_levels[-1] >= level:
            open_levels.pop()
        tag = f"h{2 + len(open_levels)}"
        open_levels.append(level)
        selected.extend(
            token.copy(tag=tag) if token.type in ("heading_open", "heading_close") else token
            for token in part
        )
    return selected


def without_asides(tokens: list[Token]) -> list[Token]:
    """The tokens without the asides on what the sources say (``:::: aside sources`` up to
    its closing fence): a lesson teaches the rules, and the rule page keeps the sources."""
    kept: list[Token] = []
    inside = False
    index = 0
    while index < len(tokens):
        token = tokens[index]
        fence = index + 1 < len(tokens) and is_fence(tokens[index + 1])
        if token.type == "paragraph_open" and fence:
            kind, _variant = box_fence(tokens[index + 1])
            if kind == "aside" or inside:  # an aside's opening or closing fence
                inside = kind == "aside"
                index += 3  # the fence's paragraph: open, inline, close
                continue
        if not inside:
            kept.append(token)
        index += 1
    return kept
