"""Sentences for the showdown-order drill: who shows first and why, and each hand's turn.

The drill reads the engine's showdown (its show and muck events, the river's last bet or
raise) and names what happened with a code; this module turns each code into a whole
message with named placeholders. An unknown code raises
:class:`~tutor.words.base.MissingWords`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import pgettext

from tutor.engine import holdem
from tutor.engine.cards import Card
from tutor.engine.showdown import ShowdownTurns

from .base import fill, join_names, lookup
from .hands import describe_holdem
from .terms import category_name

__all__ = [
    "ShowdownStep",
    "answer_text",
    "first_codes",
    "first_reason",
    "first_text",
    "showdown_steps",
    "step_codes",
    "step_text",
]


def _first_messages() -> dict[str, str]:
    """Why a hand is shown first (or why every hand is face up at once)."""
    return {
        "last_aggressor": pgettext(
            "showdown order",
            "%(seat)s made the last bet or raise on the river, so %(seat)s shows first; "
            "the others follow clockwise.",
        ),
        "first_left_of_button": pgettext(
            "showdown order",
            "Nobody bet on the river, so the first player still in to the left of the "
            "button, %(seat)s, shows first; the others follow clockwise.",
        ),
        "all_in": pgettext(
            "showdown order",
            "A player is all-in and the betting is over, so every hand still in is turned "
            "face up at once, before the rest of the board is dealt. Nobody may muck.",
        ),
    }


def _step_messages() -> dict[str, str]:
    """One hand's turn at the showdown."""
    return {
        "shows_first": pgettext("showdown order", "%(seat)s shows first: %(hand)s."),
        "shows_better": pgettext(
            "showdown order",
            "%(seat)s shows %(hand)s: it beats %(best)s, the best hand shown so far.",
        ),
        "shows_tie": pgettext(
            "showdown order",
            "%(seat)s shows %(hand)s: it ties %(best)s, so it can win a share of the pot.",
        ),
        "may_muck": pgettext(
            "showdown order",
            "%(seat)s has %(hand)s, which cannot beat %(best)s shown before it: %(seat)s "
            "may muck, giving up the hand without showing it.",
        ),
        "shows_anyway": pgettext(
            "showdown order",
            "%(seat)s shows %(hand)s, though it cannot beat %(best)s shown before it.",
        ),
        "face_up": pgettext(
            "showdown order", "%(seat)s: %(hand)s, face up since the betting ended all-in."
        ),
    }


def _answer_messages() -> dict[tuple[str, bool], str]:
    """(who the answer says shows first: a seat, all at once or nobody chosen; whether it
    names players who may muck) -> message."""
    return {
        ("seat", True): pgettext("showdown order", "%(first)s shows first; %(mucks)s may muck."),
        ("seat", False): pgettext("showdown order", "%(first)s shows first; nobody may muck."),
        ("all", True): pgettext("showdown order", "All hands face up at once; %(mucks)s may muck."),
        ("all", False): pgettext("showdown order", "All hands face up at once; nobody may muck."),
        ("none", True): pgettext(
            "showdown order", "Nobody chosen to show first; %(mucks)s may muck."
        ),
        ("none", False): pgettext(
            "showdown order", "Nobody chosen to show first; nobody may muck."
        ),
    }


def first_codes() -> frozenset[str]:
    return frozenset(_first_messages())


def step_codes() -> frozenset[str]:
    return frozenset(_step_messages())


def first_text(code: str, seat: str = "") -> str:
    """Why ``seat`` shows first (``code``: ``last_aggressor``, ``first_left_of_button``),
    or why every hand is face up (``all_in``)."""
    return fill(lookup(_first_messages(), "showdown order reason", code), {"seat": seat})


def step_text(code: str, params: Mapping[str, str]) -> str:
    """One hand's turn: ``seat`` and ``hand``, and ``best`` (the best hand shown before)."""
    return fill(lookup(_step_messages(), "showdown order step", code), params)


def answer_text(first: str | None, all_at_once: bool, mucks: Sequence[str]) -> str:
    """An answer in words: who shows first (a seat's name, all at once, or nobody chosen)
    and who may muck."""
    kind = "all" if all_at_once else ("seat" if first else "none")
    text = lookup(_answer_messages(), "showdown order answer", (kind, bool(mucks)))
    return fill(text, {"first": first or "", "mucks": join_names(list(mucks))})


def first_reason(
    turns: ShowdownTurns, river_aggressor: int | None, name: Callable[[int], str]
) -> str:
    """Why the engine's first hand was shown first, or why every hand was face up."""
    if turns.face_up:
        return first_text("all_in")
    code = "first_left_of_button" if river_aggressor is None else "last_aggressor"
    return first_text(code, name(turns.order[0]))


@dataclass(frozen=True)
class ShowdownStep:
    """One hand's turn at the showdown, in the engine's order: whose, the cards, the best
    five and the category's name, whether it was shown, why, and whether the learner said
    this player may muck."""

    name: str
    cards: tuple[Card, ...]
    best: tuple[Card, ...]
    category: str
    shown: bool
    sentence: str
    ticked: bool = False


def _step_code(turns: ShowdownTurns, seat: int, strength: int, best: int | None) -> str:
    if turns.face_up:
        return "face_up"
    if best is None:
        return "shows_first"
    if seat in turns.mucked:
        return "may_muck"
    if strength == best:
        return "shows_tie"
    return "shows_better" if strength > best else "shows_anyway"


def showdown_steps(
    board: tuple[Card, ...],
    holes: Sequence[tuple[Card, ...]],
    turns: ShowdownTurns,
    name: Callable[[int], str],
    ticked: frozenset[int] | set[int] = frozenset(),
) -> tuple[ShowdownStep, ...]:
    """Each hand in the engine's order, with the sentence saying why it is shown or may
    be mucked (against the best hand shown before it)."""
    rows: list[ShowdownStep] = []
    best: holdem.HandValue | None = None
    for seat in turns.order:
        value = holdem.evaluate(board + holes[seat])
        params = {"seat": name(seat), "hand": describe_holdem(value)}
        if best is not None:
            params["best"] = describe_holdem(best)
        code = _step_code(turns, seat, value.strength, None if best is None else best.strength)
        shown = seat not in turns.mucked
        rows.append(
            ShowdownStep(
                name=name(seat),
                cards=holes[seat],
                best=tuple(value.best_five),
                category=category_name("holdem", value.code),
                shown=shown,
                sentence=step_text(code, params),
                ticked=seat in ticked,
            )
        )
        if shown and (best is None or value.strength > best.strength):
            best = value
    return tuple(rows)
