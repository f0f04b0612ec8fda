"""The "you picked" line for the drills answered with figures: bets and raises, pots and
shares, places and blinds, outs and pot odds, what a bet returns.

Each sentence names the figure the learner gave and why it is wrong: the engine's reason
code when the engine refuses it (worded in :mod:`tutor.words.reasons`), else how far it is
from the engine's figure. Numbers are written as the page language writes them
(:func:`~tutor.words.base.number`, :func:`~tutor.words.odds.percent`). See
:mod:`tutor.words.picked` for the choices among hands, players and actions.

>>> from django.utils import translation
>>> with translation.override("en"):
...     off_by("pot_amount", 150, 100, "en", pot="Main pot")
'You picked 150 for Main pot, 50 too many: it holds 100.'
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Protocol

from django.utils.translation import npgettext, pgettext

from .base import fill, lookup, number
from .odds import choice_name, percent

__all__ = ["figure_codes", "figure_line", "odds_line", "off_by", "outs_line", "plural_line"]


def _off_by() -> dict[tuple[str, bool], str]:
    """(what the figure is, whether it is too high) -> the figure against the engine's."""
    return {
        ("pot_amount", True): pgettext(
            "you picked",
            "You picked %(mine)s for %(pot)s, %(difference)s too many: it holds %(amount)s.",
        ),
        ("pot_amount", False): pgettext(
            "you picked",
            "You picked %(mine)s for %(pot)s, %(difference)s too few: it holds %(amount)s.",
        ),
        ("payout", True): pgettext(
            "you picked",
            "You picked %(mine)s for %(seat)s, %(difference)s too many: %(seat)s gets %(amount)s "
            "from the pots it wins.",
        ),
        ("payout", False): pgettext(
            "you picked",
            "You picked %(mine)s for %(seat)s, %(difference)s too few: %(seat)s gets %(amount)s "
            "from the pots it wins.",
        ),
    }


def _figures() -> dict[str, str]:
    """A wrong figure, and why: code -> message."""
    return {**_bets(), **_pots(), **_others()}


def _bets() -> dict[str, str]:
    """The betting drill: the seat to act, and the smallest and largest bet or raise."""
    return {
        "seat": pgettext(
            "you picked",
            "You picked %(chosen)s to act next, but %(seat)s comes first: the turn passes "
            "to the left, to the next player who has not folded and is not all-in.",
        ),
        "no_raise_bet": pgettext(
            "you picked",
            "You picked no bet or raise, but nobody has bet yet, so %(seat)s may bet from "
            "%(minimum)s to %(maximum)s.",
        ),
        "no_raise_raise": pgettext(
            "you picked",
            "You picked no bet or raise, but %(seat)s may raise to anything from %(minimum)s "
            "to %(maximum)s.",
        ),
        "no_raise_exact": pgettext(
            "you picked",
            "You picked no bet or raise, but %(seat)s may bet or raise to exactly %(minimum)s.",
        ),
        "blocked": pgettext(
            "you picked",
            "You picked %(low)s to %(high)s, but %(seat)s may not bet or raise now. %(why)s",
        ),
        "low_refused": pgettext(
            "you picked", "You picked %(amount)s as the smallest bet or raise. %(why)s"
        ),
        "high_refused": pgettext(
            "you picked", "You picked %(amount)s as the largest bet or raise. %(why)s"
        ),
        "low_too_high": pgettext(
            "you picked",
            "You picked %(amount)s as the smallest bet or raise, but %(minimum)s is already "
            "allowed.",
        ),
        "high_too_low": pgettext(
            "you picked",
            "You picked %(amount)s as the largest bet or raise, but %(maximum)s is allowed.",
        ),
    }


