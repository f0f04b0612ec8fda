"""The engine is pure standard-library Python: it never imports Django or any package
outside the standard library and ``tutor.engine``.

The one exception is the benchmark, which may compare against the dev-only libraries
listed in ``OPTIONAL_IN_FUNCTIONS``, imported inside a function (never at module level).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "tutor" / "engine"
MODULES = sorted(ENGINE.rglob("*.py"))
OPTIONAL_IN_FUNCTIONS = {"bench.py": {"treys", "pokerkit"}}


def imported_names(tree: ast.AST, path: Path) -> list[tuple[str, bool]]:
    """(absolute module name, imported inside a function?) for every import in a module."""
    package = "tutor.engine" + "".join(f".{p}" for p in path.parent.relative_to(ENGINE).parts)
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            nested = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.Import):
                found.extend((alias.name, nested) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - child.level + 1]
                    name = ".".join(base + ([child.module] if child.module else []))
                else:
                    name = child.module or ""
                found.append((name, nested))
            visit(child, nested)

    visit(tree, False)
    return found


def allowed(name: str) -> bool:
    top = name.split(".")[0]
    return (
        name == "tutor.engine"
        or name.startswith("tutor.engine.")
        or (top in sys.stdlib_module_names and top != "tutor")
    )


def test_the_engine_has_modules():
    assert {p.name for p in MODULES} >= {"cards.py", "holdem.py", "pots.py", "cli.py"}


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_engine_module_imports_only_stdlib_and_engine(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    optional = OPTIONAL_IN_FUNCTIONS.get(path.name, set())
    for name, in_function in imported_names(tree, path):
        assert "django" not in name.split("."), f"{path.name} imports {name}"
        if allowed(name):
            continue
        assert in_function and name.split(".")[0] in optional, f"{path.name} imports {name}"


def test_checker_catches_forbidden_imports():
    fake = ENGINE / "fake.py"
    cases = {
        "import django": False,
        "from django.conf import settings": False,
        "from .. import settings": False,  # tutor.settings, outside the engine
        "import numpy": False,
        "def f():\n    import treys": False,  # only bench.py may
        "import json\nfrom . import cards\nfrom .cards import Card": True,
    }
    for source, ok in cases.items():
        names = imported_names(ast.parse(source), fake)
        assert all(allowed(n) for n, _ in names) is ok, source


def test_importing_the_engine_loads_no_django():
    modules = [
        ".".join(("tutor", "engine", *p.relative_to(ENGINE).with_suffix("").parts)).removesuffix(
            ".__init__"
        )
        for p in MODULES
        if p.stem != "__main__"
    ]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "outside = ('django', 'treys', 'pokerkit')\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in outside)\n"
        "print(','.join(bad))\n"
    )
    root = ENGINE.parents[1]
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=True
    )
    assert result.stdout.strip() == ""
