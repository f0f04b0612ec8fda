"""Every hand-history error and replay code has words, in every language, naming the line."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.conftest import TRANSLATED
from tutor.engine.histories import HistoryError, read, replay
from tutor.engine.histories.examples import example_text
from tutor.engine.histories.record import Where
from tutor.words.histories import history_codes, history_error_text
from tutor.words.replays import check_codes, check_text, pots_lines, showdown_lines, turn_codes

CODES_RAISED = {
    "empty", "too_large", "not_text", "unknown_format", "not_holdem", "toml_syntax",
    "missing_field", "bad_field", "bad_amount", "bad_card", "duplicate_card", "too_many_seats",
    "too_few_players", "duplicate_seat", "unknown_player", "bad_action", "bad_line",
    "unsupported_line", "missing_stakes", "missing_table", "blinds_unsupported",
    "antes_unsupported", "raise_not_above", "round_not_over", "hand_incomplete", "after_end",
    "call_amount", "bad_setup", "illegal",
}  # fmt: skip
DETAILS = {
    "limit": 20000, "game": "Omaha", "field": "antes", "amount": "-5", "card": "Xx",
    "maximum": 10, "seats": 11, "name": "Zoe", "logged": 5, "reason": "below_min_raise",
    "minimum": 200,
}  # fmt: skip


def test_every_code_the_readers_raise_has_words() -> None:
    assert history_codes() >= CODES_RAISED


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
@pytest.mark.parametrize("code", sorted(CODES_RAISED))
def test_history_error_names_the_line(language: str, code: str) -> None:
    error = HistoryError(code, Where(14, None, "Bob: raises 50 to 40"), **DETAILS)
    with translation.override(language):
        text = history_error_text(error, language)
    assert "Bob: raises 50 to 40" in text
    assert "%(" not in text


def test_raise_error_reads_as_the_issue_asks() -> None:
    error = HistoryError("raise_not_above", Where(14, None, "raises 50 to 40"))
    with translation.override("en"):
        text = history_error_text(error, "en")
    assert text == "Line 14: “raises 50 to 40” — A raise must be to more than the bet before it."


def test_out_of_turn_names_both_players() -> None:
    text = example_text("uncalled").replace("Kofi: folds\nLena:", "Lena:")
    with pytest.raises(HistoryError) as caught:
        replay(read(text))
    names = ("Jun", "Kofi", "Lena")
    with translation.override("en"):
        message = history_error_text(caught.value, "en", lambda seat: names[seat])
    assert message.startswith("Line 11: “Lena: raises $0.60 to $0.90” — ")
    assert "Kofi's turn here, not Lena's" in message


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_side_pot_end_in_words(language: str) -> None:
    result = replay(read(example_text("side_pot")))
    names = result.history.names
    with translation.override(language):
        lines = pots_lines(result, lambda s: names[s], language)
        lines += showdown_lines(result, lambda s: names[s], language)
        lines += [check_text(c, lambda s: names[s], language) for c in result.checks]
    assert len(lines) == 9 and all("Bruno" in line for line in lines[:2])
    assert not any("%(" in line for line in lines)


def test_every_check_and_turn_code_is_worded() -> None:
    assert {"pots_match", "pots_mismatch", "share_mismatch", "uncalled_match"} <= check_codes()
    assert turn_codes() == {
        "first_after_big_blind", "button_first_heads_up", "first_after_button", "next_in_turn",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("move", "smallest"),
    [
        ("Femi: raises $0.05 to $0.15", "to $0.20"),
        ("Femi: bets $1.50\nGita: raises $0.50 to $2", "to $3"),
    ],
)
def test_raise_too_small_says_the_amount_in_the_files_money(move: str, smallest: str) -> None:
    old = "Femi: raises $0.20 to $0.30" if "0.15" in move else "Femi: bets $1.50"
    text = example_text("muck").replace(old, move, 1)
    history = read(text)
    with pytest.raises(HistoryError) as caught:
        replay(history)
    with translation.override("en"):
        message = history_error_text(caught.value, "en", unit=history.unit, currency="$")
    assert f"raise allowed is {smallest}." in message
