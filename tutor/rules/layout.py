"""What a rule page draws around its translated text: the boxes fenced in the master
(the summary that opens a page, the asides on what the sources say) and the end of each
``##`` section (one link to practice, a link back to the top).

The boxes' titles and the links are interface strings (``django.po``); the blocks inside a
box stay segments of the master's catalog, so moving a paragraph into a box keeps its
translation.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext, pgettext
from markdown_it.token import Token

from tutor.concepts import CONCEPTS
from tutor.concepts.model import Concept
from tutor.drills.practice import practice

from .segments import box_fence, is_fence


def boxes(tokens: list[Token]) -> None:
    """Draw the boxes fenced in the master (``segments.box_fence``): the summary that opens
    a page and the asides on what the sources say. Their titles are interface strings;
    the blocks inside stay where they are, each its own segment. ``ValueError`` for boxes
    nested or left open, or a closing fence with no box."""
    open_kind = ""
    for index, token in enumerate(tokens):
        if not is_fence(token):
            continue
        kind, _variant = box_fence(token)
        if bool(kind) == bool(open_kind):
            raise ValueError(f"box fence out of step: {token.content!r} (line {token.map})")
        if kind:
            markup = _box_opening(kind)
        else:
            markup = "</div>\n" if open_kind == "aside" else "</section>\n"
        open_kind = kind
        block = Token("html_block", "", 0)
        block.content = markup
        tokens[index - 1] = Token("text", "", 0)
        tokens[index] = block
        tokens[index + 1] = Token("text", "", 0)
    if open_kind:
        raise ValueError(f"a box is not closed: {open_kind}")


def _box_opening(kind: str) -> str:
    if kind == "summary":
        # Translators: the title of the short summary that opens each rule page.
        title = gettext("The game in one minute")
        return format_html(
            '<section class="rule-summary" aria-labelledby="in-one-minute">'
            '<h2 class="rule-summary__title" id="in-one-minute">{}</h2>\n',
            title,
        )
    # Translators: the title of a box beside the rules that says what the source documents
    # of the page say (where they agree, differ or are silent).
    title = gettext("What the sources say")
    # A note, not an <aside>: a page has many, all with the same title, and complementary
    # landmarks must be top level with unique names (axe's landmark rules).
    return format_html(
        '<div class="sources-note" role="note" aria-label="{}">'
        '<p class="sources-note__title">{}</p>\n',
        title,
        title,
    )


def with_section_ends(tokens: list[Token], page: str) -> list[Token]:
    """At the end of each ``##`` section, one link to the practice that fits it best and a
    link back to the top of the page (the page template holds ``id="top"``)."""
    sections = _h2_sections(tokens)
    out: list[Token] = []
    current = ""
    for token in tokens:
        if token.type == "heading_open" and token.tag == "h2":
            if current:
                out.append(_section_end(page, current, sections[current]))
            current = str(token.attrGet("id") or "")
        out.append(token)
    if current:
        out.append(_section_end(page, current, sections[current]))
    return out


def _h2_sections(tokens: list[Token]) -> dict[str, list[str]]:
    """Each ``##`` heading's anchor with the anchors of the section, its own first."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for token in tokens:
        anchor = str(token.attrGet("id") or "") if token.type == "heading_open" else ""
        if token.tag == "h2" and anchor:
            current = sections.setdefault(anchor, [anchor])
        elif token.tag == "h3" and anchor and current is not None:
            current.append(anchor)
    return sections


def _section_end(page: str, anchor: str, anchors: list[str]) -> Token:
    block = Token("html_block", "", 0)
    # Translators: a link at the end of each section of a rule page to its top, where the
    # list of contents is.
    top = format_html(
        '<a class="back-to-top" href="#top">{}<span aria-hidden="true"> ↑</span></a>',
        gettext("Back to top"),
    )
    block.content = (
        format_html('<p class="section-end">{}{}</p>', practice_link(page, anchors), top) + "\n"
    )
    return block


def section_concepts(page: str, anchors: list[str]) -> list[Concept]:
    """The concepts taught in a section (``anchors``: its own first, then its
    subsections'), the best first: the one named after the section, then in the order of
    the subsections and of the concept map."""
    return sorted(
        (c for c in CONCEPTS.values() if c.page == page and c.anchor in anchors),
        key=lambda c: anchors.index(c.anchor),
    )


def practice_link(page: str, anchors: list[str]) -> str:
    """``Practise: <concept>``: the one link to practice of a section of ``page``, aimed at
    its best concept that a drill practises ("" when none does)."""
    for concept in section_concepts(page, anchors):
        aimed = practice(concept.id)
        if aimed:
            url = reverse("drills:drill", args=[aimed[0].drill.slug])
            query = urlencode({"level": aimed[0].levels[0], "concept": concept.id})
            # Translators: before the link to practise the rules of a section, e.g. "Practise: Kickers".
            label = pgettext("rule page", "Practise:")
            return format_html(
                '<span class="practise-this">{} <a href="{}?{}">{}</a></span> ',
                label,
                url,
                query,
                concept.title,
            )
    return ""
