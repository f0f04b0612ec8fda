"""The concepts a learner must master (``catalog.py``) and the practice aimed at each.

A concept's drills come from the drills themselves: each ``Drill.concepts`` names the
concepts it can aim a question at and the levels; :func:`practice` puts the two together.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.drills.registry import DRILLS, QuestionDrill

from .catalog import CONCEPTS, TOPICS, Concept, Topic

__all__ = ["CONCEPTS", "TOPICS", "Concept", "Practice", "Topic", "by_topic", "practice"]


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


def by_topic() -> list[tuple[Topic, list[Concept]]]:
    """Every topic with its concepts, in teaching order."""
    return [(topic, [c for c in CONCEPTS.values() if c.topic == topic.id]) for topic in TOPICS]
