"""Turn the markers of ``tutor/core/markers.py`` into focusable ``<span>`` elements in HTML
text, and remove them from everything else, for the translators' in-context mode.

A marked segment becomes ``<span class="tr-seg" tabindex="0" data-catalog=… data-file=…
data-msgctxt=… data-msgid=…>`` when its two ends lie in the same element (so the span
never crosses a tag it does not contain whole); otherwise, and wherever a span is not
allowed or not seen (inside tags and their attributes, comments, ``<head>`` and
``<title>``, ``<script>``, ``<style>``, ``<textarea>``, ``<select>``/``<option>``, SVG and
MathML), the markers are dropped and the text stays. Markers left in non-HTML responses
(JSON, CSV, XML, headers), raw or escaped as JSON and HTML write them, are removed.

>>> from tutor.core.markers import Source, encode, OPEN, SEP, CLOSE
>>> s = [Source("django", "cs", "", "Fold")]
>>> rewrite(f"<p>{OPEN}{encode(0)}{SEP}Složit{CLOSE}</p>", s).count('<span class="tr-seg"')
1
>>> rewrite(f'<a title="{OPEN}{encode(0)}{SEP}x{CLOSE}">y</a>', s)
'<a title="x">y</a>'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape

from tutor.core.markers import CLOSE, MARKER_CHARS, OPEN, SEP, Source, decode

from .sources import SiteCatalogs

_TOKEN = re.compile(r"""<!--.*?-->|<(?:[^>"']|"[^"]*"|'[^']*')*>""", re.DOTALL)
_TAG = re.compile(r"<(/?)([A-Za-z][\w:-]*)")
_MARKER = re.compile(f"{OPEN}([\ue010-\ue019]+){SEP}|{CLOSE}")
_ANY = re.compile(f"[{MARKER_CHARS}]")
# The same characters as UTF-8 bytes, as JSON escapes ("\ue000") and as HTML references.
_ANY_BYTES = re.compile(
    rb"\xee\x80[\x80-\x82\x90-\x99]|\\u[eE]0(?:0[0-2]|1[0-9])"
    rb"|&#[xX][eE]0(?:0[0-2]|1[0-9]);|&#573(?:4[4-6]|6[0-9]);"
)
_VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)
# Elements whose text is not HTML text (raw text: found by their end tag) ...
_RAW_TEXT = frozenset({"script", "style", "textarea", "title"})
# ... and elements in which a <span> is not allowed or not shown.
_NO_SPANS = frozenset({"head", "select", "option", "optgroup", "datalist", "svg", "math"})


def strip(text: str) -> str:
    return _ANY.sub("", text)


def strip_bytes(data: bytes) -> bytes:
    return _ANY_BYTES.sub(b"", data)


def span_open(source: Source, catalogs: SiteCatalogs) -> str:
    """The segment's ``<span>``: its catalog file, context and msgid; where its ``.po``
    file has it, the line (``data-where``: ``file:line``), its state (translated, fuzzy,
    missing) and, for the panel, the state in words and the translator comments."""
    file = catalogs.file(source)
    entry = catalogs.entry(source)
    where = f"{file}:{entry.line}" if entry else file
    about = ""
    if entry:
        about = "\n".join(
            filter(None, [catalogs.state_label(source.language, entry.state), entry.comment])
        )
    return (
        f'<span class="tr-seg" tabindex="0" data-catalog="{escape(source.catalog)}"'
        f' data-file="{escape(file)}" data-where="{escape(where)}"'
        + (f' data-state="{entry.state}" data-about="{escape(about)}"' if entry else "")
        + (f' data-msgctxt="{escape(source.msgctxt)}"' if source.msgctxt else "")
        + f' data-msgid="{escape(source.msgid)}">'
    )


@dataclass
class _Open:
    index: int  # the source's index
    parent: int  # the serial number of the element the segment opened in
    slot: int  # where its <span> goes in the output


class _Rewriter:
    def __init__(self, sources: Sequence[Source]) -> None:
        self.sources = sources
        self.out: list[str] = []
        self.elements: list[tuple[str, int]] = [("", 0)]  # (tag name, serial)
        self.serial = 0
        self.hidden = 0  # how many open elements forbid spans
        self.segments: list[_Open] = []
        self.catalogs = SiteCatalogs()

    def text(self, text: str) -> None:
        if self.hidden:
            self.out.append(strip(text))
            return
        done = 0
        for match in _MARKER.finditer(text):
            self.out.append(strip(text[done : match.start()]))
            done = match.end()
            if match.group(1) is not None:
                self.segments.append(
                    _Open(decode(match.group(1)), self.elements[-1][1], len(self.out))
                )
                self.out.append("")
            elif self.segments:
                segment = self.segments.pop()
                if segment.parent == self.elements[-1][1] and segment.index < len(self.sources):
                    self.out[segment.slot] = span_open(self.sources[segment.index], self.catalogs)
                    self.out.append("</span>")
        self.out.append(strip(text[done:]))

    def start_tag(self, name: str, tag: str) -> None:
        self.out.append(strip(tag))
        if name in _VOID or tag.endswith("/>"):
            return
        self.serial += 1
        self.elements.append((name, self.serial))
        self.hidden += name in _NO_SPANS

    def end_tag(self, name: str, tag: str) -> None:
        self.out.append(strip(tag))
        if not any(open_name == name for open_name, _ in self.elements[1:]):
            return  # a stray end tag: ignored, as a browser does
        while True:
            open_name, serial = self.elements.pop()
            self.hidden -= open_name in _NO_SPANS
            while self.segments and self.segments[-1].parent == serial:
                self.segments.pop()  # never closed inside its element: no span
            if open_name == name:
                return


def rewrite(content: str, sources: Sequence[Source]) -> str:
    """``content`` (an HTML page or fragment) with its marked segments as spans and no
    marker left anywhere."""
    if not _ANY.search(content):
        return content
    writer = _Rewriter(sources)
    position = 0
    while position < len(content):
        match = _TOKEN.search(content, position)
        if match is None:
            writer.text(content[position:])
            break
        writer.text(content[position : match.start()])
        position = match.end()
        tag = _TAG.match(match.group(0))
        if tag is None:  # a comment, a doctype
            writer.out.append(strip(match.group(0)))
            continue
        name = tag.group(2).lower()
        if tag.group(1):
            writer.end_tag(name, match.group(0))
        elif name in _RAW_TEXT:
            end = re.compile(rf"</{name}\s*>", re.IGNORECASE).search(content, position)
            stop = end.end() if end else len(content)
            writer.out.append(strip(match.group(0) + content[position:stop]))
            position = stop
        else:
            writer.start_tag(name, match.group(0))
    return "".join(writer.out)
