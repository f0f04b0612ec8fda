"""Pick the winner, Teen Patti: answers checked by the engine, in every language."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tutor.concepts import CONCEPTS
from tutor.drills import teenpatti_showdown
from tutor.drills.base import AnswerError, make_token
from tutor.engine import teenpatti
from tutor.engine.cards import parse_cards


@pytest.mark.django_db
def test_teenpatti_showdown_answer(client: Client, language: str) -> None:
    question = teenpatti_showdown.generate(99, "hard")
    result = teenpatti.showdown(question.hand_a, question.hand_b).result
    token = make_token("teenpatti-showdown", 99, "hard")
    response = client.post(
        f"/{language}/drills/teenpatti-showdown/",
        {"token": token, "result": result},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert 'class="feedback__verdict ok"' in response.content.decode()


def test_teenpatti_showdown_rejects_unknown_choice(client: Client) -> None:
    token = make_token("teenpatti-showdown", 3, "easy")
    response = client.post("/en/drills/teenpatti-showdown/", {"token": token, "result": "player_c"})
    assert response.status_code == 422
    assert "Choose Player A, Player B or Tie." in response.content.decode()


# Concepts: what a question exercises, read from the engine's showdown.


@pytest.mark.parametrize(
    ("hand_a", "hand_b", "concepts"),
    [
        # A pure sequence beats a pair: the category decides.
        ("As Ks Qs", "2d 2c 5h", {"tp-rankings"}),
        # Three kings beat three queens: the rank decides, not the category.
        ("Ks Kh Kc", "Qs Qh Qc", set()),
        # A-2-3 is the second sequence: above K-Q-J, below A-K-Q.
        ("Ah 2c 3d", "Ks Qd Jc", {"tp-sequence-order"}),
        ("Ah 2c 3d", "As Kd Qc", {"tp-sequence-order"}),
        # A pure A-2-3 against a plain K-Q-J: the category decides before the order.
        ("Ah 2h 3h", "Ks Qd Jc", {"tp-rankings"}),
        # Same ranks, other suits: a tie, whether the hands are colors or not.
        ("9h 7h 5h", "9s 7s 5s", {"tp-suits-never-decide", "tp-ties"}),
        ("9h 7c 5h", "9s 7s 5d", {"tp-suits-never-decide", "tp-ties"}),
        # Same ranks, but one is a color: the suits made the category, which decides.
        ("9h 7h 5h", "9s 7d 5s", {"tp-rankings"}),
        # A pair of eights each: the odd card decides.
        ("8h 8c Ks", "8d 8s Qh", set()),
    ],
)
def test_concepts_of_reads_the_showdown(hand_a: str, hand_b: str, concepts: set) -> None:
    question = teenpatti_showdown.Question(parse_cards(hand_a), parse_cards(hand_b))
    assert teenpatti_showdown.concepts_of(question) == concepts


def test_every_concept_is_a_catalog_concept_with_a_test_and_a_builder() -> None:
    declared = set(teenpatti_showdown.DRILL.concepts)
    assert declared <= set(CONCEPTS)
    assert declared == set(teenpatti_showdown.TESTS) == set(teenpatti_showdown.BUILDERS)


@pytest.mark.parametrize("concept", list(teenpatti_showdown.BUILDERS))
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_target_deals_a_fair_question_that_exercises_the_concept(concept: str, level: str) -> None:
    drill = teenpatti_showdown.DRILL
    hits = 0
    for seed in range(12):
        question = drill.deal(seed, level, concept)
        assert question == drill.deal(seed, level, concept)
        assert len(question.hand_a) == len(question.hand_b) == 3
        assert len(set(question.hand_a + question.hand_b)) == 6
        assert drill.load(question.to_dict()) == question
        hits += concept in drill.concepts_of(question)
    assert hits >= 10


def test_sequence_order_targets_feature_a_2_3_and_both_sides_win() -> None:
    results, a23 = set(), 0
    for seed in range(40):
        question = teenpatti_showdown.DRILL.deal(seed, "medium", "tp-sequence-order")
        result = teenpatti.showdown(question.hand_a, question.hand_b)
        results.add(result.result)
        a23 += teenpatti_showdown.A23 in (
            result.decided_by.winner_sequence,
            result.decided_by.loser_sequence,
        )
    assert results == {"player_a", "player_b"}
    assert 10 <= a23 < 40


def test_unknown_concept_is_refused() -> None:
    with pytest.raises(KeyError):
        teenpatti_showdown.target(1, "easy", "kickers")


@pytest.mark.django_db
def test_aimed_page_is_answered_from_its_key(client: Client) -> None:
    url = "/en/drills/teenpatti-showdown/?level=easy&seed=4&concept=tp-ties"
    html = client.get(url).content.decode()
    assert 'class="concept-banner"' in html
    token = re.search(r'name="token" value="([^"]+)"', html)
    assert token is not None
    question = teenpatti_showdown.DRILL.deal(4, "easy", "tp-ties")
    assert teenpatti_showdown.right_answer(question) == {"result": ["tie"]}
    answer = {"token": token.group(1), "result": "tie"}
    response = client.post("/en/drills/teenpatti-showdown/", answer, HTTP_HX_REQUEST="true")
    assert 'class="feedback__verdict ok"' in response.content.decode()


@pytest.mark.parametrize(
    "result", ["", "PLAYER_A", "player_a ", "tie\x00", "\u202etie", "٣", "-1", "x" * 5000]
)
def test_grade_refuses_odd_answers_with_a_message(result: str) -> None:
    question = teenpatti_showdown.DRILL.deal(2, "hard", "tp-sequence-order")
    with pytest.raises(AnswerError) as refused:
        teenpatti_showdown.grade(question, {"result": [result]})
    assert refused.value.message
