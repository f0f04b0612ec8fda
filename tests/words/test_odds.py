from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

import pytest
from django.utils import translation

from tutor.words import odds
from tutor.words.base import MissingWords

LEFTOVER = re.compile(r"%\(\w+\)")
STREETS = ("flop", "turn")


def sayings() -> list[tuple[str, Callable[[str], str]]]:
    """Every message of the module, each through the function that fills it."""
    said: list[tuple[str, Callable[[str], str]]] = []
    for street in STREETS:
        for outs in (0, 9):
            said.append(
                (f"outs {street} {outs}", lambda ll, s=street, n=outs: odds.outs_text(s, n, ll))
            )
        for ties in (0, 3):
            said.append(
                (
                    f"equity {street} {ties}",
                    lambda ll, s=street, t=ties: odds.equity_text(
                        s, 990, 386, t, Fraction(193, 495), ll
                    ),
                )
            )
    for verdict in ("call", "fold", "even"):
        said.append(
            (
                f"verdict {verdict}",
                lambda ll, v=verdict: odds.verdict_text(v, Fraction(9, 44), Fraction(1, 4), ll),
            )
        )
    for code in ("outs_missing", "outs_bad", "pot_odds_missing", "pot_odds_bad", "call_missing"):
        said.append((f"error {code}", lambda ll, c=code: odds.answer_error(c, ll, most=44)))
    said.append(("splits", lambda ll: odds.splits_text(4, ll)))
    said.append(("pot odds", lambda ll: odds.pot_odds_text(100, 400, Fraction(1, 4), ll)))
    said.append(("answer", lambda ll: odds.answer_words(9, Decimal("25.5"), "call", ll)))
    return said


def test_every_message_is_whole_in_every_language(language: str) -> None:
    problems = []
    with translation.override(language):
        for name, say in sayings():
            text = say(language)
            if not text.strip() or LEFTOVER.search(text):
                problems.append(f"{name}: {text!r}")
    assert not problems, problems


@pytest.mark.parametrize(
    "say",
    [
        lambda: odds.outs_text("river", 3, "en"),
        lambda: odds.equity_text("preflop", 1, 1, 0, Fraction(1), "en"),
        lambda: odds.verdict_text("raise", Fraction(1, 2), Fraction(1, 3), "en"),
        lambda: odds.answer_error("too_many", "en"),
        lambda: odds.choice_name("check"),
    ],
)
def test_an_unknown_code_raises(say: Callable[[], str]) -> None:
    with pytest.raises(MissingWords):
        say()


def test_numbers_are_written_the_languages_way() -> None:
    with translation.override("hi"):
        text = odds.pot_odds_text(250000, 1000000, Fraction(1, 4), "hi")
    assert "2,50,000" in text and "10,00,000" in text
    with translation.override("cs"):
        text = odds.pot_odds_text(100, 400, Fraction(1, 4), "cs")
    assert "25,00\xa0%" in text


def test_outs_sentence_names_the_next_street() -> None:
    with translation.override("en"):
        assert odds.outs_text("turn", 9, "en") == (
            "River cards that give you the best hand (your outs): 9."
        )
        assert odds.outs_text("flop", 0, "en") == (
            "No turn card gives you the best hand: you have no outs."
        )
        assert "tie with 3" in odds.equity_text("turn", 44, 9, 3, Fraction(21, 88), "en")
        assert "tie" not in odds.equity_text("turn", 44, 9, 0, Fraction(9, 44), "en")


def test_answer_words_keep_only_the_given_parts() -> None:
    with translation.override("en"):
        assert odds.answer_words(9, None, None, "en") == "outs: 9"
        assert odds.answer_words(None, Decimal("33.3"), "fold", "en") == ("pot odds: 33.30%; Fold")
        assert odds.answer_words(None, None, None, "en") == ""
