"""The concepts a side-pots question exercises, read from the engine's pots and award."""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine import pots

from .question import Question, breakdown, the_award

#: Concept id -> whether the engine's pots and award for a question exercise it.
CONCEPT_TESTS: dict[str, Callable[[pots.PotBreakdown, pots.Award, Question], bool]] = {
    "main-and-side-pots": lambda split, award, q: len(split.pots) > 1,
    # A folded seat's chips sit in a pot it cannot win, among several pots.
    "side-pot-folded-contributor": lambda split, award, q: (
        len(split.pots) > 1 and any(q.folded[s] for pot in split.pots for s in pot.contributors)
    ),
    "odd-chip": lambda split, award, q: any(pa.odd_chips for pa in award.pots),
    "uncalled-bet": lambda split, award, q: any(split.returned),
}
CONCEPTS: dict[str, tuple[str, ...]] = {
    "main-and-side-pots": ("easy", "medium", "hard"),
    "side-pot-folded-contributor": ("medium", "hard"),
    "odd-chip": ("medium", "hard"),
    "uncalled-bet": ("medium", "hard"),
}


def concepts_of(question: Question) -> frozenset[str]:
    """The concepts the engine's pots and award for ``question`` exercise."""
    split, award = breakdown(question), the_award(question)
    return frozenset(c for c, test in CONCEPT_TESTS.items() if test(split, award, question))
