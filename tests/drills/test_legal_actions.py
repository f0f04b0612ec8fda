"""The legal-actions drill: which actions the player to act may take, as the engine rules.

The hand-made tables below are played by the engine; what each seat may do is worked out
by hand from the rules (a check only when nobody has bet; a fold when facing a bet, or at
any turn under the TDA house rule; before the flop the big blind counts as a bet; the
Czech text's cap of a bet and three raises in fixed-limit).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from tutor.drills import legal_actions as la
from tutor.drills.base import AnswerError, make_token
from tutor.engine.betting import Action
from tutor.engine.hand import Hand, HandSetup
from tutor.engine.rules import FreeFold, Rules

URL = "/en/drills/legal-actions/"
HOLES = {0: "As Ad", 1: "Kc Kd", 2: "Qc Qd"}


def table(actions, rule=FreeFold.NOT_OFFERED, rules=None) -> la.Question:
    rules = rules or Rules.no_limit(50, 100)
    setup = HandSetup.stacked(
        Rules.from_dict({**rules.to_dict(), "free_fold": rule.code}),
        [5000, 5000, 5000],
        0,
        HOLES,
        "2c 5d 9h 3s 7h",
    )
    hand = Hand(setup)
    for text in actions:
        hand.do(Action.parse(text))
    return la.Question(hand, hand.rules.structure.code)


#: Button 0, blinds 1 and 2; everyone calls: seat 2 (the big blind) has its option.
OPTION = ("call", "call")
#: Then the big blind checks: on the flop seat 1 acts first, nobody has bet.
FLOP = (*OPTION, "check")
#: Seat 1 bets the flop: seat 2 faces it.
FACING = (*FLOP, "bet 200")
#: Fixed-limit 50/100, the bet and three raises before the flop: the cap is reached.
CAPPED = ("raise 200", "raise 300", "raise 400")


@pytest.mark.parametrize(
    ("actions", "rule", "rules", "allowed", "concepts"),
    [
        (FLOP, FreeFold.NOT_OFFERED, None, ["check", "bet"], {"fold-when-check-free"}),
        (FLOP, FreeFold.BINDING, None, ["fold", "check", "bet"], {"fold-when-check-free"}),
        (
            OPTION,
            FreeFold.BINDING,
            None,
            ["fold", "check", "raise"],
            {"fold-when-check-free", "big-blind-option"},
        ),
        (
            OPTION,
            FreeFold.NOT_OFFERED,
            None,
            ["check", "raise"],
            {"fold-when-check-free", "big-blind-option"},
        ),
        (FACING, FreeFold.NOT_OFFERED, None, ["fold", "call", "raise"], set()),
        (FACING, FreeFold.BINDING, None, ["fold", "call", "raise"], set()),
        (CAPPED, FreeFold.NOT_OFFERED, Rules.fixed_limit(50, 100), ["fold", "call"], set()),
    ],
)
def test_engine_answer_and_concepts_of_hand_made_tables(actions, rule, rules, allowed, concepts):
    q = table(actions, rule, rules)
    assert la.legal(q) == allowed
    assert la.right_answer(q) == {"act": allowed}
    assert la.concepts_of(q) == concepts


def test_every_refusal_is_the_engine_reason_in_words():
    with translation.override("en"):
        why = dict(la.verdicts(table(FLOP).hand))
        capped = dict(la.verdicts(table(CAPPED, rules=Rules.fixed_limit(50, 100)).hand))
        free = dict(la.verdicts(table(FLOP, FreeFold.BINDING).hand))
    assert why["fold"] == (False, "Nobody has bet, so you can check for free instead of folding.")
    assert why["call"][0] is False and why["raise"][0] is False
    assert capped["raise"][0] is False and "capped" in capped["raise"][1]
    assert free["fold"][0] is True and "house rule" in free["fold"][1]


def test_right_and_wrong_answers():
    q = table(FLOP, FreeFold.BINDING)
    assert la.grade(q, {"act": ["fold", "check", "bet"]}).correct
    wrong = la.grade(q, {"act": ["check", "bet"]})
    assert not wrong.correct
    rows = {row.code: row for row in wrong.rows}
    assert rows["fold"].legal and not rows["fold"].chosen
    assert rows["check"].legal and rows["check"].chosen
    assert not la.grade(q, {"act": ["fold", "check", "bet", "call"]}).correct


@pytest.mark.parametrize("answer", [{}, {"act": []}, {"act": ["shove"]}, {"act": ["\u202e<b>"]}])
def test_unreadable_answers_raise_a_translated_error(answer):
    with translation.override("cs"), pytest.raises(AnswerError) as error:
        la.grade(table(FLOP), answer)
    assert "Tick" not in str(error.value)  # in Czech


def test_answer_labels_list_the_actions_in_the_page_language():
    q = table(FLOP)
    with translation.override("en"):
        assert la.answer_label(q, {"act": ["bet", "check", "x"]}) == "Check and Bet"
    with translation.override("ja"):
        assert "、" in la.answer_label(q, {"act": ["fold", "bet", "check"]})


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_dealt_questions_mix_free_checks_and_bets_under_both_house_rules(level):
    questions = [la.generate(seed, level) for seed in range(40)]
    assert all(q.hand.to_act is not None for q in questions)
    free = [q for q in questions if q.hand.options().can_check]
    assert 8 <= len(free) <= 32  # half are played on to a free check
    assert {q.hand.rules.free_fold for q in questions} == set(FreeFold)


@pytest.mark.parametrize("concept", sorted(la.DRILL.concepts))
def test_aimed_questions_exercise_their_concept(concept):
    hits = sum(
        concept in la.concepts_of(la.DRILL.deal(seed, "easy", concept)) for seed in range(30)
    )
    assert hits >= 25


def test_question_page_states_the_house_rule_and_the_seat(client: Client, db):
    seed, level = 3, "medium"
    q = la.generate(seed, level)
    html = client.get(f"{URL}?seed={seed}&level={level}").content.decode()
    with translation.override("en"):
        context = la.context(q)
    assert escape(context["house_rule"]) in html
    assert all(
        f'name="act" value="{code}"' in html for code in ("fold", "check", "call", "bet", "raise")
    )


def test_right_answer_then_a_wrong_one_through_the_page(client: Client, language: str, db):
    seed, level = 7, "hard"
    q = la.generate(seed, level)
    data = {"token": make_token("legal-actions", seed, level), **la.right_answer(q)}
    url = f"/{language}/drills/legal-actions/"
    html = client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert 'class="feedback__verdict ok"' in html
    data["act"] = [code for code in ("fold", "check", "call") if code not in data["act"]]
    html = client.post(url, data).content.decode()
    assert 'class="feedback__verdict bad"' in html
    tally = client.session["drill_progress"]["legal-actions"]
    assert tally["answered"] == 1 and tally["right"] == 1


def test_bad_answer_through_the_page_counts_nothing(client: Client, db):
    data = {"token": make_token("legal-actions", 1, "easy"), "act": "\u202e<script>"}
    response = client.post("/hi/drills/legal-actions/", data)
    assert response.status_code == 422
    assert "drill_progress" not in client.session
