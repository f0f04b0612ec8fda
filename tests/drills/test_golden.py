"""Golden fixtures pin what every drill's generator deals for a few (seed, level) pairs.

A quiz stores its questions whole, so a generator change cannot rewrite a past quiz; but a
drill page's link (``?seed=…``) names a question by its seed. A generator that deals
differently must therefore say so: bump the drill's ``version`` and rewrite its fixture
with ``python -m tests.drills.make_golden <slug>``.
"""

from __future__ import annotations

import json

import pytest

from tutor.drills.registry import DRILLS, QuestionDrill

from .make_golden import fixture, path_of

QUESTION_DRILLS = [d for d in DRILLS.values() if isinstance(d, QuestionDrill)]


@pytest.mark.parametrize("drill", QUESTION_DRILLS, ids=lambda d: d.slug)
def test_generator_deals_what_its_fixture_pins(drill: QuestionDrill) -> None:
    pinned = json.loads(path_of(drill.slug).read_text(encoding="utf-8"))
    assert pinned["version"] == drill.version, (
        f"{drill.slug}: version {drill.version}, fixture {pinned['version']}: "
        f"rewrite it with python -m tests.drills.make_golden {drill.slug}"
    )
    assert pinned["questions"], "an empty fixture pins nothing"
    now = fixture(drill.slug)["questions"]
    for was, dealt in zip(pinned["questions"], now, strict=True):
        assert dealt == was, (
            f"{drill.slug} deals differently for seed {was['seed']} at {was['level']}: "
            "bump the drill's version and rewrite its fixture"
        )


@pytest.mark.parametrize("drill", QUESTION_DRILLS, ids=lambda d: d.slug)
def test_pinned_questions_read_back_unchanged(drill: QuestionDrill) -> None:
    pinned = json.loads(path_of(drill.slug).read_text(encoding="utf-8"))
    for entry in pinned["questions"]:
        question = drill.load(entry["question"])
        assert question == drill.generate(entry["seed"], entry["level"])
        assert json.loads(json.dumps(question.to_dict())) == entry["question"]
