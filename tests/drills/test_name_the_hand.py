from __future__ import annotations

import pytest
from django.test import Client

from tutor.drills import name_the_hand
from tutor.drills.base import make_token
from tutor.engine import holdem, teenpatti

pytestmark = pytest.mark.django_db


def answer_for(question: dict) -> str:
    if question.game == "holdem":
        return holdem.evaluate(question.cards).code
    return teenpatti.evaluate(question.cards).code


def find_seed(level: str, game: str) -> int:
    return next(s for s in range(500) if name_the_hand.generate(s, level).game == game)


def test_every_category_is_drilled() -> None:
    seen = {answer_for(name_the_hand.generate(s, "medium")) for s in range(300)}
    assert seen == set(name_the_hand.HOLDEM_TARGETS)


def test_easy_level_deals_teen_patti_too() -> None:
    games = {name_the_hand.generate(s, "easy").game for s in range(40)}
    assert games == {"holdem", "teenpatti"}


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_correct_category(client: Client, level: str, language: str) -> None:
    seed = find_seed(level, "holdem")
    question = name_the_hand.generate(seed, level)
    data = {"token": make_token("name-the-hand", seed, level), "category": answer_for(question)}
    if question.pick_five:
        data["five"] = [c.code for c in holdem.evaluate(question.cards).best_five]
    response = client.post(f"/{language}/drills/name-the-hand/", data, HTTP_HX_REQUEST="true")
    assert 'class="feedback__verdict ok"' in response.content.decode()


def test_wrong_category_explains_both(client: Client) -> None:
    seed = find_seed("easy", "holdem")
    question = name_the_hand.generate(seed, "easy")
    wrong = next(c for c in name_the_hand.HOLDEM_TARGETS if c != answer_for(question))
    data = {"token": make_token("name-the-hand", seed, "easy"), "category": wrong}
    html = client.post("/en/drills/name-the-hand/", data).content.decode()
    assert "Not quite." in html and "You chose" in html


def test_hard_level_checks_the_best_five(client: Client) -> None:
    question = name_the_hand.generate(4, "hard")
    best = holdem.evaluate(question.cards).best_five
    others = [c for c in question.cards if c not in best]
    wrong_five = [c.code for c in (*best[:3], *others[:2])]
    data = {
        "token": make_token("name-the-hand", 4, "hard"),
        "category": answer_for(question),
        "five": wrong_five,
    }
    html = client.post("/en/drills/name-the-hand/", data).content.decode()
    assert "are not the best five" in html and "Not quite." in html


@pytest.mark.parametrize("five", [["As"], ["Zz", "1x", "Kd", "Qd", "Jd"], []])
def test_hard_level_bad_picks(client: Client, five: list[str]) -> None:
    question = name_the_hand.generate(4, "hard")
    data = {
        "token": make_token("name-the-hand", 4, "hard"),
        "category": answer_for(question),
        "five": five,
    }
    response = client.post("/en/drills/name-the-hand/", data)
    assert response.status_code == 422


def test_unknown_category(client: Client) -> None:
    data = {"token": make_token("name-the-hand", 1, "easy"), "category": "pure_magic"}
    assert client.post("/ja/drills/name-the-hand/", data).status_code == 422
