"""Reading a learner's answer (``tutor/drills/answers.py``): amounts of chips."""

from __future__ import annotations

import pytest
from django.utils import translation

from tutor.drills.answers import MAX_AMOUNT, amount
from tutor.drills.base import AnswerError

MESSAGE = "Amounts are whole numbers of chips, from 0 up to one billion."


@pytest.mark.parametrize(
    "typed", ["1500", "1,500", "1 500", "1\u00a0500", "1\u202f500", "১,৫০০", "१५००", "１５００"]
)
def test_amount_reads_chips_in_every_language(typed: str) -> None:
    assert amount(typed) == 1500


@pytest.mark.parametrize("typed", ["", "  ", ",", None])
def test_amount_left_empty_is_none(typed: str | None) -> None:
    assert amount(typed) is None


@pytest.mark.parametrize("typed", ["2.5", "-5", "lots", str(MAX_AMOUNT + 1), "9" * 13])
def test_amount_that_is_not_chips_keeps_its_message(typed: str) -> None:
    with translation.override("en"), pytest.raises(AnswerError) as raised:
        amount(typed)
    assert raised.value.message == MESSAGE
