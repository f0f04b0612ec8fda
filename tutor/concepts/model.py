"""What a concept and a topic are (the concept map itself is ``catalog.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise

HOLDEM_PAGE = "texas-holdem"
TEENPATTI_PAGE = "teen-patti-20-20"


@dataclass(frozen=True)
class Topic:
    id: str
    game: str  # "holdem" or "teenpatti"
    title: Promise


@dataclass(frozen=True)
class Concept:
    id: str
    topic: str  # a Topic id
    title: Promise
    summary: Promise
    page: str  # the rule page's slug
    anchor: str  # the section's id on that page
