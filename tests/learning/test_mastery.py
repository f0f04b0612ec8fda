"""The mastery rules, each way, on a fixed clock (no database)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.utils.translation import override

from tutor.learning.mastery import (
    DROP,
    MASTERY_NAMES,
    RULES,
    Mastery,
    Outcome,
    Progress,
    advance,
    combine,
)

MONDAY = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)


#: The time between two answers of ``play``: three in a row reach over eight hours.
GAP = timedelta(hours=4)


def play(
    answers: list[tuple[bool, str]], start: Progress | None = None, gap: timedelta = GAP
) -> Progress:
    """The standing after ``answers`` (right?, drill level), ``gap`` apart from Monday."""
    state = start or Progress()
    for n, (correct, level) in enumerate(answers):
        state = advance(state, Outcome(correct, level, MONDAY + n * gap))
    return state


def proficient() -> Progress:
    return play([(True, "medium")] * 3)


def test_advance_any_answer_is_attempted() -> None:
    assert play([(False, "easy")]).mastery == Mastery.ATTEMPTED
    assert play([(True, "easy")]).mastery == Mastery.ATTEMPTED


def test_advance_two_right_at_any_level_is_familiar() -> None:
    state = play([(True, "easy"), (False, "easy"), (True, "hard")])
    assert state.mastery == Mastery.FAMILIAR
    assert (state.answered, state.right) == (3, 2)


def test_advance_three_right_in_a_row_at_medium_or_hard_is_proficient() -> None:
    state = play([(True, "medium"), (True, "hard"), (True, "medium")])
    assert state.mastery == Mastery.PROFICIENT
    assert state.proficient_since == MONDAY + 2 * GAP
    assert (state.streak, state.streak_since) == (3, MONDAY)


def test_advance_one_sitting_is_never_proficient() -> None:
    """Right ten times in a row within one sitting is familiar: proficient needs the streak
    to reach over eight hours, into a later sitting."""
    sitting = play([(True, "hard")] * 10, gap=timedelta(minutes=1))
    assert (sitting.mastery, sitting.streak) == (Mastery.FAMILIAR, 10)
    almost = advance(sitting, Outcome(True, "hard", MONDAY + timedelta(hours=8, seconds=-1)))
    assert almost.mastery == Mastery.FAMILIAR
    later = advance(sitting, Outcome(True, "medium", MONDAY + timedelta(hours=8)))
    assert later.mastery == Mastery.PROFICIENT


def test_advance_a_wrong_answer_restarts_the_streak_and_its_clock() -> None:
    state = play([(True, "hard"), (True, "hard"), (False, "hard"), (True, "hard")])
    assert (state.streak, state.streak_since) == (1, MONDAY + 3 * GAP)


def test_advance_easy_answers_neither_count_for_nor_break_the_streak() -> None:
    assert play([(True, "easy")] * 10).mastery == Mastery.FAMILIAR
    mixed = play([(True, "medium"), (True, "easy"), (True, "hard"), (True, "easy")])
    assert (mixed.mastery, mixed.streak) == (Mastery.FAMILIAR, 2)
    assert advance(mixed, Outcome(True, "hard", MONDAY + 4 * GAP)).mastery == Mastery.PROFICIENT


def test_advance_a_wrong_answer_resets_the_streak_below_proficient() -> None:
    state = play([(True, "medium"), (True, "medium"), (False, "easy"), (True, "hard")])
    assert (state.mastery, state.streak) == (Mastery.FAMILIAR, 1)


def test_advance_mastered_needs_a_right_answer_a_day_after_proficient() -> None:
    state = proficient()
    since = state.proficient_since
    assert since is not None
    soon = advance(state, Outcome(True, "hard", since + timedelta(hours=23, minutes=59)))
    assert soon.mastery == Mastery.PROFICIENT
    assert advance(soon, Outcome(True, "hard", since + timedelta(hours=24))).mastery == (
        Mastery.MASTERED
    )


def test_advance_exactly_24_hours_is_enough_and_a_second_less_is_not() -> None:
    state = proficient()
    since = state.proficient_since
    assert since is not None
    at = since + timedelta(hours=24)
    assert advance(state, Outcome(True, "medium", at)).mastery == Mastery.MASTERED
    early = at - timedelta(seconds=1)
    assert advance(state, Outcome(True, "medium", early)).mastery == Mastery.PROFICIENT


def test_advance_the_spaced_check_must_be_medium_or_hard() -> None:
    state = proficient()
    later = MONDAY + timedelta(days=3)
    assert advance(state, Outcome(True, "easy", later)).mastery == Mastery.PROFICIENT
    assert advance(state, Outcome(False, "hard", later)).mastery == Mastery.FAMILIAR


def test_advance_wrong_at_proficient_drops_to_familiar_and_resets() -> None:
    state = advance(proficient(), Outcome(False, "easy", MONDAY + timedelta(hours=1)))
    assert (state.mastery, state.streak, state.proficient_since) == (Mastery.FAMILIAR, 0, None)
    # Back to proficient takes three in a row again, and the wait starts then.
    again = play([(True, "hard")] * 3, state)
    assert again.mastery == Mastery.PROFICIENT
    assert again.proficient_since == MONDAY + 2 * GAP


def test_advance_wrong_at_mastered_drops_to_proficient_and_restarts_the_wait() -> None:
    later = MONDAY + timedelta(days=2)
    mastered = advance(proficient(), Outcome(True, "hard", later))
    assert mastered.mastery == Mastery.MASTERED
    slip = later + timedelta(days=5)
    dropped = advance(mastered, Outcome(False, "medium", slip))
    assert (dropped.mastery, dropped.streak, dropped.proficient_since) == (
        Mastery.PROFICIENT,
        0,
        slip,
    )
    assert advance(dropped, Outcome(True, "hard", slip + timedelta(hours=1))).mastery == (
        Mastery.PROFICIENT
    )
    assert advance(dropped, Outcome(True, "hard", slip + timedelta(days=1))).mastery == (
        Mastery.MASTERED
    )


def test_advance_wrong_below_proficient_never_drops() -> None:
    familiar = play([(True, "easy"), (True, "easy")])
    assert advance(familiar, Outcome(False, "hard", MONDAY)).mastery == Mastery.FAMILIAR
    attempted = play([(False, "hard")] * 5)
    assert (attempted.mastery, attempted.right) == (Mastery.ATTEMPTED, 0)


def test_advance_mastered_stays_mastered_when_right() -> None:
    mastered = advance(proficient(), Outcome(True, "hard", MONDAY + timedelta(days=2)))
    assert play([(True, "easy"), (True, "hard")], mastered).mastery == Mastery.MASTERED


def test_rules_are_one_per_level_up_in_order_with_their_numbers() -> None:
    assert [r.mastery for r in RULES] == list(Mastery)[1:]
    numbers = {r.code: dict(r.numbers) for r in RULES}
    assert numbers["right_answers"] == {"count": 2}
    assert numbers["right_in_a_row_over_time"] == {
        "count": 3,
        "levels": ("medium", "hard"),
        "hours": 8,
    }
    assert numbers["right_again_later"] == {"hours": 24, "levels": ("medium", "hard")}
    assert DROP.numbers["levels"] == (Mastery.PROFICIENT, Mastery.MASTERED)


def test_mastery_names_are_translated_lazily() -> None:
    assert [str(MASTERY_NAMES[m]) for m in Mastery] == [
        "Not started",
        "Attempted",
        "Familiar",
        "Proficient",
        "Mastered",
    ]
    with override("cs"):
        assert all(str(name) for name in MASTERY_NAMES.values())


@pytest.mark.parametrize("swap", [False, True])
def test_combine_keeps_the_higher_mastery_and_adds_the_counts(swap: bool) -> None:
    high = Progress(Mastery.PROFICIENT, 5, 4, 3, MONDAY)
    low = Progress(Mastery.FAMILIAR, 7, 2, 0, None)
    merged = combine(low, high) if swap else combine(high, low)
    assert merged == Progress(Mastery.PROFICIENT, 12, 6, 3, MONDAY)
