"""The python-format check shared by the compile step, the check and the catalog loader."""

from __future__ import annotations

import pytest

from tutor.core.message_format import format_problem

PLURAL = ("%(count)s point", "%(count)s points")


@pytest.mark.parametrize(
    ("english", "translation", "problem"),
    [
        (("1 in %(number)s",), "1 z %(number)s (tj. 5 % kombinací)", 'stray "%" at character 23'),
        (("%(amount)s chips",), "%(amount)d žetonů", "'d' and 's' are not compatible"),
        (("%(seat)s wins %(pot)s.",), "Vyhrává %(seat)s.", "missing placeholder %(pot)s"),
        (("%(seat)s wins.",), "%(seat)s vyhrává %(pot)s.", "unknown named placeholder 'pot'"),
        (("Win 100%%.",), "Výhra 100 %.", 'stray "%" at character 11'),
        (PLURAL, "%(count)s bod % navíc", 'stray "%"'),
        (PLURAL, "%(count)d body", "'d' and 's' are not compatible"),
        (PLURAL, "%(count)s bodů %(extra)s", "unknown named placeholder 'extra'"),
    ],
)
def test_format_problem_refuses(english: tuple[str, ...], translation: str, problem: str) -> None:
    found = format_problem(english, translation)
    assert found is not None and problem in found


@pytest.mark.parametrize(
    ("english", "translation"),
    [
        (("1 in %(number)s",), "1 z %(number)s (tj. 5 %% kombinací)"),
        (("%(seat)s wins %(pot)s.",), "%(pot)s vyhrává %(seat)s."),  # order may change
        (("%(amount)d chips",), "%(amount)i žetonů"),  # compatible conversions
        (("one point", "%(count)s points"), "jeden bod"),  # a form may follow either English
        (("one point", "%(count)s points"), "%(count)s bodů"),
        (("Share (%)",), "Podíl (%)"),  # not a format string
    ],
)
def test_format_problem_accepts(english: tuple[str, ...], translation: str) -> None:
    assert format_problem(english, translation) is None
