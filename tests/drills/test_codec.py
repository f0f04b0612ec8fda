"""Questions and grades go to JSON and come back equal, and bad stored data is refused."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from tutor.drills.codec import Record
from tutor.drills.registry import DRILLS, QuestionDrill
from tutor.engine.cards import Card

QUESTION_DRILLS = [d for d in DRILLS.values() if isinstance(d, QuestionDrill)]


@pytest.mark.parametrize("drill", QUESTION_DRILLS, ids=lambda d: d.slug)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_question_round_trip_is_lossless(drill: QuestionDrill, level: str) -> None:
    for seed in range(25):
        question = drill.generate(seed, level)
        text = json.dumps(question.to_dict())
        assert drill.load(json.loads(text)) == question


@pytest.mark.parametrize("drill", QUESTION_DRILLS, ids=lambda d: d.slug)
def test_grade_of_the_right_answer_is_correct_and_round_trips(drill: QuestionDrill) -> None:
    for seed in range(10):
        question = drill.generate(seed, "hard")
        grade = drill.grade(question, drill.right_answer(question))
        assert grade.correct, (drill.slug, seed)
        assert type(grade).from_dict(json.loads(json.dumps(grade.to_dict()))) == grade


@dataclass(frozen=True)
class Sample(Record):
    cards: tuple[Card, ...]
    pair: tuple[str, int]
    maybe: int | None = None


def test_record_reads_back_nested_types() -> None:
    sample = Sample((Card.parse("Td"),), ("x", 3), None)
    assert sample.to_dict() == {"cards": ["Td"], "pair": ["x", 3], "maybe": None}
    assert Sample.from_dict(sample.to_dict()) == sample


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"pair": ["x", 3]},
        {"cards": "As", "pair": ["x", 3]},
        {"cards": ["Zz"], "pair": ["x", 3]},
        {"cards": [], "pair": ["x", "3"]},
        {"cards": [], "pair": ["x", 3, 4]},
        {"cards": [], "pair": ["x", True]},
    ],
)
def test_record_refuses_data_that_does_not_fit(data: object) -> None:
    with pytest.raises(ValueError):
        Sample.from_dict(data)  # type: ignore[arg-type]
