"""The one list of drills, in the order the drills page shows them.

Adding a drill is one line here (see README "Adding a drill"); everything else (the drills
page, quizzes, results, rule-page links, the site map) reads this registry.
"""

from __future__ import annotations

from . import (
    betting,
    holdem_showdown,
    name_the_hand,
    odd_chips,
    outs_and_odds,
    play_holdem,
    side_pots,
    teenpatti_payouts,
    teenpatti_round,
    teenpatti_rtp,
    teenpatti_showdown,
    tournament,
)
from .drill import Drill, PlayDrill, QuestionDrill

DRILLS: dict[str, Drill] = {
    module.DRILL.slug: module.DRILL
    for module in (
        holdem_showdown,
        teenpatti_showdown,
        name_the_hand,
        side_pots,
        odd_chips,
        outs_and_odds,
        teenpatti_round,
        teenpatti_payouts,
        teenpatti_rtp,
        betting,
        tournament,
        play_holdem,
    )
}

__all__ = ["DRILLS", "Drill", "PlayDrill", "QuestionDrill", "question_drill", "quiz_drills"]


def question_drill(slug: str) -> QuestionDrill | None:
    """The drill of one question and one answer named ``slug``, if there is one."""
    drill = DRILLS.get(slug)
    return drill if isinstance(drill, QuestionDrill) else None


def quiz_drills() -> list[QuestionDrill]:
    """The drills a teacher can put in a quiz, in the registry's order."""
    return [d for d in DRILLS.values() if isinstance(d, QuestionDrill) and d.quiz]
