from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation

from tutor.engine import tp2020
from tutor.engine.cards import Card
from tutor.engine.errors import IllegalAction, InvalidCards, InvalidInput
from tutor.words.errors import error_text, input_error_text, stake_error


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


def test_error_text_words_an_illegal_action_as_a_reason() -> None:
    assert error_text(IllegalAction("below_min_bet", minimum=200)) == (
        "The smallest bet allowed is 200."
    )


def test_error_text_words_an_engine_card_error() -> None:
    with pytest.raises(InvalidCards) as raised:
        Card.parse("Xz")
    assert error_text(raised.value).startswith("That is not a card")


def test_card_count_has_a_sentence_for_a_range_and_one_for_an_exact_count() -> None:
    assert input_error_text("card_count", {"min": 5, "max": 7, "got": 3}) == (
        "Give from 5 to 7 cards (you gave 3)."
    )
    assert input_error_text("card_count", {"min": 2, "max": 2, "got": 3}) == (
        "Give exactly 2 cards (you gave 3)."
    )


def test_a_seat_detail_is_the_seats_name() -> None:
    assert input_error_text("seat_taken", {"seat": 2}) == "Seat 3 is not free."


def test_stake_error_names_the_bet() -> None:
    with pytest.raises(InvalidInput) as raised:
        tp2020.parse_bets({"pair_plus_a": "-1"})
    assert stake_error(raised.value) == "Pair Plus A: a stake cannot be negative."


def test_stake_error_for_an_unknown_bet_asks_for_the_slip_again() -> None:
    with pytest.raises(InvalidInput) as raised:
        tp2020.parse_bets({"jackpot": "1"})
    assert stake_error(raised.value).startswith("The bet slip could not be read.")
