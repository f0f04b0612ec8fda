"""A hand in words: "a pair of kings", "a flush, ace high", "a pure sequence A-2-3".

Each category code maps to a whole message and to the ranks its placeholders name, so
each language can order the parts its own way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.translation import pgettext

from tutor.engine import holdem, teenpatti

from .base import fill, lookup
from .cards import rank_name, rank_text

type Params[V] = Callable[[V], Mapping[str, str]]


def _top(ranks: tuple[int, ...]) -> dict[str, str]:
    return {"rank": rank_name(ranks[0])}


def _tops(ranks: tuple[int, ...]) -> dict[str, str]:
    return {"ranks": rank_name(ranks[0], plural=True)}


def _none(ranks: tuple[int, ...]) -> dict[str, str]:
    return {}


def _two_pair(ranks: tuple[int, ...]) -> dict[str, str]:
    return {"high": rank_name(ranks[0], plural=True), "low": rank_name(ranks[1], plural=True)}


def _full_house(ranks: tuple[int, ...]) -> dict[str, str]:
    return {"trips": rank_name(ranks[0], plural=True), "pair": rank_name(ranks[1], plural=True)}


def _holdem_descriptions() -> dict[str, tuple[str, Params[tuple[int, ...]]]]:
    """Hold'em category code -> (message, placeholders from the value's ranks)."""
    return {
        "high_card": (pgettext("holdem hand description", "high card %(rank)s"), _top),
        "one_pair": (pgettext("holdem hand description", "a pair of %(ranks)s"), _tops),
        "two_pair": (
            pgettext("holdem hand description", "two pair, %(high)s and %(low)s"),
            _two_pair,
        ),
        "three_of_a_kind": (pgettext("holdem hand description", "three %(ranks)s"), _tops),
        "straight": (pgettext("holdem hand description", "a straight, %(rank)s high"), _top),
        "flush": (pgettext("holdem hand description", "a flush, %(rank)s high"), _top),
        "full_house": (
            pgettext("holdem hand description", "a full house, %(trips)s full of %(pair)s"),
            _full_house,
        ),
        "four_of_a_kind": (pgettext("holdem hand description", "four %(ranks)s"), _tops),
        "straight_flush": (
            pgettext("holdem hand description", "a straight flush, %(rank)s high"),
            _top,
        ),
        "royal_flush": (pgettext("holdem hand description", "a royal flush"), _none),
    }


def describe_holdem(value: holdem.HandValue) -> str:
    """'a pair of kings', 'a flush, ace high', 'a royal flush' ..."""
    text, params = lookup(_holdem_descriptions(), "holdem category", value.code)
    return fill(text, params(value.ranks))


def sequence_text(value: teenpatti.TPHandValue) -> str:
    """A sequence's ranks as dealt in the sequence order: ``A-2-3``, ``Q-J-10``."""
    return "-".join(rank_text(r) for r in value.ranks)


def _sequence(value: teenpatti.TPHandValue) -> dict[str, str]:
    return {"sequence": sequence_text(value)}


def _teenpatti_descriptions() -> dict[str, tuple[str, Params[teenpatti.TPHandValue]]]:
    """Teen Patti category code -> (message, placeholders from the value)."""
    return {
        "trail": (
            pgettext("teen patti hand description", "a trail of %(ranks)s"),
            lambda v: _tops(v.ranks),
        ),
        "pure_sequence": (
            pgettext("teen patti hand description", "a pure sequence %(sequence)s"),
            _sequence,
        ),
        "sequence": (
            pgettext("teen patti hand description", "a sequence %(sequence)s"),
            _sequence,
        ),
        "color": (
            pgettext("teen patti hand description", "a color, %(rank)s high"),
            lambda v: _top(v.ranks),
        ),
        "pair": (
            pgettext("teen patti hand description", "a pair of %(ranks)s"),
            lambda v: _tops(v.ranks),
        ),
        "high_card": (
            pgettext("teen patti hand description", "high card %(rank)s"),
            lambda v: _top(v.ranks),
        ),
    }


def describe_teenpatti(value: teenpatti.TPHandValue) -> str:
    """'a trail of queens', 'a pure sequence A-2-3', 'high card king' ..."""
    text, params = lookup(_teenpatti_descriptions(), "teen patti category", value.code)
    return fill(text, params(value))
