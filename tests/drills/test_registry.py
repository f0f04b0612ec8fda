"""The registry is the only list of drills, and a drill's slug names all its parts."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from django.conf import settings

from tutor.drills.registry import DRILLS, PlayDrill, QuestionDrill, question_drill, quiz_drills

ROOT = Path(settings.BASE_DIR)


@pytest.mark.parametrize("slug", list(DRILLS))
def test_one_name_for_module_template_and_test(slug: str) -> None:
    drill = DRILLS[slug]
    module = importlib.import_module(f"tutor.drills.{drill.name}")
    assert module.DRILL is drill
    assert (ROOT / "templates" / drill.template).is_file()
    assert (ROOT / "tests" / "drills" / f"test_{drill.name}.py").is_file()


def test_slugs_are_lower_case_words_joined_by_hyphens() -> None:
    for slug in DRILLS:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug), slug


def test_quiz_drills_are_the_question_drills_marked_for_quizzes() -> None:
    assert quiz_drills() == [d for d in DRILLS.values() if isinstance(d, QuestionDrill) and d.quiz]
    assert all(not isinstance(d, PlayDrill) for d in quiz_drills())
    assert question_drill("play-holdem") is None
    assert question_drill("no-such-drill") is None


def _python_and_templates() -> list[Path]:
    files = list((ROOT / "tutor").rglob("*.py")) + list((ROOT / "templates").rglob("*.html"))
    return [f for f in files if "migrations" not in f.parts]


#: Files that spell words which happen to be slugs, for something else: the concept map
#: names rule-page sections (the side-pots section of the Hold'em page), and the engine,
#: which knows nothing of drills, has codes of its own ("tournament", "betting").
NOT_SLUGS = {
    ROOT / "tutor" / "drills" / "registry.py",  # the list itself, by module name
    ROOT / "tutor" / "concepts" / "holdem.py",
    *(ROOT / "tutor" / "engine").rglob("*.py"),
}


def test_no_other_module_spells_a_slug() -> None:
    """Only the drill's own module writes its slug; everything else reads the registry."""
    spelled = []
    for path in sorted(set(_python_and_templates()) - NOT_SLUGS):
        text = path.read_text(encoding="utf-8")
        for drill in DRILLS.values():
            home = ROOT / "tutor" / "drills"
            own = path == home / f"{drill.name}.py" or (home / drill.name) in path.parents
            if not own and re.search(rf"""["']{re.escape(drill.slug)}["'/]""", text):
                spelled.append(f"{path.relative_to(ROOT)}: {drill.slug}")
    assert not spelled, "\n".join(spelled)
