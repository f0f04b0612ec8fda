"""Sentences for the betting drill: the table's antes, the order of play and what antes
do to a call, in the page language.

Each situation the drill reads from the engine (the ante mode of the rules, the street
and the number of players dealt in, whether the seat to act owes chips) is a code that
maps to a whole message with named placeholders; an unknown code raises
:class:`~tutor.words.base.MissingWords`.

>>> from django.utils import translation
>>> with translation.override("en"):
...     table_antes("each", 25, "en")
'Antes: every player posts 25 before the cards, besides the blinds.'
"""

from __future__ import annotations

from django.utils.translation import pgettext

from .base import fill, lookup, number

__all__ = [
    "ANTE_MODES",
    "ORDER_CODES",
    "ante_note",
    "order_text",
    "pot_limit_antes_text",
    "table_antes",
]

#: The ante modes (``AnteMode`` codes) that put chips in before the cards.
ANTE_MODES = ("each", "big_blind")


def _table_antes() -> dict[str, str]:
    """Ante mode -> what the question page says about the table's antes."""
    return {
        "each": pgettext(
            "betting drill",
            "Antes: every player posts %(ante)s before the cards, besides the blinds.",
        ),
        "big_blind": pgettext(
            "betting drill",
            "Big-blind ante: the big blind posts %(ante)s for the whole table, besides the big blind itself.",
        ),
    }


def _orders() -> dict[str, str]:
    """Order code -> the rule that names the seat to act."""
    return {
        "preflop": pgettext(
            "betting drill",
            "Before the flop the player to the left of the big blind acts first, and the big blind acts last.",
        ),
        "postflop": pgettext(
            "betting drill",
            "From the flop on, the first player still in to the left of the button acts first, and the button acts last.",
        ),
        "heads_up_preflop": pgettext(
            "betting drill",
            "Heads-up (two players), the button posts the small blind and acts first before the flop; the big blind acts last.",
        ),
        "heads_up_postflop": pgettext(
            "betting drill",
            "Heads-up (two players), the big blind acts first from the flop on, and the button acts last.",
        ),
        "big_blind_option": pgettext(
            "betting drill",
            "Nobody raised, so the big blind has the option: with nothing more to call it may check, or it may raise.",
        ),
    }


#: Every order code :func:`order_text` words.
ORDER_CODES = (
    "preflop",
    "postflop",
    "heads_up_preflop",
    "heads_up_postflop",
    "big_blind_option",
)


def _ante_notes() -> dict[tuple[str, bool], str]:
    """(ante mode, whether the seat to act owes chips) -> why the antes do not count."""
    return {
        ("each", True): pgettext(
            "betting drill",
            "Every player posted an ante of %(ante)s. Antes are dead money: they are in the pot "
            "but are not part of anyone's bet, so %(seat)s must still put in %(to_call)s to call.",
        ),
        ("each", False): pgettext(
            "betting drill",
            "Every player posted an ante of %(ante)s. Antes are dead money: they are in the pot "
            "but are not part of anyone's bet, so %(seat)s has no bet to call and may check.",
        ),
        ("big_blind", True): pgettext(
            "betting drill",
            "The big blind posted an ante of %(ante)s for the whole table. It is dead money: it is "
            "in the pot but is not part of the big blind's bet, so %(seat)s must still put in "
            "%(to_call)s to call.",
        ),
        ("big_blind", False): pgettext(
            "betting drill",
            "The big blind posted an ante of %(ante)s for the whole table. It is dead money: it is "
            "in the pot but is not part of the big blind's bet, so %(seat)s has no bet to call and "
            "may check.",
        ),
    }


def table_antes(mode: str, ante: int, language: str) -> str:
    """What the table's antes are, for the question page."""
    return fill(lookup(_table_antes(), "ante mode", mode), {"ante": number(ante, language)})


def order_text(code: str) -> str:
    """The rule of play that names the seat to act (``ORDER_CODES``)."""
    return lookup(_orders(), "order", code)


def ante_note(mode: str, seat: str, ante: int, to_call: int, language: str) -> str:
    """Why the antes posted do not count toward the call of ``seat``."""
    text = lookup(_ante_notes(), "ante note", (mode, to_call > 0))
    params = {"seat": seat, "ante": number(ante, language), "to_call": number(to_call, language)}
    return fill(text, params)


def pot_limit_antes_text() -> str:
    """Antes and the pot-limit maximum."""
    return pgettext(
        "betting drill",
        "The antes are part of the pot, so they count toward the pot-limit maximum.",
    )
