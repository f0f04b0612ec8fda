r"""Reading GIFT text as Moodle's importer reads it (``question/format/gift/format.php``),
keeping the questions a teacher's bank can hold and saying why each other one is left out.

Questions are separated by blank lines; a line starting with ``//`` is a comment;
``\~ \= \# \{ \} \: \\`` are the characters themselves and ``\n`` a line break. A question
is ``::title::`` (optional), its text, and its answers in braces:

- ``{=right ~wrong}``: one right choice; ``{~%50%a ~%50%b ~%-100%c}``: several right
  choices (those with a positive weight); text after the braces makes a missing-word
  question, whose blank is shown as ``_____``;
- ``{T}``, ``{TRUE}``, ``{F}``, ``{FALSE}``: true or false;
- ``{#12.5:0.1}``, ``{#1..3}`` (the midpoint, give or take half the width), several
  numbers (the one worth 100 % is kept);
- ``####`` before the closing brace: the general feedback, kept as the explanation;
- ``[html]`` before a text: tags are removed, leaving plain text; ``[plain]``,
  ``[markdown]`` and ``[moodle]`` texts are kept as written;
- ``$CATEGORY: a/b``: the questions after it are in category ``b`` (kept as a tag).

Short answer, matching, essay and description questions are reported, not read. Each
question is read on its own: a broken one is reported with its line and the rest read.
Reasons are codes (``REASONS``, ``NOTES``); the import page words them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from html.parser import HTMLParser
from typing import Any

from tutor.drills import own_question as own

#: At most this many questions are read from one text; the rest are reported.
MAX_QUESTIONS = 300
#: The characters ``\`` escapes, each held while reading as a lone surrogate (which UTF-8
#: text can never contain), like Moodle's ``&&058;`` placeholders.
ESCAPABLE = ":#={}~n"
HELD = {ch: chr(0xD800 + ord(ch)) for ch in ESCAPABLE + "\\"}
RELEASED = {held: ("\n" if ch == "n" else ch) for ch, held in HELD.items()}
WEIGHT = re.compile(r"%(-?\d{1,3}(?:\.\d{0,10})?)%")
NUMBER = re.compile(r"[+-]?(?:\d{1,15}(?:\.\d{0,15})?|\.\d{1,15})(?:[eE][+-]?\d{1,2})?")
TRUTHS = {"T": True, "TRUE": True, "F": False, "FALSE": False}
FORMATS = ("html", "plain", "markdown", "moodle")
BLANK = "_____"


@dataclass(frozen=True)
class Found:
    """A question read: what the bank's form would hold."""

    line: int
    title: str
    kind: str  # own_question's SINGLE, MULTIPLE, TRUE_FALSE or NUMBER
    prompt: str
    choices: tuple[str, ...] = ()
    right: tuple[int, ...] = ()
    number: Decimal | None = None
    tolerance: Decimal = Decimal(0)
    explanation: str = ""
    category: str = ""
    #: What was in the question but is not kept (codes of ``NOTES``).
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Left:
    """A question left out: where it starts, its title if it had one, and why."""

    line: int
    reason: str  # a code of ``REASONS``
    title: str = ""


@dataclass
class Reading:
    found: list[Found] = field(default_factory=list)
    left: list[Left] = field(default_factory=list)


