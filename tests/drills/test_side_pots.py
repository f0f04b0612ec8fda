from __future__ import annotations

import pytest
from django.test import Client

from tutor.concepts import CONCEPTS
from tutor.drills import side_pots
from tutor.drills.base import make_token
from tutor.engine import pots
from tutor.engine.cards import parse_cards


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_generated_tables_are_consistent(level: str) -> None:
    for seed in range(60):
        q = side_pots.generate(seed, level)
        assert sum(not f for f in q.folded) >= 2
        for seat, (stack, put) in enumerate(zip(q.stacks, q.contributions, strict=True)):
            assert 0 < put <= stack
            if q.all_in[seat]:
                assert put == stack
        award = side_pots.the_award(q)
        assert sum(award.payouts) == sum(q.contributions)


def test_hard_level_has_odd_chips_and_returns_sometimes() -> None:
    odd = returned = 0
    for seed in range(200):
        q = side_pots.generate(seed, "hard")
        award = side_pots.the_award(q)
        odd += any(p.odd_chips for p in award.pots)
        returned += any(award.returned)
    assert odd > 0 and returned > 0


def pot_answer(q: dict, breakdown: pots.PotBreakdown) -> dict:
    data: dict = {"stage": "1"}
    for i, pot in enumerate(breakdown.pots):
        data[f"pot{i}"] = str(pot.amount)
        data[f"eligible{i}"] = [str(s) for s in pot.eligible]
    return data


@pytest.mark.django_db
def test_right_pots_then_right_payouts(client: Client, language: str) -> None:
    seed, level = 3, "medium"
    q = side_pots.generate(seed, level)
    token = make_token("side-pots", seed, level)
    data = pot_answer(q, side_pots.breakdown(q))
    html = client.post(
        f"/{language}/drills/side-pots/", {"token": token, **data}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert 'class="feedback__verdict ok"' in html
    assert 'name="stage" value="2"' in html  # the payout step follows
    payouts = {f"payout{s}": str(p) for s, p in enumerate(side_pots.the_award(q).payouts)}
    html = client.post(
        f"/{language}/drills/side-pots/", {"token": token, "stage": "2", **payouts}
    ).content.decode()
    assert 'class="feedback__verdict ok"' in html
    tally = client.session["drill_progress"]["side-pots"]
    assert tally["answered"] == 2 and tally["right"] == 2


@pytest.mark.django_db
def test_wrong_side_pot_is_flagged_as_first_wrong_step(client: Client) -> None:
    q = side_pots.generate(8, "medium")
    data = pot_answer(q, side_pots.breakdown(q))
    data["pot1"] = str(int(data["pot1"]) + 10)
    html = client.post(
        "/en/drills/side-pots/", {"token": make_token("side-pots", 8, "medium"), **data}
    ).content.decode()
    assert "Not quite." in html
    assert html.count('class="first-wrong"') == 1
    assert "first wrong step" in html


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["-5", "abc", "1e9", "99999999999999", "12.5"])
def test_bad_amounts_are_refused_clearly(client: Client, bad: str) -> None:
    data = {
        "token": make_token("side-pots", 1, "easy"),
        "stage": "1",
        "pot0": bad,
        "eligible0": ["0"],
    }
    response = client.post("/cs/drills/side-pots/", data)
    assert response.status_code == 422
    assert "drill_progress" not in client.session


def test_empty_answer_is_refused(client: Client) -> None:
    response = client.post(
        "/en/drills/side-pots/", {"token": make_token("side-pots", 1, "easy"), "stage": "1"}
    )
    assert response.status_code == 422


# -- the concepts a question exercises, on questions made by hand ----------------------
BOARD = parse_cards("As Ks Qs Js Ts")  # a royal flush on the board: every hand ties


def made(contributions: list[int], folded: list[bool], all_in: list[bool]) -> side_pots.Question:
    hands = [parse_cards("2c 3d"), parse_cards("4c 5d"), parse_cards("6c 7d"), parse_cards("8c 9d")]
    return side_pots.Question(
        contributions=tuple(contributions),
        stacks=tuple(c + (0 if a else 500) for c, a in zip(contributions, all_in, strict=True)),
        folded=tuple(folded),
        all_in=tuple(all_in),
        board=BOARD,
        hands=tuple(None if f else hands[s] for s, f in enumerate(folded)),
        button=0,
    )


