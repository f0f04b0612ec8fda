"""What the coach shows: the price of a call while the learner decides, and after the hand
their own hand named, whether they may muck it, and the review of their decisions.

The review reads the learner's :class:`~tutor.engine.review.Choice` records, written down
when each decision was made; the verdict comes from their numbers alone
(:func:`tutor.engine.review.judge`), never from the cards shown later.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import pgettext

from tutor.engine import events as ev
from tutor.engine.betting import Action
from tutor.engine.cards import Card
from tutor.engine.hand import Hand
from tutor.engine.holdem import evaluate
from tutor.engine.review import Choice, judge, record
from tutor.engine.showdown import showdown_turns
from tutor.words.base import fill
from tutor.words.coach import action_text, equity_text, price_text, verdict_text
from tutor.words.hands import describe_holdem
from tutor.words.terms import street_name

from .state import YOU, Game


@dataclass(frozen=True, slots=True)
class ReviewLine:
    """One decision in the review, in the page language."""

    number: int
    step: int  # the hand's events before the decision (where a step-through stops)
    street: str
    board: tuple[str, ...]
    action: str
    price: str
    equity: str
    verdict: str
    verdict_code: str
    moment: int | None = None  # in a kept hand: the actions before it (its step)


def choose(game: Game, action: Action) -> None:
    """Write down the learner's decision, as they see it now, before it is played."""
    seed = f"{game.table.seed}:{game.hand.setup.hand_no}"
    game.choices.append(record(game.hand, YOU, action, seed=seed))


def review(choices: Sequence[Choice], language: str) -> list[ReviewLine]:
    return [
        ReviewLine(
            number=i,
            step=c.step,
            street=street_name(c.street),
            board=c.board,
            action=action_text(c, language),
            price=price_text(c.pot, c.to_call, language),
            equity=equity_text(c.estimate, language),
            verdict=verdict_text(c, language),
            verdict_code=judge(c).value,
        )
        for i, c in enumerate(choices, start=1)
    ]


def may_muck(hand: Hand) -> bool:
    """The learner lost a showdown they did not have to show first at: the engine's
    showdown order let them muck."""
    return hand.is_over and YOU in showdown_turns(hand.events).mucked


def your_hand(hand: Hand, choices: Sequence[Choice], shown: bool | None) -> str:
    """Your hand named to you at the end, shown or mucked: 'You had two pair, kings and
    sevens.' (``shown`` ``None``: the learner has not chosen yet). A folded hand is named
    with the board it was folded on; empty before the flop (the cards are on the table)."""
    board = tuple(hand.board)
    if hand.folded[YOU] and choices:
        board = tuple(Card.parse(c) for c in choices[-1].board)
    if YOU not in hand.holes or len(board) < 3:
        return ""
    value = describe_holdem(evaluate(board + hand.holes[YOU]))
    if hand.folded[YOU]:
        text = pgettext("coach", "You folded %(hand)s.")
    elif may_muck(hand) and shown is True:
        text = pgettext("coach", "You showed %(hand)s, though you could have mucked it.")
    elif may_muck(hand) and shown is False:
        text = pgettext("coach", "You mucked %(hand)s: nobody else saw it.")
    else:
        text = pgettext("coach", "You had %(hand)s.")
    return fill(text, {"hand": value})


def as_chosen(hand: Hand, history: Sequence[Any], shown: bool | None) -> list[Any]:
    """The log's events with the learner's own muck as they chose it: their cards shown
    (the hand named) when they showed, ``None`` while they have not chosen yet."""
    out: list[Any] = []
    for event in history:
        if event["kind"] != "muck" or event["seat"] != YOU or shown is False:
            out.append(event)
        elif shown is None:
            out.append(None)
        else:
            value = evaluate(tuple(hand.board) + hand.holes[YOU])
            out.append(ev.ShowHand(YOU, hand.holes[YOU], value.code, value.best_five).to_dict())
    return out
