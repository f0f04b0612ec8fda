"""A learner is never tested on what was not taught: every question a unit's practice or
check deals exercises only concepts of that unit and the units before it."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from tutor.drills.registry import question_drill
from tutor.engine import holdem
from tutor.lessons import dealing
from tutor.lessons.courses import COURSES, Unit, taught_by

UNITS = [unit for course in COURSES.values() for unit in course.units]
DEALS = 50


def _questions(unit: Unit, kind: str, rng: random.Random) -> list[dict]:  # type: ignore[type-arg]
    return list(dealing.for_unit(unit, kind, rng))  # what starting a sitting deals


@pytest.mark.slow
@pytest.mark.parametrize("unit", UNITS, ids=[f"{u.course}/{u.slug}" for u in UNITS])
def test_every_question_of_a_unit_was_taught_by_then(unit: Unit) -> None:
    rng = random.Random(f"taught/{unit.slug}")
    allowed = taught_by(unit)
    untaught: dict[str, int] = {}
    dealt = 0
    for n in range(DEALS):
        for entry in _questions(unit, ("practice", "check")[n % 2], rng):
            dealt += 1
            for concept in set(entry["concepts"]) - allowed:
                untaught[f"{entry['drill']}:{concept}"] = untaught.get(concept, 0) + 1
    assert dealt >= DEALS * min(unit.practice, unit.check) // 2
    assert not untaught, untaught


def test_taught_by_is_the_unit_and_those_before_it() -> None:
    units = COURSES["texas-holdem"].units
    assert taught_by(units[0]) == frozenset(units[0].concepts)
    assert taught_by(units[2]) == frozenset(c for u in units[:3] for c in u.concepts)


def test_the_first_holdem_unit_teaches_the_rankings_its_showdowns_need() -> None:
    """Naming or comparing a hand needs the rankings: the first unit whose questions ask
    one comes after (or is) the unit that teaches them."""
    first = COURSES["texas-holdem"].units[0]
    assert "hand-rankings" in taught_by(first)


def test_a_question_that_cannot_be_dealt_taught_is_left_out_not_asked() -> None:
    """When no seed gives a question within what was taught, the sitting is shorter: it
    never falls back to an untaught one."""
    aims = [dealing.Aim("best-five-of-seven", "holdem-showdown", "hard")]
    written = dealing.write(
        aims, random.Random(1), taught=frozenset({"best-five-of-seven"}), tries=1
    )
    assert all(set(e["concepts"]) <= {"best-five-of-seven"} for e in written)
    drill = question_drill("holdem-showdown")
    assert drill is not None


def _needs_same_category(entry: dict) -> bool:  # type: ignore[type-arg]
    """Whether a written question is decided within one category, read from the engine
    alone: a showdown whose winner and best loser share a category, or five cards to pick
    where another five of the same category is worth less (the kickers choose)."""
    drill = question_drill(entry["drill"])
    assert drill is not None
    question = drill.load(entry["question"])
    if entry["drill"] == "holdem-showdown":
        result = holdem.showdown(question.board, question.hands)
        return result.decided_by.kind in ("rank", "kicker")
    if entry["drill"] == "name-the-hand" and question.pick_five:
        best = holdem.evaluate(question.cards)
        fives = (holdem.evaluate(five) for five in combinations(question.cards, 5))
        return any(v.category is best.category and v != best for v in fives)
    return False


def test_the_first_holdem_unit_asks_only_what_the_category_decides() -> None:
    """Unit 1 teaches that a higher category beats every lower one, not how two hands of
    one category compare (unit 3): no 7-high straight against an 8-high one, no pair of
    nines whose best five needs the ace, queen and ten beside it."""
    first = COURSES["texas-holdem"].units[0]
    rng = random.Random("taught/categories")
    asked = [
        entry for n in range(12) for entry in _questions(first, ("practice", "check")[n % 2], rng)
    ]
    assert len(asked) >= 12 * min(first.practice, first.check) // 2
    assert not [e for e in asked if _needs_same_category(e)]
