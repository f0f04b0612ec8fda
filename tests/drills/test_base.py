"""A drill's tally in the browser's session (``tutor/drills/base.py``)."""

from __future__ import annotations

from types import SimpleNamespace
from urllib.parse import urlencode

from hypothesis import given
from hypothesis import strategies as st

from tutor.drills.base import TALLY_KEY, DrillTally, get_tally, question_url, record_answer
from tutor.drills.registry import DRILLS


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


#: Values near the plain ones: letters, digits and each character ``urlencode`` quotes.
NEAR_PLAIN = st.text(alphabet=st.sampled_from("aZ09_.~- &=?#é+/%"), max_size=12)


@given(
    level=NEAR_PLAIN | st.text(max_size=12),
    seed=st.integers(min_value=0, max_value=2**53 - 1),
    concept=st.none() | NEAR_PLAIN | st.text(max_size=20),
)
def test_a_questions_address_is_what_urlencode_writes(
    level: str, seed: int, concept: str | None
) -> None:
    """``question_url`` writes plain values itself, and is what ``urlencode`` writes for
    any level, seed and concept (spaces, ``&``, letters outside ASCII)."""
    drill = DRILLS["holdem-showdown"]
    query: dict[str, object] = {"level": level, "seed": seed}
    if concept:
        query["concept"] = concept
    expected = f"/d/?{urlencode(query)}"
    assert question_url(drill, level, seed, "/d/", concept) == expected
