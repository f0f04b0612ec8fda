"""Bad hand histories: each a :class:`HistoryError` with a code and the line it names."""

from __future__ import annotations

import pytest

from tutor.engine.histories import MAX_CHARS, HistoryError, read, replay
from tutor.engine.histories.examples import example_text

SIDE_POT = example_text("side_pot")


def error_of(text: str) -> HistoryError:
    with pytest.raises(HistoryError) as caught:
        replay(read(text))
    return caught.value


def test_empty_text_is_refused() -> None:
    assert error_of("  \n\n").code == "empty"


def test_binary_junk_is_refused() -> None:
    assert error_of("\x00\x01\x02PK\x03\x04" * 20).code == "not_text"


def test_two_megabytes_are_refused_before_reading() -> None:
    error = error_of("a" * 2_000_000)
    assert (error.code, error.details["limit"]) == ("too_large", MAX_CHARS)


def test_unknown_format_names_the_first_line() -> None:
    error = error_of("Full Tilt Poker Game #1\nsomething")
    assert (error.code, error.details["line"]) == ("unknown_format", 1)


def test_eleven_seats_are_refused_with_the_line() -> None:
    seats = "\n".join(f"Seat {n}: P{n} (1000 in chips)" for n in range(1, 12))
    text = SIDE_POT.replace("9-max", "10-max").split("Seat 1:")[0] + seats + "\n"
    error = error_of(text)
    assert (error.code, error.details["line"]) == ("too_many_seats", 13)


def test_eleven_max_table_is_refused() -> None:
    error = error_of(SIDE_POT.replace("9-max", "11-max"))
    assert (error.code, error.details["line"], error.details["seats"]) == ("too_many_seats", 2, 11)


def test_negative_amount_names_its_line() -> None:
    error = error_of(SIDE_POT.replace("Dana: calls 30", "Dana: calls -30"))
    assert (error.code, error.details["line"], error.details["amount"]) == ("bad_amount", 13, "-30")


def test_unknown_card_names_its_line() -> None:
    error = error_of(SIDE_POT.replace("[Ah Kd 7c]", "[Ah Xx 7c]"))
    assert (error.code, error.details["line"], error.details["card"]) == ("bad_card", 17, "Xx")


def test_duplicated_card_names_the_line_it_repeats_on() -> None:
    error = error_of(SIDE_POT.replace("[7s]", "[Ac]").replace("7s 2h", "Ac 2h"))
    assert (error.code, error.details["line"], error.details["card"]) == (
        "duplicate_card",
        22,
        "Ac",
    )


def test_action_by_someone_not_seated_names_the_player() -> None:
    error = error_of(SIDE_POT.replace("Emil: folds", "Zoe: folds"))
    assert (error.code, error.details["line"], error.details["name"]) == (
        "unknown_player",
        14,
        "Zoe",
    )


def test_not_holdem_is_refused() -> None:
    text = SIDE_POT.replace("Hold'em No Limit", "Omaha Pot Limit")
    assert error_of(text).code == "not_holdem"


def test_phh_other_variant_is_not_holdem() -> None:
    text = example_text("fixed_limit").replace("'FT'", "'PO'")
    error = error_of(text)
    assert (error.code, error.details["game"]) == ("not_holdem", "PO")


def test_phh_syntax_error_names_line_and_column() -> None:
    text = example_text("fixed_limit").replace("small_bet = 2", "small_bet = = 2")
    error = error_of(text)
    assert (error.code, error.details["line"]) == ("toml_syntax", 5)
    assert error.details["column"] is not None


def test_phh_player_not_seated() -> None:
    error = error_of(example_text("fixed_limit").replace("'p2 f'", "'p7 f'"))
    assert (error.code, error.details["name"], error.details["line"]) == (
        "unknown_player",
        "p7",
        11,
    )


def test_history_that_stops_mid_hand_is_incomplete() -> None:
    text = SIDE_POT.split("*** TURN ***")[0]
    assert error_of(text).code == "hand_incomplete"


def test_shown_cards_without_their_closing_bracket_name_the_line() -> None:
    # Found by mutating the examples: a 500 (ValueError) before the fix.
    error = error_of(SIDE_POT.replace("shows [As 3c] (two pair, Aces and Sevens)", "shows [As 3c"))
    assert (error.code, error.details["line"]) == ("bad_action", 29)
