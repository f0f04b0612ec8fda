"""The Teen Patti 20-20 round at its casino layout: chips onto spots, typed bets read in the
learner's language, every spot settled as the engine settles it, money with two decimals,
and every bad press answered with an error beside its spot while the other bets stay."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from django.test import Client

from tutor.core.locales import format_number
from tutor.drills.teenpatti_round import (
    CHIPS,
    SESSION_KEY,
    START_BALANCE,
    TABLE_MAX,
    TABLE_MIN,
    money,
    play,
    slip,
    views,
)
from tutor.engine import tp2020

URL = "/en/drills/teenpatti-round/"


def post(client: Client, language: str = "en", **fields: str) -> Any:
    return client.post(f"/{language}/drills/teenpatti-round/", fields)


def deal(client: Client, round_no: int = 1, language: str = "en", **bets: str) -> Any:
    return post(client, language, action="deal", round=str(round_no), **bets)


def state(client: Client) -> dict[str, Any]:
    return client.session.get(SESSION_KEY) or {}


def text(response: Any) -> str:
    """The page as text (tags dropped, entities read), one space between words."""
    page = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html.unescape(page))


@pytest.fixture
def seeds(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Deal seeded rounds: each deal takes the next seed of the list."""
    queue: list[int] = []
    monkeypatch.setattr(views, "new_seed", lambda: queue.pop(0))
    yield queue


# --- settled as the engine settles ------------------------------------------------------


SLIPS = [
    {"player_a": "10", "tie": "10", "pair_plus_b": "50", "six_card_bonus": "20"},
    {"player_b": "100", "pair_plus_a": "10", "tie": "30"},
    {"player_a": "500", "player_b": "500"},
]


@pytest.mark.django_db
@pytest.mark.parametrize("stakes", SLIPS)
def test_each_spot_is_settled_as_the_engine_settles_it(
    client: Client, seeds: list[int], stakes: dict[str, str]
) -> None:
    balance = START_BALANCE
    for round_no, seed in enumerate(range(100, 120), start=1):
        seeds.append(seed)
        response = deal(client, round_no, **stakes)
        assert response.status_code == 200
        dealt = tp2020.deal_round(seed)
        engine = tp2020.settle(dealt.hand_a, dealt.hand_b, stakes)
        page = response.content.decode()
        for line in engine.lines:
            # The spot carries the engine's outcome, and its badge the signed amount.
            assert f"tp-spot--{line.bet} tp-spot--{line.outcome}" in page
            amount = money.signed(line.returned - line.stake, "en")
            spot = page.split(f'id="tp-add-{line.bet}"')[1].split("</li>")[0]
            assert f": {amount}</p>" in spot  # "Win: +9.50", the label and the amount
        balance += engine.net
        assert state(client)["balance"] == str(balance)
        assert money.signed(engine.net, "en") in text(response)
        if balance < sum(Decimal(v) for v in stakes.values()):
            break


@pytest.mark.django_db
def test_the_round_is_dealt_a1_b1_a2_b2_a3_b3_from_its_seed(client: Client, seeds: list) -> None:
    seeds.append(2020)
    deal(client, player_a="10")
    entry = state(client)["history"][0]
    dealt = tp2020.deal_round(entry["seed"])
    assert entry["seed"] == 2020 and dealt.deal_order[0::2] == dealt.hand_a
    page = client.get(URL).content.decode()  # the result stays on the table until a change
    for card in dealt.hand_a + dealt.hand_b:
        assert f"card--{card.suit.code}" in page


@pytest.mark.django_db
def test_expected_result_uses_the_exact_rtp(client: Client) -> None:
    deal(client, tie="100", player_a="50")
    rtp = tp2020.return_to_player()
    exact = 100 * (rtp["tie"] - 1) + 50 * (rtp["player_a"] - 1)
    assert Fraction(state(client)["expected"]) == exact
    shown = money.signed(exact, "en")
    assert f">{shown}</dd>" in client.get(URL).content.decode()


