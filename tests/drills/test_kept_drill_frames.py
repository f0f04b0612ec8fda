"""A new question's partials from their frames (``drill_pages.kept_content.from_frames``):
each partial rendered once per language and shape with its rows of cards emptied, a
question's rows put in between the pieces. They must be the partials rendered as usual,
byte for byte, for every drill that gives its rows, in every language, at every level."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from django.core.cache import caches
from django.template.context import make_context
from django.test import RequestFactory
from django.utils import translation

from tutor.drill_pages import kept_content
from tutor.drills.base import LEVELS, DrillTally
from tutor.drills.drill import QuestionDrill
from tutor.drills.parts import part_template
from tutor.drills.registry import DRILLS

LANGUAGES = ("en", "bn", "hi", "ja", "cs")
FRAMED = [slug for slug, d in DRILLS.items() if isinstance(d, QuestionDrill) and d.rows]


@pytest.fixture(autouse=True)
def empty_fragments():
    caches["local"].clear()
    yield
    caches["local"].clear()


def usual(drill: QuestionDrill[Any, Any], question: Any, part: str, language: str) -> str:
    """The partial as the content renders it: the page's context, its context processors."""
    request = RequestFactory().get(f"/{language}/drills/{drill.slug}/")
    request.LANGUAGE_CODE = language
    context = {**drill.context(question), "question": question, "drill": drill}
    template = kept_content._template(part_template(drill, part))
    bound = make_context(context, request)
    with bound.bind_template(template):
        return str(template.render(bound))


def test_the_showdown_drill_gives_its_rows() -> None:
    assert "holdem-showdown" in FRAMED


@pytest.mark.parametrize("language", LANGUAGES)
def test_partials_from_frames_are_the_partials_rendered_as_usual(language: str) -> None:
    with translation.override(language):
        for slug in FRAMED:
            drill = DRILLS[slug]
            assert isinstance(drill, QuestionDrill)
            for level in LEVELS:
                concepts = [c for c, levels in drill.concepts.items() if level in levels]
                asked = [(seed, None) for seed in range(8)] + [(8, c) for c in concepts]
                for seed, concept in asked:
                    question = drill.deal(seed, level, concept)
                    framed = kept_content.from_frames(drill, question)
                    assert framed is not None, (slug, level, seed, concept)
                    for part in kept_content.PARTS:
                        assert framed[part] == usual(drill, question, part, language), (
                            slug,
                            level,
                            seed,
                            concept,
                            part,
                        )


def test_frames_kept_in_one_language_are_not_another_languages() -> None:
    """Every language in turn in one process, the kept frames left in between (each test
    above starts with none): a frame kept under a key without its language would show
    the first language's words in the others."""
    drill = DRILLS["holdem-showdown"]
    assert isinstance(drill, QuestionDrill)
    question = drill.generate(5, "medium")
    for language in (*LANGUAGES, "en"):
        with translation.override(language):
            framed = kept_content.from_frames(drill, question)
            assert framed is not None
            for part in kept_content.PARTS:
                assert framed[part] == usual(drill, question, part, language), (language, part)


def test_a_frame_that_does_not_fit_the_rows_gives_no_partials(monkeypatch: Any) -> None:
    """Rows the partial does not show where a frame cuts it (one too many): the page is
    rendered as usual instead (``kept_content.slots``)."""
    drill = DRILLS["holdem-showdown"]
    assert isinstance(drill, QuestionDrill) and drill.rows is not None
    rows = drill.rows

    def one_too_many(question: Any) -> Any:
        blank, shown = rows(question)
        return blank, {**shown, "answer": (*shown["answer"], shown["answer"][0])}

    wrong = replace(drill, rows=one_too_many)
    with translation.override("en"):
        question = drill.generate(3, "medium")
        assert kept_content.from_frames(drill, question) is not None
        assert kept_content.from_frames(wrong, question) is None


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_kept_tally_is_the_tally_rendered_as_usual(language: str) -> None:
    request = RequestFactory().get(f"/{language}/drills/")
    template = kept_content._template(kept_content.TALLY)
    with translation.override(language):
        for figures in (DrillTally(), DrillTally(12, 7, 3, 5), DrillTally(1, 1, 1, 1)):
            bound = make_context({"tally": figures}, request)
            with bound.bind_template(template):
                rendered = str(template.render(bound))
            caches["local"].clear()
            assert kept_content.tally(figures) == rendered, figures
            assert kept_content.tally(figures) == rendered, figures  # the kept copy
