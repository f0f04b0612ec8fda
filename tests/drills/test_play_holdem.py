from __future__ import annotations

import re

import pytest
from django.test import Client

from tutor.drills.play_holdem import SESSION_KEY, YOU
from tutor.engine.hand import Hand
from tutor.words.cards import card_name

URL = "/en/drills/play-holdem/"


def start(client: Client, structure: str = "no_limit", opponents: str = "3"):
    return client.post(URL, {"command": "new", "structure": structure, "opponents": opponents})


def hand_of(client: Client) -> Hand:
    return Hand.from_dict(client.session[SESSION_KEY]["hand"])


def step_of(html: str) -> str | None:
    match = re.search(r'name="step" value="(\d+)"', html)
    return match.group(1) if match else None


def play_until_my_turn(client: Client, response):
    for _ in range(20):
        html = response.content.decode()
        if step_of(html):
            return response
        response = client.post(URL, {"command": "next"}) if "Next hand" in html else start(client)
    raise AssertionError("never my turn")


@pytest.mark.django_db
@pytest.mark.parametrize("structure", ["no_limit", "pot_limit", "fixed_limit"])
def test_opponents_hole_cards_stay_hidden_until_shown(client: Client, structure: str) -> None:
    response = play_until_my_turn(client, start(client, structure))
    html = response.content.decode()
    hand = hand_of(client)
    assert hand.to_act == YOU
    for seat, cards in hand.holes.items():
        for card in cards:
            label = f'aria-label="{card_name(card)}"'
            if seat == YOU:
                assert label in html
            elif card not in hand.board:
                assert label not in html, f"seat {seat}'s card leaked"


@pytest.mark.django_db
def test_a_legal_action_moves_the_hand_on(client: Client) -> None:
    response = play_until_my_turn(client, start(client))
    before = len(hand_of(client).events)
    html = response.content.decode()
    act = "check" if 'value="check"' in html else "call"
    response = client.post(
        URL, {"command": "act", "step": step_of(html), "act": act}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert len(hand_of(client).events) > before
    assert "<html" not in response.content.decode()


@pytest.mark.django_db
def test_illegal_raise_gets_the_engine_reason(client: Client) -> None:
    response = play_until_my_turn(client, start(client))
    hand = hand_of(client)
    opts = hand.options()
    if opts.aggression is None:
        pytest.skip("no raise possible in this deal")
    html = response.content.decode()
    data = {
        "command": "act",
        "step": step_of(html),
        "act": opts.aggression.value,
        "amount": str(opts.min_to - 1),
    }
    response = client.post(URL, data)
    assert response.status_code == 422
    assert "smallest" in response.content.decode()
    assert len(hand_of(client).events) == len(hand.events)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "typed"),
    [
        ("cs", "1\u00a0000"),  # as the page writes it (a no-break space): refused before
        ("cs", "1\u202f000"),  # a narrow no-break space
        ("cs", "1 000"),
        ("en", "1,000"),
        ("hi", "१,०००"),  # Devanagari digits, as the bet slip of Teen Patti takes them
        ("bn", "১০০০"),
        ("ja", "１０００"),  # full-width digits (Japanese input)
    ],
)
def test_raise_amount_is_read_as_the_learner_types_it(
    client: Client, language: str, typed: str
) -> None:
    url = f"/{language}/drills/play-holdem/"
    response = play_until_my_turn(client, client.post(url, {"command": "new", "opponents": "3"}))
    hand = hand_of(client)
    opts = hand.options()
    if opts.aggression is None or not opts.min_to <= 1000 <= opts.max_to:
        pytest.skip("no raise to 1,000 possible in this deal")
    data = {
        "command": "act",
        "step": step_of(response.content.decode()),
        "act": opts.aggression.value,
        "amount": typed,
    }
    response = client.post(url, data)
    assert response.status_code == 200
    assert 'class="error"' not in response.content.decode()
    mine = [
        e for e in hand_of(client).events[len(hand.events) :] if getattr(e, "seat", None) == YOU
    ]
    assert getattr(mine[0], "to", None) == 1000


@pytest.mark.django_db
def test_stale_step_is_not_played_twice(client: Client) -> None:
    response = play_until_my_turn(client, start(client))
    html = response.content.decode()
    act = "check" if 'value="check"' in html else "call"
    data = {"command": "act", "step": step_of(html), "act": act}
    client.post(URL, data)
    events = len(hand_of(client).events)
    again = client.post(URL, data)
    assert "already taken" in again.content.decode()
    assert len(hand_of(client).events) == events


