"""The concept map: every rule a learner must master, in teaching order within each topic.

Each concept has a public id (used in addresses: ``?concept=kickers``), a title and a
one-line summary (translated through the interface catalogs, like every other string),
its game and topic, and the rule-page section that teaches it. Which drills exercise a
concept, and at which levels, each drill says itself (``Drill.concepts``); the registry
puts the two together (``tutor.drills.practice``). The concepts themselves are in
``holdem.py`` and ``teenpatti.py``.
"""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from .holdem import BETTING, HANDS, ODDS, POTS, TOURNAMENTS
from .model import Concept, Topic
from .teenpatti import TEENPATTI

__all__ = ["CONCEPTS", "TOPICS", "Concept", "Topic", "by_topic"]

TOPICS = (
    Topic("holdem-hands", "holdem", pgettext_lazy("concept topic", "Hold'em hands")),
    Topic("holdem-betting", "holdem", pgettext_lazy("concept topic", "Betting")),
    Topic("pots", "holdem", pgettext_lazy("concept topic", "Pots and the showdown")),
    Topic("tournaments", "holdem", pgettext_lazy("concept topic", "Tournaments")),
    Topic("odds", "holdem", pgettext_lazy("concept topic", "Odds")),
    Topic("teenpatti", "teenpatti", pgettext_lazy("concept topic", "Hands, bets and payouts")),
)

CONCEPTS: dict[str, Concept] = {
    c.id: c for c in (*HANDS, *BETTING, *POTS, *TOURNAMENTS, *ODDS, *TEENPATTI)
}


def by_topic() -> list[tuple[Topic, list[Concept]]]:
    """Every topic with its concepts, in teaching order."""
    return [(topic, [c for c in CONCEPTS.values() if c.topic == topic.id]) for topic in TOPICS]
