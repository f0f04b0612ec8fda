"""The practice aimed at each concept of ``tutor.concepts``: which drills aim questions
at it, and at which levels (each drill says so in ``Drill.concepts``)."""

from __future__ import annotations

from dataclasses import dataclass

from .registry import DRILLS, QuestionDrill


@dataclass(frozen=True)
class Practice:
    """One drill that can aim a question at a concept, and the levels at which it can."""

    drill: QuestionDrill
    levels: tuple[str, ...]


def practice(concept_id: str) -> list[Practice]:
    """The drills that aim questions at ``concept_id``, in the registry's order."""
    return [
        Practice(drill, tuple(drill.concepts[concept_id]))
        for drill in DRILLS.values()
        if isinstance(drill, QuestionDrill) and concept_id in drill.concepts
    ]
