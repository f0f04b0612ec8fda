"""The words of a bank question as a search reads them: the text of every language's
prompt and choices, folded so that a search matches whatever the capitals, the Unicode
form (a precomposed or a combining accent) or the width (full-width Latin, half-width
katakana) it was typed in. Stored in ``OwnQuestion.search_text`` on every save, so a
search is one query in the database (``bank.filtered``), on SQLite and PostgreSQL alike.

>>> fold("Ｋｉｎｇ ＳＴRAẞE")
'king strasse'
>>> search_text({"texts": [{"prompt": "Which\\n hand  wins?", "choices": ["A", "B"]}]})
'which hand wins?\\na\\nb'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping


def fold(text: str) -> str:
    """``text`` with its white space collapsed, compatibility-normalized and case-folded."""
    folded = unicodedata.normalize("NFKC", " ".join(text.split())).casefold()
    return unicodedata.normalize("NFKC", folded)


def search_text(data: Mapping[str, object]) -> str:
    """The folded prompts and choices of a stored question (``OwnQuestion.data``), one a
    line: a search never matches across two of them."""
    parts: list[str] = []
    texts = data.get("texts")
    for text in texts if isinstance(texts, list) else []:
        if isinstance(text, dict):
            choices = text.get("choices")
            parts.append(str(text.get("prompt", "")))
            parts.extend(str(c) for c in (choices if isinstance(choices, list) else []))
    return "\n".join(fold(part) for part in parts)
