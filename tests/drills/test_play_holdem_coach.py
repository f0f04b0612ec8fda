"""The coach of "play a hand": the price while deciding, decisions recorded as seen, the
review after the hand, show or muck at a lost showdown, and the last twenty hands."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tutor.drills.play_holdem import SESSION_KEY, YOU
from tutor.drills.play_holdem.hands import HANDS_KEY, LIMIT
from tutor.engine.deal import HandSetup
from tutor.engine.hand import Hand
from tutor.engine.rules import Rules
from tutor.engine.table import Table
from tutor.words.base import number
from tutor.words.cards import card_name

from .test_play_holdem import URL, hand_of, play_until_my_turn, start, step_of

pytestmark = pytest.mark.django_db


def act(client: Client, html: str, what: str = "") -> str:
    if not what:
        what = "check" if 'value="check"' in html else "call"
    response = client.post(URL, {"command": "act", "step": step_of(html), "act": what})
    return response.content.decode()


def play_out(client: Client, html: str) -> str:
    """Check or call until the hand is over."""
    for _ in range(40):
        if step_of(html) is None:
            return html
        html = act(client, html)
    raise AssertionError("the hand never ended")


def test_the_price_of_a_call_is_shown_while_deciding(client: Client) -> None:
    html = play_until_my_turn(client, start(client)).content.decode()
    hand = hand_of(client)
    opts = hand.options()
    panel = re.search(r'<p class="poker-price">(.*?)</p>', html)
    assert panel is not None
    if opts.can_check:
        assert panel.group(1) == f"Pot: {hand.pot:,} · Nothing to call: checking is free."
    else:
        need = round(100 * opts.to_call / (hand.pot + opts.to_call))
        assert f"Pot: {hand.pot:,} · To call: {opts.to_call:,} · Pot odds " in panel.group(1)
        assert f"you need to win {need}% of the time" in panel.group(1)
    status = re.search(r'id="play-status".*?</div>', html, re.S)
    assert status is not None and panel.group(1) in status.group(0)  # read out politely


def test_each_decision_is_recorded_as_the_learner_saw_it(client: Client) -> None:
    html = play_until_my_turn(client, start(client)).content.decode()
    before = hand_of(client)
    opts = before.options()
    act(client, html)
    choices = client.session[SESSION_KEY]["choices"]
    assert len(choices) == 1
    choice = choices[0]
    assert choice["step"] == len(before.events) and choice["street"] == before.street.value
    assert choice["pot"] == before.pot
    assert choice["to_call"] == (0 if opts.can_check else opts.to_call)
    assert choice["board"] == [c.code for c in before.board]
    assert choice["action"]["kind"] in ("check", "call")
    assert choice["estimate"]["deals"] > 0


def test_the_review_lists_each_decision_with_a_verdict(client: Client) -> None:
    html = play_out(client, play_until_my_turn(client, start(client)).content.decode())
    choices = client.session[SESSION_KEY]["choices"]
    review = re.search(r'<ol class="poker-review">(.*?)</ol>', html, re.S)
    assert review is not None
    items = re.findall(r'class="poker-review__verdict">(.*?)</p>', review.group(1))
    assert len(items) == len(choices) >= 1
    assert all(re.search(r"(right|free|Close call|cost you|gave up)", v) for v in items)
    assert "Your equity then:" in review.group(1)
    assert not re.search(r"\b[2-9TJQKA][shdc]\b", review.group(1))  # cards drawn, no codes
    hand_id = client.session[HANDS_KEY][0]["id"]
    assert review.group(1).count(f'href="?hand={hand_id}&amp;step=') == len(choices)


def test_the_kept_hands_stop_at_twenty(client: Client) -> None:
    html = start(client, opponents="1").content.decode()
    for _ in range(LIMIT + 3):
        html = play_out(client, html)
        html = client.post(URL, {"command": "next"}).content.decode()
        if SESSION_KEY not in client.session:
            html = start(client, opponents="1").content.decode()
    kept = client.session[HANDS_KEY]
    assert len(kept) == LIMIT
    page = client.get(URL).content.decode()
    listed = re.search(r'<ol class="poker-kept__list">(.*?)</ol>', page, re.S)
    assert listed is not None and listed.group(1).count("<li>") == LIMIT


def test_a_kept_hand_steps_through_action_by_action(client: Client) -> None:
    play_out(client, play_until_my_turn(client, start(client)).content.decode())
    hand = hand_of(client)
    hand_id = client.session[HANDS_KEY][0]["id"]
    actions = sum(e.kind in ("fold", "check", "call", "bet", "raise") for e in hand.events)
    steps = actions + 1  # the deal, then after each action: counted from 1 as people count
    first = client.get(URL, {"hand": hand_id, "step": "0"}).content.decode()
    assert f"step 1 of {steps}" in first and 'rel="next"' in first and 'rel="prev"' not in first
    last = client.get(URL, {"hand": hand_id, "step": "999"}).content.decode()
    assert f"step {steps} of {steps}" in last and 'rel="next"' not in last
    assert 'class="poker-review"' in last
    partial = client.get(URL, {"hand": hand_id, "step": "1"}, HTTP_HX_REQUEST="true")
    assert "<html" not in partial.content.decode() and "step 2 of" in partial.content.decode()
    bengali = client.get(f"/bn{URL[3:]}", {"hand": hand_id, "step": "0"}).content.decode()
    heading = re.search(r'id="replay-title"[^>]*>([^<]*)<', bengali)
    assert heading is not None and number(steps, "bn") in heading.group(1)


@pytest.mark.parametrize("query", [{"hand": "nope"}, {"hand": "", "step": "x"}])
def test_a_hand_that_is_not_kept_is_answered_not_a_500(client: Client, query: dict) -> None:
    response = client.get(URL, query)
    assert response.status_code == 404
    assert "no longer kept" in response.content.decode()


def lost_showdown(client: Client) -> str:
    """Heads-up, the learner on the button checks the river behind with the worse hand:
    the big blind shows first and wins, so the learner may muck."""
    start(client, opponents="1")
    rules = Rules.no_limit(50, 100)
    setup = HandSetup.stacked(
        rules, [10_000, 10_000], 0, {0: "Kh 7c", 1: "Kd 9d"}, "Ks 7d 2c 9h 4s"
    )
    hand = Hand(setup)
    hand.call()
    hand.check()
    for _ in range(3):
        hand.check()
        if hand.street.value != "river":
            hand.check()
    assert hand.to_act == YOU and hand.street.value == "river"
    session = client.session
    table = Table(rules, [10_000, 10_000], button=0, seed=5)
    table.new_hand()
    session[SESSION_KEY] = {"table": table.to_dict(), "hand": hand.to_dict(),
                            "styles": {"1": "passive"}}  # fmt: skip
    session.save()
    html = client.get(URL).content.decode()
    return act(client, html, "check")


def test_a_lost_showdown_offers_show_or_muck_and_names_the_hand(client: Client) -> None:
    html = lost_showdown(client)
    assert 'value="muck"' in html and 'value="show"' in html
    assert "You had two pair, kings and sevens." in html  # named before the choice too
    mucked = client.post(URL, {"command": "muck"}).content.decode()
    assert "You mucked two pair, kings and sevens: nobody else saw it." in mucked
    assert 'value="muck"' not in mucked
    assert client.session[HANDS_KEY][0]["shown"] is False
    shown = client.post(URL, {"command": "show"}).content.decode()
    assert "You showed two pair, kings and sevens, though you could have mucked it." in shown
    assert client.session[HANDS_KEY][0]["shown"] is True
    kept = client.get(URL, {"hand": client.session[HANDS_KEY][0]["id"]}).content.decode()
    assert "You showed two pair, kings and sevens" in kept


def test_show_or_muck_is_refused_when_there_is_nothing_to_muck(client: Client) -> None:
    play_until_my_turn(client, start(client))
    response = client.post(URL, {"command": "muck"})
    assert response.status_code == 422
    assert "no hand to show or muck" in response.content.decode()


def test_a_kept_hand_shows_no_card_before_its_time(client: Client) -> None:
    """Stepping back through a kept hand shows what the learner could see then: no
    opponent's cards before the showdown, no board card before its street."""
    play_out(client, play_until_my_turn(client, start(client)).content.decode())
    hand = hand_of(client)
    hand_id = client.session[HANDS_KEY][0]["id"]
    first = client.get(URL, {"hand": hand_id, "step": "0"}).content.decode()
    table = first[first.index('class="poker-replay"') : first.index('id="replay-log-title"')]
    hidden = [c for s, cards in hand.holes.items() if s != YOU for c in cards] + hand.board
    for card in hidden:
        assert f'aria-label="{card_name(card)}"' not in table.split('class="poker-review"')[0]


