from __future__ import annotations

import pytest
from django.test import Client

from tutor.drills import side_pots
from tutor.drills.base import make_token
from tutor.engine import pots

pytestmark = pytest.mark.django_db


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
    progress = client.session["drill_progress"]["side-pots"]
    assert progress["answered"] == 2 and progress["correct"] == 2


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
