"""Every doctest of every engine module runs: the modules are found with pkgutil, so a new
module's examples run without being listed anywhere; only modules that hold examples become
tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import tutor.engine

MODULE_NAMES = sorted(
    f"{tutor.engine.__name__}.{info.name}" for info in pkgutil.iter_modules(tutor.engine.__path__)
)


def has_examples(name: str) -> bool:
    module = importlib.import_module(name)
    return any(test.examples for test in doctest.DocTestFinder().find(module))


WITH_EXAMPLES = [name for name in MODULE_NAMES if has_examples(name)]


def run_doctests(module: ModuleType) -> doctest.TestResults:
    return doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=False)


def test_the_modules_are_discovered():
    assert {"tutor.engine.cards", "tutor.engine.holdem", "tutor.engine.errors"} <= set(MODULE_NAMES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_module_doctests_pass(name):
    result = run_doctests(importlib.import_module(name))
    assert result.attempted > 0, name
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_doctests_are_really_run():
    # A discovery or doctest set-up that finds nothing must not pass quietly.
    attempted = {
        name: run_doctests(importlib.import_module(name)).attempted for name in MODULE_NAMES
    }
    assert sum(attempted.values()) > 0
    for name in ("teenpatti", "tp2020", "sixcard", "errors"):  # once never run
        assert attempted[f"tutor.engine.{name}"] > 0, name


def test_a_failing_example_is_counted():
    module = ModuleType("fake", ">>> 1 + 1\n3\n")
    assert run_doctests(module) == doctest.TestResults(failed=1, attempted=1)
