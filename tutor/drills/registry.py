"""The one list of drills, in the order the drills page shows them.

Adding a drill is one line here (see README "Adding a drill"); everything else (the drills
page, the concepts' practice, quizzes, results, rule-page links) reads this registry.
"""

from __future__ import annotations

from importlib import import_module

from .drill import Drill, PlayDrill, QuestionDrill

#: Every drill, by module name, in the order the drills page shows them (Hold'em from the
#: hands up to playing a hand, then Teen Patti): one line a drill.
MODULES = (
    "name_the_hand",
    "holdem_showdown",
    "betting",
    "legal_actions",
    "side_pots",
    "odd_chips",
    "showdown_order",
    "tournament",
    "outs_and_odds",
    "play_holdem",
    "replay_hand",
    "teenpatti_showdown",
    "teenpatti_payouts",
    "teenpatti_rtp",
    "teenpatti_round",
)


def _load(name: str) -> Drill:
    drill = import_module(f"{__package__}.{name}").DRILL
    assert isinstance(drill, Drill) and drill.name == name, name
    return drill


DRILLS: dict[str, Drill] = {drill.slug: drill for drill in map(_load, MODULES)}

#: Questions that live only in quizzes (no drill page, not dealt): a teacher's own.
QUIZ_ONLY: dict[str, QuestionDrill] = {
    drill.slug: drill for drill in map(_load, ("own_question",)) if isinstance(drill, QuestionDrill)
}

__all__ = ["DRILLS", "Drill", "PlayDrill", "QuestionDrill", "question_drill", "quiz_drills"]


def question_drill(slug: str) -> QuestionDrill | None:
    """The drill of one question and one answer named ``slug``, if there is one."""
    drill = DRILLS.get(slug) or QUIZ_ONLY.get(slug)
    return drill if isinstance(drill, QuestionDrill) else None


def quiz_drills() -> list[QuestionDrill]:
    """The drills a teacher can put in a quiz, in the registry's order."""
    return [d for d in DRILLS.values() if isinstance(d, QuestionDrill) and d.quiz]
