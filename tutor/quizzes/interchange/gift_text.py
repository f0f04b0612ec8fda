r"""GIFT's text as the reader takes it: escaped characters held out of the way of the
syntax, then released; a text's format (``[html]`` ...) and HTML as plain text."""

from __future__ import annotations

from html.parser import HTMLParser

#: The characters ``\`` escapes, each held while reading as a lone surrogate (which UTF-8
#: text can never contain), like Moodle's ``&&058;`` placeholders.
ESCAPABLE = ":#={}~n"
HELD = {ch: chr(0xD800 + ord(ch)) for ch in ESCAPABLE + "\\"}
RELEASED = {held: ("\n" if ch == "n" else ch) for ch, held in HELD.items()}
FORMATS = ("html", "plain", "markdown", "moodle")


def hold(text: str) -> str:
    r"""Escaped characters held out of the way of the syntax.

    >>> release(hold(r"a\{b\}\\c")) == "a{b}\\c"
    True
    """
    text = "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in text)
    text = text.replace("\\\\", HELD["\\"])
    for ch in ESCAPABLE:
        text = text.replace("\\" + ch, HELD[ch])
    return text


def release(text: str) -> str:
    return "".join(RELEASED.get(ch, ch) for ch in text)


class _Plain(HTMLParser):
    """The text of HTML: tags dropped, line breaks where blocks and ``<br>`` were."""

    BREAKS = frozenset({"br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag in ("script", "style"):
            self.hidden += 1
        elif tag in self.BREAKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.hidden = max(0, self.hidden - 1)
        elif tag in self.BREAKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def html_text(markup: str) -> str:
    """Plain text from HTML.

    >>> html_text("<p>Who <b>wins</b>?</p><p>A &amp; B</p>")
    'Who wins?\\nA & B'
    """
    reader = _Plain()
    reader.feed(markup)
    reader.close()
    text = "".join(reader.parts)
    return "\n".join(" ".join(line.split()) for line in text.split("\n") if line.strip())


def formatted(text: str, default: str = "moodle") -> tuple[str, str]:
    """A held text's format (``[html]`` before it) and the text as plain text."""
    text = text.strip()
    fmt = default
    if text.startswith("["):
        name = text[1 : text.find("]")] if "]" in text else ""
        if name in FORMATS:
            fmt, text = name, text[len(name) + 2 :]
    text = release(text)
    if fmt == "html":
        text = html_text(text)
    return fmt, text.strip()
