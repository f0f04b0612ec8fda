"""How a betting table is laid out and played before the question: each level's shape, and
what a question aimed at a concept changes in it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Shape:
    """How a table is laid out and played before the question is asked."""

    structures: tuple[str, ...]
    #: Players at a table that is not heads-up, and the share of heads-up tables.
    players: tuple[int, int]
    heads_up: float
    #: Ante modes (``AnteMode`` codes) to draw from; repeat one to make it likelier.
    antes: tuple[str, ...]
    #: Seats given a short stack (so short all-ins happen), and its range.
    short_stacks: int
    short_range: tuple[int, int]
    #: Actions played before the question (dealt) or before looking for the concept (aimed).
    steps: tuple[int, int]
    #: How the seats act: a key of ``PLAYS``, with the share of bets and raises.
    play: str
    aggression: float
    #: Aimed only: the streets to reach (checking and calling) before playing as ``play``.
    streets: tuple[str, ...] = ("preflop",)


LEVEL_SHAPES = {
    "easy": Shape(("no_limit",), (3, 4), 0.2, ("none",), 0, (120, 450), (0, 4), "random", 0.3),
    "medium": Shape(
        ("pot_limit", "fixed_limit"),
        (4, 6),
        0.15,
        ("none", "none", "each", "big_blind"),
        0,
        (120, 450),
        (0, 7),
        "random",
        0.45,
    ),
    "hard": Shape(
        ("no_limit", "pot_limit", "fixed_limit"),
        (4, 6),
        0.15,
        ("none", "none", "each", "big_blind"),
        2,
        (120, 450),
        (0, 10),
        "random",
        0.45,
    ),
}

#: The betting rounds, in order (``Street`` codes).
STREETS = ("preflop", "flop", "turn", "river")
#: What an aimed question changes in its level's shape; ``structures`` narrows the
#: level's own (or replaces them when none of the level's fits).
AIMED: dict[str, dict[str, Any]] = {
    "blinds-and-button": {"steps": (0, 0)},
    "order-preflop": {"heads_up": 0.0, "steps": (0, 2)},
    "order-postflop": {"heads_up": 0.0, "steps": (0, 0), "streets": STREETS[1:]},
    "heads-up-order": {"heads_up": 1.0, "steps": (0, 0), "streets": STREETS},
    "big-blind-option": {"steps": (0, 0), "play": "passive"},
    "min-raise": {
        "structures": ("no_limit", "pot_limit"),
        "steps": (0, 2),
        "aggression": 0.6,
        "streets": STREETS,
    },
    "pot-limit-max": {"structures": ("pot_limit",), "steps": (0, 2), "streets": STREETS},
    "fixed-limit-sizes": {"structures": ("fixed_limit",), "steps": (0, 2), "streets": STREETS},
    "raise-cap": {
        "structures": ("fixed_limit",),
        "heads_up": 0.0,
        "steps": (0, 0),
        "play": "raise",
        "streets": STREETS[:3],
    },
    "short-all-in-reopen": {
        "heads_up": 0.0,
        "short_stacks": 2,
        "short_range": (150, 600),
        "steps": (0, 0),
        "play": "shove",
        "streets": STREETS[:2],
    },
    "antes-dead-money": {"antes": ("each", "big_blind"), "steps": (0, 3)},
}


def aimed_shape(level: str, concept: str) -> Shape:
    """The level's shape, changed as ``AIMED`` says for ``concept``."""
    shape = LEVEL_SHAPES[level]
    changes = dict(AIMED.get(concept, {}))
    wanted = changes.pop("structures", None)
    if isinstance(wanted, tuple):
        kept = tuple(s for s in shape.structures if s in wanted)
        changes["structures"] = kept or wanted
    return replace(shape, **changes)
