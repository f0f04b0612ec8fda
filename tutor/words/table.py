"""The poker table in words: one sentence per seat for the table's text equivalent, the
short labels drawn on the table, and the result banner's lines.

A seat's sentence is its name and a list of facts ("dealer button, 9,900 chips left,
bet 100 this round, to act"), each fact a whole translated phrase with its numbers, and
the list joined the way the page language joins lists (Babel), so no word order is built
from fragments.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from babel.lists import format_list
from django.utils.translation import pgettext

from tutor.core.locales import babel_locale
from tutor.engine.cards import Card

from .base import fill, number
from .cards import card_name
from .terms import category_name

__all__ = [
    "SeatFacts",
    "facts_text",
    "marker_labels",
    "pot_name",
    "seat_sentence",
    "status_label",
]


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """What the sentence of one seat says; ``bet_is_total`` when the chips in front of the
    seat are everything it put in this hand (the side-pot pictures), not this round's bet."""

    name: str
    stack: int | None  # None: not known, not told
    bet: int
    cards: tuple[str | None, ...]
    folded: bool = False
    all_in: bool = False
    to_act: bool = False
    button: bool = False
    small_blind: bool = False
    big_blind: bool = False
    won: int = 0
    bet_is_total: bool = False
    order_before: int = 0  # place in the order of action before the flop (0: not shown)
    order_after: int = 0  # and from the flop on


def pot_name(index: int) -> str:
    """'Main pot' for the first pot, 'Side pot 2' for the third."""
    if index == 0:
        return pgettext("poker table", "Main pot")
    return pgettext("poker table", "Side pot %(number)s") % {"number": index}


def status_label(folded: bool, all_in: bool, to_act: bool) -> str:
    """The one word drawn on a seat's plate ('' for a seat simply in the hand)."""
    if folded:
        return pgettext("player status", "folded")
    if all_in:
        return pgettext("player status", "all-in")
    if to_act:
        return pgettext("player status", "to act")
    return ""


def marker_labels() -> dict[str, str]:
    """The markers drawn beside a seat: the dealer button and the blinds."""
    return {
        # Translators: the dealer button's letter on the table picture.
        "button": pgettext("table marker", "D"),
        # Translators: small blind, abbreviated on the table picture.
        "small_blind": pgettext("table marker", "SB"),
        # Translators: big blind, abbreviated on the table picture.
        "big_blind": pgettext("table marker", "BB"),
    }


def _roles(seat: SeatFacts) -> list[str]:
    out = []
    if seat.button:
        out.append(pgettext("table seat fact", "dealer button"))
    if seat.small_blind:
        out.append(pgettext("table seat fact", "small blind"))
    if seat.big_blind:
        out.append(pgettext("table seat fact", "big blind"))
    return out


def _cards(seat: SeatFacts, language: str) -> list[str]:
    if not seat.cards:
        return []
    if all(code is None for code in seat.cards):
        count = number(len(seat.cards), language)
        return [pgettext("table seat fact", "%(count)s cards face down") % {"count": count}]
    names = [card_name(Card.parse(code)) if code else card_name(None) for code in seat.cards]
    joined = format_list(names, style="standard", locale=babel_locale(language))
    return [pgettext("table seat fact", "cards: %(cards)s") % {"cards": joined}]


def _chips(seat: SeatFacts, language: str) -> list[str]:
    out = []
    if seat.stack is not None:
        left = pgettext("table seat fact", "%(chips)s chips left")
        out.append(fill(left, {"chips": number(seat.stack, language)}))
    if seat.bet:
        text = (
            pgettext("table seat fact", "%(amount)s chips in the pot in all")
            if seat.bet_is_total
            else pgettext("table seat fact", "bet %(amount)s this round")
        )
        out.append(fill(text, {"amount": number(seat.bet, language)}))
    return out


def _state(seat: SeatFacts, language: str) -> list[str]:
    out = []
    if seat.folded:
        out.append(pgettext("table seat fact", "folded"))
    elif seat.all_in:
        out.append(pgettext("table seat fact", "all-in"))
    if seat.to_act:
        out.append(pgettext("table seat fact", "to act now"))
    if seat.won:
        won = pgettext("table seat fact", "wins %(amount)s")
        out.append(fill(won, {"amount": number(seat.won, language)}))
    if seat.order_before:
        order = pgettext(
            "table seat fact",
            "acts number %(before)s before the flop and number %(after)s from the flop on",
        )
        numbers = {"before": number(seat.order_before, language)}
        out.append(fill(order, numbers | {"after": number(seat.order_after, language)}))
    return out


def facts_text(seat: SeatFacts, language: str) -> str:
    """The facts of one seat as one list in the page language."""
    facts = _roles(seat) + _chips(seat, language) + _cards(seat, language) + _state(seat, language)
    return format_list(facts, style="standard", locale=babel_locale(language))


def seat_sentence(seat: SeatFacts, language: str) -> str:
    """'Seat 3: dealer button, 9,900 chips left, bet 100 this round, to act now.'"""
    text = pgettext("table seat sentence", "%(seat)s: %(facts)s.")
    return fill(text, {"seat": seat.name, "facts": facts_text(seat, language)})


def hand_name(code: str) -> str:
    """A Hold'em category's name ('Full house')."""
    return category_name("holdem", code)


def names_text(names: Sequence[str], language: str) -> str:
    """Seat names joined as the page language lists them ('Seat 2 and Seat 5')."""
    return format_list(list(names), style="standard", locale=babel_locale(language))
