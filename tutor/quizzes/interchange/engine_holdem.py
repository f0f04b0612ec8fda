"""What the Hold'em hand drills ask, as parts: name the hand, pick the winner, outs and odds.

Each function reads one drill's question, the context its template gets and the stored
answer key, and gives the parts with the labels the drill's form shows.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext, pgettext

from tutor.drills import holdem_showdown as holdem_showdown_drill
from tutor.drills import holdem_showdown as showdown_drill
from tutor.drills import name_the_hand as hand_drill
from tutor.drills import name_the_hand as name_the_hand_drill
from tutor.drills import outs_and_odds as odds_drill
from tutor.drills import outs_and_odds as outs_and_odds_drill
from tutor.drills.written import WrittenQuestion
from tutor.words.terms import player_name

from .engine_parts import Form, choice, number, record, revealed
from .engine_text import card_text, cards_text


def name_the_hand(q: WrittenQuestion, context: dict[str, Any]) -> Form:
    """The hand's category; at the hard level also the best five of the cards."""
    key, data = q.right_answer, record(q, hand_drill.Question)
    grade = revealed(q, hand_drill.Grade)
    explanation = (
        gettext("The hand is: %(name)s (%(description)s).")
        % {"name": grade.name, "description": grade.description},
        grade.definition,
    )
    if not data.pick_five:
        return Form((choice("", "category", context["choices"], key),), explanation=explanation)
    five = [(card.code, card_text(card)) for card in data.cards]
    return Form(
        (
            choice(gettext("The hand"), "category", context["choices"], key),
            choice(
                gettext("Tick the five cards that make the best hand"),
                "five",
                five,
                key,
                multiple=True,
            ),
        ),
        explanation=explanation,
    )


def holdem_showdown(q: WrittenQuestion, context: dict[str, Any]) -> Form:
    """Every player's hole cards (the page shows them beside the tick boxes) and who wins."""
    data = record(q, showdown_drill.Question)
    names = [player_name(i) for i in range(len(data.hands))]
    lines = tuple(
        f"- {name}: {cards_text(hand)}" for name, hand in zip(names, data.hands, strict=True)
    )
    options = [(str(i), name) for i, name in enumerate(names)]
    grade = revealed(q, showdown_drill.Grade)
    return Form(
        (choice("", "winners", options, q.right_answer, multiple=True),),
        lines=lines,
        explanation=(grade.explanation,),
    )


def outs_odds(q: WrittenQuestion, context: dict[str, Any]) -> Form:
    """Outs, pot odds (within the drill's tolerance) and the call, as the level asks."""
    key, asks = q.right_answer, record(q, odds_drill.Question).asks
    # The stored pot odds are rounded to a tenth of a point, so at most 0.05 from the exact
    # share the drill measures against: this tolerance stays inside the drill's.
    tolerance = Decimal(odds_drill.TOLERANCE) - Decimal("0.05")
    questions = {
        "outs": lambda: number(gettext("How many outs do you have?"), "outs", key),
        "pot_odds": lambda: number(
            gettext("Pot odds: the call as a percentage of the pot after your call"),
            "pot_odds",
            key,
            tolerance,
        ),
        "call": lambda: choice(
            gettext("Does a call pay in the long run?"),
            "call",
            [
                ("call", pgettext("poker action", "Call")),
                ("fold", pgettext("poker action", "Fold")),
            ],
            key,
        ),
    }
    asked = tuple(questions[part]() for part in asks)
    lines: tuple[str, ...] = ()
    if "pot_odds" in asks:
        lines = (
            gettext(
                "Enter a number such as 25 or 33.3. An answer within one percentage point "
                "of the exact pot odds counts as right."
            ),
        )
    grade = revealed(q, odds_drill.Grade)
    outs = (grade.outs_text, cards_text(grade.outs))
    return Form(asked, lines=lines, explanation=(*outs, *grade.reasons))


BUILDERS = {
    name_the_hand_drill.DRILL.slug: name_the_hand,
    holdem_showdown_drill.DRILL.slug: holdem_showdown,
    outs_and_odds_drill.DRILL.slug: outs_odds,
}
