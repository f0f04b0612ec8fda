"""Sentences for a split pot with odd chips: the rule in force, how each pot divides, who
gets the chips left over and why.

The engine awards each pot (:func:`tutor.engine.pots.award`): its winners, each winner's
share and how many odd chips its rule (:class:`~tutor.engine.pots.OddChipRule`) handed
out. This module words those facts. Who got an odd chip is read from the engine's shares
(a share above the even share), never worked out again here.

>>> from tutor.engine.pots import award
>>> pot = award([50, 50, 1], [False, False, True], [7, 7, None], button=2).pots[0]
>>> received(pot), even_share(pot)
((0,), 50)
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, npgettext, pgettext

from tutor.engine.pots import OddChipRule, PotAward

from .base import fill, join_names, lookup, number

__all__ = [
    "RULES",
    "even_share",
    "explain_pot",
    "missing_share",
    "pot_name",
    "received",
    "rule_explanation",
    "rule_name",
]

#: The engine's odd-chip rules, by their codes (``OddChipRule`` values), in its order.
RULES = tuple(rule.value for rule in OddChipRule)


def _rule_names() -> dict[str, str]:
    """Rule code -> its name with its sources (the rule page's own headings)."""
    return {
        "left_of_button": gettext(
            "Odd chips from the seat left of the button (Japanese guide, TDA)"
        ),
        "right_of_button": gettext(
            "Odd chips to the winner nearest the dealer counter-clockwise (Czech rules)"
        ),
    }


def _rule_explanations() -> dict[str, str]:
    """Rule code -> the rule in one sentence."""
    return {
        "left_of_button": pgettext(
            "odd chip rule",
            "The chips left over go out one at a time to the winners, starting with the "
            "first winner to the left of the button and going on clockwise; the button's own "
            "seat comes last.",
        ),
        "right_of_button": pgettext(
            "odd chip rule",
            "All the chips left over go to one winner: the first winner to the right of the "
            "button, going counter-clockwise; the button's own seat comes last.",
        ),
    }


def rule_name(rule: str) -> str:
    """The name of the rule in force, with the sources that give it."""
    return lookup(_rule_names(), "odd chip rule", rule)


def rule_explanation(rule: str) -> str:
    """The rule in force in one sentence."""
    return lookup(_rule_explanations(), "odd chip rule", rule)


def pot_name(index: int) -> str:
    """'Main pot' for the first pot, 'Side pot 1' for the next, and so on."""
    if index == 0:
        return gettext("Main pot")
    return fill(gettext("Side pot %(number)s"), {"number": index})


def even_share(pot: PotAward) -> int:
    """What each winner of ``pot`` gets before the odd chips are handed out."""
    return pot.pot.amount // len(pot.winners)


def received(pot: PotAward) -> tuple[int, ...]:
    """The seats whose share of ``pot`` includes odd chips, by seat."""
    base = even_share(pot)
    return tuple(seat for seat, chips in pot.shares if chips > base)


def _divisions(odd: int) -> dict[str, str]:
    """How a pot divides -> message: one winner, an even split, chips left over."""
    return {
        "alone": pgettext(
            "odd chip", "%(winner)s is the only winner of this pot and takes all of it: %(amount)s."
        ),
        "even": pgettext(
            "odd chip",
            "%(amount)s divided among %(winners)s is %(share)s each, with nothing left over.",
        ),
        "odd": npgettext(
            "odd chip",
            "%(amount)s divided among %(winners)s is %(share)s each, with %(odd)s chip left over.",
            "%(amount)s divided among %(winners)s is %(share)s each, with %(odd)s chips left over.",
            odd,
        ),
    }


def _receivers(odd: int) -> dict[str, str]:
    """Rule code -> who got the odd chips and why."""
    return {
        "left_of_button": npgettext(
            "odd chip",
            "The odd chip goes to %(seats)s: going clockwise from the button, it is the first "
            "winner.",
            "The %(odd)s odd chips go one each to %(seats)s: going clockwise from the button, "
            "they are the first %(odd)s winners.",
            odd,
        ),
        "right_of_button": npgettext(
            "odd chip",
            "The odd chip goes to %(seats)s: going counter-clockwise from the button, it is "
            "the first winner.",
            "All %(odd)s odd chips go to %(seats)s: going counter-clockwise from the button, "
            "that seat is the first winner.",
            odd,
        ),
    }


def _button_last() -> str:
    return pgettext(
        "odd chip",
        "%(seat)s is on the button, and the button's own seat comes last, so it gets no odd chip.",
    )


def explain_pot(
    pot: PotAward, rule: str, button: int, names: Sequence[str], language: str
) -> tuple[str, ...]:
    """How ``pot`` divides among its winners and, when chips are left over, who got them
    under ``rule`` and why (``names``: every seat's name, by seat)."""
    seats = len(names)
    params: dict[str, object] = {
        "amount": number(pot.pot.amount, language),
        "winner": names[pot.winners[0]],
        "winners": join_names([names[s] for s in pot.winners]),
        "share": number(even_share(pot), language),
        "odd": number(pot.odd_chips, language),
    }
    kind = "odd" if pot.odd_chips else "even"
    if len(pot.winners) == 1:
        kind = "alone"  # a pot only one seat could win, or the one best hand
    sentences = [fill(lookup(_divisions(pot.odd_chips), "pot division", kind), params)]
    if pot.odd_chips:
        # Clockwise from the button's left: the order in which the chips went out.
        order = sorted(received(pot), key=lambda seat: (seat - button - 1) % seats)
        params["seats"] = join_names([names[s] for s in order])
        text = lookup(_receivers(pot.odd_chips), "odd chip rule", rule)
        sentences.append(fill(text, params))
        if button in pot.winners and button not in order:
            sentences.append(fill(_button_last(), {"seat": names[button]}))
    return tuple(sentences)


def missing_share(pot: str, seat: str) -> str:
    """The answer lacks a winner's chips from one pot."""
    return fill(
        pgettext("odd chip", "%(pot)s, %(seat)s: enter how many chips this winner gets."),
        {"pot": pot, "seat": seat},
    )
