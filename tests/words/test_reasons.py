from __future__ import annotations

from django.utils import translation

from tutor.engine.betting import Reason
from tutor.words.reasons import reason_codes, reason_text


def test_reason_text_fills_the_engine_numbers() -> None:
    with translation.override("en"):
        text = reason_text(Reason.BELOW_MIN_RAISE, {"minimum": 1200, "amount": 900}, "en")
    assert text == "The smallest raise allowed is to 1,200."


def test_reason_text_writes_numbers_in_the_language() -> None:
    with translation.override("hi"):
        text = reason_text("above_max_bet", {"maximum": 1234567}, "hi")
    assert "12,34,567" in text


def test_reason_text_ignores_details_that_are_not_numbers() -> None:
    with translation.override("en"):
        assert reason_text("not_your_turn", {"seat": True, "to_act": "x"}) == (
            "It is not your turn to act."
        )


def test_reason_codes_are_the_engine_reasons_and_two_more() -> None:
    assert reason_codes() - set(Reason) == {"unknown_preset", "illegal_action"}
