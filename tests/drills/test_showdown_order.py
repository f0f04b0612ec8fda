"""The showdown-order drill: who shows first and who may muck, read from the engine's events.

The hand-made questions below are played by the engine; what each should show is worked
out by hand from the rules (Czech text: the river's last bettor shows first and a hand
that cannot win may be mucked; TDA 17: without a river bet, the first player left of the
button; TDA 16: after an all-in every hand is turned face up before the rest of the board).
"""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from tutor.drills import showdown_order as so
from tutor.drills.base import AnswerError, make_token
from tutor.engine.cards import parse_cards

URL = "/en/drills/showdown-order/"
BOARD = "2c 5d 9h 3s 7h"  # no straight, no flush: pairs decide
HEADS_UP_TO_RIVER = ("call", "check", "check", "check", "check", "check")


def question(stacks, button, holes, actions, board=BOARD) -> so.Question:
    return so.Question(
        stacks=tuple(stacks),
        button=button,
        holes=tuple(parse_cards(h) for h in holes),
        board=parse_cards(board),
        actions=tuple(actions),
    )


#: Seat 1 (kings) bets the river, seat 0 (aces) calls: seat 1 shows first, aces beat it.
BETTOR_LOSES = question(
    [5000, 5000], 0, ["As Ad", "Kc Kd"], [*HEADS_UP_TO_RIVER, "bet 300", "call"]
)
#: Seat 0 (aces) bets after seat 1 checks, seat 1 calls: aces first, the kings may muck.
CALLER_MUCKS = question(
    [5000, 5000], 0, ["As Ad", "Kc Kd"], [*HEADS_UP_TO_RIVER, "check", "bet 300", "call"]
)
#: Three players check it down (button 0): seat 1 first, seat 2's queens cannot beat the
#: kings shown before them, seat 0's aces can.
CHECKED_DOWN = question(
    [5000] * 3, 0, ["As Ad", "Kc Kd", "Qc Qd"], ["call", "call", "check"] + ["check"] * 9
)
#: As above with seat 2 holding kings too: a tie can win a share, so it is shown.
CHECKED_TIE = question(
    [5000] * 3, 0, ["As Ad", "Kc Kd", "Kh Ks"], ["call", "call", "check"] + ["check"] * 9
)
#: Heads-up all-in before the flop: both hands face up before the board.
ALL_IN = question([1000, 1000], 0, ["As Ad", "Kc Kd"], ["raise 1000", "call"])


@pytest.mark.parametrize(
    ("q", "first", "mucks", "concepts"),
    [
        (BETTOR_LOSES, "1", [], {"showdown-order"}),
        (CALLER_MUCKS, "0", ["1"], {"showdown-order", "mucking"}),
        (CHECKED_DOWN, "1", ["2"], {"showdown-order", "mucking"}),
        (CHECKED_TIE, "1", [], {"showdown-order"}),
        (ALL_IN, so.ALL, [], {"all-in-showdown"}),
    ],
    ids=["bettor-loses", "caller-mucks", "checked-down", "tie-shows", "all-in"],
)
def test_engine_answer_and_concepts_of_hand_made_questions(q, first, mucks, concepts):
    assert so.right_answer(q) == {"first": [first], "muck": mucks}
    assert so.concepts_of(q) == frozenset(concepts)


def test_step_sentences_follow_the_engine_order():
    grade = so.grade(CHECKED_TIE, so.right_answer(CHECKED_TIE))
    steps = grade.steps
    assert [s.name for s in steps] == ["Seat 2", "Seat 3", "Seat 1"]
    assert "shows first" in steps[0].sentence and "ties" in steps[1].sentence
    assert "beats" in steps[2].sentence and all(s.shown for s in steps)
    muck = so.grade(CHECKED_DOWN, so.right_answer(CHECKED_DOWN)).steps[1]
    assert not muck.shown and "may muck" in muck.sentence
    assert "Nobody bet on the river" in grade.reason
    assert "last bet or raise" in so.grade(BETTOR_LOSES, so.right_answer(BETTOR_LOSES)).reason
    face_up = so.grade(ALL_IN, {"first": [so.ALL]})
    assert face_up.correct and face_up.all_at_once and "face up" in face_up.reason


def test_right_and_wrong_answers_are_graded_part_by_part():
    right = so.grade(CALLER_MUCKS, {"first": ["0"], "muck": ["1"]})
    assert right.correct and right.first_ok and right.muck_ok
    wrong_first = so.grade(CALLER_MUCKS, {"first": ["1"], "muck": ["1"]})
    assert not wrong_first.correct and not wrong_first.first_ok and wrong_first.muck_ok
    no_muck = so.grade(CALLER_MUCKS, {"first": ["0"]})
    assert not no_muck.correct and no_muck.first_ok and not no_muck.muck_ok
    all_at_once = so.grade(CALLER_MUCKS, {"first": [so.ALL], "muck": ["1"]})
    assert not all_at_once.first_ok
    assert [s.ticked for s in wrong_first.steps] == [False, True]
    assert not any(s.ticked for s in so.for_class(wrong_first).steps)


