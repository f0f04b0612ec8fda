"""Real hands read from hand-history files and played again through the engine.

:func:`read` takes a PokerStars hand history or a PHH file (told apart by their first
line) and gives a :class:`~.record.History`; :func:`~.replay.replay` plays it through the
engine. Both speak in codes (:class:`~.record.HistoryError`), never sentences.
"""

from __future__ import annotations

from . import phh, pokerstars
from .record import MAX_CHARS, History, HistoryError, Where
from .replay import Replay, replay

__all__ = ["MAX_CHARS", "History", "HistoryError", "Replay", "read", "replay"]


def read(text: str) -> History:
    """Read one hand, PokerStars or PHH; :class:`HistoryError` when it cannot be read."""
    if len(text) > MAX_CHARS:
        raise HistoryError("too_large", None, limit=MAX_CHARS)
    if "\x00" in text or sum(not (c.isprintable() or c in "\r\n\t") for c in text) > 8:
        raise HistoryError("not_text")
    stripped = text.strip().lstrip("\ufeff")
    if not stripped:
        raise HistoryError("empty")
    if stripped.startswith("PokerStars"):
        return pokerstars.read(stripped)
    if "variant" in stripped and "=" in stripped:
        return phh.read(stripped)
    first = stripped.splitlines()[0]
    raise HistoryError("unknown_format", Where(1, None, first[:200]))
