"""Every doctest of the site's modules runs (the engine's have their own test,
tests/engine/test_doctests.py): modules are found with pkgutil, so a new module's
examples run without being listed anywhere. Migrations and management commands are
left out; they hold no examples."""

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


def attempted_and_failed(name: str) -> doctest.TestResults:
    module = importlib.import_module(name)
    return doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=False)


def test_the_modules_are_discovered() -> None:
    assert {"tutor.drills.codec", "tutor.quizzes.stage", "tutor.words.base"} <= set(MODULE_NAMES)


@pytest.mark.parametrize("name", MODULE_NAMES)
def test_module_doctests_pass(name: str) -> None:
    result = attempted_and_failed(name)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_doctests_are_really_run() -> None:
    attempted = {name: attempted_and_failed(name).attempted for name in MODULE_NAMES}
    assert attempted["tutor.drills.codec"] > 0 and attempted["tutor.quizzes.stage"] > 0
