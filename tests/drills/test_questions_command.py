"""``manage.py questions``: questions with their answers and concepts, as JSON."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tutor.drills import holdem_showdown


def run(*args: str) -> list[dict]:
    out = io.StringIO()
    call_command("questions", *args, stdout=out)
    return json.loads(out.getvalue())


def test_prints_the_questions_of_seeds_with_answers() -> None:
    drill = holdem_showdown.DRILL
    printed = run(drill.slug, "--level", "medium", "--seed", "10", "--count", "3")
    assert [q["seed"] for q in printed] == [10, 11, 12]
    for entry in printed:
        question = drill.generate(entry["seed"], "medium")
        assert drill.load(entry["question"]) == question
        assert entry["answer"] == drill.right_answer(question)
        assert entry["concepts"] == sorted(drill.concepts_of(question))
        assert entry["version"] == drill.version and entry["concept"] is None


def test_new_seeds_without_a_seed() -> None:
    printed = run(holdem_showdown.DRILL.slug, "--count", "2")
    assert len(printed) == 2 and all(isinstance(q["seed"], int) for q in printed)


@pytest.mark.parametrize(
    "args",
    [
        ["no-such-drill"],
        ["play-holdem"],
        ["holdem-showdown", "--count", "0"],
        ["holdem-showdown", "--count", "5000"],
        ["holdem-showdown", "--seed", "-1"],
        ["holdem-showdown", "--concept", "no-such-concept"],
    ],
)
def test_bad_arguments_are_refused(args: list[str]) -> None:
    with pytest.raises(CommandError):
        run(*args)
