from __future__ import annotations

import pytest
from django.utils import translation

from tutor.engine import holdem, teenpatti
from tutor.words.hands import describe_holdem, describe_teenpatti, sequence_text


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ("As Kd 9c 7h 2s", "high card ace"),
        ("Ks Kd 9c 7h 2s", "a pair of kings"),
        ("Ks Kd 9c 9h 2s", "two pair, kings and nines"),
        ("Ks Kd Qs Qh Qc", "a full house, queens full of kings"),
        ("5d 4c 3h 2s Ad", "a straight, five high"),
        ("9h 8h 7h 6h 5h", "a straight flush, nine high"),
        ("As Ks Qs Js Ts", "a royal flush"),
    ],
)
def test_describe_holdem(cards: str, text: str) -> None:
    with translation.override("en"):
        assert describe_holdem(holdem.evaluate(cards)) == text


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ("Qh Qs Qd", "a trail of queens"),
        ("As 2s 3s", "a pure sequence A-2-3"),
        ("Qh Ts Jh", "a sequence Q-J-10"),
        ("2h 9h Kh", "a color, king high"),
        ("9s 9d 4c", "a pair of nines"),
        ("Ks 9d 4c", "high card king"),
    ],
)
def test_describe_teenpatti(cards: str, text: str) -> None:
    with translation.override("en"):
        assert describe_teenpatti(teenpatti.evaluate(cards)) == text


def test_sequence_text_writes_ten_as_10() -> None:
    assert sequence_text(teenpatti.evaluate("Jd Td 9c")) == "J-10-9"


def test_describe_holdem_in_czech_uses_the_czech_plural() -> None:
    with translation.override("cs"):
        text = describe_holdem(holdem.evaluate("Ks Kd 9c 7h 2s"))
    assert "kings" not in text and text
