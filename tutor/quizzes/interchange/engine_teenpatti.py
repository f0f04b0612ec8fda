"""What the Teen Patti drills ask, as parts: which hand wins, what each bet of a slip
returns, and which bet returns the most."""

from __future__ import annotations

from typing import Any

from tutor.drills import teenpatti_payouts as payouts_drill
from tutor.drills import teenpatti_payouts as teenpatti_payouts_drill
from tutor.drills import teenpatti_rtp as teenpatti_rtp_drill
from tutor.drills import teenpatti_showdown as showdown_drill
from tutor.drills import teenpatti_showdown as teenpatti_showdown_drill
from tutor.drills.written import WrittenQuestion
from tutor.words import terms

from .engine_parts import Form, choice, labelled, number, revealed


def teenpatti_showdown(q: WrittenQuestion, context: dict[str, Any]) -> Form:
    """Player A, Player B or a tie, in the words of the drill's form."""
    options = [(code, terms.result_name(code)) for code in ("player_a", "player_b", "tie")]
    grade = revealed(q, showdown_drill.Grade)
    return Form((choice("", "result", options, q.right_answer),), explanation=(grade.explanation,))


def teenpatti_payouts(q: WrittenQuestion, context: dict[str, Any]) -> Form:
    """One figure for each bet of the slip: what it returns, stake included."""
    key = q.right_answer
    asked = tuple(number(row.name, row.field, key) for row in context["slip_rows"])
    grade = revealed(q, payouts_drill.Grade)
    rules = tuple(labelled(line.name, line.rule) for line in grade.lines if line.rule)
    return Form(asked, explanation=(grade.explanation, *rules))


def teenpatti_rtp(q: WrittenQuestion, context: dict[str, Any]) -> Form:
    """The bet with the best return, among those offered."""
    options = [(code, str(name)) for code, name in context["offered"]]
    return Form((choice("", "best", options, q.right_answer),))


BUILDERS = {
    teenpatti_showdown_drill.DRILL.slug: teenpatti_showdown,
    teenpatti_payouts_drill.DRILL.slug: teenpatti_payouts,
    teenpatti_rtp_drill.DRILL.slug: teenpatti_rtp,
}
