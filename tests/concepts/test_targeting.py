"""Practice aimed at a concept: for every concept a drill declares, at least half of 200
aimed questions are decided by that concept, judged by the drill's ``concepts_of`` (which
reads the engine's own answer), at every level the drill declares for it."""

from __future__ import annotations

import pytest

from tutor.concepts import CONCEPTS, TOPICS
from tutor.drills.practice import practice
from tutor.drills.registry import DRILLS, QuestionDrill

QUESTIONS = 200
AIMS = [
    (drill, concept, levels)
    for drill in DRILLS.values()
    if isinstance(drill, QuestionDrill)
    for concept, levels in drill.concepts.items()
]


def test_every_declared_concept_exists_and_every_topic_has_concepts() -> None:
    for drill, concept, levels in AIMS:
        assert concept in CONCEPTS, (drill.slug, concept)
        assert levels and set(levels) <= set(drill.levels), (drill.slug, concept, levels)
    assert {c.topic for c in CONCEPTS.values()} == {t.id for t in TOPICS}


@pytest.mark.parametrize(
    ("drill", "concept", "levels"), AIMS, ids=[f"{d.slug}:{c}" for d, c, _ in AIMS]
)
def test_aimed_questions_are_decided_by_the_concept(
    drill: QuestionDrill, concept: str, levels: tuple[str, ...]
) -> None:
    hits = 0
    for seed in range(QUESTIONS):
        level = levels[seed % len(levels)]
        hits += concept in drill.concepts_of(drill.deal(seed, level, concept))
    assert hits >= QUESTIONS / 2, f"{drill.slug} aimed at {concept}: {hits} of {QUESTIONS}"


def test_every_concept_has_practice() -> None:
    missing = [concept for concept in CONCEPTS if not practice(concept)]
    assert not missing, f"concepts no drill aims at: {missing}"


def test_aimed_questions_are_reproducible() -> None:
    for drill, concept, levels in AIMS:
        assert drill.deal(3, levels[0], concept) == drill.deal(3, levels[0], concept)
