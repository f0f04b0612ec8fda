"""The concepts a learner must master (``catalog.py``, from ``holdem.py`` and
``teenpatti.py``).

This package imports no drill, so every drill may read the concept map; the practice
aimed at each concept, which reads the drill registry, is :mod:`tutor.drills.practice`.
"""

from __future__ import annotations

from .catalog import CONCEPTS, TOPICS, Concept, Topic, by_topic

__all__ = ["CONCEPTS", "TOPICS", "Concept", "Topic", "by_topic"]