def _pots() -> dict[str, str]:
    """Side pots (which seats can win a pot, a pot too many or missing) and odd chips (a
    winner's share of a pot)."""
    return {
        "folded_seat": pgettext(
            "you picked",
            "You picked %(seat)s as able to win %(pot)s, but %(seat)s folded: a folded hand "
            "wins nothing.",
        ),
        "short_seat": pgettext(
            "you picked",
            "You picked %(seat)s as able to win %(pot)s, but %(seat)s put in only %(chips)s, "
            "less than the %(level)s this pot takes from each seat.",
        ),
        "missed_seat": pgettext(
            "you picked",
            "You left %(seat)s out of %(pot)s, but %(seat)s put in %(chips)s and has not "
            "folded, so it can win it.",
        ),
        "missing_pot": pgettext(
            "you picked", "You picked no amount for %(pot)s, but it holds %(amount)s."
        ),
        "no_winnings": pgettext(
            "you picked", "You picked %(mine)s for %(seat)s, but %(seat)s wins no pot."
        ),
        "share_even": pgettext(
            "you picked",
            "You picked %(mine)s for %(seat)s from %(pot)s, but the pot divides evenly: "
            "%(share)s each.",
        ),
        "share_alone": pgettext(
            "you picked",
            "You picked %(mine)s for %(seat)s from %(pot)s, but %(seat)s is its only winner "
            "and takes all of it: %(amount)s.",
        ),
        "share_no_odd": pgettext(
            "you picked",
            "You picked %(mine)s for %(seat)s from %(pot)s, but the odd chips go to "
            "%(receivers)s under the rule in force: %(seat)s gets the even share, %(share)s.",
        ),
    }


def _others() -> dict[str, str]:
    """A tournament's places and blinds, the pot odds and the call, a bet's return."""
    return {
        "place": pgettext("you picked", "You picked place %(mine)s for %(player)s. %(why)s"),
        "blinds": pgettext("you picked", "You picked %(small)s/%(big)s for hand %(hand)s. %(why)s"),
        # Outs and odds: the pot odds and the call.
        "pot_odds": pgettext(
            "you picked",
            "You picked %(given)s as the pot odds, but the call of %(call)s against the "
            "%(total)s in the pot after calling is %(odds)s.",
        ),
        "call_loses": pgettext(
            "you picked",
            "You picked %(choice)s, but your equity (%(equity)s) is less than the pot odds "
            "(%(odds)s): in the long run the call costs more than it wins.",
        ),
        "fold_pays": pgettext(
            "you picked",
            "You picked %(choice)s, but your equity (%(equity)s) is more than the pot odds "
            "(%(odds)s): in the long run the call wins more than it costs.",
        ),
        # Teen Patti 20-20: what a bet returns.
        "bet_return": pgettext(
            "you picked", "You picked %(mine)s for %(bet)s, but it returns %(amount)s. %(why)s"
        ),
    }


def _plural(code: str, count: int) -> str:
    """Messages whose words follow a number: the odd chips of a share, the outs given."""
    messages = {
        "share_odd": npgettext(
            "you picked",
            "You picked %(mine)s for %(seat)s from %(pot)s, but %(seat)s gets %(amount)s: the "
            "even share of %(share)s plus %(odd)s odd chip, by the rule in force.",
            "You picked %(mine)s for %(seat)s from %(pot)s, but %(seat)s gets %(amount)s: the "
            "even share of %(share)s plus %(odd)s odd chips, by the rule in force.",
            count,
        ),
        "extra_pot": npgettext(
            "you picked",
            "You picked an extra pot of %(mine)s, but there is only %(count)s pot.",
            "You picked an extra pot of %(mine)s, but there are only %(count)s pots.",
            count,
        ),
        "outs_high": npgettext(
            "you picked",
            "You picked %(given)s out, but only %(count)s of the cards that can come give you "
            "the best hand.",
            "You picked %(given)s outs, but only %(count)s of the cards that can come give you "
            "the best hand.",
            count,
        ),
        "outs_high_ties": npgettext(
            "you picked",
            "You picked %(given)s out, but only %(count)s of the cards that can come give you "
            "the best hand; %(ties)s more only tie, and a card that only ties is not an out.",
            "You picked %(given)s outs, but only %(count)s of the cards that can come give you "
            "the best hand; %(ties)s more only tie, and a card that only ties is not an out.",
            count,
        ),
        "outs_low": npgettext(
            "you picked",
            "You picked %(given)s out, but %(count)s of the cards that can come give you the "
            "best hand.",
            "You picked %(given)s outs, but %(count)s of the cards that can come give you the "
            "best hand.",
            count,
        ),
    }
    return lookup(messages, "you picked figure", code)


