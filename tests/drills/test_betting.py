from __future__ import annotations

import pytest
from django.test import Client

from tutor.drills import betting
from tutor.drills.base import make_token

pytestmark = pytest.mark.django_db
URL = "/en/drills/betting/"


def right_answer(seed: int, level: str) -> dict:
    hand = betting.build(seed, level)
    opts = hand.options()
    data = {"token": make_token("betting", seed, level), "next": str(hand.to_act)}
    if opts.aggression is not None and opts.blocked is None:
        data.update(min_to=str(opts.min_to), max_to=str(opts.max_to))
    else:
        data["no_raise"] = "on"
    return data


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_right_answers_are_correct(client: Client, level: str) -> None:
    for seed in range(8):
        html = client.post(URL, right_answer(seed, level), HTTP_HX_REQUEST="true").content.decode()
        assert 'class="feedback__verdict ok"' in html, (seed, level)


def test_wrong_minimum_is_wrong_and_explained(client: Client) -> None:
    seed = next(
        s
        for s in range(100)
        if "min_to" in right_answer(s, "easy")
        and betting.build(s, "easy").options().min_to != betting.build(s, "easy").options().max_to
    )
    data = right_answer(seed, "easy")
    data["min_to"] = str(int(data["min_to"]) + 1)
    html = client.post(URL, data).content.decode()
    assert "Not quite." in html
    assert "Smallest raise" in html or "smallest bet" in html


def test_levels_cover_the_structures() -> None:
    seen = {betting.generate(s, "hard").structure for s in range(40)}
    assert seen == {"no_limit", "pot_limit", "fixed_limit"}


def test_hard_level_has_blocked_raises() -> None:
    blocked = {betting.build(s, "hard").options().blocked for s in range(120)}
    assert len(blocked - {None}) >= 2


def test_question_narrates_the_hand(client: Client, language: str) -> None:
    html = client.get(f"/{language}/drills/betting/?level=medium&seed=9").content.decode()
    assert 'class="action-log"' in html
    assert html.count("<li>") >= 3


@pytest.mark.parametrize(
    "extra",
    [{"next": "99"}, {"next": "x"}, {"min_to": "-1", "max_to": "5"}, {"min_to": "", "max_to": ""}],
)
def test_bad_answers(client: Client, extra: dict) -> None:
    data = {"token": make_token("betting", 1, "easy"), "next": "0", **extra}
    data.pop("no_raise", None)
    assert client.post(URL, data).status_code == 422
