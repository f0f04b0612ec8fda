"""A question as plain text and the parts to answer, the shape every export writes."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

SINGLE, MULTIPLE, TRUE_FALSE, NUMBER = "single", "multiple", "truefalse", "number"


@dataclass(frozen=True)
class Part:
    """One thing to answer."""

    kind: str  # SINGLE, MULTIPLE, TRUE_FALSE or NUMBER
    #: What this part asks ("Main pot: amount"); empty when the question has one part.
    label: str = ""
    choices: tuple[str, ...] = ()
    #: The positions of the right choices; for true or false, (1,) is true and (0,) false.
    right: tuple[int, ...] = ()
    number: Decimal | None = None
    #: A number within this much of ``number`` is right.
    tolerance: Decimal = Decimal(0)
    #: The feedback after each answer: one a choice; for true or false, after "false"
    #: then after "true". Empty: none.
    feedback: tuple[str, ...] = ()
    #: Each choice's weight in percent when it gives partial credit; empty: all or nothing.
    credit: tuple[Decimal, ...] = ()


@dataclass(frozen=True)
class Snapshot:
    """A question fixed as it was dealt or written, in one language."""

    name: str  # a short title (Moodle's <name>, GIFT's ::title::)
    language: str
    text: str  # the situation and the question, plain text, cards written out
    parts: tuple[Part, ...]
    explanation: str = ""  # general feedback, plain text
    points: int = 1
