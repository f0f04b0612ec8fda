"""What the table drills ask, as parts: who acts next and the raise limits, the legal
actions, the showdown order and the tournament's places and blinds."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext, pgettext

from tutor.core.locales import current_language, format_number
from tutor.drills import betting as betting_drill
from tutor.drills import legal_actions as legal_actions_drill
from tutor.drills import legal_actions as legal_drill
from tutor.drills import showdown_order as order_drill
from tutor.drills import showdown_order as showdown_order_drill
from tutor.drills import tournament as tournament_drill
from tutor.drills.written import WrittenQuestion

from .engine_parts import NONE, Asked, Form, FormAnswer, choice, labelled, number, record, revealed
from .snapshot import NUMBER, Part

#: The figure that stands for "no bet or raise is allowed" in both raise limits.
NO_RAISE = Decimal(0)


def _no_raise(answer: FormAnswer) -> FormAnswer:
    """Both limits given as 0 are the form's "no bet or raise is allowed" box."""
    if answer.get("min_to") == answer.get("max_to") == [str(NO_RAISE)]:
        return {"next": answer.get("next", []), "no_raise": ["on"]}
    return answer


def _limit(label: str, name: str, key: dict[str, list[str]]) -> Asked:
    if "no_raise" in key:
        return Asked(Part(NUMBER, label, number=NO_RAISE), name)
    return number(label, name, key)


def betting(q: WrittenQuestion, context: dict[str, Any]) -> Form:
    """The seat to act among those who still can, and the smallest and largest raise: the
    form's box for "no bet or raise is allowed" becomes 0 in both (a number part cannot be
    left empty), which no real limit can be."""
    key, about = q.right_answer, context["about"]
    seats = [(str(s.index), s.label) for s in about.seat_list if not s.folded and not s.all_in]
    lines = (
        gettext("What can that player raise (or bet) to? Give the total bet after raising."),
        # Translators: how an exported quiz question asks for "no raise is allowed", where
        # the smallest and the largest raise are two numbers to fill in.
        gettext("If no bet or raise is allowed, enter 0 as both the smallest and the largest."),
    )
    asked = (
        choice(gettext("Who acts next?"), "next", seats, key),
        _limit(gettext("Smallest"), "min_to", key),
        _limit(gettext("Largest"), "max_to", key),
    )
    return Form(asked, lines=lines, finish=_no_raise)


def legal_actions(q: WrittenQuestion, context: dict[str, Any]) -> Form:
    """Every action the player to act may take, and why each is allowed or not."""
    key = q.right_answer
    options = [(code, str(name)) for code, name in context["actions"]]
    turn = gettext("It is %(seat)s's turn. Tick every action %(seat)s may take now.")
    grade = revealed(q, legal_drill.Grade)
    explanation = tuple(
        labelled(
            row.name,
            pgettext("legal actions", "allowed")
            if row.legal
            else pgettext("legal actions", "not allowed"),
        )
        + f" — {row.why}"
        for row in grade.rows
    )
    return Form(
        (choice("", "act", options, key, multiple=True),),
        lines=(turn % {"seat": context["seat"]},),
        explanation=explanation,
    )


def showdown_order(q: WrittenQuestion, context: dict[str, Any]) -> Form:
    """Who shows first (or all at once), and who may muck: "nobody" is a choice of its own,
    as a choice part needs a right answer where the form takes no tick."""
    key = q.right_answer
    seats = [(str(row.index), row.label) for row in context["choices"]]
    grade = revealed(q, order_drill.Grade)
    return Form(
        (
            choice(
                gettext("Who shows first?"),
                "first",
                [*seats, (order_drill.ALL, gettext("All hands face up at once"))],
                key,
            ),
            choice(
                gettext(
                    "Who may muck (give up the hand without showing it)? Choose “Nobody” if "
                    "nobody may."
                ),
                "muck",
                # Translators: a choice of an exported quiz question "Who may muck?".
                [*seats, (NONE, pgettext("showdown order", "Nobody"))],
                key,
                multiple=True,
            ),
        ),
        explanation=(grade.reason,),
    )


def tournament(q: WrittenQuestion, context: dict[str, Any]) -> Form:
    """Each player's place (a choice among the places), and the blinds of the hand asked."""
    key, language = q.right_answer, current_language()
    asked_hand = record(q, tournament_drill.Question).asked
    places = [(str(place), format_number(place, language)) for place in context["place_choices"]]
    asked = [choice(label, f"place{seat}", places, key) for seat, label in context["seat_rows"]]
    lines = [gettext("Where does each player finish? Place 1 is the winner.")]
    if asked_hand:
        hand = format_number(asked_hand, language)
        lines.append(gettext("What are the blinds in hand %(hand)s?") % {"hand": hand})
        asked += [
            number(gettext("Small blind"), "small", key),
            number(gettext("Big blind"), "big", key),
        ]
    grade = revealed(q, tournament_drill.Grade)
    explanation = tuple(row.why for row in grade.rows) + tuple(filter(None, [grade.blinds_why]))
    return Form(tuple(asked), lines=tuple(lines), explanation=explanation)


BUILDERS = {
    betting_drill.DRILL.slug: betting,
    legal_actions_drill.DRILL.slug: legal_actions,
    showdown_order_drill.DRILL.slug: showdown_order,
    tournament_drill.DRILL.slug: tournament,
}