@pytest.mark.parametrize(
    "answer",
    [
        {},
        {"first": [""]},
        {"first": ["-1"]},
        {"first": ["2"]},  # no such seat
        {"first": ["99999999999999999999"]},
        {"first": ["abc"]},
        {"first": ["１"]},  # a full-width digit
        {"first": ["0\u202e"]},
        {"first": ["0.0"]},
        {"first": ["ALL"]},
        {"first": ["0"], "muck": ["7"]},
        {"first": ["0"], "muck": ["x"]},
        {"first": ["0"], "muck": ["-0"]},
    ],
)
def test_unreadable_answers_raise_a_translated_error(answer):
    with translation.override("cs"), pytest.raises(AnswerError) as error:
        so.grade(CALLER_MUCKS, answer)
    assert error.value.message


def test_a_folded_seat_cannot_be_chosen():
    q = so.generate(5, "hard")
    out = [s for s in range(len(q.stacks)) if s not in so.facts(q).turns.order]
    assert out
    with pytest.raises(AnswerError):
        so.grade(q, {"first": [str(out[0])]})
    with pytest.raises(AnswerError):
        so.grade(q, {"first": [so.ALL], "muck": [str(out[0])]})


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_generated_questions_are_showdowns_as_planned(level):
    for seed in range(40):
        q = so.generate(seed, level)
        assert q == so.generate(seed, level)
        assert so.Question.from_dict(json.loads(json.dumps(q.to_dict()))) == q
        found = so.facts(q)
        assert len(found.turns.order) >= 2
        if found.turns.face_up:  # all-in: nobody mucks
            assert found.all_in and not found.turns.mucked
        else:  # nobody all-in: the river's last aggressor, if any, shows first
            assert not found.all_in
            assert found.river_aggressor in (None, found.turns.order[0])
        assert so.grade(q, so.right_answer(q)).correct


def test_levels_reach_every_concept():
    seen = {level: set() for level in ("medium", "hard")}
    for level in seen:
        for seed in range(80):
            seen[level] |= so.concepts_of(so.generate(seed, level))
    assert all(found == set(so.CONCEPTS) for found in seen.values()), seen


def test_answer_labels():
    assert so.answer_label(CALLER_MUCKS, so.right_answer(CALLER_MUCKS)) == (
        "Seat 1 shows first; Seat 2 may muck."
    )
    assert so.answer_label(ALL_IN, so.right_answer(ALL_IN)) == (
        "All hands face up at once; nobody may muck."
    )
    assert so.answer_label(CHECKED_DOWN, {"first": ["9"], "muck": ["1", "2", "x"]}) == (
        "Nobody chosen to show first; Seat 2 and Seat 3 may muck."
    )


def test_question_page_shows_the_betting_without_the_showdown(client: Client, db):
    seed, level = 3, "medium"
    q = so.generate(seed, level)
    html = client.get(f"{URL}?seed={seed}&level={level}").content.decode()
    assert 'name="first" value="all"' in html
    with translation.override("en"):
        told = so.context(q)["log"]
        showdown = so.grade(q, so.right_answer(q)).log
    assert told and all(escape(line) in html for line in told)
    assert not any(escape(line) in html for line in showdown)  # the answer stays hidden


def test_right_answer_then_a_wrong_one_through_the_page(client: Client, language: str, db):
    seed, level = 7, "hard"
    q = so.generate(seed, level)
    data = {"token": make_token("showdown-order", seed, level), **so.right_answer(q)}
    url = f"/{language}/drills/showdown-order/"
    html = client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert 'class="feedback__verdict ok"' in html
    data["first"] = [so.ALL] if so.right_answer(q)["first"] != [so.ALL] else ["0"]
    html = client.post(url, data).content.decode()
    assert 'class="feedback__verdict bad"' in html
    tally = client.session["drill_progress"]["showdown-order"]
    assert tally["answered"] == 1 and tally["right"] == 1  # one question counts once


def test_bad_answer_through_the_page_counts_nothing(client: Client, db):
    data = {"token": make_token("showdown-order", 1, "easy"), "first": "\u202e<script>"}
    response = client.post("/ja/drills/showdown-order/", data)
    assert response.status_code == 422
    assert "drill_progress" not in client.session


@pytest.mark.parametrize("concept", sorted(so.CONCEPTS))
def test_aimed_questions_exercise_their_concept(concept):
    hits = sum(concept in so.concepts_of(so.target(seed, "easy", concept)) for seed in range(30))
    assert hits >= 25