def test_main_and_side_pots_when_all_ins_differ() -> None:
    layered = made([50, 100, 200, 200], [False] * 4, [True, True, False, False])
    assert "main-and-side-pots" in side_pots.concepts_of(layered)
    level = made([200, 200, 200], [False] * 3, [False] * 3)
    assert "main-and-side-pots" not in side_pots.concepts_of(level)


def test_folded_chips_in_a_pot_the_folder_cannot_win() -> None:
    q = made([100, 300, 300, 150], [False, False, False, True], [True, False, False, False])
    assert len(side_pots.breakdown(q).pots) == 2
    assert "side-pot-folded-contributor" in side_pots.concepts_of(q)
    nobody_folded = made([100, 300, 300, 150], [False] * 4, [True, False, False, True])
    assert "side-pot-folded-contributor" not in side_pots.concepts_of(nobody_folded)
    one_pot = made([300, 300, 150], [False, False, True], [False] * 3)
    assert "side-pot-folded-contributor" not in side_pots.concepts_of(one_pot)


def test_odd_chip_when_a_split_pot_does_not_divide() -> None:
    odd = made([50, 50, 5], [False, False, True], [False] * 3)  # 105 between two
    assert side_pots.the_award(odd).pots[0].odd_chips == 1
    assert "odd-chip" in side_pots.concepts_of(odd)
    even = made([50, 50, 10], [False, False, True], [False] * 3)
    assert "odd-chip" not in side_pots.concepts_of(even)


def test_uncalled_bet_returned() -> None:
    q = made([100, 300, 40], [False, False, True], [True, False, False])
    assert side_pots.breakdown(q).returned == (0, 200, 0)
    assert "uncalled-bet" in side_pots.concepts_of(q)
    called = made([100, 300, 300], [False] * 3, [True, False, False])
    assert "uncalled-bet" not in side_pots.concepts_of(called)


# -- aimed questions -----------------------------------------------------------------
def test_every_concept_has_a_test_a_shape_and_exists() -> None:
    assert set(side_pots.CONCEPTS) == set(side_pots.CONCEPT_TESTS) == set(side_pots.AIMED)
    assert set(side_pots.CONCEPTS) <= set(CONCEPTS)
    assert dict(side_pots.DRILL.concepts) == side_pots.CONCEPTS


@pytest.mark.parametrize("concept", sorted(side_pots.CONCEPTS))
def test_aimed_questions_exercise_their_concept_and_stay_consistent(concept: str) -> None:
    for level in side_pots.CONCEPTS[concept]:
        for seed in range(15):
            q = side_pots.DRILL.deal(seed, level, concept)
            assert concept in side_pots.concepts_of(q), (concept, level, seed)
            assert q == side_pots.DRILL.deal(seed, level, concept)
            assert side_pots.DRILL.load(q.to_dict()) == q  # stored whole in a quiz
            assert sum(not f for f in q.folded) >= 2
            for seat, (stack, put) in enumerate(zip(q.stacks, q.contributions, strict=True)):
                assert 0 < put <= stack and (put == stack or not q.all_in[seat])
            assert sum(side_pots.the_award(q).payouts) == sum(q.contributions)


def test_aimed_uncalled_bet_keeps_the_level_s_chip_unit() -> None:
    for seed in range(20):
        q = side_pots.DRILL.deal(seed, "medium", "uncalled-bet")
        assert all(c % 10 == 0 for c in q.contributions)


@pytest.mark.django_db
def test_an_aimed_question_is_answered_through_the_page(client: Client) -> None:
    q = side_pots.DRILL.deal(5, "hard", "odd-chip")
    token = make_token("side-pots", 5, "hard", {"c": "odd-chip"})
    payouts = {f"payout{s}": str(p) for s, p in enumerate(side_pots.the_award(q).payouts)}
    html = client.post(
        "/en/drills/side-pots/", {"token": token, "stage": "2", **payouts}
    ).content.decode()
    assert 'class="feedback__verdict ok"' in html
    assert "odd chip" in html
