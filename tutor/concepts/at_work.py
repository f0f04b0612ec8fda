"""The concepts a question turned on, to name under its explanation: the one it was aimed
at first, then the others it exercised in the catalog's order, at most :data:`SHOWN`."""

from __future__ import annotations

from collections.abc import Iterable

from .catalog import CONCEPTS
from .model import Concept

SHOWN = 3


def rules_at_work(exercised: Iterable[str], aimed: str | None = None) -> list[Concept]:
    """``exercised`` concept ids (unknown ones ignored), ``aimed`` first.

    >>> [c.id for c in rules_at_work({"kickers", "split-pot", "nope"}, aimed="split-pot")]
    ['split-pot', 'kickers']
    """
    ids = set(exercised)
    ordered = [aimed] if aimed in ids else []
    ordered += [c for c in CONCEPTS if c in ids and c != aimed]
    return [CONCEPTS[c] for c in ordered[:SHOWN]]
