"""A drill's question partial as plain text, for exports that cannot show the page.

The ``#question`` partial of each drill already says everything a learner sees (the board,
the hands, the seats and their chips, the betting so far) in the active language, with
the drill's own translated sentences and numbers. Reading that markup back as text keeps
an export to the same facts without a second copy of every page: paragraphs and list items
become lines, a table row becomes ``Seat 1 — Chips left: 900; Status: all-in``, a card its
rank and suit symbol (``10♦``), and what is only decoration (the table picture, links,
``aria-hidden`` marks) is left out.

>>> print(html_text('<p>Board</p><ul class="cards"><li><span class="card" aria-label="x">'
...     '<span aria-hidden="true">10</span><span aria-hidden="true">♦</span></span></li>'
...     '<li><span class="card card--down" aria-label="Face-down card"></span></li></ul>'))
Board
10♦ (Face-down card)
>>> print(html_text('<table><thead><tr><th>Seat</th><th>Chips</th></tr></thead>'
...     '<tbody><tr><th>Seat 1</th><td>1,000</td></tr><tr><th>2</th><td>5</td></tr>'
...     '</tbody></table><ol class="action-log"><li>Flop: As 10d ?.</li></ol>'))
- Seat 1 — Chips: 1,000
- Seat 2 — Chips: 5
- Flop: A♠ 10♦ ?.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html.parser import HTMLParser

from tutor.engine.cards import Card

#: Elements that start and end a line of text.
BLOCKS = frozenset(
    [
        "p",
        "div",
        "li",
        "tr",
        "table",
        "caption",
        "ul",
        "ol",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "figure",
        "fieldset",
        "legend",
        "section",
        "br",
    ]
)
#: Elements whose content is never text: the picture of the table, links to rule pages.
SKIPPED = frozenset({"svg", "a", "script", "style", "template"})
VOID = frozenset({"br", "img", "input", "hr", "meta", "link", "source", "wbr"})
#: A card as the narration writes it (``As``, ``10d``): the action log is the one place a
#: page writes cards as codes, so only its lines are read for them.
LOG_CARD = re.compile(r"(?<!\w)(10|[2-9JQKA])([shdc])(?!\w)")
SPACES = re.compile(r"\s+")


def card_text(card: Card) -> str:
    """A card as plain text: its rank as the page shows it and its suit symbol (``10♦``).

    >>> card_text(Card.parse("Td")), card_text(Card.parse("As"))
    ('10♦', 'A♠')
    """
    return ("10" if card.rank.char == "T" else card.rank.char) + card.suit.symbol


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card_text(card) for card in cards)


def _log_cards(text: str) -> str:
    return LOG_CARD.sub(lambda m: card_text(Card.parse(m[1].replace("10", "T") + m[2])), text)


def _classes(attrs: list[tuple[str, str | None]]) -> set[str]:
    return set((dict(attrs).get("class") or "").split())


class _Reader(HTMLParser):
    """Collects lines of text; a table's rows are put together when each row ends."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.line = ""
        self.stack: list[tuple[str, set[str]]] = []
        self.skip = 0  # depth inside an element whose content is not text
        self.card: list[str] | None = None  # the text of the card being read
        self.card_depth = 0
        self.cell: str | None = None  # the text of the table cell being read
        self.head: list[str] = []  # the column headers of the table being read
        self.row: list[str] = []
        self.in_head = False
        self.pending = ""  # put before the next text: what follows a row of cards

    # -- where text goes --------------------------------------------------------------
    def _put(self, text: str) -> None:
        if self.pending and text.strip() and self.card is None:
            text, self.pending = self.pending + text, ""
        if self.card is not None:
            self.card.append(text)
        elif self.cell is not None:
            self.cell += text
        else:
            self.line += text

    def _flush(self) -> None:
        text = SPACES.sub(" ", self.line).strip()
        if text:
            self.lines.append(text)
        self.line, self.pending = "", ""

    def _inside(self, tag: str, cls: str = "") -> bool:
        return any(t == tag and (not cls or cls in c) for t, c in self.stack)

    # -- the parser's events ----------------------------------------------------------
    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            if tag == "br" and not self.skip:
                self._flush()
            return
        classes = _classes(attrs)
        self.stack.append((tag, classes))
        if self.card is not None:
            self.card_depth += 1
        elif self.skip:
            self.skip += 1
        elif tag in SKIPPED or dict(attrs).get("aria-hidden") == "true":
            self.skip = 1
        elif tag == "span" and "card" in classes:
            label = dict(attrs).get("aria-label") or "?"
            self.card = [f"({label})"] if "card--down" in classes else []
            self.card_depth = 1
        else:
            self._start(tag, classes)

    def _start(self, tag: str, classes: set[str]) -> None:
        if tag in ("th", "td"):
            self.cell = ""
        elif tag == "thead":
            self.in_head = True
        elif tag == "table":
            self._flush()
            self.head = []
        elif tag in BLOCKS and not self._in_cards():
            self._flush()
            if tag == "li":
                self.line = "- "

    def _in_cards(self) -> bool:
        return self._inside("ul", "cards")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or not self.stack:
            return
        open_tag, classes = self.stack.pop()
        if self.card is not None:
            self.card_depth -= 1
            if self.card_depth == 0:
                text, self.card = "".join(self.card).strip(), None
                self._put(f" {text} ")
            return
        if self.skip:
            self.skip -= 1
            return
        self._end(open_tag, classes)

    def _end(self, tag: str, classes: set[str]) -> None:
        if tag in ("th", "td") and self.cell is not None:
            text = SPACES.sub(" ", self.cell).strip()
            (self.head if self.in_head else self.row).append(text)
            self.cell, self.pending = None, ""
        elif tag == "thead":
            self.in_head = False
        elif tag == "tr" and not self.in_head:
            self._row()
        elif tag == "ul" and "cards" in classes:
            self.pending = " — "
        elif tag == "span" and "block__label" in classes:
            self._put(":" if self.line.rstrip().endswith((":", "：")) else ": ")
        elif tag in BLOCKS and not self._in_cards():
            self._flush()

    def _row(self) -> None:
        """One line per row: its header, then each cell after its column's header."""
        cells, self.row = self.row, []
        if not cells:
            return
        first, rest = cells[0], cells[1:]
        if self.head and not any(char.isalpha() for char in first):
            first = f"{self.head[0]} {first}"  # a bare number: "Level 2", "Hand 3"
        pairs = [f"{h}: {v}" if h else v for h, v in zip(self.head[1:], rest, strict=False)]
        self.lines.append("- " + (f"{first} — " + "; ".join(pairs) if pairs else first))

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.card is None and self._inside("ol", "action-log"):
            data = _log_cards(data)
        self._put(data)


def html_text(html: str) -> str:
    """The text of a partial's markup, one line per paragraph, list item or table row."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    reader._flush()
    return "\n".join(reader.lines)
