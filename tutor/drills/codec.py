"""A lossless JSON round trip for the drills' frozen dataclasses, driven by their types.

A question is stored whole (in a quiz session) as JSON and read back as the same object:
``Record.from_dict(q.to_dict()) == q``. The field types say how each value is written:
cards as their codes (``"As"``), decimals as strings (``"2.50"``), tuples as lists, ``None`` as null, nested dataclasses as
objects, and engine objects with their own ``to_dict``/``from_dict`` (a ``Hand``) through
those.

>>> from dataclasses import dataclass
>>> from tutor.engine.cards import Card
>>> @dataclass(frozen=True)
... class Pair(Record):
...     cards: tuple[Card, ...]
...     owner: int | None = None
>>> Pair((Card.parse("As"), Card.parse("Kd"))).to_dict()
{'cards': ['As', 'Kd'], 'owner': None}
>>> Pair.from_dict({"cards": ["As", "Kd"], "owner": 2})
Pair(cards=(Card.parse('As'), Card.parse('Kd')), owner=2)
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Self, Union, cast, get_args, get_origin, get_type_hints

from tutor.engine.cards import Card

JSON = dict[str, Any]


class Record:
    """Mixin for a frozen dataclass whose fields are JSON-writable by their types."""

    def to_dict(self) -> JSON:
        return _dump_fields(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Read a record back; raises ``ValueError`` when ``data`` does not fit the type."""
        return cast(Self, _load_fields(cls, data))


def _dump_fields(value: Any) -> JSON:
    """Any dataclass (a record, or a plain frozen dataclass inside one) as a JSON object."""
    hints = _hints(type(value))
    return {f.name: _dump(getattr(value, f.name), hints[f.name]) for f in dataclasses.fields(value)}


def _load_fields(cls: Any, data: Any) -> Any:
    if not isinstance(data, Mapping):
        raise ValueError(f"{cls.__name__}: expected an object")
    hints = _hints(cls)
    values = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            values[f.name] = _load(data[f.name], hints[f.name])
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise ValueError(f"{cls.__name__}: missing {f.name}")
    return cls(**values)


#: Each dataclass's resolved field types, kept per class (a few classes, for the life of
#: the process; a class is the whole key: its types never change).
_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = get_type_hints(cls)
    return hints


def _is_union(kind: Any) -> bool:
    return get_origin(kind) in (Union, types.UnionType)


def _dump(value: Any, kind: Any) -> Any:
    if value is None:
        return None
    if _is_union(kind):
        kind = next(k for k in get_args(kind) if k is not type(None))
    origin = get_origin(kind)
    if kind is Card:
        return value.code
    if kind is Decimal:
        return str(value)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dump_fields(value)
    if origin is tuple:
        args = get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return [_dump(v, args[0]) for v in value]
        return [_dump(v, k) for v, k in zip(value, args, strict=True)]
    if origin in (dict, Mapping) or kind is dict:
        value_kind = get_args(kind)[1] if get_args(kind) else Any
        return {str(k): _dump(v, value_kind) for k, v in value.items()}
    if hasattr(value, "to_dict") and not isinstance(value, str | int | float | bool):
        return value.to_dict()
    return value


def _load(value: Any, kind: Any) -> Any:
    if _is_union(kind):
        if value is None:
            return None
        kind = next(k for k in get_args(kind) if k is not type(None))
    if kind is Any:
        return value
    origin = get_origin(kind)
    if kind is Card:
        return Card.parse(_expect(value, str))
    if kind is Decimal:
        try:
            return Decimal(_expect(value, str))
        except ArithmeticError as error:
            raise ValueError(f"not a decimal: {value!r}") from error
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _load_fields(kind, value)
    if origin is tuple:
        args = get_args(kind)
        items = _expect(value, list)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(v, args[0]) for v in items)
        if len(items) != len(args):
            raise ValueError(f"expected {len(args)} items")
        return tuple(_load(v, k) for v, k in zip(items, args, strict=True))
    if origin in (dict, Mapping) or kind is dict:
        value_kind = get_args(kind)[1] if get_args(kind) else Any
        return {k: _load(v, value_kind) for k, v in _expect(value, dict).items()}
    if kind in (int, str, bool, float):
        if kind is int and isinstance(value, bool):
            raise ValueError("expected a number")
        return _expect(value, kind)
    if isinstance(kind, type) and hasattr(kind, "from_dict"):
        return kind.from_dict(value)
    raise TypeError(f"no JSON form for {kind!r}")  # a programming error, not bad data


def _expect(value: Any, kind: type) -> Any:
    if not isinstance(value, kind):
        raise ValueError(f"expected {kind.__name__}, got {type(value).__name__}")
    return value


__all__ = ["JSON", "Record"]
