"""How the engine's modules fit together: the import graph has no cycle, and no module
hides an import of another inside a function or under ``TYPE_CHECKING`` to dodge one.
Every code enum is ``@enum.unique``: two names never share a value (an alias)."""

from __future__ import annotations

import ast
import enum
import importlib
import inspect
from pathlib import Path

import pytest

import tutor.engine

PACKAGE = tutor.engine.__name__
ENGINE = Path(tutor.engine.__file__).parent


def _modules() -> dict[str, Path]:
    """Every module of the engine by its dotted name inside it (``cards``,
    ``histories.phh``; a subpackage by its own name)."""
    found = {}
    for path in sorted(ENGINE.rglob("*.py")):
        parts = path.relative_to(ENGINE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts:
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def package_of(name: str) -> str:
    """Where a module's relative imports start: a subpackage is its own, a module its parent's."""
    if MODULES[name].name == "__init__.py":
        return name
    return name.rpartition(".")[0]


def engine_imports(source: str, package: str = "") -> list[tuple[str, str]]:
    """(engine module imported, where: ``"module"``, ``"function"`` or ``"type_checking"``),
    for a module whose relative imports start in the engine's subpackage ``package``."""
    found: list[tuple[str, str]] = []
    prefix = PACKAGE + "."

    def targets(node: ast.Import | ast.ImportFrom) -> list[str]:
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
            return [n.removeprefix(prefix) for n in names if n.startswith(prefix)]
        if node.level:  # from .cards import Card, from ..hand import Hand, from . import events
            base = package.split(".") if package else []
            base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
            if node.module:
                return [".".join([*base, node.module])]
            return [".".join([*base, a.name]) for a in node.names]
        if node.level == 0 and node.module and node.module.startswith(prefix):
            return [node.module.removeprefix(prefix)]
        if node.level == 0 and node.module == PACKAGE:
            return [a.name for a in node.names]
        return []

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = where
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                inner = "function"
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                inner = "type_checking"
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.extend((name, inner) for name in targets(child))
            visit(child, inner)

    visit(ast.parse(source), "module")
    return found


def import_graph() -> dict[str, set[str]]:
    graph = {}
    for name, path in MODULES.items():
        imports = engine_imports(path.read_text(encoding="utf-8"), package_of(name))
        graph[name] = {target for target, _ in imports if target in MODULES}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a path that ends where it starts, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (cycle := walk(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := walk(node)):
            return cycle
    return None


def test_the_engine_modules_are_found():
    assert {"cards", "hand", "handstate", "showdown", "seatview", "fast", "holdem"} <= set(MODULES)
    assert {"histories", "histories.phh", "histories.replay"} <= set(MODULES)


def test_the_import_graph_has_no_cycle():
    graph = import_graph()
    assert graph["hand"] >= {"showdown", "seatview", "handstate"}  # the graph is real
    assert find_cycle(graph) is None


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_engine_import_hides_in_a_function_or_type_checking(name):
    hidden = [
        (target, where)
        for target, where in engine_imports(
            MODULES[name].read_text(encoding="utf-8"), package_of(name)
        )
        if where != "module"
    ]
    assert hidden == [], f"{name}.py imports {hidden}"


def test_the_checks_catch_cycles_and_hidden_imports():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    source = (
        "from typing import TYPE_CHECKING\n"
        "from . import events as ev\n"
        "from tutor.engine.cards import Card\n"
        "if TYPE_CHECKING:\n    from .hand import Hand\n"
        "def f():\n    from .views import public_view\n"
    )
    assert engine_imports(source) == [
        ("events", "module"),
        ("cards", "module"),
        ("hand", "type_checking"),
        ("views", "function"),
    ]
    nested = "from ..hand import Hand\nfrom .record import Record\nfrom . import phh\n"
    assert engine_imports(nested, "histories") == [
        ("hand", "module"),
        ("histories.record", "module"),
        ("histories.phh", "module"),
    ]


def code_enums() -> list[type[enum.Enum]]:
    found = []
    for name in MODULES:
        module = importlib.import_module(f"{PACKAGE}.{name}")
        for value in vars(module).values():
            if (
                inspect.isclass(value)
                and issubclass(value, enum.Enum)
                and value.__module__ == module.__name__
                and value.__members__
            ):
                found.append(value)
    return found


def has_no_aliases(cls: type[enum.Enum]) -> bool:
    # Iterating an enum skips aliases; __members__ keeps them.
    return len(cls.__members__) == len({m.value for m in cls.__members__.values()})


def decorators(cls: type[enum.Enum]) -> list[str]:
    source = MODULES[cls.__module__.removeprefix(PACKAGE + ".")].read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return [ast.unparse(d) for d in node.decorator_list]
    raise LookupError(cls.__name__)


def test_every_code_enum_is_unique():
    enums = code_enums()
    assert {e.__name__ for e in enums} >= {"Reason", "ActionKind", "Street", "BotReason"}
    for cls in enums:
        assert has_no_aliases(cls), cls.__name__
        assert {"unique", "enum.unique"} & set(decorators(cls)), f"{cls.__name__}: no @unique"


def test_an_alias_is_caught():
    Twice = enum.Enum("Twice", [("FOLD", "fold"), ("MUCK", "fold")])
    assert not has_no_aliases(Twice)
