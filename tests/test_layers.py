"""The layers of docs/layers.md hold: the import-linter contracts of pyproject.toml are
kept (and a copy of the code with one upward import breaks them), views modules are
imported only by URLconfs, and no app reads another app's private (``_name``) names."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
PLANTED = "tutor/engine/cards.py"  # the bottom layer ...
UPWARD = "from tutor import drills  # noqa: planted by tests/test_layers.py\n"  # ... reaching up


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` over the ``tutor`` package and the contracts in ``root`` (it puts
    its working directory first on the import path)."""
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(root / "pyproject.toml")],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_contracts_are_kept() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "BROKEN" not in result.stdout


def copy_sources(target: Path) -> None:
    """The Python files of ``tutor/`` and the contracts, nothing else."""

    def not_python(folder: str, names: list[str]) -> list[str]:
        return [n for n in names if not (Path(folder, n).is_dir() or n.endswith(".py"))]

    shutil.copytree(ROOT / "tutor", target / "tutor", ignore=not_python)
    shutil.copy(ROOT / "pyproject.toml", target / "pyproject.toml")


def test_an_upward_import_breaks_the_layers(tmp_path: Path) -> None:
    copy_sources(tmp_path)
    with (tmp_path / PLANTED).open("a", encoding="utf-8") as module:
        module.write(UPWARD)
    result = lint_imports(tmp_path)
    assert result.returncode != 0
    assert "Layers point down (docs/layers.md) BROKEN" in result.stdout
    assert "tutor.engine.cards -> tutor.drills" in result.stdout


# -- the AST checks -----------------------------------------------------------------------
def modules() -> Iterator[tuple[str, Path]]:
    """(dotted name, path) of every module of ``tutor``, migrations aside."""
    for path in sorted((ROOT / "tutor").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        parts = path.relative_to(ROOT).with_suffix("").parts
        yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), path


def package_of(module: str, path: Path) -> str:
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    base = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def imported_modules(tree: ast.AST, package: str) -> Iterator[tuple[str, str]]:
    """(module, name imported from it or "") for every import, in functions too."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((alias.name, "") for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = absolute(node, package)
            yield from ((source, alias.name) for alias in node.names)


def is_views(module: str) -> bool:
    last = module.rpartition(".")[2]
    return last == "views" or last.endswith("_views")


def is_urls(module: str) -> bool:
    last = module.rpartition(".")[2]
    return last == "urls" or last.endswith("_urls")


def views_imports(module: str, package: str, source: str) -> list[str]:
    """The views modules ``module`` imports, unless it is a URLconf or a play drill's
    package naming its own view (its ``DRILL`` points at the view, as a URLconf would)."""
    if is_urls(module):
        return []
    found = []
    for source_module, name in imported_modules(ast.parse(source), package):
        if not source_module.startswith("tutor."):
            continue
        target = f"{source_module}.{name}" if name and is_views(name) else source_module
        own_view = module.startswith("tutor.drills.") and target == f"{module}.views"
        if is_views(target) and not own_view:
            found.append(target)
    return found


def test_views_are_imported_only_by_urls() -> None:
    found = {
        module: wrong
        for module, path in modules()
        if (wrong := views_imports(module, package_of(module, path), path.read_text("utf-8")))
    }
    assert not found, f"views import services, models and forms, never a views module: {found}"


def test_the_views_check_finds_a_views_import() -> None:
    planted = "from .views import lesson_page\nfrom tutor.quizzes import join_views\n"
    found = views_imports("tutor.lessons.sitting_views", "tutor.lessons", planted)
    assert found == ["tutor.lessons.views", "tutor.quizzes.join_views"]
    assert views_imports("tutor.lessons.urls", "tutor.lessons", planted) == []


def app_of(module: str) -> str:
    return module.split(".")[1] if module.count(".") else module


def private_reads(module: str, package: str, source: str) -> list[str]:
    """Another app's private names that ``module`` reads: imported by name
    (``from tutor.quizzes.export import _cell``) or through its module
    (``join_views._joined``)."""
    tree = ast.parse(source)
    app = app_of(module)
    found, others = [], {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom | ast.Import):
            continue
        for alias in node.names:
            source_module = absolute(node, package) if isinstance(node, ast.ImportFrom) else ""
            full = f"{source_module}.{alias.name}" if source_module else alias.name
            if not full.startswith("tutor.") or app_of(full) == app:
                continue
            if alias.name.startswith("_") and not alias.name.startswith("__"):
                found.append(full)
            others[alias.asname or alias.name.partition(".")[0]] = full
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in others
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append(f"{others[node.value.id]}.{node.attr}")
    return found


def test_no_app_reads_another_apps_private_names() -> None:
    found = {
        module: wrong
        for module, path in modules()
        if (wrong := private_reads(module, package_of(module, path), path.read_text("utf-8")))
    }
    assert not found, f"a name two apps share is public, in the lower one: {found}"


def test_the_private_names_check_finds_a_private_read() -> None:
    planted = (
        "from tutor.quizzes.export import _cell\n"
        "from tutor.quizzes import join_views\n"
        "join_views._joined(request)\n"
        "join_views.join(request)\n"
    )
    found = private_reads("tutor.classrooms.joining", "tutor.classrooms", planted)
    assert found == ["tutor.quizzes.export._cell", "tutor.quizzes.join_views._joined"]
    assert private_reads("tutor.quizzes.results", "tutor.quizzes", planted) == []
