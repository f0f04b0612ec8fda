from __future__ import annotations

import re

import pytest
from django.test import Client

from tutor.drills import holdem_showdown
from tutor.drills.base import make_token
from tutor.engine import holdem

pytestmark = pytest.mark.django_db


def token_of(html: str) -> str:
    return re.search(r'name="token" value="([^"]+)"', html).group(1)  # type: ignore[union-attr]


def test_without_seed_redirects_to_a_reproducible_question(client: Client) -> None:
    response = client.get("/en/drills/holdem-showdown/")
    assert response.status_code == 302
    assert re.search(r"\?level=easy&seed=\d+$", response["Location"])


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_same_seed_same_question(level: str) -> None:
    assert holdem_showdown.generate(7, level) == holdem_showdown.generate(7, level)
    assert holdem_showdown.generate(7, level) != holdem_showdown.generate(8, level)


def test_levels_change_the_number_of_players() -> None:
    counts = {
        lvl: {len(holdem_showdown.generate(s, lvl).hands) for s in range(40)}
        for lvl in ("easy", "hard")
    }
    assert counts["easy"] == {2}
    assert max(counts["hard"]) >= 5


def test_hard_level_favours_close_decisions() -> None:
    def close(level: str) -> int:
        n = 0
        for seed in range(60):
            q = holdem_showdown.generate(seed, level)
            n += holdem.showdown(q.board, q.hands).decided_by.kind in holdem_showdown.CLOSE
        return n

    assert close("hard") > close("easy")


def test_question_page_has_no_answer_key(client: Client, language: str) -> None:
    html = client.get(f"/{language}/drills/holdem-showdown/?level=hard&seed=42").content.decode()
    assert 'id="feedback"' in html and 'role="status"' in html
    assert "showdown-row--winner" not in html
    assert "card--best" not in html


def _answer_holdem(client: Client, seed: int, level: str, correct: bool, **headers: str):
    question = holdem_showdown.generate(seed, level)
    winners = holdem.showdown(question.board, question.hands).winners
    chosen = (
        list(winners)
        if correct
        else [i for i in range(len(question.hands)) if i not in winners][:1]
    )
    token = make_token("holdem-showdown", seed, level)
    return client.post(
        "/en/drills/holdem-showdown/",
        {"token": token, "winners": [str(i) for i in chosen]},
        **headers,
    )


def test_correct_answer_htmx_partial(client: Client) -> None:
    response = _answer_holdem(client, 11, "medium", True, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert "Correct!" in html
    assert 'hx-swap-oob="true"' in html
    assert "best five:" in html


def test_wrong_answer_full_page_explains(client: Client) -> None:
    response = _answer_holdem(client, 11, "medium", False)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html and "Not quite." in html
    assert 'class="explanation"' in html


def test_double_submit_counts_once(client: Client) -> None:
    _answer_holdem(client, 5, "easy", True)
    _answer_holdem(client, 5, "easy", True)
    progress = client.session["drill_progress"]["holdem-showdown"]
    assert progress["answered"] == 1 and progress["correct"] == 1 and progress["streak"] == 1


def test_streak_resets_on_a_wrong_answer(client: Client) -> None:
    _answer_holdem(client, 1, "easy", True)
    _answer_holdem(client, 2, "easy", True)
    _answer_holdem(client, 3, "easy", False)
    progress = client.session["drill_progress"]["holdem-showdown"]
    assert progress == {"answered": 3, "correct": 2, "streak": 0, "best_streak": 2}


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"token": "forged"},
        {"token": make_token("teenpatti-showdown", 1, "easy"), "winners": "0"},
        {"token": make_token("holdem-showdown", 1, "easy"), "winners": "9"},
        {"token": make_token("holdem-showdown", 1, "easy"), "winners": "-1"},
        {"token": make_token("holdem-showdown", 1, "easy")},
        {"token": make_token("holdem-showdown", 1, "easy"), "winners": "x" * 5000},
    ],
)
def test_bad_input_gets_a_message_not_an_error(client: Client, data: dict) -> None:
    response = client.post("/cs/drills/holdem-showdown/", data)
    assert response.status_code in (400, 422)
    html = response.content.decode()
    assert 'class="notice"' in html or 'class="error"' in html
    assert "drill_progress" not in client.session


@pytest.mark.parametrize(
    "query", ["?seed=abc", "?seed=-5", "?seed=99999999999999999999", "?level=expert&seed=3"]
)
def test_bad_links_give_a_fresh_question(client: Client, query: str) -> None:
    response = client.get(f"/hi/drills/holdem-showdown/{query}")
    assert response.status_code == 200
    assert 'class="notice"' in response.content.decode()


def test_drill_index_lists_drills(client: Client, language: str) -> None:
    html = client.get(f"/{language}/drills/").content.decode()
    assert f'href="/{language}/drills/holdem-showdown/"' in html
    assert f'href="/{language}/drills/teenpatti-showdown/"' in html


def test_rule_page_situation_opens_in_the_drill(client: Client) -> None:
    url = "/en/drills/holdem-showdown/?board=Kh+Kd+7c+4s+2h&hands=As+Qd%7CAc+Jd"
    html = client.get(url).content.decode()
    assert 'aria-label="Ace of spades"' in html and 'aria-label="Jack of diamonds"' in html
    token = token_of(html)
    response = client.post("/en/drills/holdem-showdown/", {"token": token, "winners": "0"})
    assert "Correct!" in response.content.decode()  # As-Qd's queen kicker beats Ac-Jd


@pytest.mark.parametrize(
    "query",
    ["?board=Kh+Kd&hands=As+Qd%7CAc+Jd", "?board=Kh+Kd+7c+4s+2h&hands=Kh+Qd%7CAc+Jd", "?hands=zz"],
)
def test_bad_situation_links_fall_back_to_a_new_question(client: Client, query: str) -> None:
    response = client.get(f"/en/drills/holdem-showdown/{query}")
    assert response.status_code == 200
    assert 'class="notice"' in response.content.decode()


def test_rule_page_examples_link_to_drills(client: Client) -> None:
    html = client.get("/cs/rules/texas-holdem/").content.decode()
    assert 'href="/cs/drills/holdem-showdown/?level=easy&amp;board=' in html
    assert 'href="/cs/drills/name-the-hand/?level=easy&amp;game=holdem&amp;cards=' in html