@pytest.mark.django_db
def test_rounds_played_keeps_counting_past_the_history(client: Client) -> None:
    for round_no in range(1, 24):
        deal(client, round_no, player_a="10")
    assert len(state(client)["history"]) < 23
    assert "<dd>23</dd>" in client.get(URL).content.decode()


# --- money ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "balance", "net", "loss"),
    [
        ("en", "907.50", "+37.50", "\u221210.00"),
        ("ja", "907.50", "+37.50", "\u221210.00"),
        ("hi", "907.50", "+37.50", "\u221210.00"),
        ("bn", "907.50", "+37.50", "\u221210.00"),
        ("cs", "907,50", "+37,50", "\u221210,00"),
    ],
)
def test_money_always_has_two_decimals(language: str, balance: str, net: str, loss: str) -> None:
    assert money.plain(Decimal("907.5"), language) == balance
    assert money.signed(Decimal("37.5"), language) == net
    assert money.signed(Decimal(-10), language) == loss
    assert money.signed(Decimal(0), language) == format_number(Decimal(0), language, decimals=2)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ja", "hi", "bn", "cs"])
def test_the_page_shows_money_with_two_decimals(
    client: Client, seeds: list[int], language: str
) -> None:
    seeds.append(7)
    response = deal(client, 1, language, player_a="10", player_b="10")
    page = text(response)
    balance = Decimal(state(client)["balance"])
    assert money.plain(balance, language) in page
    assert money.plain(Decimal(20), language) in page  # staked
    assert not re.search(r"\d[.,]\d(?!\d)", page)  # never one decimal, as in "37.5"
    assert "1000 " not in page  # grouped, as Babel does


# --- bad presses and bad bets -----------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("0.01", "whole chips"),
        ("-5", "cannot be negative"),
        ("1e9", "in digits"),
        ("10,5", "whole chips"),
        ("15", "whole chips"),
        ("\u0661\u0660", "in digits"),  # Arabic-Indic digits: not a script of this site
        ("abc", "in digits"),
        ("1010", "table maximum"),
        ("9" * 50, "in digits"),
    ],
)
def test_a_bad_typed_bet_is_refused_beside_its_spot_and_nothing_is_lost(
    client: Client, typed: str, message: str
) -> None:
    post(client, chip="50", add="player_b")
    response = deal(client, tie=typed, player_b="50")
    assert response.status_code == 422
    spot = response.content.decode().split('id="tp-add-tie"')[1].split("</li>")[0]
    assert message in html.unescape(spot)
    assert 'aria-invalid="true"' in spot and html.escape(typed[:40]) in spot
    assert state(client)["slip"] == {"player_b": "50"} and state(client)["history"] == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"add": "jackpot"}, "no such bet spot"),
        ({"clear": "<script>"}, "no such bet spot"),
        ({"add": ""}, "no such bet spot"),
        ({"add": "tie", "chip": "7"}, "one of the chips"),
        ({"add": "tie", "chip": ""}, "one of the chips"),
        ({"action": "deal", "round": "1"}, "at least one bet"),
    ],
)
def test_forged_presses_are_refused(client: Client, fields: dict, message: str) -> None:
    response = post(client, **fields)
    assert response.status_code == 422
    assert message in text(response)
    assert state(client).get("history", []) == []


@pytest.mark.django_db
def test_overdrawing_the_balance_is_refused(client: Client) -> None:
    post(client, player_a="1000")
    response = post(client, chip="10", add="tie")
    assert response.status_code == 422 and "Not enough play money" in text(response)
    response = deal(client, player_a="1000", player_b="500")
    assert response.status_code == 422
    assert "Not enough play money" in text(response) and state(client)["history"] == []
    assert state(client)["slip"] == {"player_a": "1000", "player_b": "500"}  # kept to fix


