"""A drill's tally in the browser's session (``tutor/drills/base.py``)."""

from __future__ import annotations

from types import SimpleNamespace

from tutor.drills.base import TALLY_KEY, DrillTally, get_tally, record_answer


def _request(kept: dict) -> SimpleNamespace:
    return SimpleNamespace(session=kept)


def test_tally_counts_right_answers_and_streaks_once_per_question() -> None:
    request = _request({})
    for token, correct in (("a", True), ("b", True), ("b", False), ("c", False), ("d", True)):
        record_answer(request, "side-pots", token, correct)
    assert get_tally(request, "side-pots") == DrillTally(
        answered=4, right=3, streak=1, best_streak=2
    )
    assert request.session[TALLY_KEY]["side-pots"]["right"] == 3


def test_tally_kept_before_the_rename_reads_its_correct_as_right() -> None:
    request = _request({TALLY_KEY: {"side-pots": {"answered": 5, "correct": 4, "streak": 2}}})
    assert get_tally(request, "side-pots") == DrillTally(answered=5, right=4, streak=2)


def test_tally_of_a_mangled_session_starts_again() -> None:
    request = _request({TALLY_KEY: {"side-pots": {"answered": "many"}}})
    assert get_tally(request, "side-pots") == DrillTally()
