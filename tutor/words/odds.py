"""Sentences for the outs-and-odds drill: outs, pot odds, equity and whether a call pays.

The drill gives codes and numbers (the street the question is on, counts of cards and
boards, exact fractions); each code maps to a whole message with named placeholders, so
every language orders the parts its own way. Counts are written with
:func:`~tutor.words.base.number` and shares with the language's percent format, two
decimals, as the page's ``pct`` filter writes them.

>>> from fractions import Fraction
>>> from django.utils import translation
>>> with translation.override("en"):
...     pot_odds_text(25, 100, Fraction(1, 4), "en")
'The call costs 25 and the pot after your call holds 100: 25 ÷ 100 = 25.00%.'
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.utils.translation import pgettext, pgettext_lazy

from tutor.core.locales import format_percentage

from .base import answer_parts, fill, lookup, number

__all__ = [
    "CHOICES",
    "answer_error",
    "answer_words",
    "choice_name",
    "equity_text",
    "outs_text",
    "percent",
    "pot_odds_text",
    "splits_text",
    "verdict_text",
]

#: The two answers to "does a call pay?".
CHOICES = {
    "call": pgettext_lazy("poker action", "Call"),
    "fold": pgettext_lazy("poker action", "Fold"),
}


def percent(share: Fraction | Decimal, language: str) -> str:
    """A share (0.25) as the language writes a percentage, two decimals (``25.00%``)."""
    return format_percentage(share, language, decimals=2)


def _outs_sentences() -> dict[tuple[str, bool], str]:
    """(the street the question is on, whether there is any out) -> message."""
    return {
        ("turn", True): pgettext(
            "outs and odds",
            "River cards that give you the best hand (your outs): %(count)s.",
        ),
        ("flop", True): pgettext(
            "outs and odds",
            "Turn cards that give you the best hand (your outs): %(count)s.",
        ),
        ("turn", False): pgettext(
            "outs and odds", "No river card gives you the best hand: you have no outs."
        ),
        ("flop", False): pgettext(
            "outs and odds", "No turn card gives you the best hand: you have no outs."
        ),
    }


def outs_text(street: str, count: int, language: str) -> str:
    """How many cards of the next street give the learner the best hand."""
    text = lookup(_outs_sentences(), "outs street", (street, count > 0))
    return fill(text, {"count": number(count, language)})


def splits_text(count: int, language: str) -> str:
    """The cards that would only tie: they split the pot and are not outs."""
    text = pgettext(
        "outs and odds",
        "Cards that would only tie and split the pot, so they are not outs: %(count)s.",
    )
    return fill(text, {"count": number(count, language)})


def pot_odds_text(call: int, total: int, odds: Fraction, language: str) -> str:
    """The price of the call against the pot after calling, worked out."""
    text = pgettext(
        "outs and odds",
        "The call costs %(call)s and the pot after your call holds %(total)s: "
        "%(call)s ÷ %(total)s = %(odds)s.",
    )
    params = {
        "call": number(call, language),
        "total": number(total, language),
        "odds": percent(odds, language),
    }
    return fill(text, params)


def _equity_sentences() -> dict[tuple[str, bool], str]:
    """(the street the question is on, whether some boards tie) -> message."""
    return {
        ("turn", False): pgettext(
            "outs and odds",
            "Each of the %(boards)s cards that can come on the river, dealt in turn: you "
            "win with %(wins)s of them. Your equity is %(equity)s.",
        ),
        ("turn", True): pgettext(
            "outs and odds",
            "Each of the %(boards)s cards that can come on the river, dealt in turn: you "
            "win with %(wins)s of them and tie with %(ties)s (a tie wins half the pot). "
            "Your equity is %(equity)s.",
        ),
        ("flop", False): pgettext(
            "outs and odds",
            "All %(boards)s pairs of turn and river cards that can come, dealt in turn: "
            "you win on %(wins)s of them. Your equity is %(equity)s.",
        ),
        ("flop", True): pgettext(
            "outs and odds",
            "All %(boards)s pairs of turn and river cards that can come, dealt in turn: "
            "you win on %(wins)s of them and tie on %(ties)s (a tie wins half the pot). "
            "Your equity is %(equity)s.",
        ),
    }


def equity_text(
    street: str, boards: int, wins: int, ties: int, equity: Fraction, language: str
) -> str:
    """How the engine's exact equity was counted, board by board."""
    text = lookup(_equity_sentences(), "equity street", (street, ties > 0))
    params = {
        "boards": number(boards, language),
        "wins": number(wins, language),
        "ties": number(ties, language),
        "equity": percent(equity, language),
    }
    return fill(text, params)


def _verdicts() -> dict[str, str]:
    """The engine's verdict on the call -> message."""
    return {
        "call": pgettext(
            "outs and odds",
            "Your equity (%(equity)s) is more than the pot odds (%(odds)s): in the long run "
            "the call wins more than it costs, so call.",
        ),
        "fold": pgettext(
            "outs and odds",
            "Your equity (%(equity)s) is less than the pot odds (%(odds)s): in the long run "
            "the call costs more than it wins, so fold.",
        ),
        "even": pgettext(
            "outs and odds",
            "Your equity is exactly the pot odds (%(odds)s): in the long run the call neither "
            "wins nor loses, so calling and folding are both right.",
        ),
    }


def verdict_text(verdict: str, equity: Fraction, odds: Fraction, language: str) -> str:
    """Whether a call pays: the equity against the pot odds."""
    text = lookup(_verdicts(), "call verdict", verdict)
    return fill(text, {"equity": percent(equity, language), "odds": percent(odds, language)})


def _answer_errors() -> dict[str, str]:
    """Why an answer cannot be read -> message."""
    return {
        "outs_missing": pgettext("outs and odds", "Enter how many outs you have."),
        "outs_bad": pgettext(
            "outs and odds", "Outs are a whole number of cards, from 0 to %(most)s."
        ),
        "pot_odds_missing": pgettext("outs and odds", "Enter the pot odds as a percentage."),
        "pot_odds_bad": pgettext(
            "outs and odds",
            "Enter the pot odds as a percentage from 0 to 100, such as 25 or 33.3.",
        ),
        "call_missing": pgettext("outs and odds", "Choose whether to call or fold."),
    }


def answer_error(code: str, language: str, most: int = 0) -> str:
    """The message for an answer that cannot be read (``most``: the most outs possible)."""
    return fill(
        lookup(_answer_errors(), "outs and odds answer", code), {"most": number(most, language)}
    )


def _label_parts() -> dict[str, str]:
    """A number the learner gave, for results and exports -> message."""
    return {
        "outs": pgettext("outs and odds answer", "outs: %(value)s"),
        "pot_odds": pgettext("outs and odds answer", "pot odds: %(value)s"),
    }


def choice_name(code: str) -> str:
    return str(lookup(CHOICES, "call choice", code))


def answer_words(
    outs: int | None, pot_odds: Decimal | None, call: str | None, language: str
) -> str:
    """A learner's answer in words: ``outs: 9; pot odds: 25.00%; Call`` (given parts only)."""
    parts = _label_parts()
    words: list[str] = []
    if outs is not None:
        words.append(fill(parts["outs"], {"value": number(outs, language)}))
    if pot_odds is not None:
        words.append(fill(parts["pot_odds"], {"value": percent(pot_odds / 100, language)}))
    if call is not None:
        words.append(choice_name(call))
    return answer_parts(words)
