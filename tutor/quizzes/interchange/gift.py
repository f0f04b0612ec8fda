"""Snapshots as GIFT, the plain-text question format Moodle (and many other systems)
imports.

What Moodle's importer (``question/format/gift/format.php``) expects, and this writer
keeps to:

- Questions are separated by blank lines, so a question never holds one: a line break in
  a text is written ``\\n``, and ``~ = # { } :`` and ``\\`` are escaped with ``\\``.
- ``::title::`` names a question; ``[plain]`` says its text is plain text (Moodle then
  shows it as written, line breaks included); the answers and the general feedback
  (``####`` before the closing brace) take the question's format.
- One right choice is ``=``, wrong ones ``~``; several right choices are ``~%50%``-style
  weights (``marks.weights``); true or false is ``{TRUE}`` / ``{FALSE}``; a number is
  ``{#=12.5:0.5}`` (the number and how far off is still right).
- GIFT has no question made of several parts: each part of such a question becomes a
  GIFT question of its own, carrying the shared text and the part's label.
- ``$CATEGORY:`` puts the questions in a category named after the quiz (``/`` in a
  category name is written ``//``; Moodle reads the line as it is, without escapes).
"""

from __future__ import annotations

from decimal import Decimal

from .marks import plain_number, weights
from .snapshot import MULTIPLE, NUMBER, SINGLE, TRUE_FALSE, Part, Snapshot

SPECIAL = frozenset("\\~=#{}:")
FORMATS = ("[html]", "[plain]", "[markdown]", "[moodle]")


def escape(text: str) -> str:
    """Text as GIFT holds it: specials escaped, line breaks as ``\\n``.

    >>> escape("Pot: 3 {chips} = 1/2 #1 ~ a\\\\b\\nnext")
    'Pot\\\\: 3 \\\\{chips\\\\} \\\\= 1/2 \\\\#1 \\\\~ a\\\\\\\\b\\\\nnext'
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return "".join("\\" + ch if ch in SPECIAL else "\\n" if ch == "\n" else ch for ch in text)


def _part_text(text: str) -> str:
    """An answer or feedback: a leading ``[html]`` would be read as its format, so such a
    text says ``[plain]`` first."""
    escaped = escape(text)
    return "[plain]" + escaped if escaped.lower().startswith(FORMATS) else escaped


def _said(feedback: str) -> str:
    """An answer's own feedback, after ``#``."""
    return "#" + _part_text(feedback) if feedback else ""


def _choice(mark: str, weight: str, text: str, feedback: str = "") -> str:
    body = _part_text(text) + _said(feedback)
    if mark == "=":
        return f"\t={body}\n"
    if weight == "0":
        # A wrong choice starting with "%" would be read as a weight: say it is 0 %.
        return f"\t~%0%{body}\n" if body.startswith("%") else f"\t~{body}\n"
    return f"\t~%{weight}%{body}\n"


def _answers(part: Part, feedback: str) -> str:
    general = f"\t####{_part_text(feedback)}\n" if feedback else ""
    if part.kind in (SINGLE, MULTIPLE):
        each = part.feedback or ("",) * len(part.choices)
        lines = "".join(
            _choice("=" if part.kind == SINGLE and weight == "100" else "~", weight, choice, fb)
            for weight, choice, fb in zip(weights(part), part.choices, each, strict=True)
        )
        return "{\n" + lines + general + "}"
    if part.kind == TRUE_FALSE:
        truth = part.right == (1,)
        # GIFT's order: the feedback after a wrong answer, then after a right one.
        after_false, after_true = part.feedback or ("", "")
        wrong, right = (after_false, after_true) if truth else (after_true, after_false)
        both = f"{_said(wrong) or '#'}{_said(right)}" if wrong or right else ""
        general = f"####{_part_text(feedback)}" if feedback else ""
        return "{" + ("TRUE" if truth else "FALSE") + both + general + "}"
    if part.kind == NUMBER:
        number = plain_number(part.number if part.number is not None else Decimal(0))
        margin = plain_number(part.tolerance)
        return "{#\n" + f"\t={number}:{margin}\n" + general + "}"
    raise ValueError(f"no GIFT form for a part of kind {part.kind!r}")


def question(name: str, text: str, part: Part, feedback: str) -> str:
    """One GIFT question: a comment with its name, then the question on lines without a
    blank one."""
    comment = " ".join(name.split())
    return f"// {comment}\n::{escape(name)}::[plain]{escape(text)}{_answers(part, feedback)}\n"


def snapshot_questions(snapshot: Snapshot) -> list[str]:
    """A snapshot's GIFT questions: one, or one per part."""
    if len(snapshot.parts) == 1:
        return [question(snapshot.name, snapshot.text, snapshot.parts[0], snapshot.explanation)]
    count = len(snapshot.parts)
    return [
        question(
            f"{snapshot.name} ({i}/{count})",
            f"{snapshot.text}\n\n{part.label}" if part.label else snapshot.text,
            part,
            snapshot.explanation,
        )
        for i, part in enumerate(snapshot.parts, start=1)
    ]


def category_line(category: str) -> str:
    """``$CATEGORY:`` with the quiz's title as a category below the one imported into."""
    name = " ".join(category.split()).replace("/", "//")
    return f"$CATEGORY: {name}\n"


def write(snapshots: list[Snapshot], category: str, heading: str = "") -> str:
    """A GIFT file of the snapshots, in a category named ``category``; ``heading`` is a
    comment at the top."""
    blocks = []
    if heading:
        blocks.append("".join(f"// {' '.join(line.split())}\n" for line in heading.splitlines()))
    blocks.append(category_line(category))
    blocks.extend(text for snapshot in snapshots for text in snapshot_questions(snapshot))
    return "\n".join(blocks)
