r"""Reading GIFT text as Moodle's importer reads it (``question/format/gift/format.php``),
keeping the questions a teacher's bank can hold and saying why each other one is left out.

Questions are separated by blank lines; a line starting with ``//`` is a comment;
``\~ \= \# \{ \} \: \\`` are the characters themselves and ``\n`` a line break. A question
is ``::title::`` (optional), its text, and its answers in braces:

- ``{=right ~wrong}``: one right choice; ``{~%50%a ~%50%b ~%-100%c}``: several right
  choices (those with a positive weight); text after the braces makes a missing-word
  question, whose blank is shown as ``_____``; a weight other than all or nothing
  (``~%50%nearly``) is kept as partial credit, and ``#feedback`` after a choice as what
  a student who chose it reads;
- ``{T}``, ``{TRUE}``, ``{F}``, ``{FALSE}``: true or false (``{T#if wrong#if right}``:
  the feedback after a wrong and a right answer);
- ``{#12.5:0.1}``, ``{#1..3}`` (the midpoint, give or take half the width), several
  numbers (the one worth 100 % is kept);
- ``####`` before the closing brace: the general feedback, kept as the explanation;
- ``[html]`` before a text: tags are removed, leaving plain text; ``[plain]``,
  ``[markdown]`` and ``[moodle]`` texts are kept as written;
- ``$CATEGORY: a/b``: the questions after it are in category ``b`` (kept as a tag);
- ``[lang:cs]`` at the start of a question (before or after its title): the language it
  is written in (not Moodle's: this site's own marker), else the import form's.

Pictures, sound and video (``<img>``, ``@@PLUGINFILE@@`` ...) are dropped and noted.

Short answer, matching, essay and description questions are reported, not read. Each
question is read on its own: a broken one is reported with its line and the rest read.
Reasons are codes (``REASONS``, ``NOTES``); the import page words them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from tutor.drills import own_question as own

from .gift_text import formatted, hold, release

HUNDRED = Decimal(100)

#: At most this many questions are read from one text; the rest are reported.
MAX_QUESTIONS = 300
WEIGHT = re.compile(r"%(-?\d{1,3}(?:\.\d{0,10})?)%")
NUMBER = re.compile(r"[+-]?(?:\d{1,15}(?:\.\d{0,15})?|\.\d{1,15})(?:[eE][+-]?\d{1,2})?")
TRUTHS = {"T": True, "TRUE": True, "F": False, "FALSE": False}
BLANK = "_____"
LANGUAGE_MARK = re.compile(r"\[lang:([A-Za-z-]{1,12})\]\s*", re.I)
MEDIA = re.compile(r"<\s*(img|audio|video|object|embed|iframe|source)\b|@@PLUGINFILE@@", re.I)


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
    #: Each choice's weight in percent when it gives partial credit (``own.Question.credit``).
    credit: tuple[Decimal, ...] = ()
    #: The feedback after each answer (``own.Text.feedback``).
    feedback: tuple[str, ...] = ()
    #: The language its ``[lang:xx]`` marker names (lower case), else empty.
    language: str = ""


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


# -- answers ---------------------------------------------------------------------------
def _weight(alternative: str) -> tuple[Decimal | None, str]:
    """An answer's weight in percent (``None`` if it has none) and the rest of it."""
    if alternative.startswith("="):
        return Decimal(100), alternative[1:]
    if match := WEIGHT.match(alternative):
        return Decimal(match.group(1)), alternative[match.end() :]
    return None, alternative


def _choices(answers: str, fmt: str) -> tuple[list[tuple[Decimal, str]], tuple[str, ...]]:
    """The choices with their weights, and each one's feedback (none: empty)."""
    alternatives = answers.replace("=", "~=").split("~")
    if alternatives and not alternatives[0].strip():
        alternatives = alternatives[1:]
    choices, feedback = [], []
    for alternative in alternatives:
        weight, rest = _weight(alternative.strip())
        text, _sep, comment = rest.partition("#")
        feedback.append(formatted(comment, fmt)[1])
        choices.append((weight or Decimal(0), " ".join(formatted(text, fmt)[1].split())))
    return choices, tuple(feedback) if any(feedback) else ()


def _credit(kind: str, weights: list[Decimal]) -> tuple[Decimal, ...]:
    """The weights as partial credit, as Moodle reads them, or none when they say all or
    nothing: one choice at 100 % and the others at 0 %. Several right choices always keep
    their weights (issue 23): with ``~%50%A ~%50%B ~%-100%C``, Moodle gives half the
    points for A alone, and so does this site."""
    if kind == own.SINGLE and all(w in (0, 100) for w in weights):
        return ()
    return tuple(weights)


def multichoice(answers: str, fmt: str) -> dict[str, object]:
    """One right choice (marked ``=``) or several (positive weights)."""
    choices, feedback = _choices(answers, fmt)
    notes: list[str] = []
    if len(choices) < 2:
        raise Unreadable("few_choices")
    if len(choices) > own.MAX_CHOICES:
        raise Unreadable("many_choices")
    if "=" in answers:
        full = [i for i, (weight, _text) in enumerate(choices) if weight == 100]
        if len(full) != 1:
            raise Unreadable("several_full")
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
        "credit": _credit(kind, [weight for weight, _text in choices]),
        "feedback": feedback,
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
            notes.append("number_feedback")
        number, margin = _number_answer(release(text).strip())
        if (weight is None or weight == 100) and best is None:
            best = (number, margin)
        elif weight is not None and 0 < weight < 100:
            notes.append("number_partial")
    if best is None:
        raise Unreadable("no_full_number")
    return {
        "kind": own.NUMBER,
        "number": _small(best[0]),
        "tolerance": _small(best[1]),
        "notes": tuple(dict.fromkeys(notes)),
    }


def truefalse(answers: str, fmt: str = "moodle") -> dict[str, object] | None:
    """``T``, ``FALSE`` ...; ``#if wrong#if right`` after it: the feedback of each answer,
    kept by the answer chosen (after "false", after "true")."""
    truth, _sep, comment = answers.partition("#")
    if truth.strip() not in TRUTHS:
        return None
    value = TRUTHS[truth.strip()]
    wrong, _sep, right = (formatted(bit, fmt)[1] for bit in comment.partition("#"))
    feedback = (right, wrong) if not value else (wrong, right)
    return {
        "kind": own.TRUE_FALSE,
        "right": (1,) if value else (0,),
        "feedback": feedback if any(feedback) else (),
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
    if (found := truefalse(answers, fmt)) is not None:
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
    language, text = _language(text)
    if text.startswith("::"):
        end = text.find("::", 2)
        if end >= 0:
            title = " ".join(release(text[2:end]).split())
        text = text[end + 2 :].strip() if end >= 0 else text[2:]
    if not language:
        language, text = _language(text)
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
    if MEDIA.search(text):
        parts["notes"] = (*parts.get("notes", ()), "media")
    return Found(
        line=line,
        title=title,
        prompt=prompt_text,
        explanation=formatted(feedback, fmt)[1],
        category=category,
        language=language,
        **parts,
    )


def _language(text: str) -> tuple[str, str]:
    """A ``[lang:xx]`` marker at the start of a held text: its code, and the text after."""
    if match := LANGUAGE_MARK.match(text):
        return match.group(1).lower(), text[match.end() :]
    return "", text


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
