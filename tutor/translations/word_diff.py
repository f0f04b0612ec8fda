"""What changed in the English of a fuzzy entry: a word diff between its previous msgid
(``#| msgid``, kept by msgmerge and ``updatecatalogs``) and its msgid now.

A diff is a tuple of ``(op, words)``: ``"="`` kept, ``"-"`` gone, ``"+"`` new. The
terminal shows it as ``git diff --word-diff`` does; the status page with ``<del>`` and
``<ins>``.

>>> diff = word_diff("The dealer burns one card.", "The dealer burns a card face down.")
>>> diff
(('=', 'The dealer burns'), ('-', 'one card.'), ('+', 'a card face down.'))
>>> as_text(diff)
'The dealer burns [-one card.-] {+a card face down.+}'
"""

from __future__ import annotations

from difflib import SequenceMatcher

type Diff = tuple[tuple[str, str], ...]

# An opcode of difflib: which side's words it shows, and as what.
_OPS: dict[str, tuple[tuple[str, str], ...]] = {
    "equal": (("=", "a"),),
    "delete": (("-", "a"),),
    "insert": (("+", "b"),),
    "replace": (("-", "a"), ("+", "b")),
}


def word_diff(old: str, new: str) -> Diff:
    """The words of ``old`` kept, removed and added in ``new``, in order."""
    words = {"a": old.split(), "b": new.split()}
    matcher = SequenceMatcher(None, words["a"], words["b"], autojunk=False)
    parts: list[tuple[str, str]] = []
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        spans = {"a": (a1, a2), "b": (b1, b2)}
        for op, side in _OPS[tag]:
            start, end = spans[side]
            parts.append((op, " ".join(words[side][start:end])))
    return tuple(parts)


def as_text(diff: Diff) -> str:
    """``diff`` as ``git diff --word-diff`` writes it: ``[-gone-]`` and ``{+new+}``."""
    marks = {"=": "{}", "-": "[-{}-]", "+": "{{+{}+}}"}
    return " ".join(marks[op].format(words) for op, words in diff)
