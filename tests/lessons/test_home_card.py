"""The home page leads with the learning path: a newcomer is offered the first unit, a
returning learner the unit they are on and the reviews that are due."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation
from django.utils.translation import pgettext

from tutor.concepts import CONCEPTS
from tutor.learning.models import ConceptProgress

from .conftest import TEENPATTI_FIRST, start

pytestmark = pytest.mark.django_db


def tiles(html: str) -> list[str]:
    return re.findall(r'<section class="tile[^"]*"[^>]*>\s*<h2[^>]*>(.*?)</h2>', html, re.S)


def test_learn_comes_first_for_a_newcomer(learner_client: Client) -> None:
    html = learner_client.get("/en/").content.decode()
    assert tiles(html)[0].strip() == "Learn"
    assert 'href="/en/learn/texas-holdem/deal-and-goal/"' in html
    assert "Start: unit 1" in html


def test_a_returning_learner_is_told_where_they_are_and_what_is_due(
    learner_client: Client,
) -> None:
    sitting = start(learner_client, TEENPATTI_FIRST)
    assert sitting.course == "teen-patti-20-20"
    html = learner_client.get("/en/").content.decode()
    assert 'href="/en/learn/teen-patti-20-20/the-deal/"' in html
    assert re.search(r"Continue: unit 1", html)


@pytest.mark.parametrize("language", ["bn", "hi", "ja", "cs"])
def test_the_card_is_in_every_language(learner_client: Client, language: str) -> None:
    html = learner_client.get(f"/{language}/").content.decode()
    with translation.override(language):
        learn = pgettext("learning path", "Learn")
        start_label = pgettext("learning path", "Start")
    assert learn != "Learn" and tiles(html)[0].strip() == learn
    assert start_label in html


def test_reviews_due_are_counted(learner_client: Client) -> None:
    sitting = start(learner_client)
    past = timezone.now() - timedelta(days=3)
    for concept in list(CONCEPTS)[:2]:
        ConceptProgress.objects.create(
            learner=sitting.learner, concept=concept, mastery=1, due=past
        )
    html = learner_client.get("/en/").content.decode()
    assert "Continue: unit 1" in html and "2 reviews due" in html
    assert 'href="/en/learn/review/"' in html
