"""The four partials of every question drill's template, rendered one way (parts.py)."""

from __future__ import annotations

import pytest
from django.template import Context, Template, TemplateDoesNotExist
from django.template.loader import get_template

from tutor.drills.parts import PARTS, part_context, part_template, render_part
from tutor.drills.registry import DRILLS, QUIZ_ONLY, PlayDrill, QuestionDrill

QUESTION_DRILLS = [
    d for d in (*DRILLS.values(), *QUIZ_ONLY.values()) if isinstance(d, QuestionDrill)
]


def test_parts_are_the_four_partials() -> None:
    assert PARTS == ("question", "answer", "feedback", "feedback_body")


@pytest.mark.parametrize("drill", QUESTION_DRILLS, ids=lambda d: d.slug)
def test_parts_every_question_drill_defines_all_four(drill: QuestionDrill) -> None:
    for part in PARTS:
        get_template(part_template(drill, part))  # TemplateDoesNotExist when it is missing


def test_parts_every_drill_of_the_registry_is_asked_or_played() -> None:
    """A drill without the four partials is a game with its own view (a PlayDrill)."""
    for drill in DRILLS.values():
        assert isinstance(drill, QuestionDrill | PlayDrill), drill.slug


def test_parts_a_missing_partial_is_found_missing() -> None:
    """What the test above relies on: the loader refuses a partial the template lacks."""
    with pytest.raises(TemplateDoesNotExist):
        get_template(f"{QUESTION_DRILLS[0].template}#no_such_part")


def test_part_template_refuses_a_part_drills_do_not_have() -> None:
    with pytest.raises(ValueError, match="no part 'stage'"):
        part_template(QUESTION_DRILLS[0], "stage")


@pytest.mark.parametrize("part", ["question", "answer"])
def test_render_part_is_the_included_partial(part: str) -> None:
    """Python (render_part) and templates ({% include drill|part_template:part %}) render
    the same partial from the same context."""
    drill = QUESTION_DRILLS[0]
    context = part_context(drill, drill.generate(7, "easy"))
    included = Template("{% load drill_parts %}{% include drill|part_template:part %}").render(
        Context({**context, "drill": drill, "part": part})
    )
    rendered = render_part(drill, part, context)  # type: ignore[arg-type]
    assert rendered == included and rendered.strip()
