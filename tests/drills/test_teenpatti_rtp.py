"""Return to player: the bet with the best exact return wins, in every language."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client

from tutor.drills import teenpatti_rtp
from tutor.drills.base import AnswerError, make_token
from tutor.engine import tp2020

DRILL = teenpatti_rtp.DRILL
URL = f"/en/drills/{DRILL.slug}/"


@pytest.mark.parametrize(("level", "count"), [("easy", 2), ("medium", 3), ("hard", 4)])
def test_levels_offer_more_bets_each_of_another_return(level: str, count: int) -> None:
    table = tp2020.return_to_player()
    for seed in range(30):
        bets = DRILL.generate(seed, level).bets
        assert len(bets) == count
        assert len({table[bet] for bet in bets}) == count  # never Player A beside Player B


def test_the_best_bet_is_the_engines() -> None:
    question = teenpatti_rtp.Question(("tie", "pair_plus_b", "player_a"))
    assert teenpatti_rtp.best_bet(question) == "player_a"  # 97.50 % beats 93.09 % and 5.64 %
    grade = DRILL.grade(question, {"best": ["pair_plus_b"]})
    assert not grade.correct and grade.best_name == "Player A"
    assert [row.bet for row in grade.rows] == ["player_a", "pair_plus_b", "tie"]
    assert str(grade.rows[0].back) == "97.50"  # 9,543,327 / 9,787,750 of 100 chips
    assert str(grade.rows[2].back) == "5.64"  # the Tie bet: 3,249 / 57,575
    assert grade.rows[0].rtp == Decimal("0.975028")


def test_concepts_come_from_the_exact_table() -> None:
    assert DRILL.concepts_of(teenpatti_rtp.Question(("tie", "six_card_bonus"))) == {"tp-rtp"}
    # Two bets of one return cannot be told apart: no question about the table.
    assert DRILL.concepts_of(teenpatti_rtp.Question(("player_a", "player_b"))) == frozenset()


@pytest.mark.parametrize("chosen", ["", "nope", "player_c", "<b>", "tie\x00"])
def test_a_bet_not_offered_is_refused(chosen: str) -> None:
    question = teenpatti_rtp.Question(("player_b", "six_card_bonus"))
    with pytest.raises(AnswerError):
        DRILL.grade(question, {"best": [chosen]})


@pytest.mark.django_db
def test_page_and_answer_in_every_language(client: Client, language: str) -> None:
    question = DRILL.generate(5, "hard")
    page = client.get(f"/{language}/drills/{DRILL.slug}/?level=hard&seed=5").content.decode()
    assert page.count('name="best"') == 4
    token = make_token(DRILL.slug, 5, "hard")
    html = client.post(
        f"/{language}/drills/{DRILL.slug}/",
        {"token": token, **DRILL.right_answer(question)},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert 'class="feedback__verdict ok"' in html and "best-row" in html
