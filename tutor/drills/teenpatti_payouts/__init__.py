"""Pay the bet slip, Teen Patti 20-20: a slip of bets with their stakes and a dealt round
(Player A's and Player B's three cards); what does each bet return, stake included?

The engine settles the slip (:func:`tutor.engine.tp2020.settle`, or
:func:`~tutor.engine.tp2020.void_round` for a round stopped during the deal). Feedback puts
the learner's figure beside the engine's for every bet, with the rule that produced it, and
marks the first wrong line. Money is exact: stakes and returns are ``Decimal`` cents, and a
stake on Player A or Player B is a multiple of 0.20, so that 0.95 to 1 pays whole cents.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext_lazy

from tutor.core.locales import current_language, format_number
from tutor.engine.cards import Card
from tutor.words import payouts, terms
from tutor.words.base import answer_parts, labelled
from tutor.words.picked_figures import figure_line
from tutor.words.showdowns import ShowdownRow, explain_teenpatti, teenpatti_names, teenpatti_rows

from ..answers import value
from ..base import AnswerError
from ..codec import Record
from ..drill import Answer, QuestionDrill
from ..money import AmountError, read_amount
from .deal import AIMS, generate, target
from .question import SLUG, Cards, Question, pays_whole_cents, settlement


def concepts_of(question: Question) -> frozenset[str]:
    """The rules the engine's settlement of this slip used."""
    settled = settlement(question)
    if settled.result == "void":
        return frozenset({"tp-void-round"})
    found = set()
    kinds = {payouts.BET_KINDS[line.bet] for line in settled.lines}
    # Main bets (Player A, Player B, Tie) beside side bets, each settled by its own rule.
    if len({"main" if kind == "tie" else kind for kind in kinds}) >= 2:
        found.add("tp-20-20-bets")
    for line in settled.lines:
        kind = payouts.BET_KINDS[line.bet]
        if kind == "main" and line.outcome in ("win", "push"):
            found.add("tp-main-bet-payout")
        if kind == "pair_plus" and line.outcome == "win":
            found.add("tp-pair-plus")
        if kind == "bonus" and line.outcome == "win":
            found.add("tp-six-card-bonus")
    if settled.result == "tie" and kinds & {"main", "tie"}:
        found.add("tp-ties")
    return frozenset(found)


def field(bet: str) -> str:
    """The form field of a bet's return."""
    return f"return_{bet}"


def _learner(question: Question, answer: Answer) -> dict[str, Decimal]:
    figures = {}
    for bet, _stake in question.slip:
        try:
            figures[bet] = read_amount(value(answer, field(bet)))
        except AmountError as error:
            raise AnswerError(payouts.amount_error(error.code, bet)) from None
    return figures


# -- grading ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class LineRow(Record):
    """One bet of the slip: the learner's figure beside the engine's, and why."""

    bet: str
    name: str
    stake: str
    engine: str
    mine: str
    ok: bool
    outcome: str
    rule: str


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    lines: tuple[LineRow, ...]
    first_wrong: int | None
    result: str  # "player_a" | "player_b" | "tie" | "void"
    result_name: str
    explanation: str
    rows: tuple[ShowdownRow, ...]  # empty for a void round
    bonus_name: str
    bonus_cards: Cards
    staked: str
    returned: str
    #: What the learner picked and why it is wrong ("" for a right answer).
    picked: str = ""


def _picked(line: LineRow, language: str) -> str:
    """The first bet whose return is wrong: the figure given, the engine's, and the rule."""
    mine, engine = (payouts.money(Decimal(v), language) for v in (line.mine, line.engine))
    return figure_line(
        "bet_return", language, mine=mine, bet=line.name, amount=engine, why=line.rule
    )


def grade(question: Question, answer: Answer) -> Grade:
    figures = _learner(question, answer)
    settled = settlement(question)
    language = current_language()
    lines = tuple(
        LineRow(
            bet=line.bet,
            name=terms.bet_name(line.bet),
            stake=str(line.stake),
            engine=str(line.returned),
            mine=str(figures[line.bet]),
            ok=figures[line.bet] == line.returned,
            outcome=line.outcome,
            rule=payouts.payout_rule(line, settled, language),
        )
        for line in settled.lines
    )
    first_wrong = next((i for i, line in enumerate(lines) if not line.ok), None)
    shown = settled.showdown
    # The six cards' bonus hand, shown when the slip has a 6 Card Bonus bet.
    bonus = settled.bonus if "six_card_bonus" in question.stakes else None
    return Grade(
        correct=first_wrong is None,
        lines=lines,
        first_wrong=first_wrong,
        result=settled.result,
        result_name=terms.result_name(settled.result),
        explanation=payouts.void_notice()
        if shown is None
        else explain_teenpatti(shown, teenpatti_names()),
        rows=() if shown is None else teenpatti_rows(shown, teenpatti_names()),
        bonus_name="" if bonus is None else terms.category_in_sentence("bonus", bonus.code),
        bonus_cards=() if bonus is None else tuple(bonus.best_five),
        staked=str(settled.total_staked),
        returned=str(settled.total_returned),
        picked="" if first_wrong is None else _picked(lines[first_wrong], language),
    )


def right_answer(question: Question) -> dict[str, list[str]]:
    return {field(line.bet): [str(line.returned)] for line in settlement(question).lines}


def answer_label(question: Question, answer: Answer) -> str:
    """'Player A: 19.50; Tie: 0.00' (an unreadable figure as typed, cut short)."""
    language = current_language()
    parts = []
    for bet, _stake in question.slip:
        typed = value(answer, field(bet))
        try:
            shown = format_number(read_amount(typed), language, decimals=2)
        except AmountError:
            shown = typed.strip()[:20] or "—"
        parts.append(labelled(terms.bet_name(bet), shown))
    return answer_parts(parts)


@dataclass(frozen=True)
class SlipRow:
    bet: str
    name: str
    stake: Decimal
    field: str


def context(question: Question) -> dict[str, object]:
    """The slip's rows (one field each) and the cards as dealt (face down after a stop)."""
    shown: list[Card | None] = list(question.deal_order)
    if question.stopped_after is not None:
        shown[question.stopped_after :] = [None] * (6 - question.stopped_after)
    return {
        "slip_rows": [
            SlipRow(bet, terms.bet_name(bet), Decimal(stake), field(bet))
            for bet, stake in question.slip
        ],
        "shown_a": tuple(shown[0::2]),
        "shown_b": tuple(shown[1::2]),
        "void_notice": payouts.void_notice() if question.stopped_after is not None else "",
    }


ALL_LEVELS = ("easy", "medium", "hard")

DRILL = QuestionDrill(
    slug=SLUG,
    title=gettext_lazy("Pay the bet slip — Teen Patti 20-20"),
    summary=gettext_lazy(
        "A bet slip and a dealt round: work out what each bet returns, stake included."
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    right_answer=right_answer,
    answer_label=answer_label,
    context=context,
    concepts={concept: ALL_LEVELS for concept in AIMS},
    concepts_of=concepts_of,
    target=target,
)

__all__ = ["DRILL", "Question", "generate", "pays_whole_cents", "read_amount", "settlement"]
