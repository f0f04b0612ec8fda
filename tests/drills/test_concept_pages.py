"""Drill pages aimed at a concept: ``?concept=<id>`` deals aimed questions, says so on the
page, keeps the aim through the answer, and an unknown concept gets a translated 404."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from tests.conftest import without_breaks
from tutor.concepts import CONCEPTS
from tutor.drills.registry import DRILLS, QuestionDrill


def first_aim() -> tuple[QuestionDrill, str, str]:
    for drill in DRILLS.values():
        if isinstance(drill, QuestionDrill):
            for concept, levels in drill.concepts.items():
                return drill, concept, levels[0]
    raise AssertionError("no drill aims at any concept")


def test_aimed_page_says_what_it_practises_in_every_language(client: Client, language: str) -> None:
    drill, concept, level = first_aim()
    url = f"/{language}/drills/{drill.slug}/?level={level}&seed=5&concept={concept}"
    html = without_breaks(client.get(url).content.decode())
    with translation.override(language):
        title = str(CONCEPTS[concept].title)
    assert 'class="concept-banner"' in html and title in html
    assert f"concept={concept}" in html  # the next question keeps the aim


@pytest.mark.django_db
def test_the_answer_is_checked_against_the_aimed_question(client: Client) -> None:
    drill, concept, level = first_aim()
    page = client.get(f"/en/drills/{drill.slug}/?level={level}&seed=5&concept={concept}")
    token = re.search(r'name="token" value="([^"]+)"', page.content.decode())
    assert token is not None
    aimed = drill.deal(5, level, concept)
    assert aimed != drill.generate(5, level) or concept in drill.concepts_of(aimed)
    answer = {"token": token.group(1), **drill.right_answer(aimed)}
    response = client.post(f"/en/drills/{drill.slug}/", answer, HTTP_HX_REQUEST="true")
    assert 'class="feedback__verdict ok"' in response.content.decode()


@pytest.mark.parametrize("concept", ["no-such-concept", "<script>", "k" * 300])
def test_unknown_concept_is_a_translated_404_listing_concepts(
    client: Client, language: str, concept: str
) -> None:
    drill, known, _level = first_aim()
    response = client.get(f"/{language}/drills/{drill.slug}/", {"concept": concept})
    assert response.status_code == 404
    html = without_breaks(response.content.decode())
    with translation.override(language):
        assert str(CONCEPTS[known].title) in html
    assert "<script>" not in html.split("<main")[1]


def test_a_concept_of_another_drill_is_not_practised_here(client: Client) -> None:
    drill, _concept, _level = first_aim()
    elsewhere = next(c for c in CONCEPTS if c not in drill.concepts)
    assert client.get(f"/en/drills/{drill.slug}/?concept={elsewhere}").status_code == 404


def test_drills_page_lists_every_concept_with_its_rule(client: Client, language: str) -> None:
    html = client.get(f"/{language}/drills/").content.decode()
    for concept in CONCEPTS.values():
        assert f'id="concept-{concept.id}"' in html
        assert f"/{language}/rules/{concept.page}/#{concept.anchor}" in html
