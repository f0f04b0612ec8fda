"""Every doctest of the site's modules runs (the engine's have their own test,
tests/engine/test_doctests.py): modules are found with pkgutil, so a new module's
examples run without being listed anywhere, and only modules that hold examples become
tests (a module without any is no test that passes). Migrations and management commands
are left out; they hold no examples."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tutor

MODULE_NAMES = sorted(
    info.name
    for info in pkgutil.walk_packages(tutor.__path__, prefix="tutor.")
    if not info.name.startswith("tutor.engine")
    and ".migrations" not in info.name
    and ".management" not in info.name
    and info.name not in ("tutor.wsgi", "tutor.settings")
)


def has_examples(name: str) -> bool:
    module = importlib.import_module(name)
    return any(test.examples for test in doctest.DocTestFinder().find(module))


WITH_EXAMPLES = [name for name in MODULE_NAMES if has_examples(name)]


def attempted_and_failed(name: str) -> doctest.TestResults:
    module = importlib.import_module(name)
    return doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=False)


def test_the_modules_are_discovered() -> None:
    assert {"tutor.drills.codec", "tutor.quizzes.stage", "tutor.words.base"} <= set(MODULE_NAMES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_module_doctests_pass(name: str) -> None:
    result = attempted_and_failed(name)
    assert result.attempted > 0, name
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_modules_with_examples_are_found() -> None:
    assert {"tutor.drills.codec", "tutor.quizzes.stage"} <= set(WITH_EXAMPLES)
    assert "tutor.urls" not in WITH_EXAMPLES  # no examples there: no test of it
