"""Which concepts moved up in a sitting: from what recording each answer returned."""

from __future__ import annotations

from tutor.lessons.models import SittingAnswer
from tutor.lessons.summary import moved_up


def test_a_concept_moved_up_when_its_last_level_beats_its_first() -> None:
    answers = [
        SittingAnswer(index=0, changes={"kickers": [0, 1], "outs": [2, 2]}),
        SittingAnswer(index=1, changes={"kickers": [1, 2], "outs": [2, 1], "nonsense": [0, 4]}),
        SittingAnswer(index=2, changes={"tp-ties": [3, 4], "tp-rtp": ["x", 9]}),
    ]
    moved = moved_up(answers)
    assert [(m.concept.id, str(m.before), str(m.after)) for m in moved] == [
        ("kickers", "Not started", "Familiar"),
        ("tp-ties", "Proficient", "Mastered"),
    ]


def test_nothing_moved_when_nothing_was_recorded() -> None:
    assert (
        moved_up([SittingAnswer(index=0, changes={}), SittingAnswer(index=1, changes=None)]) == ()
    )
