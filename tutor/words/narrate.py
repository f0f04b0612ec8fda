"""The hand history in words: each engine event (as the JSON a seat may see) becomes a
sentence in the page language. Seat names come from the caller ("You", "Seat 3"), so the
same narration serves the play drill and the betting drill.

Each told event kind has a message per variant (a call that puts the player all-in has
its own sentence) and a function giving its placeholders; the kinds the log leaves out
are listed in :data:`SILENT`. An event of any other kind raises
:class:`~tutor.words.base.MissingWords`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from django.utils.translation import pgettext

from tutor.engine.events import EventData

from .base import fill, lookup, number
from .cards import cards_text
from .terms import STRUCTURES, category_in_sentence, street_name, structure_name

__all__ = ["SILENT", "STRUCTURES", "narrate", "street_name", "structure_name"]

#: Event kinds the log does not tell: private deals, burnt cards, and the closing tally
#: (the pot awards before it already say who won what).
SILENT = frozenset({"deal_hole", "burn", "hand_end"})


@dataclass(frozen=True, slots=True)
class _Teller:
    """Names seats and writes numbers for one narration."""

    name: Callable[[int], str]
    language: str

    def n(self, value: int) -> str:
        return number(value, self.language)


def _messages() -> dict[tuple[str, str], str]:
    """(event kind, variant) -> message; a kind with one sentence has the variant ``""``."""
    return {
        ("hand_start", ""): pgettext(
            "narration",
            "Hand %(number)s: %(button)s has the dealer button; blinds %(small)s/%(big)s.",
        ),
        ("post_blind", "small"): pgettext(
            "narration", "%(seat)s posts the small blind of %(amount)s."
        ),
        ("post_blind", "big"): pgettext("narration", "%(seat)s posts the big blind of %(amount)s."),
        ("post_ante", ""): pgettext("narration", "%(seat)s posts an ante of %(amount)s."),
        ("deal_board", ""): pgettext("narration", "%(street)s: %(cards)s."),
        ("fold", ""): pgettext("narration", "%(seat)s folds."),
        ("check", ""): pgettext("narration", "%(seat)s checks."),
        ("call", "all_in"): pgettext("narration", "%(seat)s calls %(amount)s and is all-in."),
        ("call", ""): pgettext("narration", "%(seat)s calls %(amount)s."),
        ("bet", "all_in"): pgettext("narration", "%(seat)s bets %(amount)s and is all-in."),
        ("bet", ""): pgettext("narration", "%(seat)s bets %(amount)s."),
        ("raise", "short_all_in"): pgettext(
            "narration", "%(seat)s goes all-in for %(amount)s, less than a full raise."
        ),
        ("raise", "all_in"): pgettext("narration", "%(seat)s raises to %(amount)s and is all-in."),
        ("raise", ""): pgettext("narration", "%(seat)s raises to %(amount)s."),
        ("return_uncalled", ""): pgettext(
            "narration", "%(amount)s uncalled chips go back to %(seat)s."
        ),
        ("show_hand", ""): pgettext("narration", "%(seat)s shows %(cards)s: %(hand)s."),
        # Translators: a hand tabled because of an all-in, before the rest of the board.
        ("show_hand", "face_up"): pgettext(
            "narration", "%(seat)s turns %(cards)s face up before the rest of the board."
        ),
        ("muck", ""): pgettext("narration", "%(seat)s mucks the hand without showing it."),
        ("award_pot", ""): pgettext("narration", "%(seat)s wins %(amount)s from a pot of %(pot)s."),
    }


def _single(event: EventData) -> str:
    return ""


def _all_in(event: EventData) -> str:
    return "all_in" if event["all_in"] else ""


def _raise(event: EventData) -> str:
    return "short_all_in" if event["all_in"] and not event["full"] else _all_in(event)


#: Which message of a kind fits the event; kinds not listed have one message.
_VARIANTS: dict[str, Callable[[EventData], str]] = {
    "post_blind": lambda event: event["blind"],
    "call": _all_in,
    "bet": _all_in,
    "raise": _raise,
    # Tabled for an all-in before the board is complete: no hand made yet.
    "show_hand": lambda event: "" if event["category"] else "face_up",
}

type Params = list[dict[str, str]]


def _hand_start(e: EventData, t: _Teller) -> Params:
    numbers = {"number": t.n(e["hand_no"]), "small": t.n(e["small_blind"])}
    return [numbers | {"button": t.name(e["button"]), "big": t.n(e["big_blind"])}]


def _seat(e: EventData, t: _Teller) -> Params:
    return [{"seat": t.name(e["seat"])}]


def _chips(field: Literal["amount", "added", "to"]) -> Callable[[EventData, _Teller], Params]:
    """A seat and the chips in ``field`` (``amount``, ``added`` or ``to``)."""

    def params(e: EventData, t: _Teller) -> Params:
        return [{"seat": t.name(e["seat"]), "amount": t.n(e[field])}]

    return params


def _board(e: EventData, t: _Teller) -> Params:
    return [{"street": street_name(e["street"]), "cards": cards_text(e["cards"])}]


def _show(e: EventData, t: _Teller) -> Params:
    params = {"seat": t.name(e["seat"]), "cards": cards_text(e["cards"])}
    if e["category"]:
        params["hand"] = category_in_sentence("holdem", e["category"])
    return [params]


def _award(e: EventData, t: _Teller) -> Params:
    """One line per winner of the pot."""
    pot = t.n(e["amount"])
    return [{"seat": t.name(s), "amount": t.n(chips), "pot": pot} for s, chips in e["shares"]]


#: The placeholders of each told kind: one dict per line it tells.
_PARAMS: dict[str, Callable[[EventData, _Teller], Params]] = {
    "hand_start": _hand_start,
    "post_blind": _chips("amount"),
    "post_ante": _chips("amount"),
    "deal_board": _board,
    "fold": _seat,
    "check": _seat,
    "call": _chips("added"),
    "bet": _chips("to"),
    "raise": _chips("to"),
    "return_uncalled": _chips("amount"),
    "show_hand": _show,
    "muck": _seat,
    "award_pot": _award,
}


def told_kinds() -> frozenset[str]:
    """The event kinds the log tells (every other known kind is in :data:`SILENT`)."""
    return frozenset(_PARAMS)


def _tell(event: EventData, teller: _Teller, messages: dict[tuple[str, str], str]) -> list[str]:
    kind = event["kind"]
    if kind in SILENT:
        return []
    params = lookup(_PARAMS, "event", kind)(event, teller)
    text = lookup(messages, "event", (kind, _VARIANTS.get(kind, _single)(event)))
    return [fill(text, p) for p in params]


def narrate(events: Sequence[EventData], name: Callable[[int], str], language: str) -> list[str]:
    """One sentence per event worth telling (hole-card deals and burns are skipped)."""
    teller = _Teller(name, language)
    messages = _messages()
    return [line for event in events for line in _tell(event, teller, messages)]
