"""The rankings one tap away: every question of the drills and of the lessons carries the
chart of its game (and Teen Patti's paytables), closed until opened."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tutor.drill_pages.views import _one_box
from tutor.drill_pages.views import _peek as page_box
from tutor.drills.drill import QuestionDrill
from tutor.drills.registry import DRILLS
from tutor.rules.peek import _peek, games_of, peek

pytestmark = pytest.mark.django_db

DETAILS = re.compile(r'<details class="peek">.*?</details>', re.S)


def box(html: str) -> str:
    found = DETAILS.search(html)
    assert found, "no rankings box on the page"
    return found.group(0)


@pytest.mark.parametrize("language", ["en", "bn", "hi", "ja", "cs"])
def test_a_holdem_drill_question_has_the_holdem_chart(client: Client, language: str) -> None:
    html = client.get(f"/{language}/drills/holdem-showdown/?level=easy&seed=7").content.decode()
    peeked = box(html)
    assert "hand-chart--compact" in peeked and "block--paytable" not in peeked
    assert "<summary>" in peeked


def test_a_teen_patti_payout_question_has_the_paytables(client: Client) -> None:
    html = client.get("/en/drills/teenpatti-payouts/?level=easy&seed=3").content.decode()
    peeked = box(html)
    assert "Hand rankings and payouts" in peeked
    assert peeked.count("block--paytable") == 4 and "to 1" in peeked


def test_a_lesson_question_has_the_chart_too(client: Client) -> None:
    response = client.post("/en/learn/texas-holdem/deal-and-goal/start/", {"kind": "practice"})
    html = client.get(response["Location"]).content.decode()
    assert "hand-chart--compact" in box(html)


def test_games_come_from_the_concepts_and_the_box_is_kept_per_language() -> None:
    assert games_of([]) == () and peek([], "en") == ""
    _peek.cache_clear()
    first = peek(["kickers"], "cs")
    assert peek(["split-pot", "kickers"], "cs") is first  # the same games: one rendering
    assert _peek.cache_info().currsize == 1
    assert peek(["kickers"], "ja") != first


QUESTION_DRILLS = sorted(slug for slug, drill in DRILLS.items() if isinstance(drill, QuestionDrill))


@pytest.mark.parametrize("slug", QUESTION_DRILLS)
def test_a_drill_pages_box_is_the_one_its_questions_concepts_give(slug: str) -> None:
    """A drill page skips a question's concepts when every concept of its drill belongs to
    the same games (``drill_pages.views._peek``): its box must be the one the question's own
    concepts give, for questions at every level and aimed at every concept; which holds
    when such a drill's questions exercise only its own concepts."""
    drill = DRILLS[slug]
    for level in ("easy", "medium", "hard"):
        for concept in (None, *drill.concepts):
            for seed in range(6):
                question = drill.deal(seed, level, concept)
                exercised = drill.concepts_of(question)
                if _one_box(slug):
                    assert exercised <= set(drill.concepts), (slug, seed, exercised)
                assert page_box(drill, question) == peek(exercised or drill.concepts, "en")
