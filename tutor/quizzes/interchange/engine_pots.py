"""What the pot drills ask, as parts: the side pots (each pot's amount and who can win it)
and the odd chips (each winner's share of each pot)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from tutor.core.locales import current_language, format_number
from tutor.drills import odd_chips as odd_chips_drill
from tutor.drills import odd_chips as odd_drill
from tutor.drills import side_pots as side_pots_drill
from tutor.drills.written import WrittenQuestion

from .engine_parts import Asked, Form, choice, labelled, number, revealed


def _pot_name(index: int) -> str:
    if index == 0:
        return gettext("Main pot")
    return gettext("Side pot %(number)s") % {"number": index}


def side_pots(q: WrittenQuestion, context: dict[str, Any]) -> Form:
    """The first stage of the drill (the one a quiz asks): for each pot the engine builds,
    its amount and the seats that can win it. The form has a row for every seat, the
    unused ones left empty; a snapshot asks only the pots there are."""
    key = q.right_answer
    seats = [(str(row.index), row.label) for row in context["seat_rows"]]
    asked: list[Asked] = []
    for row in context["pot_rows"]:
        if f"pot{row}" not in key:
            break
        pot = _pot_name(row)
        asked += [
            number(labelled(pot, gettext("Amount")), f"pot{row}", key),
            choice(
                labelled(pot, gettext("Seats that can win it")),
                f"eligible{row}",
                seats,
                key,
                multiple=True,
            ),
        ]
    return Form(tuple(asked), fixed={"stage": ("1",)})


def odd_chips(q: WrittenQuestion, context: dict[str, Any]) -> Form:
    """Each pot with its amount and its winners (the page's answer form says them), then
    one number for each winner's chips from each pot."""
    key, language = q.right_answer, current_language()
    lines: list[str] = []
    asked: list[Asked] = []
    for pot in context["pot_forms"]:
        lines += [
            f"{pot.name}: {format_number(pot.amount, language)}",
            gettext("Shared by %(winners)s.") % {"winners": pot.winners},
        ]
        asked += [number(labelled(pot.name, share.label), share.field, key) for share in pot.fields]
    grade = revealed(q, odd_drill.Grade)
    explanation = tuple(line for pot in grade.pots for line in pot.explanation)
    return Form(tuple(asked), lines=tuple(lines), explanation=explanation)


BUILDERS = {side_pots_drill.DRILL.slug: side_pots, odd_chips_drill.DRILL.slug: odd_chips}