@pytest.mark.django_db
def test_a_spot_stops_at_the_table_maximum(client: Client) -> None:
    for _ in range(2):
        post(client, chip="500", add="player_a")
    response = post(client, chip="10", add="player_a")
    assert response.status_code == 422 and "table maximum" in text(response)
    assert state(client)["slip"] == {"player_a": str(TABLE_MAX)}


@pytest.mark.django_db
def test_a_double_submitted_deal_deals_once(client: Client) -> None:
    deal(client, player_b="10")
    response = deal(client, player_b="10")
    assert response.status_code == 422 and "already dealt" in text(response)
    assert len(state(client)["history"]) == 1
    assert "Round 1:" in text(response)  # the round that was dealt is shown


# --- reading bets the learner's way -----------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "typed", "value"),
    [("cs", "1\u00a0000", "1000"), ("bn", "\u09e7\u09e6\u09e6", "100"), ("hi", "५०", "50")],
)
def test_bets_are_read_in_the_learners_language(
    client: Client, language: str, typed: str, value: str
) -> None:
    response = post(client, language, player_a=typed, update="")
    assert response.status_code == 200
    assert state(client)["slip"] == {"player_a": value}


def test_read_bet_holds_bets_to_the_table() -> None:
    assert slip.read_bet(" ", "en") == 0
    assert slip.read_bet(str(TABLE_MIN), "en") == TABLE_MIN
    assert all(chip % CHIPS[0] == 0 for chip in CHIPS)
    with pytest.raises(slip.BetError, match="above_maximum"):
        slip.read_bet(str(TABLE_MAX + CHIPS[0]), "en")


# --- without JavaScript, and with htmx --------------------------------------------------


@pytest.mark.django_db
def test_chips_clear_and_deal_without_javascript(client: Client, seeds: list[int]) -> None:
    assert "Three cards, dealt when you press Deal." in text(client.get(URL))
    post(client, chip="50", add="tie")
    post(client, chip="10", add="tie")
    post(client, chip="100", add="player_a")
    post(client, chip="100", add="pair_plus_a")
    response = post(client, clear="pair_plus_a")
    assert state(client)["slip"] == {"player_a": "100", "tie": "60"}
    assert state(client)["chip"] == 100
    page = response.content.decode()
    assert 'id="tp-chip-100" name="chip" value="100" checked' in page
    assert 'aria-label="Tie, pays 50 to 1, your bet 60.00"' in page
    assert 'aria-label="Pair Plus A, pays up to 50 to 1, no bet"' in page
    seeds.append(11)
    response = deal(client, player_a="100", tie="60")
    assert response.status_code == 200
    assert "Settlement, line by line" in text(response)
    assert state(client)["slip"] == {"player_a": "100", "tie": "60"}  # ready to deal again
    post(client, action="clear_all")
    assert state(client)["slip"] == {} and "Settlement" not in text(client.get(URL))


@pytest.mark.django_db
def test_htmx_swaps_the_layout_and_announces(client: Client) -> None:
    response = client.post(URL, {"chip": "50", "add": "tie"}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200 and "<html" not in page
    assert 'id="tp-announce" hx-swap-oob="innerHTML">Tie: your bet is now 50.00.' in page
    response = client.post(URL, {"action": "deal", "round": "1"}, HTTP_HX_REQUEST="true")
    assert "Settlement, line by line" in response.content.decode()


@pytest.mark.django_db
def test_start_again_restores_the_balance(client: Client) -> None:
    deal(client, player_a="100")
    post(client, action="reset")
    assert state(client)["balance"] == str(START_BALANCE) and state(client)["round"] == 1


@pytest.mark.django_db
def test_an_old_stored_table_starts_afresh(client: Client) -> None:
    session = client.session
    session[SESSION_KEY] = {"balance": "5", "round": 3, "history": [{"round": 1}]}
    session.save()
    assert client.get(URL).status_code == 200
    assert play.load_state(client.session)["balance"] == str(START_BALANCE)
