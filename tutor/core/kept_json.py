"""A JSON column whose text comes back request after request, decoded once per process.

Every student request but the poll reads the session: its questions (each as it was
asked, about 300 bytes) and settings, the same text for the whole class. Decoding it took
25 µs for three questions and 109 µs for twenty, on every request. :func:`kept_json` is a
``JSONField``'s ``from_db_value`` that keeps the decoded value marshalled, per text, and
gives each read a fresh copy (``marshal.loads``: 12 and 62 µs): nothing is shared between
requests, and a copy is exactly what ``json.loads`` gives (dicts, lists, strings,
numbers, booleans and None, in their order).
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from django.db.models import JSONField

Converter = Callable[[Any, Any, Any], Any]


def kept_json(field: JSONField[Any]) -> Converter:
    """``field``'s ``from_db_value``, with the decoding of a text kept (see the module)."""

    def convert(value: Any, expression: Any, connection: Any) -> Any:
        if type(value) is not str:  # None, or a value the backend decoded itself
            return field.from_db_value(value, expression, connection)
        try:
            return marshal.loads(_marshalled(value))
        except json.JSONDecodeError:
            return value  # as from_db_value: text that is not JSON stays text

    return convert


# Kept per process. Key: the JSON text of a column, the whole input; the value is bytes,
# which no caller can change. Bounded at 512 (about 1.5 MB with texts of a few KB): the
# sessions running now and their students' own lists come back.
@lru_cache(maxsize=512)
def _marshalled(text: str) -> bytes:
    return marshal.dumps(json.loads(text))
