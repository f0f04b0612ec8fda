"""Equity against the hands the opponents could hold: the exact count against a naive
enumeration with the slow evaluator, the sampled figure within its stated error of the
exact one, the choice between the two, and the seed."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from tutor.engine.cards import DECK, parse_cards
from tutor.engine.holdem import evaluate
from tutor.engine.range_equity import EXACT_LIMIT, Estimate, estimate, exact, sampled


def cards(text: str) -> tuple[int, ...]:
    return tuple(c.index for c in parse_cards(text))


def naive(hole: str, board: str, opponents: int, dead: str) -> Fraction:
    """Every ordered draw of the cards to come and of the opponents' cards, one by one,
    each valued by ``holdem.evaluate``: every deal is counted the same number of times."""
    known = set(parse_cards(f"{hole} {board} {dead}"))
    unseen = [c for c in DECK if c not in known]
    mine, shown = parse_cards(hole), parse_cards(board)
    need = 5 - len(shown)
    total, count = Fraction(0), 0
    for drawn in permutations(unseen, need + 2 * opponents):
        full = shown + drawn[:need]
        me = evaluate(mine + full).strength
        theirs = [evaluate(drawn[k : k + 2] + full).strength for k in range(need, len(drawn), 2)]
        best = max(me, *theirs)
        total += Fraction(1, 1 + theirs.count(me)) if me == best else 0
        count += 1
    return total / count


# Most of the deck is dead so that the naive walk stays small (nine or ten unseen cards).
SMALL = [
    ("As Kd", "Ah 7c 7d 2s", 1, "3c 4c 5c 6c 8c 9c Tc Jc Qc 3d 4d 5d 6d 8d 9d Td Jd Qd 3h 4h 5h 6h 8h 9h Th 3s 4s 5s 6s 8s 9s Ts Js Qs"),
    ("9h 8h", "7h 6h 2c Kd Ks", 2, "3c 4c 5c 6c 8c 9c Tc Jc Qc 3d 4d 5d 6d 8d 9d Td Jd Qd 3h 4h 5h 6s 8s 9s Ts Js Qs Ac Ad Ah As 2d 2h"),
    ("Qc Qd", "Qh Jc Jd", 1, "2c 3c 4c 5c 6c 7c 8c 9c Tc 2d 3d 4d 5d 6d 7d 8d 9d Td 2h 3h 4h 5h 6h 7h 8h 9h Th 2s 3s 4s 5s 6s 7s 8s 9s Ts Ac Ad Ah"),
]  # fmt: skip


@pytest.mark.parametrize(("hole", "board", "opponents", "dead"), SMALL)
def test_exact_matches_a_naive_enumeration(hole: str, board: str, opponents: int, dead: str):
    counted = exact(cards(hole), cards(board), opponents, cards(dead))
    assert counted.exact and counted.error == 0
    assert counted.equity == naive(hole, board, opponents, dead)


def test_sampled_is_within_its_stated_error_of_the_exact_value():
    hole, board = cards("7c 8c"), cards("9c Tc 2d Kh")  # heads-up on the turn: both run
    truth = exact(hole, board, 1)
    guess = sampled(hole, board, 1, seed="test")
    assert truth.deals == 46 * 990 and guess.deals == 4_000
    assert 0.005 < guess.error < 0.01  # about sqrt(p(1 - p) / n) with p near a half
    assert abs(float(guess.equity - truth.equity)) <= 3 * guess.error


def test_sampled_against_two_opponents_is_within_its_error_of_the_exact_value():
    hole, board = cards("9h 8h"), cards("7h 6h 2c Kd Ks")
    dead = cards("3c 4c 5c 6c 8c 9c Tc Jc Qc 3d 4d 5d 6d 8d 9d Td Jd Qd 3h 4h 5h")
    truth = exact(hole, board, 2, dead)
    guess = sampled(hole, board, 2, seed="two", dead=dead)
    assert abs(float(guess.equity - truth.equity)) <= 3 * guess.error


def test_estimate_counts_exactly_heads_up_on_the_turn_and_river_only():
    hole = cards("As Ks")
    assert estimate(hole, cards("Qs Js 2d 3c"), 1, "s").exact
    assert estimate(hole, cards("Qs Js 2d 3c 4h"), 1, "s").exact
    assert not estimate(hole, cards("Qs Js 2d"), 1, "s").exact  # 1,081 x 990 deals
    assert not estimate(hole, cards("Qs Js 2d 3c 4h"), 2, "s").exact
    assert not estimate(hole, (), 1, "s").exact


def test_estimate_is_the_same_for_the_same_seed_and_moves_with_it():
    hole, board = cards("Ah Qd"), cards("Jc 7d 2s")
    first = estimate(hole, board, 3, "hand-7/step-12")
    assert estimate(hole, board, 3, "hand-7/step-12") == first
    assert estimate(hole, board, 3, "hand-7/step-13") != first


def test_estimate_round_trips_through_json():
    value = estimate(cards("Ah Qd"), cards("Jc 7d 2s"), 2, "json")
    assert Estimate.from_dict(value.to_dict()) == value


def test_exact_limit_covers_heads_up_turn():
    assert 46 + 46 * 990 <= EXACT_LIMIT < 47 * 46 // 2 * 990


@pytest.mark.parametrize(
    ("hole", "board", "opponents"),
    [("As Ks", "As 2d 3c", 1), ("As", "", 1), ("As Ks", "2d 3c 4h 5s 6d 7c", 1), ("As Ks", "", 0)],
)
def test_estimate_refuses_impossible_input(hole: str, board: str, opponents: int):
    with pytest.raises(ValueError):
        estimate(cards(hole), tuple(c.index for c in parse_cards(board, unique=False)),
                 opponents, "x")  # fmt: skip
