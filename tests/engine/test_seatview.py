"""Per-seat views (:mod:`tutor.engine.seatview`): a learner never sees another seat's hole
cards before showdown."""

from __future__ import annotations

import json

from tutor.engine import events as ev
from tutor.engine.betting import Action
from tutor.engine.hand import Hand, HandSetup, Street
from tutor.engine.rules import Rules
from tutor.engine.seatview import event_for, public_view


def new(stacks, seed=0, holes=None, board="") -> Hand:
    if holes is None:
        return Hand(HandSetup.new(Rules(), stacks, 0, seed=seed))
    return Hand(HandSetup.stacked(Rules(), stacks, 0, holes, board, seed=seed))


def river_hand() -> Hand:
    holes = {0: "Ks Kd", 1: "Qs Qd", 2: "Js Jd"}
    hand = new([1000] * 3, holes=holes, board="2c 5d 9h 3s 7c")
    for text in ("call", "call", "check"):
        hand.do(Action.parse(text))
    while hand.street is not Street.RIVER:
        hand.check()
    for text in ("check", "bet 100", "call", "call"):  # seat 1 (queens) will muck
        hand.do(Action.parse(text))
    return hand


def test_folded_and_mucked_hands_are_never_shown_czech():
    hand = river_hand()
    assert any(isinstance(e, ev.Muck) and e.seat == 1 for e in hand.events)
    muck_cards = {c.code for c in hand.holes[1]}
    for viewer in (0, 2, None):
        text = json.dumps(hand.view(viewer))
        assert not any(code in text for code in muck_cards)
    assert all(code in json.dumps(hand.view(1)) for code in muck_cards)


def test_view_never_contains_another_seats_hole_cards_before_showdown():
    hand = new([1000] * 4, seed=21)
    while not hand.is_over:
        for viewer in range(4):
            text = json.dumps(hand.view(viewer))
            for seat, cards in hand.holes.items():
                for card in cards:
                    assert (card.code in text) == (seat == viewer or card in hand.board)
        hand.check_or_call()
    shown = {e.seat for e in hand.events if isinstance(e, ev.ShowHand)}
    text = json.dumps(hand.view(None))
    assert shown and all(c.code in text for s in shown for c in hand.holes[s])


def test_view_hides_burnt_cards_and_the_deck():
    rules = Rules.no_limit(50, 100, burn_cards=True)
    hand = Hand(HandSetup.new(rules, [1000, 1000], 0, seed=4))
    hand.all_in()
    hand.call()
    burns = [e.card.code for e in hand.events if isinstance(e, ev.Burn)]
    view = hand.view(0)
    assert [e["card"] for e in view["history"] if e["kind"] == "burn"] == [None] * 3
    assert "deck" not in json.dumps(view)
    assert burns  # the burnt cards exist in the full state only
    board = {c.code for c in hand.board}
    text = json.dumps(view)
    assert all(b not in text for b in burns if b not in board)


def test_view_offers_options_only_to_the_seat_to_act():
    hand = new([1000] * 3, seed=2)
    assert hand.view(hand.to_act)["options"]["min_to"] == 200
    assert all(hand.view(s)["options"] is None for s in range(3) if s != hand.to_act)


def test_view_reports_stacks_bets_and_payouts():
    hand = new([1000] * 3, seed=2)
    view = hand.view(0)
    assert [s["bet"] for s in view["seats"]] == [0, 50, 100]
    assert view["pot"] == 150 and view["payouts"] is None
    hand.fold()
    hand.fold()
    view = hand.view(0)
    # The big blind's uncalled 50 came back as a return_uncalled event; the pot was 100.
    assert view["payouts"] == [0, 0, 100] and view["street"] == "complete"
    assert [s["stack"] for s in view["seats"]] == [1000, 950, 1050]


def test_hand_view_is_the_seat_view_of_the_hand():
    hand = river_hand()
    for viewer in (0, 1, 2, None):
        assert hand.view(viewer) == public_view(hand, viewer)
    deal = next(e for e in hand.events if isinstance(e, ev.DealHole) and e.seat == 2)
    assert event_for(hand, 0, deal)["cards"] == ["Js", "Jd"]  # seat 2 showed at showdown
    assert event_for(hand, 0, ev.Burn(hand.board[0]))["card"] is None
