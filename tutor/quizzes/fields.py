"""The column of a score: points with the speed bonus's thousandths (``scoring.py``).

A score is stored as a decimal with three places and read back as :func:`scoring.score`
makes it: a whole number as an ``int`` (every score of a session without the speed bonus,
and every score stored before the bonus had thousandths, reads exactly as it did), any
other as a ``Decimal``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import models

from .scoring import PLACES, Score, score


class ScoreField(models.DecimalField):  # type: ignore[type-arg]
    """A non-negative score, in thousandths of a point."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max_digits", 12)
        kwargs.setdefault("decimal_places", PLACES)
        kwargs.setdefault("default", 0)
        super().__init__(*args, **kwargs)

    def from_db_value(self, value: Decimal | int | None, *_args: Any) -> Score | None:
        return None if value is None else score(value)
