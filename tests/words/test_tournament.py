"""The tournament's words: every code has a whole sentence in every language, numbers are
written as the language writes them, and an unknown code raises."""

from __future__ import annotations

import doctest
import re
from collections.abc import Callable

import pytest
from django.utils import translation

from tutor.engine.events import EventData
from tutor.words import tournament
from tutor.words.base import MissingWords
from tutor.words.terms import seat_name

LEFTOVER = re.compile(r"%\(\w+\)")
FINISH_CODES = ("winner", "out", "out_more", "out_fewer", "out_between", "out_tied")
BLINDS_CODES = ("level", "last_level")


def whole(text: str) -> bool:
    return bool(text.strip()) and not LEFTOVER.search(text)


def test_tournament_doctests() -> None:
    assert doctest.testmod(tournament).failed == 0


def test_every_code_is_a_whole_sentence_in_every_language(language: str) -> None:
    with translation.override(language):
        texts = [
            tournament.finish_reason(
                code, player="P1", place=2, hand=7, chips=1500, others=["P2"], language=language
            )
            for code in FINISH_CODES
        ]
        texts += [
            tournament.blinds_reason(
                code, hand=9, level=3, first=9, last=12, small=50, big=100, language=language
            )
            for code in BLINDS_CODES
        ]
        texts += [tournament.quiet_hands(2, 2, language), tournament.quiet_hands(2, 4, language)]
        texts += [tournament.knocked_out(names) for names in ([], ["P1"], ["P1", "P2"])]
        texts.append(tournament.winner("P1"))
    problems = [text for text in texts if not whole(text)]
    assert not problems, problems
    assert len(set(texts)) == len(texts)  # each code has its own sentence


@pytest.mark.parametrize(
    ("call", "family"),
    [
        (lambda: tournament.finish_reason("left", player="P", place=1, language="en"), "place"),
        (
            lambda: tournament.blinds_reason(
                "ante", hand=1, level=1, first=1, last=2, small=1, big=2, language="en"
            ),
            "blinds",
        ),
    ],
)
def test_an_unknown_code_raises(call: Callable[[], str], family: str) -> None:
    with translation.override("en"), pytest.raises(MissingWords) as error:
        call()
    assert error.value.family == f"tournament {family}"


def test_english_sentences() -> None:
    with translation.override("en"):
        assert tournament.quiet_hands(3, 3, "en") == (
            "Hand 3: everyone folds to the big blind, who takes the blinds."
        )
        assert tournament.quiet_hands(3, 5, "en") == (
            "Hands 3 to 5: each time, everyone folds to the big blind."
        )
        assert tournament.knocked_out([]) == "Nobody is knocked out."
        assert tournament.knocked_out(["Seat 2", "Seat 5"]) == (
            "Seat 2 and Seat 5 have no chips left: they are knocked out in the same hand."
        )
        assert tournament.finish_reason(
            "out_fewer", player="Seat 5", place=4, hand=6, chips=800, others=["Seat 2"],
            language="en",
        ) == (
            "Seat 5 is knocked out in hand 6, the same hand as Seat 2, and started it with "
            "fewer chips (800), so finishes lower: place 4."
        )  # fmt: skip
        assert (
            tournament.blinds_reason(
                "level", hand=7, level=3, first=7, last=9, small=50, big=100, language="en"
            )
            == "Hand 7 is in level 3, which covers hands 7 to 9: blinds 50/100."
        )


def test_numbers_follow_the_language() -> None:
    with translation.override("hi"):
        text = tournament.finish_reason(
            "out_more", player="P1", place=2, hand=3, chips=1234567, others=["P2"], language="hi"
        )
    assert "12,34,567" in text
    with translation.override("cs"):
        text = tournament.blinds_reason(
            "level", hand=3, level=2, first=3, last=4, small=1500, big=3000, language="cs"
        )
    assert "1\xa0500" in text and "3\xa0000" in text


def test_hand_lines_tell_bets_and_pots_but_never_card_codes() -> None:
    events: list[EventData] = [
        {"kind": "post_blind", "seat": 0, "blind": "small", "amount": 25, "all_in": False},
        {"kind": "deal_hole", "seat": 0, "cards": ["As", "Kd"]},
        {"kind": "fold", "seat": 2},
        {"kind": "raise", "seat": 0, "to": 900, "added": 875, "all_in": True, "full": True},
        {"kind": "call", "seat": 1, "added": 850, "all_in": True},
        {"kind": "deal_board", "street": "flop", "cards": ["Ts", "9h", "2c"], "betting": False},
        {"kind": "show_hand", "seat": 0, "cards": ["As", "Kd"], "category": "high_card",
         "best_five": []},
        {"kind": "award_pot", "pot": 0, "amount": 1800, "eligible": [0, 1], "winners": [0],
         "shares": [[0, 1800]], "odd_chips": 0},
    ]  # fmt: skip
    with translation.override("en"):
        lines = tournament.hand_lines(events, seat_name, "en")
    assert lines == [
        "Seat 1 raises to 900 and is all-in.",
        "Seat 2 calls 850 and is all-in.",
        "Seat 1 wins 1,800 from a pot of 1,800.",
    ]
