"""Events are immutable and round-trip through JSON."""

from __future__ import annotations

import dataclasses
import doctest
import json

import pytest

from tutor.engine import events
from tutor.engine.cards import Card, parse_cards
from tutor.engine.errors import InvalidInput

SAMPLES = [
    events.HandStart(3, 1, 2, 3, 50, 100, 0, (1000, None, 950, 70)),
    events.PostAnte(2, 10, False),
    events.PostBlind(3, "big", 70, True),
    events.DealHole(2, parse_cards("As Kd")),
    events.Burn(Card.parse("2c")),
    events.DealBoard("flop", parse_cards("Qh Jh Th"), True),
    events.Fold(1),
    events.Check(2),
    events.Call(2, 100, False),
    events.Bet(2, 100, 100, False, True),
    events.Raise(3, 170, 70, True, False),
    events.ReturnUncalled(2, 30),
    events.ShowHand(2, parse_cards("As Kd"), "straight", parse_cards("As Kd Qh Jh Th")),
    events.Muck(3),
    events.AwardPot(0, 340, (2, 3), (2,), ((2, 340),), 0),
    events.HandEnd((0, 0, 340, 0), (1000, None, 1190, 0)),
]


def test_events_doctests():
    assert doctest.testmod(events).failed == 0


def test_every_event_kind_has_a_sample():
    assert {e.kind for e in SAMPLES} == set(events.EVENT_TYPES)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: e.kind)
def test_event_round_trips_through_json(event):
    data = json.loads(json.dumps(event.to_dict()))
    assert events.event_from_dict(data) == event


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: e.kind)
def test_events_are_immutable(event):
    field = dataclasses.fields(event)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(event, field, 0)


def test_only_decisions_are_actions():
    assert {e.kind for e in SAMPLES if e.is_action} == {"fold", "check", "call", "bet", "raise"}


@pytest.mark.parametrize(
    "data",
    [{}, {"kind": "shuffle"}, {"kind": "fold"}, {"kind": "deal_hole", "seat": 1, "cards": ["Zz"]}],
)
def test_malformed_events_are_refused(data):
    with pytest.raises(InvalidInput):
        events.event_from_dict(data)


def test_hide_cards_keeps_the_count_not_the_cards():
    hidden = events.hide_cards(SAMPLES[3])
    assert hidden == {"kind": "deal_hole", "seat": 2, "cards": [None, None]}
    assert events.hide_cards(SAMPLES[4])["card"] is None
