from __future__ import annotations

import pytest
from django.utils import translation

from tutor.engine.events import EventData
from tutor.words.narrate import narrate
from tutor.words.terms import seat_name


def tell(event: EventData, language: str = "en") -> list[str]:
    return narrate([event], seat_name, language)


@pytest.mark.parametrize(
    ("event", "line"),
    [
        ({"kind": "post_blind", "seat": 0, "blind": "small", "amount": 50, "all_in": False},
         "Seat 1 posts the small blind of 50."),
        ({"kind": "post_blind", "seat": 1, "blind": "big", "amount": 100, "all_in": False},
         "Seat 2 posts the big blind of 100."),
        ({"kind": "call", "seat": 2, "added": 80, "all_in": True}, "Seat 3 calls 80 and is all-in."),
        ({"kind": "call", "seat": 2, "added": 80, "all_in": False}, "Seat 3 calls 80."),
        ({"kind": "bet", "seat": 0, "to": 300, "added": 300, "all_in": False, "full": True},
         "Seat 1 bets 300."),
        ({"kind": "raise", "seat": 0, "to": 250, "added": 250, "all_in": True, "full": False},
         "Seat 1 goes all-in for 250, less than a full raise."),
        ({"kind": "raise", "seat": 0, "to": 900, "added": 900, "all_in": True, "full": True},
         "Seat 1 raises to 900 and is all-in."),
        ({"kind": "raise", "seat": 0, "to": 900, "added": 700, "all_in": False, "full": True},
         "Seat 1 raises to 900."),
        ({"kind": "deal_board", "street": "flop", "cards": ["Ts", "9h", "2c"], "betting": True},
         "Flop: 10♠ 9♥ 2♣."),
        ({"kind": "show_hand", "seat": 3, "cards": ["As", "Ad"], "category": "one_pair",
          "best_five": []},
         "Seat 4 shows A♠ A♦: one pair."),
    ],
)  # fmt: skip
def test_narrate_picks_the_sentence_for_the_event(event: EventData, line: str) -> None:
    assert tell(event) == [line]


def test_narrate_tells_one_line_per_share_of_a_pot() -> None:
    award: EventData = {
        "kind": "award_pot", "pot": 0, "amount": 1500, "eligible": [0, 1], "winners": [0, 1],
        "shares": [[0, 750], [1, 750]], "odd_chips": 0,
    }  # fmt: skip
    assert tell(award) == [
        "Seat 1 wins 750 from a pot of 1,500.",
        "Seat 2 wins 750 from a pot of 1,500.",
    ]


def test_narrate_writes_numbers_in_the_language() -> None:
    event: EventData = {"kind": "bet", "seat": 0, "to": 1234567, "added": 1, "all_in": False}
    assert "12,34,567" in tell(event, "hi")[0]


def test_narrate_skips_private_and_closing_events() -> None:
    events: list[EventData] = [
        {"kind": "deal_hole", "seat": 0, "cards": ["As", "Kd"]},
        {"kind": "burn", "card": None},
        {"kind": "hand_end", "payouts": [0, 0], "stacks": [100, 100]},
    ]
    assert narrate(events, seat_name, "en") == []


def test_narrate_uses_the_callers_seat_names() -> None:
    lines = narrate([{"kind": "fold", "seat": 0}], lambda seat: "You", "en")
    assert lines == ["You folds."]


def test_a_shown_hand_is_named_in_sentence_case_in_czech() -> None:
    event: EventData = {
        "kind": "show_hand",
        "seat": 1,
        "cards": ["Ac", "Jc"],
        "category": "one_pair",
        "best_five": [],
    }
    with translation.override("cs"):
        (line,) = tell(event, "cs")
    assert line.endswith(": dvojice."), line