def test_unreadable_kept_hands_are_answered_not_a_500(client: Client) -> None:
    play_out(client, play_until_my_turn(client, start(client)).content.decode())
    session = client.session
    real = session[HANDS_KEY][0]
    broken = {"equity": "1/0", "exact": True, "deals": 1, "error": 0}
    session[HANDS_KEY] = [
        {"id": "x", "number": 1, "hand": {}, "choices": [], "net": 0},
        "junk",
        {**real, "id": "y", "choices": [{**real["choices"][0], "estimate": broken}]},
    ]
    session.save()
    assert client.get(URL).status_code == 200
    for hand_id in ("x", "y"):
        response = client.get(URL, {"hand": hand_id, "step": "1"})
        assert response.status_code == 404
        assert "no longer kept" in response.content.decode()


def test_the_log_tells_the_learners_show_or_muck_only_once_chosen(client: Client) -> None:
    undecided = lost_showdown(client)
    assert "mucks the hand without showing it" not in undecided
    assert "may show or muck" in undecided
    shown = client.post(URL, {"command": "show"}).content.decode()
    assert "mucks the hand" not in shown and "may show or muck" not in shown
    assert re.search(r"\(you\) shows [^<]+: two pair\.<", shown)
    kept = client.get(URL, {"hand": client.session[HANDS_KEY][0]["id"]}).content.decode()
    assert "mucks the hand" not in kept
    assert re.search(r"\(you\) shows [^<]+: two pair\.<", kept)
    mucked = client.post(URL, {"command": "muck"}).content.decode()
    assert "mucks the hand without showing it" in mucked and "may show or muck" not in mucked
