"""Render a master in a language: translated segments, engine blocks, English fallback.

The result for a (document, language) pair is computed once per process and reused until
the master or the catalog changes on disk.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from babel.messages.pofile import read_po
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from markdown_it import MarkdownIt
from markdown_it.token import Token

from tutor.core.kept_text import kept_text
from tutor.core.locales import languages
from tutor.core.markers import call_uncached, marking

from . import glossary
from .directives import render_directive
from .documents import RULE_PAGES, Document, catalog_path
from .layout import boxes, with_section_ends
from .sections import select_sections, without_asides
from .segment_tokens import frame_segments, note_segment
from .segments import is_directive, iter_segments, markdown, split_anchor

LANGUAGE_NEUTRAL_LINK = re.compile(
    rf"^/(?!(?:{'|'.join(re.escape(entry.code) for entry in languages())})/)(?!static/)"
)


@dataclass(frozen=True)
class Heading:
    level: int
    anchor: str
    html: SafeString


@dataclass(frozen=True)
class RenderedDocument:
    title: str
    html: SafeString
    toc: tuple[Heading, ...]
    total: int
    translated: int

    @property
    def complete(self) -> bool:
        return self.translated == self.total

    @property
    def ratio(self) -> float:
        return self.translated / self.total if self.total else 1.0


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except FileNotFoundError:
        return 0.0


# Key: the language, the document and the catalog's modification time (an edited catalog
# is read again). Nothing user-specific; the value is a read-only mapping.
@lru_cache(maxsize=64)
def _translations(language: str, domain: str, mtime: float) -> Mapping[str, str]:
    path = catalog_path(language, domain)
    if not mtime:
        return MappingProxyType({})
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=language, domain=domain)
    return MappingProxyType(
        {
            m.id: m.string
            for m in catalog
            if m.id
            and isinstance(m.id, str)
            and isinstance(m.string, str)
            and m.string
            and not m.fuzzy
        }
    )


def translations(language: str, domain: str) -> Mapping[str, str]:
    return _translations(language, domain, _mtime(catalog_path(language, domain)))


def render_document(document: Document, language: str) -> RenderedDocument:
    args = (
        document,
        language,
        _mtime(document.path),
        _mtime(catalog_path(language, document.domain)),
        glossary.order_mtime(document.slug, language),
    )
    if marking():  # the translators' mode: rendered afresh with marked segments, not kept
        return call_uncached(_render.__wrapped__, *args)
    return _render(*args)


def _block_opener(tokens: list[Token], index: int) -> Token:
    opener = tokens[index - 1]
    if opener.hidden:  # the paragraph of a tight list item: mark the item itself
        for j in range(index - 2, -1, -1):
            if tokens[j].type == "list_item_open":
                return tokens[j]
    return opener


def _fallback(tokens: list[Token], index: int, language: str) -> None:
    opener = _block_opener(tokens, index)
    opener.attrSet("lang", "en")
    opener.attrJoin("class", "untranslated")
    mark = Token("html_inline", "", 0)
    mark.content = ' <span class="fallback-mark" lang="{}">{}</span>'.format(
        language, html.escape(gettext("(not yet translated)"))
    )
    tokens[index].children = [*(tokens[index].children or []), mark]


# Key: the document, the language and the modification times of its master, its catalog
# and what orders it (the Japanese glossary's readings; 0 for the others): the glossary is
# sorted once per language here, not per request. Nothing user-specific; the value is a
# frozen RenderedDocument.
@kept_text(maxsize=64)
def _render(
    document: Document,
    language: str,
    master_mtime: float,
    catalog_mtime: float,
    order_mtime: float = 0.0,
) -> RenderedDocument:
    md = with_scrolling_tables(markdown())
    tokens = md.parse(document.path.read_text(encoding="utf-8"))
    with translation.override(language):
        title, toc, total, done = _translate(md, tokens, document, language)
        if document.slug == glossary.SLUG:
            tokens, toc = glossary.in_language_order(tokens, toc, language)
        boxes(tokens)
        _engine_blocks(tokens, language, drill_links=False)
        if document.slug in RULE_PAGES:
            tokens = with_section_ends(tokens, document.slug)
        frame_segments(tokens)
        body = md.renderer.render(tokens, md.options, {})
    return RenderedDocument(title, mark_safe(body), tuple(toc), total, done)


def _table_in_scroller(self: Any, tokens: list[Token], idx: int, options: Any, env: Any) -> str:
    html: str = self.renderToken(tokens, idx, options, env)
    return f'<div class="table-scroll">{html}' if tokens[idx].nesting == 1 else f"{html}</div>"


def with_scrolling_tables(md: MarkdownIt) -> MarkdownIt:
    """``md`` rendering each Markdown table in a box that scrolls sideways when the table
    is wider than the column (Japanese breaks lines between phrases only)."""
    md.add_render_rule("table_open", _table_in_scroller)
    md.add_render_rule("table_close", _table_in_scroller)
    return md


def render_sections(
    document: Document, language: str, anchors: tuple[str, ...]
) -> RenderedDocument:
    """Only the sections ``anchors`` of ``document`` (``sections.py``), rendered as its
    page renders them, without the practice links; a link to a section left out goes to
    the rule page. ``KeyError`` for an anchor the master does not have."""
    args = (
        document,
        language,
        anchors,
        _mtime(document.path),
        _mtime(catalog_path(language, document.domain)),
    )
    if marking():  # the translators' mode: rendered afresh with marked segments, not kept
        return call_uncached(_render_sections.__wrapped__, *args)
    return _render_sections(*args)


# Key: the document, the language, the sections and the modification times of the master
# and the catalog: everything the HTML depends on. Nothing user-specific; the value is a
# frozen RenderedDocument. Bounded: a few dozen lessons in five languages.
@kept_text(maxsize=128)
def _render_sections(
    document: Document,
    language: str,
    anchors: tuple[str, ...],
    master_mtime: float,
    catalog_mtime: float,
) -> RenderedDocument:
    md = with_scrolling_tables(markdown())
    master = md.parse(document.path.read_text(encoding="utf-8"))
    tokens = without_asides(select_sections(master, anchors))
    with translation.override(language):
        title, toc, total, done = _translate(md, tokens, document, language)
        page = reverse("rules:page", args=[document.slug])
        boxes(tokens)
        _engine_blocks(tokens, language, elsewhere=(page, frozenset(anchors)))
        frame_segments(tokens)
        body = md.renderer.render(tokens, md.options, {})
    return RenderedDocument(title, mark_safe(body), tuple(toc), total, done)


def _translate(
    md: MarkdownIt, tokens: list[Token], document: Document, language: str
) -> tuple[str, list[Heading], int, int]:
    """Put each segment's translation in place (English, marked, where there is none) and
    give headings their ids: returns the title, the headings, and the segments' counts."""
    strings: Mapping[str, str] = translations(language, document.domain) if language != "en" else {}
    total = done = 0
    toc: list[Heading] = []
    title = ""
    for index, segment in list(iter_segments(tokens)):
        total += 1
        token = tokens[index]
        opener = tokens[index - 1]
        if opener.type == "heading_open":
            _, anchor = split_anchor(token.content)
            if anchor:
                opener.attrSet("id", anchor)
        if language == "en":
            done += 1
            text = segment.msgid
        elif segment.msgid in strings:
            done += 1
            text = strings[segment.msgid]
        else:
            text = segment.msgid
        token.children = md.parseInline(text)[0].children
        note_segment(token, document.domain, language, segment.msgid)
        if language != "en" and segment.msgid not in strings:
            _fallback(tokens, index, language)
        if opener.type == "heading_open":
            inline: Any = md.renderer  # markdown-it's HTML renderer has renderInline
            rendered = mark_safe(inline.renderInline(token.children or [], md.options, {}))
            if opener.tag == "h1" and not title:
                title = re.sub(r"<[^>]+>", "", rendered)
            elif opener.tag in ("h2", "h3") and opener.attrGet("id"):
                toc.append(Heading(int(opener.tag[1]), str(opener.attrGet("id")), rendered))
    return title, toc, total, done


def _engine_blocks(
    tokens: list[Token],
    language: str,
    elsewhere: tuple[str, frozenset[str]] | None = None,
    *,
    drill_links: bool = True,
) -> None:
    """Render the engine directives and put the language in site links. ``elsewhere``:
    (the rule page's address, the anchors shown here): a link to another section of the
    page then goes to the rule page. ``drill_links``: whether each example links to its
    drill (a lesson's do; a rule page links to practice once per section instead)."""
    for index, token in enumerate(tokens):
        if is_directive(token):
            block = Token("html_block", "", 0)
            block.content = render_directive(token.content, language, drill_links=drill_links)
            block.content += "\n"
            tokens[index - 1] = Token("text", "", 0)
            tokens[index] = block
            tokens[index + 1] = Token("text", "", 0)
        elif token.type == "inline":
            for child in token.children or []:
                href = str(child.attrGet("href") or "") if child.type == "link_open" else ""
                if href and LANGUAGE_NEUTRAL_LINK.match(href):
                    child.attrSet("href", f"/{language}{href}")
                elif href.startswith("#") and elsewhere and href[1:] not in elsewhere[1]:
                    child.attrSet("href", f"{elsewhere[0]}{href}")
