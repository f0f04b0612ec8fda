from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client

from tutor.drills.teenpatti_round import SESSION_KEY, START_BALANCE
from tutor.engine import tp2020

pytestmark = pytest.mark.django_db
URL = "/en/drills/teenpatti-round/"


def deal(client: Client, round_no: int, **bets: str):
    return client.post(URL, {"action": "deal", "round": str(round_no), **bets})


def test_round_settles_every_line_with_the_engine(client: Client, language: str) -> None:
    response = client.post(
        f"/{language}/drills/teenpatti-round/",
        {
            "action": "deal",
            "round": "1",
            "player_a": "10",
            "tie": "1",
            "pair_plus_b": "5",
            "six_card_bonus": "2.50",
        },
    )
    assert response.status_code == 200
    state = client.session[SESSION_KEY]
    entry = state["history"][0]
    expected = tp2020.settle(
        entry["hand_a"],
        entry["hand_b"],
        {"player_a": "10", "tie": "1", "pair_plus_b": "5", "six_card_bonus": "2.50"},
    )
    assert entry["result"] == expected.result
    assert [line["returned"] for line in entry["lines"]] == [
        str(line.returned) for line in expected.lines
    ]
    assert Decimal(state["balance"]) == START_BALANCE + expected.net
    assert entry["order"][0::2] == entry["hand_a"]  # A1, B1, A2, B2, A3, B3
    assert tp2020.deal_round(entry["seed"]).hand_a == tuple(tp2020.parse_hand(entry["hand_a"], 3))


def test_double_submit_deals_once(client: Client) -> None:
    deal(client, 1, player_b="10")
    response = deal(client, 1, player_b="10")
    assert response.status_code == 422
    assert "already dealt" in response.content.decode()
    assert len(client.session[SESSION_KEY]["history"]) == 1


def test_expected_result_uses_exact_rtp(client: Client) -> None:
    deal(client, 1, tie="100")
    rtp = tp2020.return_to_player()["tie"]
    expected = (Decimal(rtp.numerator) / Decimal(rtp.denominator) - 1) * 100
    assert Decimal(client.session[SESSION_KEY]["expected"]) == expected.quantize(Decimal("0.01"))


@pytest.mark.parametrize(
    ("bets", "message"),
    [
        ({"player_a": "-5"}, "cannot be negative"),
        ({"player_a": "abc"}, "enter a number of chips"),
        ({"player_a": "1.234"}, "two decimal places"),
        ({"player_a": "5000"}, "more than your balance"),
        ({"player_a": "1e400"}, ""),
        ({}, "at least one bet"),
    ],
)
def test_bad_slips_lose_nothing(client: Client, bets: dict, message: str) -> None:
    response = deal(client, 1, **bets)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert SESSION_KEY not in client.session or client.session[SESSION_KEY]["history"] == []


def test_reset_restores_the_balance(client: Client) -> None:
    deal(client, 1, player_a="100")
    client.post(URL, {"action": "reset"})
    assert client.session[SESSION_KEY]["balance"] == str(START_BALANCE)


def test_htmx_deal_returns_the_table_fragment(client: Client) -> None:
    response = client.post(
        URL, {"action": "deal", "round": "1", "player_a": "1"}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert "<html" not in html and "Settlement, line by line" in html


def test_paying_rows_show_decimal_odds(client: Client) -> None:
    for round_no in range(1, 30):
        deal(client, round_no, player_a="1", player_b="1")
        entry = client.session[SESSION_KEY]["history"][0]
        paid = [line for line in entry["lines"] if line["odds"]]
        if paid:
            assert paid[0]["odds"] == "0.95"
            return
    raise AssertionError("no winning main bet in 29 rounds")
