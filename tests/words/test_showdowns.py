from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation

from tutor.engine import holdem, teenpatti
from tutor.engine.cards import parse_cards
from tutor.words.showdowns import (
    explain_holdem,
    explain_teenpatti,
    holdem_rows,
    teenpatti_names,
    teenpatti_rows,
)

NAMES = ["P1", "P2", "P3"]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


@pytest.mark.parametrize(
    ("board", "hands", "text"),
    [
        ("Ah Ad Kh Kd Qc", ["3h 4d"], "P1 is the only hand and wins."),
        (
            "Ah Kd 8c 7s 2h",
            ["As 9d", "Ac 6h"],
            "P1 and P2 both have a pair of aces; the second kicker decides: nine beats eight.",
        ),
        (
            "Ah Kh 8h 7h 2c",
            ["3h 4d", "5h 6d"],
            "P2 and P1 both have a flush, ace high; comparing card by card, the fifth card "
            "decides: five beats three.",
        ),
        (
            "Ah Ad Kh Kd Qc",
            ["3h 4d", "5h 6d"],
            "The board plays: the best hand is the five cards on the board (two pair, aces "
            "and kings), so P1 and P2 split the pot.",
        ),
        (
            "2c 5d 9h Jc Kd",
            ["Ks 3d", "Qs Qd"],
            "P1 wins: a pair of kings beats a pair of queens.",
        ),
        (
            "2c 5d 9h Jc Kd",
            ["9s 9d", "Qs Qd"],
            "P1 wins: three nines is a higher category than a pair of queens.",
        ),
    ],
)
def test_explain_holdem(board: str, hands: list[str], text: str) -> None:
    assert explain_holdem(holdem.showdown(board, hands), NAMES) == text


def test_explain_holdem_split_names_every_winner() -> None:
    """Regression: "P1 and P2 wins: …" and "P1 and P3 and P2 both have …"."""
    result = holdem.showdown("Ah Kd 8c 7s 2h", ["As 9d", "Ac 9h", "Kc Qc"])
    assert explain_holdem(result, NAMES) == (
        "P1 and P2 split the pot: each has a pair of aces, which beats a pair of kings."
    )
    result = holdem.showdown("Kh Kd 7s 7c 2h", ["As 3d", "Qs 3c", "Ac 4d"])
    assert explain_holdem(result, NAMES) == (
        "P1 and P3 split the pot with the same hand, two pair, kings and sevens. "
        "P1 and P2 both have two pair, kings and sevens; the first kicker decides: "
        "ace beats queen."
    )


@pytest.mark.parametrize(
    ("a", "b", "text"),
    [
        (
            "As 2d 3c",
            "Ah Ks Qd",
            "B wins: in the sequence order A-K-Q, A-2-3, K-Q-J … 4-3-2, a sequence A-K-Q ranks "
            "above a sequence A-2-3.",
        ),
        (
            "Ks Kh Qc",
            "Kd Kc 9s",
            "Both hands have a pair of kings; the odd card decides: queen beats nine, so A wins.",
        ),
        (
            "As Kd 9c",
            "Ah Qs 8d",
            "The highest cards are equal; the second card decides: king beats queen, so A wins.",
        ),
        (
            "As Kd 9c",
            "Ah Ks 8d",
            "The two highest cards are equal; the third card decides: nine beats eight, so A wins.",
        ),
        (
            "As Kd 9c",
            "Ah Ks 9d",
            "Both hands are high card ace with the same ranks; suits never decide, so it is a tie.",
        ),
        ("2s 2d 9c", "As Kd 9d", "A wins: a pair of twos is a higher category than high card ace."),
    ],
)
def test_explain_teenpatti(a: str, b: str, text: str) -> None:
    assert explain_teenpatti(teenpatti.showdown(a, b), ["A", "B"]) == text


def test_holdem_rows_mark_the_winners() -> None:
    hands = ["As 9d", "Ac 9h", "Kc Qc"]
    result = holdem.showdown("Ah Kd 8c 7s 2h", hands)
    rows = holdem_rows(result, [parse_cards(h) for h in hands], NAMES)
    assert [(r.name, r.category, r.winner) for r in rows] == [
        ("P1", "One pair", True),
        ("P2", "One pair", True),
        ("P3", "One pair", False),
    ]
    assert len(rows[0].best) == 5


def test_teenpatti_rows_name_three_aces_apart_and_both_win_a_tie() -> None:
    rows = teenpatti_rows(teenpatti.showdown("As Ad Ah", "Ks Kd Kh"), teenpatti_names())
    assert [(r.name, r.category, r.winner) for r in rows] == [
        ("Player A", "Trail of aces", True),
        ("Player B", "Trail", False),
    ]
    tie = teenpatti_rows(teenpatti.showdown("As Kd 9c", "Ah Ks 9d"), ["A", "B"])
    assert [r.winner for r in tie] == [True, True]


def test_teenpatti_tie_rows_say_tie_not_wins() -> None:
    """Regression: both hands of a Teen Patti 20-20 tie were marked "wins" (the rule page's
    tie example); a tie returns the bets on the players, so nobody wins."""
    tie = teenpatti.showdown(parse_cards("Kh Qd 9c"), parse_cards("Ks Qc 9d"))
    assert tie.result == "tie"
    assert [(row.winner, row.note) for row in teenpatti_rows(tie, teenpatti_names())] == [
        (True, "tie"),
        (True, "tie"),
    ]
    won = teenpatti.showdown(parse_cards("Kh Qh 9h"), parse_cards("Ks Qd 9c"))
    assert [row.note for row in teenpatti_rows(won, teenpatti_names())] == ["wins", ""]
    with translation.override("ja"):
        assert {row.note for row in teenpatti_rows(tie, teenpatti_names())} == {"引き分け"}


def test_holdem_split_rows_say_they_split() -> None:
    board = parse_cards("Ah Kh Qd Jc Ts")  # the board plays for everyone
    hands = [parse_cards("2c 3d"), parse_cards("4c 5d")]
    split = holdem.showdown(board, hands)
    assert [row.note for row in holdem_rows(split, hands, NAMES)] == ["splits the pot"] * 2
    board = parse_cards("Ah Kh Qd Jc 2s")
    hands = [parse_cards("Th 9h"), parse_cards("2c 3d")]  # a straight against two pair
    single = holdem.showdown(board, hands)
    assert [row.note for row in holdem_rows(single, hands, NAMES)] == ["wins", ""]
