"""What a question exercises, read from the engine's showdown events alone."""

from __future__ import annotations

from .question import Question, facts

CONCEPTS = {
    concept: ("easy", "medium", "hard")
    for concept in ("showdown-order", "mucking", "all-in-showdown")
}


def concepts_of(question: Question) -> frozenset[str]:
    """From the engine's events: hands face up before the rest of the board (an all-in);
    else an order to follow among two hands or more; a muck."""
    found = facts(question)
    concepts = set()
    if found.turns.face_up:
        concepts.add("all-in-showdown")
    elif len(found.turns.order) >= 2:
        concepts.add("showdown-order")
    if found.turns.mucked:
        concepts.add("mucking")
    return frozenset(concepts)
