"""Real recorded hands (the public PHH data set) and the tutor's own PokerStars examples,
replayed through the engine: every action legal, every pot matching the log."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.engine import events as ev
from tutor.engine.betting import Reason
from tutor.engine.histories import HistoryError, phh, read, replay
from tutor.engine.histories.examples import EXAMPLES, example_text

DATA = Path(__file__).parent / "data"
RECORDED = [
    pytest.param(hand, id=f"{path.stem}-{index}")
    for path in sorted(DATA.glob("*.phhs"))
    for index, hand in enumerate(phh.read_all(path.read_text()), 1)
]


def test_recorded_hands_are_a_modest_set() -> None:
    assert 40 <= len(RECORDED) <= 200


@pytest.mark.parametrize("history", RECORDED)
def test_recorded_hand_replays_with_its_pots(history) -> None:
    result = replay(history)
    assert result.hand.is_over
    assert [c for c in result.checks if not c.ok] == []


def test_recorded_hands_with_winnings_match_less_the_rake() -> None:
    compared = [
        c for h in RECORDED for c in replay(h.values[0]).checks if c.code.startswith("pots_match")
    ]
    assert len(compared) >= 20
    assert all(c.details["logged"] + c.details["rake"] == c.details["total"] for c in compared)


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_example_replays_and_matches_the_log(name: str) -> None:
    result = replay(read(example_text(name)))
    assert result.ok and result.hand.is_over


def test_side_pot_example_splits_the_main_pot_with_the_odd_chip() -> None:
    result = replay(read(example_text("side_pot")))
    award = result.hand.result
    assert award is not None
    main, side = award.pots
    assert (main.pot.amount, main.shares, main.odd_chips) == (197, ((1, 99), (2, 98)), 1)
    assert (side.pot.amount, side.winners) == (200, (1,))


def test_short_all_in_does_not_reopen_wsop_96() -> None:
    result = replay(read(example_text("side_pot")))
    short = next(
        s for s in result.steps if isinstance(s.decision, ev.Raise) and not s.decision.full
    )
    after = result.steps[result.steps.index(short) + 2]  # the bettor, facing the short all-in
    assert result.history.names[after.seat] == "Bruno"
    assert after.options.blocked is Reason.BETTING_NOT_REOPENED


def test_muck_example_river_bettor_shows_first_and_the_loser_may_muck() -> None:
    result = replay(read(example_text("muck")))
    assert result.showdown.order == (0, 1)
    assert result.showdown.mucked == frozenset({1})


def test_uncalled_bet_matches_the_log() -> None:
    result = replay(read(example_text("uncalled")))
    assert result.checks[0].code == "uncalled_match"


def test_raise_below_the_minimum_stops_with_its_line() -> None:
    text = example_text("uncalled").replace("raises $0.60 to $0.90", "raises $0.10 to $0.40")
    with pytest.raises(HistoryError) as caught:
        replay(read(text))
    error = caught.value
    assert (error.code, error.details["line"], error.details["reason"]) == (
        "illegal",
        12,
        "below_min_raise",
    )
    assert error.details["minimum"] == 50


def test_out_of_turn_stops_with_its_line() -> None:
    text = (
        example_text("uncalled")
        .replace("Kofi: folds\nLena:", "Lena:")
        .replace("Jun: calls $0.60", "Kofi: folds\nJun: calls $0.60")
    )
    with pytest.raises(HistoryError) as caught:
        replay(read(text))
    assert caught.value.details["reason"] == "not_your_turn"


def test_collected_amount_that_disagrees_is_reported_not_hidden() -> None:
    text = example_text("side_pot").replace("Chen collected 98", "Chen collected 99")
    result = replay(read(text))
    assert not result.ok
    assert [c.code for c in result.checks if not c.ok] == ["pots_mismatch"]
