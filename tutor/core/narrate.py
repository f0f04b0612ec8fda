"""The hand history in words: each engine event (as the JSON a seat may see) becomes a
sentence in the page language. Seat names come from the caller ("You", "Seat 3"), so the
same narration serves the play drill and the betting drill."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.utils.translation import pgettext

from tutor.core.locales import format_number
from tutor.core.terms import HOLDEM_CATEGORIES
from tutor.engine.cards import Card

STRUCTURES = {
    "no_limit": lambda: pgettext("betting structure", "No-limit"),
    "pot_limit": lambda: pgettext("betting structure", "Pot-limit"),
    "fixed_limit": lambda: pgettext("betting structure", "Fixed-limit"),
}

STREETS = {
    "flop": lambda: pgettext("street", "Flop"),
    "turn": lambda: pgettext("street", "Turn"),
    "river": lambda: pgettext("street", "River"),
    "preflop": lambda: pgettext("street", "Pre-flop"),
    "showdown": lambda: pgettext("street", "Showdown"),
    "complete": lambda: pgettext("street", "Hand over"),
}


def structure_name(code: str) -> str:
    return STRUCTURES[code]() if code in STRUCTURES else code


def street_name(code: str) -> str:
    return STREETS[code]() if code in STREETS else code


def _cards(codes: Sequence[str | None]) -> str:
    return " ".join(Card.parse(c).code.replace("T", "10") if c else "?" for c in codes)


def narrate(
    events: Sequence[dict[str, Any]], name: Callable[[int], str], language: str
) -> list[str]:
    """One sentence per event worth telling (hole-card deals and burns are skipped)."""

    def n(value: int) -> str:
        return format_number(value, language)

    lines: list[str] = []
    for e in events:
        kind = e.get("kind")
        seat = name(e["seat"]) if "seat" in e else ""
        if kind == "hand_start":
            lines.append(
                pgettext(
                    "narration",
                    "Hand %(number)s: %(button)s has the dealer button; blinds %(small)s/%(big)s.",
                )
                % {
                    "number": n(e["hand_no"]),
                    "button": name(e["button"]),
                    "small": n(e["small_blind"]),
                    "big": n(e["big_blind"]),
                }
            )
        elif kind == "post_blind":
            text = (
                pgettext("narration", "%(seat)s posts the small blind of %(amount)s.")
                if e["blind"] == "small"
                else pgettext("narration", "%(seat)s posts the big blind of %(amount)s.")
            )
            lines.append(text % {"seat": seat, "amount": n(e["amount"])})
        elif kind == "post_ante":
            lines.append(
                pgettext("narration", "%(seat)s posts an ante of %(amount)s.")
                % {"seat": seat, "amount": n(e["amount"])}
            )
        elif kind == "deal_board":
            lines.append(
                pgettext("narration", "%(street)s: %(cards)s.")
                % {"street": street_name(e["street"]), "cards": _cards(e["cards"])}
            )
        elif kind == "fold":
            lines.append(pgettext("narration", "%(seat)s folds.") % {"seat": seat})
        elif kind == "check":
            lines.append(pgettext("narration", "%(seat)s checks.") % {"seat": seat})
        elif kind == "call":
            text = (
                pgettext("narration", "%(seat)s calls %(amount)s and is all-in.")
                if e["all_in"]
                else pgettext("narration", "%(seat)s calls %(amount)s.")
            )
            lines.append(text % {"seat": seat, "amount": n(e["added"])})
        elif kind == "bet":
            text = (
                pgettext("narration", "%(seat)s bets %(amount)s and is all-in.")
                if e["all_in"]
                else pgettext("narration", "%(seat)s bets %(amount)s.")
            )
            lines.append(text % {"seat": seat, "amount": n(e["to"])})
        elif kind == "raise":
            if e["all_in"] and not e["full"]:
                text = pgettext(
                    "narration", "%(seat)s goes all-in for %(amount)s, less than a full raise."
                )
            elif e["all_in"]:
                text = pgettext("narration", "%(seat)s raises to %(amount)s and is all-in.")
            else:
                text = pgettext("narration", "%(seat)s raises to %(amount)s.")
            lines.append(text % {"seat": seat, "amount": n(e["to"])})
        elif kind == "return_uncalled":
            lines.append(
                pgettext("narration", "%(amount)s uncalled chips go back to %(seat)s.")
                % {"seat": seat, "amount": n(e["amount"])}
            )
        elif kind == "show_hand":
            lines.append(
                pgettext("narration", "%(seat)s shows %(cards)s: %(hand)s.")
                % {
                    "seat": seat,
                    "cards": _cards(e["cards"]),
                    "hand": HOLDEM_CATEGORIES.get(e["category"], e["category"]),
                }
            )
        elif kind == "muck":
            lines.append(
                pgettext("narration", "%(seat)s mucks the hand without showing it.")
                % {"seat": seat}
            )
        elif kind == "award_pot":
            for winner, chips in e["shares"]:
                lines.append(
                    pgettext("narration", "%(seat)s wins %(amount)s from a pot of %(pot)s.")
                    % {"seat": name(winner), "amount": n(chips), "pot": n(e["amount"])}
                )
    return lines
