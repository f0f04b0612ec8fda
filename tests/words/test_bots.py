from __future__ import annotations

from django.utils import translation

from tutor.engine.bots import DecisionData
from tutor.words.bots import bot_reason, style_name

DECISION: DecisionData = {
    "seat": 2,
    "style": "loose",
    "action": {"kind": "call", "to": None},
    "reason": "pot_odds_call",
    "equity": 41,
    "fair_share": 25,
    "pot_odds": 40,
    "to_call": 100,
    "pot": 150,
}


def test_bot_reason_names_seat_style_and_numbers() -> None:
    with translation.override("en"):
        text = bot_reason(DECISION, "en")
    assert text == (
        "Seat 3 (loose) calls: an estimated 41 % chance to win is worth the price, "
        "pot odds of 40 %."
    )


def test_bot_reason_without_pot_odds_when_checked_to() -> None:
    checked: DecisionData = {**DECISION, "reason": "check_weak", "pot_odds": None}
    with translation.override("en"):
        assert bot_reason(checked, "en") == "Seat 3 (loose) checks: not strong enough to bet."


def test_style_name_is_translated() -> None:
    with translation.override("en"):
        english = style_name("tight")
    with translation.override("ja"):
        assert style_name("tight") != english
