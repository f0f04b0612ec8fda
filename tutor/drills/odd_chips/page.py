"""The odd-chip page: the seats round the table and as rows, the hands, one field per winner."""

from __future__ import annotations

import math
from dataclasses import dataclass

from tutor.concepts import CONCEPTS
from tutor.engine import holdem
from tutor.words import odd_chips as words
from tutor.words.base import join_names
from tutor.words.showdowns import explain_holdem, holdem_rows
from tutor.words.terms import seat_name

from .question import Question, field, the_award

# -- the page --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatRow:
    index: int
    number: int
    label: str
    contribution: int
    folded: bool
    all_in: bool
    button: bool
    winner: bool
    #: Where the seat and, beside it, the button sit on the picture of the table (SVG
    #: user units in a 100 by 60 box, written out: a template would localise a float).
    x: str
    y: str
    button_x: str
    button_y: str


@dataclass(frozen=True)
class ShareField:
    seat: int
    label: str
    field: str


@dataclass(frozen=True)
class PotForm:
    index: int
    name: str
    amount: int
    winners: str
    fields: tuple[ShareField, ...]


def _place(seat: int, seats: int, reach: float = 1.0) -> tuple[str, str]:
    """Seat 1 at the bottom, the others clockwise round an oval; ``reach`` below 1 moves
    the point towards the middle of the table."""
    angle = math.pi / 2 + 2 * math.pi * seat / seats
    return f"{50 + 42 * reach * math.cos(angle):.1f}", f"{30 + 22 * reach * math.sin(angle):.1f}"


def _seat_rows(question: Question, won: set[int]) -> list[SeatRow]:
    seats = len(question.contributions)
    return [
        SeatRow(
            s,
            s + 1,
            seat_name(s),
            question.contributions[s],
            question.folded[s],
            question.all_in[s],
            s == question.button,
            s in won,
            *_place(s, seats),
            *_place(s, seats, 0.62),
        )
        for s in range(seats)
    ]


def context(question: Question) -> dict[str, object]:
    """The seats (on the table and as rows), the hands shown, the pots with one field per
    winner, and the rule in force."""
    award = the_award(question)
    seats = len(question.contributions)
    names = [seat_name(s) for s in range(seats)]
    live = [s for s in range(seats) if not question.folded[s]]
    live_hands = [question.hands[s] or () for s in live]
    showdown = holdem.showdown(question.board, live_hands)
    winners = [live[i] for i in showdown.winners]
    # The tie in words: the winners' hands alone, which the engine finds tied.
    tie = holdem.showdown(question.board, [question.hands[s] or () for s in winners])
    pot_forms = [
        PotForm(
            p,
            words.pot_name(p),
            pot.pot.amount,
            join_names([names[s] for s in pot.winners]),
            tuple(ShareField(s, names[s], field(p, s)) for s in pot.winners),
        )
        for p, pot in enumerate(award.pots)
    ]
    return {
        "seat_rows": _seat_rows(question, {s for pot in award.pots for s in pot.winners}),
        "hand_rows": holdem_rows(showdown, live_hands, [names[s] for s in live]),
        "tie_text": explain_holdem(tie, [names[s] for s in winners]),
        "pot_forms": pot_forms,
        "rule_name": words.rule_name(question.rule),
        "rule_explanation": words.rule_explanation(question.rule),
        "rule_concept": CONCEPTS["odd-chip"],
    }
