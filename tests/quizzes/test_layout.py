"""Where things live in the quiz app: one place reads a question, one list of quiz drills,
a docstring on every module (sizes: ``tests/test_code_shape.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

from django.conf import settings

from tutor.drills.registry import DRILLS

APP = Path(settings.BASE_DIR) / "tutor" / "quizzes"
TEMPLATES = Path(settings.BASE_DIR) / "templates" / "quizzes"

#: The modules that deal and read a session's questions (``services.question``).
QUESTION_MODULES = {"services.py", "questions.py"}
#: The per-drill right answers and labels, keyed by slug until the drills hold them.
SLUG_TABLES = {"answers.py"}


def modules() -> list[Path]:
    return sorted(p for p in APP.glob("*.py"))


def calls(tree: ast.AST) -> list[str]:
    """The names called as ``x.name(...)`` or ``name(...)``."""
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute):
                names.append(func.attr)
            elif isinstance(func, ast.Name):
                names.append(func.id)
    return names


def test_only_the_question_service_deals_a_question() -> None:
    dealers = {"generate", "build", "_dealt"}
    found = {
        path.name: sorted(dealers & set(calls(ast.parse(path.read_text()))))
        for path in modules()
        if path.name not in QUESTION_MODULES
    }
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_no_module_spells_out_the_drills() -> None:
    slugs = set(DRILLS)
    spelled = {}
    for path in modules():
        if path.name in SLUG_TABLES | QUESTION_MODULES:
            continue
        tree = ast.parse(path.read_text())
        hits = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)} & slugs
        if hits:
            spelled[path.name] = sorted(hits)
    for path in sorted(TEMPLATES.rglob("*.html")):
        if hits := {slug for slug in slugs if slug in path.read_text()}:
            spelled[path.name] = sorted(hits)
    assert spelled == {}


def test_every_module_says_what_it_is_for() -> None:
    missing = [
        path.name
        for path in modules()
        if path.read_text().strip() and not ast.get_docstring(ast.parse(path.read_text()))
    ]
    assert missing == []
