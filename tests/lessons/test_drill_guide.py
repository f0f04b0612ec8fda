"""The drills page suggests where to start: each drill's unit and stage, and the
learner's mastery of its concepts once they have answered some."""

from __future__ import annotations

import pytest
from django.test import Client

from tutor.drills.registry import DRILLS
from tutor.learning.models import ConceptProgress
from tutor.lessons.courses import COURSES
from tutor.lessons.drill_guide import guides


def test_every_drill_with_concepts_names_the_first_unit_that_teaches_them(rf) -> None:
    request = rf.get("/en/drills/")
    request.user = type("Anon", (), {"is_authenticated": False})()
    for slug, guide in guides(request, DRILLS.values()).items():
        concepts = set(DRILLS[slug].concepts)
        if not concepts:
            assert guide.unit is None
            continue
        assert guide.unit is not None and concepts & set(guide.unit.concepts)
        earlier = COURSES[guide.unit.course].units[: guide.unit.number - 1]
        assert not any(concepts & set(u.concepts) for u in earlier), slug
        assert not guide.started and guide.proficient == 0


@pytest.mark.django_db
def test_the_page_shows_stages_and_the_learners_mastery(client: Client, language: str) -> None:
    page = client.get(f"/{language}/drills/").content.decode()
    assert page.count('class="drill-guide"') == sum(1 for d in DRILLS.values() if d.concepts)
    assert "/learn/texas-holdem/deal-and-goal/" in page
    # A learner who reached proficient on a concept sees it counted on its drills.
    from tests.learning.drilling import answer, seed_with_concepts

    answer(client, seed_with_concepts())
    ConceptProgress.objects.update(mastery=3)
    page = client.get("/en/drills/").content.decode()
    assert "Your mastery: " in page and " proficient or better" in page