PLURAL_CODES = ("share_odd", "extra_pot", "outs_high", "outs_high_ties", "outs_low")


def figure_codes() -> dict[str, frozenset[object]]:
    """Every code of this module, by family (for the test that words them all)."""
    return {
        "off_by": frozenset(_off_by()),
        "figures": frozenset(_figures()),
        "plural": frozenset(PLURAL_CODES),
    }


def figure_line(code: str, language: str, /, **params: object) -> str:
    """One sentence of ``_figures``: whole numbers among ``params`` are written as
    ``language`` writes them, text is kept as it is."""
    return fill(lookup(_figures(), "you picked figure", code), _written(params, language))


def plural_line(code: str, count: int, language: str, /, **params: object) -> str:
    """One sentence whose words follow the number ``count`` (``PLURAL_CODES``)."""
    return fill(_plural(code, count), _written(params, language))


def off_by(code: str, mine: int, amount: int, language: str, /, **params: object) -> str:
    """``mine`` against the engine's ``amount``: how many too many or too few."""
    text = lookup(_off_by(), "you picked amount", (code, mine > amount))
    values = {"mine": mine, "amount": amount, "difference": abs(mine - amount), **params}
    return fill(text, _written(values, language))


def outs_line(given: int, count: int, ties: int, language: str) -> str:
    """The outs the learner counted against the engine's (and the cards that only tie)."""
    code = "outs_low" if given < count else "outs_high_ties" if ties else "outs_high"
    return plural_line(code, given, language, given=given, count=count, ties=ties)


class OddsQuestion(Protocol):
    """What :func:`odds_line` reads of an outs-and-odds question."""

    @property
    def pot(self) -> int: ...
    @property
    def to_call(self) -> int: ...


class OddsFacts(Protocol):
    """What :func:`odds_line` reads of the engine's answer to it."""

    @property
    def outs(self) -> Sequence[object]: ...
    @property
    def splits(self) -> Sequence[object]: ...
    @property
    def equity(self) -> Fraction: ...
    @property
    def pot_odds(self) -> Fraction | None: ...


def odds_line(
    question: OddsQuestion,
    odds: OddsFacts,
    given: tuple[int | None, Decimal | None, str | None],
    checks: Sequence[bool],
    language: str,
) -> str:
    """The first wrong part of an outs-and-odds answer (``given``: the outs, the pot odds in
    percent and the call, each ``None`` when not asked; ``checks``: which are right)."""
    outs, pot_odds, call = given
    if not checks[0] and outs is not None:
        return outs_line(outs, len(odds.outs), len(odds.splits), language)
    exact = odds.pot_odds or Fraction(0)
    if not checks[1] and pot_odds is not None:
        total = question.pot + question.to_call
        shown = {"given": percent(pot_odds / 100, language), "odds": percent(exact, language)}
        return figure_line("pot_odds", language, call=question.to_call, total=total, **shown)
    if not checks[2] and call is not None:
        code = "call_loses" if call == "call" else "fold_pays"
        shown = {"equity": percent(odds.equity, language), "odds": percent(exact, language)}
        return figure_line(code, language, choice=choice_name(call), **shown)
    return ""


def _written(params: dict[str, object], language: str) -> dict[str, str]:
    return {
        key: number(value, language)
        if isinstance(value, int) and not isinstance(value, bool)
        else str(value)
        for key, value in params.items()
    }
