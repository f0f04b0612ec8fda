"""The right answer of each quiz drill, as the engine has it, and the readable labels of
answers in the results."""

from __future__ import annotations

import pytest
from django.http import QueryDict
from django.utils import translation

from tutor.drills import answers, betting, written, written_answers
from tutor.drills.registry import question_drill
from tutor.engine import holdem, teenpatti
from tutor.quizzes import services
from tutor.quizzes.models import Session

QUIZ_DRILLS = [d.slug for d in services.quiz_drills()]
LEVELS = ["easy", "medium", "hard"]


def question(drill: str, seed: int = 1, level: str = "easy") -> services.WrittenQuestion:
    """The question as a session stores it and reads it back."""
    spec = question_drill(drill)
    assert spec is not None
    return services.question(Session(questions=[written.deal(spec, level, seed)]), 0)


# -- the right answer --------------------------------------------------------------------


@pytest.mark.parametrize("drill", QUIZ_DRILLS)
@pytest.mark.parametrize("level", LEVELS)
def test_the_right_answer_is_graded_right_by_the_drill(drill: str, level: str) -> None:
    spec = question_drill(drill)
    assert spec is not None
    for seed in range(6):
        q = question(drill, seed, level)
        assert spec.grade(q.data, q.right_answer).correct, (
            drill,
            level,
            seed,
        )


def test_right_answer_matches_the_engine_for_showdowns() -> None:
    for seed in range(10):
        q = question("holdem-showdown", seed, "hard")
        winners = holdem.showdown(q.data.board, q.data.hands).winners
        assert q.right_answer["winners"] == [str(w) for w in sorted(winners)]
        q = question("teenpatti-showdown", seed, "hard")
        result = teenpatti.showdown(q.data.hand_a, q.data.hand_b).result
        assert q.right_answer["result"] == [result]


@pytest.mark.parametrize("level", LEVELS)
def test_betting_key_is_the_hands_next_seat_and_raise_limits(level: str) -> None:
    """The key is read from the dealt question and the drill's grading; it must be what
    the hand itself, built from the seed, says."""
    for seed in range(25):
        hand = betting.build(seed, level)
        opts = hand.options()
        expected = {"next": [str(hand.to_act)]}
        if opts.aggression is not None and opts.blocked is None:
            expected.update(min_to=[str(opts.min_to)], max_to=[str(opts.max_to)])
        else:
            expected["no_raise"] = ["on"]
        assert question("betting", seed, level).right_answer == expected, (level, seed)


def test_reveal_feedback_marks_no_choice() -> None:
    feedback = written_answers.reveal_feedback(question("holdem-showdown", 3, "medium"))
    assert feedback.correct
    assert not any(row.chosen for row in feedback.rows)
    assert any(row.winner for row in feedback.rows)


def test_a_stored_answer_reads_as_form_data() -> None:
    data = answers.form_data({"winners": ["0", 2], "result": "tie"})
    assert data == {"winners": ["0", "2"], "result": ["tie"]}
    assert answers.form_data(None) == {}


def test_a_posted_form_keeps_every_value() -> None:
    """A form posts two winners: both stay, and no drill reads the form's last value."""
    form = QueryDict("winners=0&winners=2&result=tie")
    assert answers.posted(form) == {"winners": ["0", "2"], "result": ["tie"]}
    assert answers.values(answers.posted(form), "winners") == ["0", "2"]
    with pytest.raises(TypeError):
        answers.values(form, "winners")


def test_a_key_of_several_values_is_worded_whole() -> None:
    """The console's, the chart's and the printed key: every winner, every pot's seats."""
    q = question("holdem-showdown", 5, "medium")
    assert q.right_answer == {"winners": ["0", "2"]}
    assert written_answers.key_label(q) == "Player 1 + Player 3"


# -- labels ------------------------------------------------------------------------------
def test_labels_per_drill() -> None:
    label = written_answers.answer_label
    assert label(question("holdem-showdown"), {"winners": ["2", "0"]}) == "Player 1 + Player 3"
    assert label(question("teenpatti-showdown"), {"result": ["tie"]}) == "Tie"
    assert label(question("teenpatti-showdown"), {"result": ["player_b"]}) == "Player B wins"
    q = question("name-the-hand", level="hard")  # Hold'em cards at the hard level
    assert label(q, {"category": ["full_house"], "five": []}) == "Full house"
    q = question("side-pots", level="easy")
    pots = {"stage": ["1"], "pot0": ["1200"], "eligible0": ["0", "2"], "pot1": [""]}
    assert label(q, pots) == "1,200 (Seat 1 and Seat 3)"  # Babel's list, the language's brackets
    q = question("betting")
    raise_limits = {"next": ["1"], "min_to": ["200"], "max_to": ["10000"]}
    assert label(q, raise_limits) == "Seat 2, raise 200 to 10,000"
    assert label(q, {"next": ["0"], "no_raise": ["on"]}) == "Seat 1, no raise"


def test_labels_follow_the_page_language() -> None:
    q = question("holdem-showdown")
    with translation.override("cs"):
        assert written_answers.answer_label(q, {"winners": ["0"]}) == "Hráč 1"
        assert written_answers.answer_label(question("side-pots"), {"pot0": ["1200"]}) == "1\xa0200"


def test_a_strange_stored_answer_still_gets_a_label() -> None:
    q = question("betting")
    assert written_answers.answer_label(q, {"next": ["x"], "min_to": ["a"], "max_to": []}) != ""
    assert written_answers.answer_label(q, None) == ""
