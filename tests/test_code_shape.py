"""The shape the code keeps (docs/style.md, "Files of a few hundred lines"): modules of a
few hundred lines with one concern, functions short enough to read at once. Migrations are
generated and exempt."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def sources() -> list[Path]:
    found = [*(ROOT / "tutor").rglob("*.py"), *(ROOT / "benchmarks").rglob("*.py")]
    return sorted(p for p in found if "migrations" not in p.parts)


def test_sources_are_found() -> None:
    assert len(sources()) > 50


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_module_and_function_sizes(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    lines = len(text.splitlines())
    assert lines <= MAX_MODULE_LINES, f"{lines} lines: split it by concern"
    long = [
        f"{node.name}: {node.end_lineno - node.lineno + 1} lines"  # type: ignore[operator]
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES  # type: ignore[operator]
    ]
    assert not long, long
