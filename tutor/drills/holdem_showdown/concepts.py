"""What a showdown question exercises, read from the engine's showdown: its decision, each
hand's value and best five. A "deciding" hand is a winner or the best losing hand."""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine import holdem
from tutor.engine.holdem import WRAPAROUNDS

from .question import Question, showdown

Category = holdem.Category
Test = Callable[[Question, holdem.Showdown], bool]

STRAIGHTS = (Category.STRAIGHT, Category.STRAIGHT_FLUSH)


def _deciding(result: holdem.Showdown) -> tuple[int, ...]:
    runner_up = result.decided_by.runner_up
    return result.winners if runner_up is None else (*result.winners, runner_up)


def _decided_by(kind: str) -> Test:
    def test(question: Question, result: holdem.Showdown) -> bool:
        return result.decided_by.kind == kind

    return test


def _against_itself(category: Category) -> Test:
    """The winning hand and the best losing hand are both of ``category``: their ranks
    decided (a split of equal hands compares nothing)."""

    def test(question: Question, result: holdem.Showdown) -> bool:
        runner_up = result.decided_by.runner_up
        return runner_up is not None and all(
            result.values[i].category is category for i in (result.winners[0], runner_up)
        )

    return test


def _same_category(question: Question, result: holdem.Showdown) -> bool:
    """The winner and the best losing hand are of one category, so their ranks or kickers
    decided (a 7-high straight against an 8-high one, queens against fours): comparing
    hands of a category, not the rankings. A wheel beaten by a higher straight is the
    wheel's own lesson (it is the lowest straight), not this one."""
    if result.decided_by.kind not in ("rank", "kicker"):
        return False
    return not (
        result.values[result.winners[0]].category in STRAIGHTS and _wheel_in_play(question, result)
    )


def _split(question: Question, result: holdem.Showdown) -> bool:
    return len(result.winners) > 1


def _hole_card_sits_out(question: Question, result: holdem.Showdown) -> bool:
    """A deciding hand leaves out of its best five a hole card that outranks a card the best
    five uses: a hand is the best five of seven, not the highest cards held."""
    for i in _deciding(result):
        best = result.values[i].best_five
        lowest = min(card.rank for card in best)
        if any(card not in best and card.rank > lowest for card in question.hands[i]):
            return True
    return False


def _wheel_in_play(question: Question, result: holdem.Showdown) -> bool:
    """A deciding hand is a five-high straight (or straight flush): the ace counts as one."""
    return any(
        result.values[i].category in STRAIGHTS and result.values[i].ranks[0] == 5
        for i in _deciding(result)
    )


def _wrap_is_no_straight(question: Question, result: holdem.Showdown) -> bool:
    """A losing hand holds five ranks round the corner (Q-K-A-2-3), and any straight would
    have won: judging it a straight picks the wrong winner."""
    if result.values[result.winners[0]].category >= Category.STRAIGHT:
        return False
    return any(
        any(set(wrap) <= {int(c.rank) for c in question.board + hand} for wrap in WRAPAROUNDS)
        for i, hand in enumerate(question.hands)
        if i not in result.winners
    )


def _two_pair_kicker(question: Question, result: holdem.Showdown) -> bool:
    """Two pair against two pair, decided by the lower pair or the kicker (positions 1 and
    2 of the ranks; a position is only given when both hands are of the same category)."""
    winner = result.values[result.winners[0]]
    return winner.category is Category.TWO_PAIR and result.decided_by.position in (1, 2)


#: Concept id -> whether a question's showdown exercises it.
TESTS: dict[str, Test] = {
    "hand-rankings": _decided_by("category"),
    "best-five-of-seven": _hole_card_sits_out,
    "kickers": _same_category,
    "board-plays": _decided_by("board_plays"),
    "split-pot": _split,
    "wheel-straight": _wheel_in_play,
    "no-wraparound": _wrap_is_no_straight,
    "flush-vs-flush": _against_itself(Category.FLUSH),
    "two-pair-kicker": _two_pair_kicker,
    "full-house-ranks": _against_itself(Category.FULL_HOUSE),
}


def concepts_of(question: Question) -> frozenset[str]:
    result = showdown(question)
    return frozenset(concept for concept, test in TESTS.items() if test(question, result))
