"""Put back the ``#.`` comments a merge dropped: what ``manage.py updatemessages`` (``make
messages``) does after ``makemessages``.

``msgmerge`` rewrites each entry's ``#.`` lines from the code (the ``# Translators:``
comments), so a note a translator wrote there is lost on the next extraction. Here each
``#.`` line the catalog had before, and the merged catalog lacks, goes back above its
entry, after the code's comments, unless it belonged to a ``Translators:`` comment that
the code no longer has (the developer reworded it: the new wording wins). Comments
written as ``# note`` (translator comments, such as ``# terms-ok: seat``) are kept by
``msgmerge`` itself. Only lines are added: the merged file's wrapping stays as it is.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

EXTRACTED = "#. "
CODE_COMMENT = "#. Translators:"
ENTRY_STARTS = ("#:", "#,", "#|", "msgctxt ", "msgid ")

type Key = tuple[str, str]  # msgctxt (empty when none) and msgid


def _string(lines: list[str], keyword: str) -> str | None:
    """The value of ``keyword`` (``msgid``, ``msgctxt``) in an entry's lines."""
    for index, line in enumerate(lines):
        if line.startswith(keyword + " "):
            parts = [
                line[len(keyword) + 1 :],
                *lines[index + 1 : index + 1 + _run(lines, index + 1)],
            ]
            return "".join(ast.literal_eval(part) for part in parts)
    return None


def _run(lines: list[str], start: int) -> int:
    """How many lines from ``start`` continue a quoted string."""
    count = 0
    while start + count < len(lines) and lines[start + count].startswith('"'):
        count += 1
    return count


def _entries(text: str) -> Iterator[tuple[Key, list[str]]]:
    """Each live entry of a catalog as its key and its lines (obsolete ones left out)."""
    for block in text.split("\n\n"):
        lines = block.strip("\n").split("\n")
        msgid = _string(lines, "msgid")
        if msgid is None or any(line.startswith("#~") for line in lines):
            continue
        yield (_string(lines, "msgctxt") or "", msgid), lines


def _notes(old: list[str], new: list[str]) -> list[str]:
    """The ``#.`` lines of ``old`` that ``new`` lacks, but for those of a code comment
    that the code has reworded."""
    kept, stale = [], False
    for line in old:
        if not line.startswith(EXTRACTED.rstrip()):
            stale = False
            continue
        if line.startswith(CODE_COMMENT):
            stale = line not in new
        if not stale and line not in new:
            kept.append(line)
    return kept


def _with_notes(lines: list[str], notes: list[str]) -> list[str]:
    extracted = [n for n, line in enumerate(lines) if line.startswith(EXTRACTED.rstrip())]
    if extracted:
        at = extracted[-1] + 1
    else:
        at = next(n for n, line in enumerate(lines) if line.startswith(ENTRY_STARTS))
    return lines[:at] + notes + lines[at:]


def restore_comments(old: str, new: str) -> tuple[str, int]:
    """``new`` with the ``#.`` lines it dropped from ``old`` put back, and how many
    entries got theirs back."""
    before = dict(_entries(old))
    blocks = new.split("\n\n")
    restored = 0
    for index, block in enumerate(blocks):
        for key, lines in _entries(block):
            notes = _notes(before.get(key, []), lines)
            if notes:
                ending = block[len(block.rstrip("\n")) :]
                blocks[index] = "\n".join(_with_notes(lines, notes)) + ending
                restored += 1
    return "\n\n".join(blocks), restored