class Unreadable(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# -- text ------------------------------------------------------------------------------
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


# -- answers ---------------------------------------------------------------------------
def _weight(alternative: str) -> tuple[Decimal | None, str]:
    """An answer's weight in percent (``None`` if it has none) and the rest of it."""
    if alternative.startswith("="):
        return Decimal(100), alternative[1:]
    if match := WEIGHT.match(alternative):
        return Decimal(match.group(1)), alternative[match.end() :]
    return None, alternative


def _choices(answers: str, fmt: str) -> tuple[list[tuple[Decimal, str]], bool]:
    """The choices with their weights, and whether any had its own feedback."""
    alternatives = answers.replace("=", "~=").split("~")
    if alternatives and not alternatives[0].strip():
        alternatives = alternatives[1:]
    choices, feedback = [], False
    for alternative in alternatives:
        weight, rest = _weight(alternative.strip())
        text, sep, _comment = rest.partition("#")
        feedback = feedback or bool(sep)
        choices.append((weight or Decimal(0), " ".join(formatted(text, fmt)[1].split())))
    return choices, feedback


def multichoice(answers: str, fmt: str) -> dict[str, object]:
    """One right choice (marked ``=``) or several (positive weights)."""
    choices, feedback = _choices(answers, fmt)
    notes = ["feedback"] if feedback else []
    if len(choices) < 2:
        raise Unreadable("few_choices")
    if len(choices) > own.MAX_CHOICES:
        raise Unreadable("many_choices")
    if "=" in answers:
        full = [i for i, (weight, _text) in enumerate(choices) if weight == 100]
        if len(full) != 1:
            raise Unreadable("several_full")
        if any(0 < weight < 100 for weight, _text in choices):
            notes.append("partial")
        kind, right = own.SINGLE, tuple(full)
    else:
        right = tuple(i for i, (weight, _text) in enumerate(choices) if weight > 0)
        if not right:
            raise Unreadable("no_right")
        kind = own.MULTIPLE
    return {
        "kind": kind,
        "choices": tuple(text for _weight, text in choices),
        "right": right,
        "notes": tuple(notes),
    }


def _number(text: str) -> Decimal:
    text = text.strip()
    if not NUMBER.fullmatch(text):
        raise Unreadable("number")
    return Decimal(text)


def _number_answer(text: str) -> tuple[Decimal, Decimal]:
    """``12.5:0.1``, ``1..3`` or ``12``: the number and how far off is still right."""
    if ".." in text[1:]:
        low, high = (_number(bit) for bit in text.split("..", 1))
        if high < low:
            raise Unreadable("number")
        return (low + high) / 2, (high - low) / 2
    if ":" in text[1:]:
        number, margin = text.split(":", 1)
        return _number(number), abs(_number(margin))
    return _number(text), Decimal(0)


def _small(value: Decimal) -> Decimal:
    """The number as the bank keeps it: plain digits, within the bank's limits."""
    try:
        plain = Decimal(format(value.normalize(), "f"))
    except InvalidOperation as error:
        raise Unreadable("number") from error
    if abs(plain) > own.MAX_NUMBER or len(format(plain, "f")) > own.MAX_NUMBER_TEXT:
        raise Unreadable("number")
    return plain


def numerical(answers: str) -> dict[str, object]:
    """The number worth 100 % (the first, if several are)."""
    body = answers[1:].split("~", 1)[0]
    alternatives = [a.strip() for a in body.split("=")]
    if alternatives and not alternatives[0]:
        alternatives = alternatives[1:]
    notes, best = [], None
    for alternative in alternatives:
        weight, rest = _weight(alternative)
        text, sep, _comment = rest.partition("#")
        if sep:
            notes.append("feedback")
        number, margin = _number_answer(release(text).strip())
        if (weight is None or weight == 100) and best is None:
            best = (number, margin)
        elif weight is not None and 0 < weight < 100:
            notes.append("partial")
    if best is None:
        raise Unreadable("no_full_number")
    return {
        "kind": own.NUMBER,
        "number": _small(best[0]),
        "tolerance": _small(best[1]),
        "notes": tuple(dict.fromkeys(notes)),
    }


def truefalse(answers: str) -> dict[str, object] | None:
    truth, sep, _comment = answers.partition("#")
    if truth.strip() not in TRUTHS:
        return None
    return {
        "kind": own.TRUE_FALSE,
        "right": (1,) if TRUTHS[truth.strip()] else (0,),
        "notes": ("feedback",) if sep and _comment.strip("#").strip() else (),
    }


def answer_kind(answers: str, fmt: str) -> dict[str, Any]:
    """What the answers in braces make, as Moodle tells the kinds apart."""
    if not answers:
        raise Unreadable("essay")
    if answers.startswith("#"):
        return numerical(answers)
    if "~" in answers:
        return multichoice(answers, fmt)
    if "=" in answers and "->" in answers:
        raise Unreadable("matching")
    if (found := truefalse(answers)) is not None:
        return found
    raise Unreadable("short_answer")


# -- questions -------------------------------------------------------------------------
def blocks(text: str) -> list[list[tuple[int, str]]]:
    """The text's questions: runs of lines without a blank one, each line trimmed and
    numbered from 1."""
    found: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.strip()
        if line:
            current.append((number, line))
        elif current:
            found.append(current)
            current = []
    if current:
        found.append(current)
    return found


def category_name(path: str) -> str:
    """The last name of a category path (``$course$/top/Week 3`` is ``Week 3``; ``//`` is a
    slash within a name)."""
    names = [n.replace("\ud8ff", "/").strip() for n in path.replace("//", "\ud8ff").split("/")]
    return next((n for n in reversed(names) if n and n != "top" and n[0] != "$"), "")


def _braces(text: str) -> tuple[int, int] | str:
    """Where the answers' braces are, or why they cannot be read."""
    start, finish = text.find("{"), text.find("}")
    if start < 0 and finish < 0:
        return "description"
    if start < 0 or finish < start or text.count("{") != text.count("}"):
        return "unclosed"
    if text.count("{") > 1:
        return "braces"
    return start, finish


def read_block(line: int, text: str, category: str) -> Found | Left | str:
    """One question of held text; a ``$CATEGORY`` line gives the category's name."""
    if text.startswith("$CATEGORY:"):
        return category_name(release(text[len("$CATEGORY:") :]))
    title = ""
    if text.startswith("::"):
        end = text.find("::", 2)
        if end >= 0:
            title = " ".join(release(text[2:end]).split())
        text = text[end + 2 :].strip() if end >= 0 else text[2:]
    braces = _braces(text)
    if isinstance(braces, str):
        return Left(line, braces, title)
    start, finish = braces
    answers, after = text[start + 1 : finish].strip(), text[finish + 1 :]
    prompt = text[:start] + (BLANK + after if after.strip() else "")
    feedback = ""
    if (general := answers.rfind("####")) >= 0:
        answers, feedback = answers[:general].strip(), answers[general + 4 :]
    fmt, prompt_text = formatted(prompt)
    try:
        parts = answer_kind(answers, fmt)
    except Unreadable as error:
        return Left(line, error.reason, title)
    if not prompt_text:
        return Left(line, "empty", title)
    return Found(
        line=line,
        title=title,
        prompt=prompt_text,
        explanation=formatted(feedback, fmt)[1],
        category=category,
        **parts,
    )


def read(text: str, limit: int = MAX_QUESTIONS) -> Reading:
    """Every question of a GIFT text, read or left out with a reason; after ``limit``
    questions the rest is left out as ``too_many``."""
    reading = Reading()
    category = ""
    for lines in blocks(text.replace("\r\n", "\n").replace("\r", "\n")):
        kept = [(n, line) for n, line in lines if not line.startswith("//")]
        if not kept:
            continue
        line = kept[0][0]
        if len(reading.found) + len(reading.left) >= limit:
            reading.left.append(Left(line, "too_many"))
            break
        held = hold("\n".join(" " if t.startswith("//") else t for _n, t in lines).strip())
        result = read_block(line, held, category)
        if isinstance(result, str):
            category = result
        elif isinstance(result, Found):
            reading.found.append(result)
        else:
            reading.left.append(result)
    return reading
