"""The courses as data: every concept taught by exactly one unit, every lesson's sections
on its rule page, sizes within the issue's bounds, units in the issue's teaching order."""

from __future__ import annotations

from collections import Counter

import pytest

from tutor.concepts import CONCEPTS
from tutor.drills.practice import practice
from tutor.lessons import dealing
from tutor.lessons.courses import (
    CHECK_SIZES,
    COURSES,
    PRACTICE_SIZES,
    needed,
    next_unit,
    unit,
    unit_of_concept,
)
from tutor.rules.documents import DOCUMENTS
from tutor.rules.sections import section_bounds
from tutor.rules.segments import markdown

UNITS = [u for course in COURSES.values() for u in course.units]


def test_courses_are_the_two_games_in_order() -> None:
    assert list(COURSES) == ["texas-holdem", "teen-patti-20-20"]


def test_holdem_units_follow_the_issues_teaching_order() -> None:
    assert [u.slug for u in COURSES["texas-holdem"].units] == [
        "deal-and-goal",
        "hand-rankings",
        "comparing-hands",
        "button-blinds-order",
        "bet-sizes",
        "all-in-side-pots",
        "showdown",
        "tournaments",
        "odds",
    ]


def test_teenpatti_units_follow_the_issues_teaching_order() -> None:
    assert [u.slug for u in COURSES["teen-patti-20-20"].units] == [
        "the-deal",
        "rankings-and-sequences",
        "ties",
        "bets-and-payouts",
        "six-card-bonus",
        "void-rounds-and-rtp",
    ]


def test_every_concept_is_in_exactly_one_unit() -> None:
    counts = Counter(c for u in UNITS for c in u.concepts)
    assert set(counts) == set(CONCEPTS), set(counts) ^ set(CONCEPTS)
    assert [c for c, n in counts.items() if n > 1] == []


def test_every_unit_teaches_its_own_games_concepts() -> None:
    for u in UNITS:
        assert u.concepts, u.slug
        assert {CONCEPTS[c].page for c in u.concepts} == {u.course}, u.slug


@pytest.mark.parametrize("u", UNITS, ids=lambda u: u.slug)
def test_every_anchor_is_a_section_of_the_units_rule_page(u) -> None:  # type: ignore[no-untyped-def]
    tokens = markdown().parse(DOCUMENTS[u.course].path.read_text(encoding="utf-8"))
    bounds = section_bounds(tokens)
    assert [a for a in u.anchors if a not in bounds] == []
    assert len(set(u.anchors)) == len(u.anchors)


def test_each_concepts_section_is_in_its_units_lesson() -> None:
    missing = [c for u in UNITS for c in u.concepts if CONCEPTS[c].anchor not in u.anchors]
    assert missing == []


def test_sizes_are_within_the_issues_bounds() -> None:
    assert all(u.practice in PRACTICE_SIZES and u.check in CHECK_SIZES for u in UNITS)
    assert all(u.to_pass <= u.check for u in UNITS)


def test_every_concept_can_be_practised() -> None:
    assert [c for c in CONCEPTS if not practice(c)] == []


def test_a_check_passes_at_eighty_percent() -> None:
    assert [needed(n) for n in (1, 3, 4, 5, 10)] == [1, 3, 4, 4, 8]


def test_units_are_found_by_slug_and_by_concept() -> None:
    first = unit("texas-holdem", "deal-and-goal")
    assert first is not None and first.number == 1
    assert unit("texas-holdem", "ties") is None and unit("nope", "deal-and-goal") is None
    assert next_unit(first) == unit("texas-holdem", "hand-rankings")
    assert unit_of_concept("tp-rtp") == COURSES["teen-patti-20-20"].units[-1]


@pytest.mark.parametrize("u", UNITS, ids=lambda u: u.slug)
def test_practice_aims_at_the_units_concepts_mixing_drills(u) -> None:  # type: ignore[no-untyped-def]
    aims = dealing.plan(u.concepts, u.practice)
    assert len(aims) == u.practice
    assert {a.concept for a in aims} == set(u.concepts[: u.practice])
    ranks = [("easy", "medium", "hard").index(a.level) for a in aims]
    assert ranks == sorted(ranks), "the levels do not rise"
    drills = {a.drill for a in aims}
    offered = {p.drill.slug for c in u.concepts for p in practice(c)}
    assert len(drills) == min(len(offered), len(drills)) and drills <= offered
    if len(offered) > 1:
        assert len(drills) > 1, "the practice does not mix the drills"
    for aim in aims:
        assert aim.level in next(
            p.levels for p in practice(aim.concept) if p.drill.slug == aim.drill
        )
