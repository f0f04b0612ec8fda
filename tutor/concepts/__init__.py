"""The concepts a learner must master (``catalog.py``, from ``holdem.py`` and
``teenpatti.py``) and the practice aimed at each (``practice.py``).

This package's top level imports no drill, so a drill may read the concept map; the
practice, which reads the drill registry, is in :mod:`tutor.concepts.practice`.
"""

from __future__ import annotations

from .catalog import CONCEPTS, TOPICS, Concept, Topic

__all__ = ["CONCEPTS", "TOPICS", "Concept", "Topic"]