@pytest.mark.parametrize(
    "data",
    [
        {"command": "new", "structure": "omaha", "opponents": "3"},
        {"command": "new", "structure": "no_limit", "opponents": "9"},
        {"command": "act", "step": "0", "act": "raise", "amount": "lots"},
        {"command": "act"},
    ],
)
def test_bad_input_is_answered(client: Client, data: dict) -> None:
    response = client.post(URL, data)
    assert response.status_code in (200, 422)
    assert 'class="error"' in response.content.decode()


@pytest.mark.django_db
def test_forged_session_state_starts_over(client: Client) -> None:
    start(client)
    session = client.session
    session[SESSION_KEY] = {"table": {"nonsense": 1}, "hand": {}, "styles": {}}
    session.save()
    response = client.get(URL)
    assert response.status_code == 200
    assert 'name="command" value="new"' in response.content.decode()


@pytest.mark.django_db
def test_hand_plays_to_the_end_with_showdown_or_fold(client: Client, language: str) -> None:
    response = start(client)
    for _ in range(40):
        html = response.content.decode()
        if "Next hand" in html or (language != "en" and 'value="next"' in html):
            break
        step = step_of(html)
        if step is None:
            break
        act = "check" if 'value="check"' in html else "call"
        response = client.post(
            f"/{language}/drills/play-holdem/", {"command": "act", "step": step, "act": act}
        )
    hand = hand_of(client)
    assert hand.is_over
    assert sum(hand.result.payouts) == sum(hand.committed)


@pytest.mark.django_db
def test_hand_over_shows_the_result_banner_and_the_log_newest_first(client: Client) -> None:
    response = start(client)
    for _ in range(40):
        html = response.content.decode()
        step = step_of(html)
        if step is None:
            break
        response = client.post(URL, {"command": "act", "step": step, "act": "allin"})
    html = response.content.decode()
    hand = hand_of(client)
    assert hand.is_over and hand.result is not None
    assert 'class="poker-result"' in html
    assert html.count('class="poker-table__seat poker-table__seat--p') == hand.seats
    log = re.search(r'<ol class="action-log poker-log" reversed>(.*?)</ol>', html, re.S)
    assert log is not None
    numbered = re.findall(r'<li value="(\d+)">(.*?)</li>', log.group(1))
    # Numbered from the oldest: the newest line carries the highest number.
    assert [int(n) for n, _ in numbered] == list(range(len(numbered), 0, -1))
    lines = [line for _, line in numbered]
    assert lines[-1].startswith("Hand ")  # the oldest line last
    assert "wins" in lines[0] or "wins" in lines[1]  # the newest lines first
    assert not re.search(r"\b[2-9TJQKA][shdc]\b", log.group(1))  # no card codes
    winners = {s for pot in hand.result.pots for s, _ in pot.shares}
    assert len(winners) >= 1 and ("wins" in html)


@pytest.mark.django_db
def test_fixed_limit_offers_only_its_fixed_amounts(client: Client) -> None:
    """No 2x/3x/pot presets and no all-in that silently calls: a fixed-limit turn offers
    its one bet or raise size by name."""
    for _attempt in range(10):
        response = play_until_my_turn(client, start(client, "fixed_limit"))
        opts = hand_of(client).options()
        if opts.aggression is not None:
            break
    html = response.content.decode()
    assert opts.aggression is not None and opts.min_to == opts.max_to
    assert 'name="act" value="2x"' not in html and 'value="pot"' not in html
    assert 'type="number"' not in html
    assert re.search(rf"(Bet|Raise to) {opts.max_to:,}</button>", html)
    if opts.max_to != opts.all_in_to and not opts.call_is_all_in:
        assert 'value="allin"' not in html
        step = step_of(html)
        refused = client.post(URL, {"command": "act", "step": step, "act": "allin"})
        assert refused.status_code == 422
        assert len(hand_of(client).events) == int(step or 0)  # nothing was played


@pytest.mark.django_db
def test_no_limit_all_in_says_how_much(client: Client) -> None:
    response = play_until_my_turn(client, start(client))
    opts = hand_of(client).options()
    html = response.content.decode()
    assert re.search(rf'value="allin"[^>]*>All-in \({opts.all_in_to:,}\)</button>', html)
