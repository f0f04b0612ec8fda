"""A teacher's own question as a :class:`~.snapshot.Snapshot`: its text in the language
asked for (the main one when it is not written in that language) and its one part."""

from __future__ import annotations

from decimal import Decimal

from tutor.drills import own_question as own
from tutor.drills.own_question import Question as OwnRecord

from .snapshot import Part, Snapshot

#: A question's short name (Moodle's <name>, GIFT's ::title::) is the start of its prompt.
NAME_LENGTH = 80


def short_name(prompt: str) -> str:
    """The first line of the prompt, cut at ``NAME_LENGTH`` characters.

    >>> short_name("Who wins?\\nPlayer A holds a pair.")
    'Who wins?'
    """
    line = " ".join(prompt.strip().split("\n", 1)[0].split())
    return line if len(line) <= NAME_LENGTH else line[: NAME_LENGTH - 1].rstrip() + "…"


def own_snapshot(record: OwnRecord, language: str, points: int) -> Snapshot:
    text = record.text(language)
    several = record.kind in (own.SINGLE, own.MULTIPLE)
    part = Part(
        kind=record.kind,
        choices=text.choices if several else (),
        right=record.right,
        number=record.number if record.kind == own.NUMBER else None,
        tolerance=record.tolerance if record.kind == own.NUMBER else Decimal(0),
        feedback=text.feedback,
        credit=record.credit if several else (),
    )
    return Snapshot(
        name=short_name(text.prompt),
        language=text.language,
        text=text.prompt,
        parts=(part,),
        explanation=text.explanation,
        points=points,
    )
