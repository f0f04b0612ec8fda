"""The browser tests wait on functions, never on bare expressions: Playwright evaluates a
bare expression with ``eval`` in the page while it polls, which the site's Content
Security Policy (``script-src 'self'``, no ``'unsafe-eval'``) refuses. Such a wait passes
when its condition already holds and fails when it has to poll, as stop 34's CI did."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: A function's text: ``function``, or an arrow's parameters and ``=>`` (``async`` first or not).
FUNCTION = re.compile(r"\s*(async\s+)?(function\b|(\([^()]*\)|[A-Za-z_$][\w$]*)\s*=>)")


def bare_waits(source: str, name: str) -> list[str]:
    """Each ``wait_for_function`` of ``source`` given a string that is not a function."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "wait_for_function"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            script = node.args[0].value
            if not FUNCTION.match(script):
                found.append(f"{name}:{node.lineno}: {script.strip()[:60]}")
    return found


def test_no_browser_test_waits_on_a_bare_expression() -> None:
    found = [
        line
        for path in sorted(TESTS.rglob("*.py"))
        for line in bare_waits(path.read_text(encoding="utf-8"), str(path.relative_to(TESTS)))
    ]
    assert found == []


def test_the_check_tells_an_expression_from_a_function() -> None:
    source = (
        'page.wait_for_function("document.fullscreenElement !== null")\n'
        'page.wait_for_function("() => document.fullscreenElement !== null")\n'
        'page.wait_for_function("t => document.title !== t", arg="x")\n'
        'page.wait_for_function("function () { return true; }")\n'
        "page.wait_for_function(\"document.querySelector('a') && (() => 1)()\")\n"
    )
    assert bare_waits(source, "x.py") == [
        "x.py:1: document.fullscreenElement !== null",
        "x.py:5: document.querySelector('a') && (() => 1)()",
    ]
