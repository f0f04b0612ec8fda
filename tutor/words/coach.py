"""The coach of "play a hand": the price of a call while you decide, and after the hand
each of your decisions with your equity then and a verdict from those numbers only
(:mod:`tutor.engine.review`).

Chips are written with :func:`~tutor.words.base.number`, shares as whole percentages
in the language's own format, a sampled equity with "about" and its standard error.

>>> from django.utils import translation
>>> with translation.override("en"):
...     price_text(1250, 300, "en")
'Pot: 1,250 · To call: 300 · Pot odds 4.2 to 1: you need to win 19% of the time for a call to pay.'
"""

from __future__ import annotations

from fractions import Fraction

from django.utils.translation import pgettext

from tutor.core.locales import format_number, format_percentage
from tutor.engine.range_equity import Estimate
from tutor.engine.review import Choice, Verdict, judge

from .base import fill, lookup, number

__all__ = [
    "action_text",
    "equity_text",
    "net_text",
    "price_text",
    "share_text",
    "verdict_text",
]


def share_text(share: Fraction | float, language: str, decimals: int = 0) -> str:
    """A share as the language writes a percentage: ``19%``, ``19 %``, ``১৯%``."""
    if isinstance(share, float):
        share = Fraction(share).limit_denominator(1_000_000)
    return format_percentage(share, language, decimals=decimals)


def price_text(pot: int, to_call: int, language: str) -> str:
    """The pot, what a call costs and the pot odds, as a ratio and as the share to win."""
    if not to_call:
        text = pgettext("coach", "Pot: %(pot)s · Nothing to call: checking is free.")
        return fill(text, {"pot": number(pot, language)})
    text = pgettext(
        "coach",
        "Pot: %(pot)s · To call: %(call)s · Pot odds %(ratio)s to 1: you need to win %(need)s of the time for a call to pay.",
    )
    return fill(
        text,
        {
            "pot": number(pot, language),
            "call": number(to_call, language),
            "ratio": format_number(Fraction(pot, to_call), language, decimals=1),
            "need": share_text(Fraction(to_call, pot + to_call), language),
        },
    )


def _equity(estimate: Estimate, language: str) -> str:
    """``38%`` when counted exactly, ``about 38%`` when sampled."""
    share = share_text(estimate.equity, language)
    if estimate.exact:
        return share
    return fill(pgettext("coach", "about %(share)s"), {"share": share})


def equity_text(estimate: Estimate, language: str) -> str:
    """Your equity at a decision and how it was found."""
    if estimate.exact:
        text = pgettext(
            "coach",
            "Your equity then: %(equity)s, counted over all %(deals)s deals of the cards you could not see.",
        )
        params = {"equity": _equity(estimate, language)}
    else:
        text = pgettext(
            "coach",
            "Your equity then: about %(equity)s ± %(error)s, from %(deals)s random deals of the cards you could not see.",
        )
        params = {
            "equity": share_text(estimate.equity, language),
            "error": share_text(estimate.error, language, decimals=1),
        }
    return fill(text, params | {"deals": number(estimate.deals, language)})


def _verdicts() -> dict[Verdict, str]:
    return {
        Verdict.CALL_RIGHT: pgettext(
            "coach verdict", "Calling was right: you needed %(need)s and had %(equity)s."
        ),
        Verdict.CALL_WRONG: pgettext(
            "coach verdict",
            "Calling cost you chips in the long run: you needed %(need)s and had only %(equity)s. Folding was cheaper.",
        ),
        Verdict.FOLD_RIGHT: pgettext(
            "coach verdict",
            "Folding was right: a call needed %(need)s and you had only %(equity)s.",
        ),
        Verdict.FOLD_WRONG: pgettext(
            "coach verdict",
            "Folding gave up a good price: a call needed %(need)s and you had %(equity)s.",
        ),
        Verdict.CLOSE_CALL: pgettext(
            "coach verdict",
            "Close call: you needed %(need)s and had %(equity)s. Neither calling nor folding was a clear mistake.",
        ),
        Verdict.CHECK_FREE: pgettext(
            "coach verdict", "Checking was free: it cost nothing to see what came next."
        ),
        Verdict.CHECK_STRONG: pgettext(
            "coach verdict",
            "Checking was free, but with %(equity)s, far above a fair share of %(share)s, a bet could have won more, if someone would call it, which these numbers cannot tell.",
        ),
        Verdict.FOLD_FREE: pgettext(
            "coach verdict",
            "Folding gave up a free look: nobody had bet, so you could have checked for nothing.",
        ),
        Verdict.BET_AHEAD: pgettext(
            "coach verdict",
            "You bet with %(equity)s, more than a fair share of %(share)s: the numbers back a bet. Whether it pays depends on who calls, which they cannot show.",
        ),
        Verdict.BET_BEHIND: pgettext(
            "coach verdict",
            "You bet with %(equity)s, less than a fair share of %(share)s: this bet pays only if the others fold often enough (a bluff). The numbers cannot say whether they will.",
        ),
        Verdict.RAISE_PRICED: pgettext(
            "coach verdict",
            "You raised with %(equity)s when a call needed %(need)s, so staying in was right. Whether raising beats calling depends on how the others answer, which these numbers do not show.",
        ),
        Verdict.RAISE_UNPRICED: pgettext(
            "coach verdict",
            "You raised with %(equity)s when even a call needed %(need)s: the raise pays only if the others fold often enough (a bluff).",
        ),
    }


def verdict_text(choice: Choice, language: str) -> str:
    """The beginner's verdict on one decision, from what was known then."""
    text = lookup(_verdicts(), "coach verdict", judge(choice))
    need = choice.need
    return fill(
        text,
        {
            "equity": _equity(choice.estimate, language),
            "need": share_text(need, language) if need is not None else "",
            "share": share_text(choice.fair_share, language),
        },
    )


def _actions() -> dict[str, str]:
    return {
        "fold": pgettext("coach", "You folded."),
        "check": pgettext("coach", "You checked."),
        "call": pgettext("coach", "You called %(amount)s."),
        "bet": pgettext("coach", "You bet %(amount)s."),
        "raise": pgettext("coach", "You raised to %(amount)s."),
    }


def action_text(choice: Choice, language: str) -> str:
    """What you did: 'You called 300.'"""
    action = choice.action
    amount = action.to if action.to is not None else choice.to_call
    text = lookup(_actions(), "coach action", action.kind.value)
    return fill(text, {"amount": number(amount, language)})


def net_text(net: int, language: str) -> str:
    """What a hand did to your stack: 'You won 1,250.', 'You lost 300.', 'No change.'"""
    if net > 0:
        return fill(pgettext("coach", "You won %(amount)s."), {"amount": number(net, language)})
    if net < 0:
        return fill(pgettext("coach", "You lost %(amount)s."), {"amount": number(-net, language)})
    return pgettext("coach", "Your stack did not change.")
