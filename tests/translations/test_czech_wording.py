"""Czech lines a native reader flagged (issue 26): a wrong answer is called wrong, plainly
and kindly, and a hand's description does not repeat the hand's name beside it."""

from __future__ import annotations

import pytest
from django.utils import translation

from tutor.rules.chart import holdem_chart, teenpatti_chart


def test_a_wrong_answer_is_called_wrong_in_czech() -> None:
    with translation.override("cs"):
        verdict = translation.gettext("Not quite.")
    # "Ne tak docela." ("not entirely") would say the answer was nearly right.
    assert verdict == "To není správně."


@pytest.mark.parametrize("chart", [holdem_chart, teenpatti_chart])
def test_czech_high_card_example_does_not_repeat_its_name(chart) -> None:
    """Not "Nejvyšší karta – nejvyšší karta eso": the example adds the rank, not the name."""
    (row,) = [r for r in chart("cs").rows if r.code == "high_card"]
    assert row.example and row.name.casefold() not in row.example.casefold()
