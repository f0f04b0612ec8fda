"""Exact equity: golden values, the fast count against the naive enumeration and treys,
invariants under hypothesis, the error codes, the batch op, the command and the bench."""

from __future__ import annotations

import doctest
import io
import itertools
import json
import random
from collections import Counter
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine import equity as equity_module
from tutor.engine import equity_bench
from tutor.engine.batch import answer
from tutor.engine.cards import DECK, Card, Suit
from tutor.engine.cli import main as cli_main
from tutor.engine.equity import equity, equity_naive, equity_op
from tutor.engine.errors import InvalidCards, InvalidInput


def test_equity_doctests():
    assert doctest.testmod(equity_module).failed == 0
    assert doctest.testmod(equity_bench).failed == 0


# ---------------------------------------------------------------- golden values

AKS_QQ = (1_712_304, (787_966, 917_606), 6_732)


def test_equity_golden_aks_vs_qq_preflop():
    result = equity(["As Ks", "Qd Qc"])
    boards, wins, ties = AKS_QQ
    assert result.boards == boards
    assert tuple(h.wins for h in result.hands) == wins
    assert all(h.ties == ties for h in result.hands)
    assert [h.share for h in result.hands] == [Fraction(ties, 2)] * 2
    assert result.hands[0].equity == Fraction(2 * wins[0] + ties, 2 * boards)
    assert result.to_json()["hands"][1] == {
        "wins": wins[1],
        "ties": ties,
        "equity": "230243/428076",
    }


# Each row was counted three ways (this module, equity_naive and a treys enumeration)
# and all three agreed: hands, board, dead, boards, wins per hand, ties per hand.
GOLDEN = [
    pytest.param(("Jh Th", "Ac Kd"), "9h 8c 2h", "", 990, (690, 300), (0, 0), id="flop-draw"),
    pytest.param(("Kh Kd", "Ah 5h"), "Kc 4h 3h 9s", "", 44, (34, 10), (0, 0), id="turn-set"),
    pytest.param(
        ("As Ks", "Qd Qc", "Jh Th"),
        "Ts 9d 2c",
        "",
        903,
        (243, 486, 174),
        (0, 0, 0),
        id="flop-3way",
    ),
    pytest.param(
        ("Ac 2d", "Ad 3c", "7h 7s", "8c 9c", "Kd Qs", "Jc 4h"),
        "Ah Kh Qh Jh",
        "",
        36,
        (0, 0, 29, 0, 4, 0),
        (3,) * 6,
        id="turn-6way-board-royal",
    ),
    pytest.param(
        ("As Ks", "Qd Qc"),
        "",
        "Ah Ad Qh",
        1_221_759,
        (495_690, 720_882),
        (5_187, 5_187),
        id="preflop-dead",
    ),
    pytest.param(
        ("As Ks", "Qd Qc", "Jh Th"),
        "",
        "",
        1_370_754,
        (550_125, 561_712, 255_785),
        (3_132, 3_132, 3_132),
        id="preflop-3way",
    ),
]


@pytest.mark.parametrize(("hands", "board", "dead", "boards", "wins", "ties"), GOLDEN)
def test_equity_golden(hands, board, dead, boards, wins, ties):
    result = equity(hands, board, dead)
    assert result.boards == boards
    assert tuple(h.wins for h in result.hands) == wins
    assert tuple(h.ties for h in result.hands) == ties


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [(("As Ks", "Qd Qc"), "", "")] + [p.values[:3] for p in GOLDEN[-2:]],
    ids=["aks-qq", "preflop-dead", "preflop-3way"],
)
def test_equity_preflop_matches_naive_enumeration(hands, board, dead):
    assert equity(hands, board, dead) == equity_naive(hands, board, dead)


# ---------------------------------------------------------------- against the reference


@st.composite
def deals(draw, max_hands=4):
    """Random hands, a board of 0/3/4/5 cards and dead cards; pre-flop deals leave few
    cards so that the naive enumeration stays small."""
    order = draw(st.permutations(DECK))
    players = draw(st.integers(2, max_hands))
    shown = draw(st.sampled_from((0, 3, 4, 5)))
    hands = [order[2 * i : 2 * i + 2] for i in range(players)]
    board = order[2 * players : 2 * players + shown]
    left = 52 - 2 * players - shown
    if shown == 0:
        keep = draw(st.integers(5, 15))
    else:
        keep = draw(st.integers(max(5 - shown, left - 6), left))
    dead = order[2 * players + shown : 52 - keep]
    return hands, board, dead


@given(deals(max_hands=6))
def test_equity_matches_naive_enumeration_random(deal):
    assert equity(*deal) == equity_naive(*deal)


def test_equity_matches_naive_enumeration_flush_heavy():
    # Hands and boards drawn mostly from one suit, so flush corrections are everywhere.
    rng = random.Random(13)
    for _ in range(150):
        suit = rng.choice(list(Suit))
        # The 13 cards of the suit and three others, shuffled; hands and board come first.
        pool = sorted(DECK, key=lambda c: (c.suit is not suit, rng.random()))[:16]
        rng.shuffle(pool)
        players = rng.randint(2, 4)
        shown = rng.choice((0, 3, 4, 5))
        picked = pool[: 2 * players + shown]
        rest = [c for c in DECK if c not in picked]
        rng.shuffle(rest)
        keep = rng.randint(5, 14) if shown == 0 else rng.randint(5 - shown, 20)
        hands = [picked[2 * i : 2 * i + 2] for i in range(players)]
        board = picked[2 * players :]
        case = (hands, board, rest[keep:])
        assert equity(*case) == equity_naive(*case), case


def treys_tally(hands, board, dead):
    from treys import Card as TreysCard  # dev-only, independent evaluator
    from treys import Evaluator

    evaluator = Evaluator()
    used = {c for h in hands for c in h} | set(board) | set(dead)
    deck = [TreysCard.new(c.code) for c in DECK if c not in used]
    holes = [[TreysCard.new(c.code) for c in h] for h in hands]
    shown = [TreysCard.new(c.code) for c in board]
    tally = Counter()
    for extra in itertools.combinations(deck, 5 - len(board)):
        scores = [evaluator.evaluate(shown + list(extra), h) for h in holes]
        tally[tuple(i for i, s in enumerate(scores) if s == min(scores))] += 1
    return tally


def test_equity_matches_treys_random():
    rng = random.Random(2024)
    for _ in range(40):
        deck = list(DECK)
        rng.shuffle(deck)
        players = rng.randint(2, 4)
        shown = rng.choice((3, 4, 5))
        hands = [deck[2 * i : 2 * i + 2] for i in range(players)]
        board = deck[2 * players : 2 * players + shown]
        dead = deck[2 * players + shown : 2 * players + shown + rng.randint(0, 4)]
        expected = equity_module.result_from_tally(treys_tally(hands, board, dead), players)
        assert equity(hands, board, dead) == expected


# ---------------------------------------------------------------- invariants


@given(deals(max_hands=6))
def test_equity_counts_are_consistent(deal):
    hands, board, dead = deal
    result = equity(hands, board, dead)
    left = 52 - 2 * len(hands) - len(board) - len(dead)
    assert result.boards == comb(left, 5 - len(board))
    assert sum(h.wins + h.share for h in result.hands) == result.boards
    assert sum(h.wins for h in result.hands) + max(h.ties for h in result.hands) <= result.boards
    for h in result.hands:
        assert h.wins + h.ties <= result.boards
        assert Fraction(h.ties, len(hands)) <= h.share <= Fraction(h.ties, 2)
        assert h.equity == (h.wins + h.share) / result.boards
        assert 0 <= h.equity <= 1


@given(deals(max_hands=6), st.randoms(use_true_random=False))
def test_equity_is_symmetric_under_reordering_hands(deal, rng):
    hands, board, dead = deal
    order = list(range(len(hands)))
    rng.shuffle(order)
    before = equity(hands, board, dead)
    after = equity([hands[i] for i in order], board, dead)
    assert after.boards == before.boards
    assert after.hands == tuple(before.hands[i] for i in order)


@given(deals(max_hands=6), st.permutations(list(Suit)))
def test_equity_is_invariant_under_a_suit_permutation(deal, suits):
    hands, board, dead = deal
    swap = dict(zip(Suit, suits, strict=True))

    def moved(cards):
        return [Card.parse(c.rank.char + swap[c.suit].char) for c in cards]

    before = equity(hands, board, dead)
    assert equity([moved(h) for h in hands], moved(board), moved(dead)) == before


def test_equity_accepts_several_spellings():
    expected = equity(["As Ks", "Qd Qc"], board="Qs Js 2d")
    assert equity(["AsKs", ["Qd", "Qc"]], board=["Qs", "Js", "2d"]) == expected
    assert equity([parse(h) for h in ("As Ks", "Qd Qc")], board="QsJs2d") == expected
    assert equity(["A♠ K♠", "q♦ Q♣"], board="Q♠,J♠,2♦") == expected


def parse(text):
    return [Card.parse(t) for t in text.split()]


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("args", "error", "code", "details"),
    [
        ((["As Ks", "As Qd"],), InvalidCards, "duplicate", {"token": "As"}),
        ((["As Ks", "Qd Qc"], "Ks 2c 3d"), InvalidCards, "duplicate", {"token": "Ks"}),
        ((["As Ks", "Qd Qc"], "", "2c 2c"), InvalidCards, "duplicate", {"token": "2c"}),
        ((["As Ks", "Qd Xx"],), InvalidCards, "invalid_card", {"token": "Xx", "hand": 1}),
        ((["As Ks", "Qd Qc"], "Ah 1c 2c"), InvalidCards, "invalid_card", {"token": "1c"}),
        ((["As Ks"],), InvalidInput, "hand_count", {"min": 2, "max": 6, "got": 1}),
        (([f"{r}s {r}h" for r in "23456789"[:7]],), InvalidInput, "hand_count", {"got": 7}),
        ((["As", "Qd Qc"],), InvalidInput, "hand_size", {"hand": 0, "expected": 2, "got": 1}),
        ((["As Ks", "Qd Qc Qh"],), InvalidInput, "hand_size", {"hand": 1, "got": 3}),
        ((["As Ks", "Qd Qc"], "2c"), InvalidInput, "board_size", {"got": 1}),
        ((["As Ks", "Qd Qc"], "2c 3c"), InvalidInput, "board_size", {"got": 2}),
        ((["As Ks", "Qd Qc"], "2c 3c 4c 5c 6c 7c"), InvalidInput, "board_size", {"got": 6}),
        (("As Ks Qd Qc",), InvalidInput, "wrong_type", {"field": "hands"}),
    ],
)
def test_equity_errors(args, error, code, details):
    with pytest.raises(error) as caught:
        equity(*args)
    assert caught.value.code == code
    assert details.items() <= caught.value.details.items()


def test_equity_error_too_few_cards():
    hands = ["As Ks", "Qd Qc"]
    dead = [c for c in DECK if c.code not in {"As", "Ks", "Qd", "Qc"}][:44]
    with pytest.raises(InvalidInput) as caught:
        equity(hands, "", dead)
    assert caught.value.details == {"needed": 5, "left": 4}
    assert caught.value.code == "too_few_cards"
    assert equity(hands, "", dead[:43]).boards == 1  # one card fewer dead: one board


# ---------------------------------------------------------------- batch op, command, bench


def test_equity_op_answers_the_json_shape():
    reply = equity_op({"op": "equity", "hands": [["As", "Ks"], ["Qd", "Qc"]], "board": []})
    assert reply == equity(["As Ks", "Qd Qc"]).to_json()
    assert json.loads(json.dumps(reply)) == reply
    assert reply["hands"][0]["wins"] == AKS_QQ[1][0]


@pytest.mark.parametrize(
    ("request_", "code", "field"),
    [
        ({"op": "equity"}, "missing_field", "hands"),
        ({"op": "equity", "hands": "As Ks Qd Qc"}, "wrong_type", "hands"),
        ({"op": "equity", "hands": [["As", "Ks"], [1, 2]]}, "wrong_type", "hands"),
        ({"op": "equity", "hands": ["AsKs", "QdQc"], "board": 3}, "wrong_type", "board"),
        ({"op": "equity", "hands": ["AsKs", "QdQc"], "dead": [None]}, "wrong_type", "dead"),
    ],
)
def test_equity_op_errors(request_, code, field):
    with pytest.raises(InvalidInput) as caught:
        equity_op(request_)
    assert (caught.value.code, caught.value.details["field"]) == (code, field)


def test_equity_command_json_and_errors(capsys):
    argv = ["equity", "AsKs", "Qd Qc", "--board", "Qs Js 2d", "--dead", "Ts", "--json"]
    assert cli_main(argv) == 0
    text = capsys.readouterr().out
    assert json.loads(text) == equity(["AsKs", "QdQc"], "Qs Js 2d", "Ts").to_json()
    assert cli_main(["equity", "AsKs", "QdQc", "--board", "2c"]) == 2
    assert "error [board_size]: a board has 0, 3, 4 or 5 cards, got 1" in capsys.readouterr().err
    assert cli_main(["equity", "AhAd", "7c8c", "--board", "2c 9c Kd Ks"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "44 boards",
        "hand 1:  84.09 %  wins 37  ties 0  equity 37/44",
        "hand 2:  15.91 %  wins 7  ties 0  equity 7/44",
    ]


def test_equity_batch_op_answers_in_the_batch_protocol():
    reply = answer({"op": "equity", "hands": [["As", "Ks"], ["Qd", "Qc"]], "board": ["2c"]})
    assert reply["error"]["code"] == "board_size"
    reply = answer({"id": 3, "op": "equity", "hands": ["AhAd", "7c8c"], "board": "2c 9c Kd Ks"})
    assert reply == {"id": 3, **equity(["AhAd", "7c8c"], "2c 9c Kd Ks").to_json()}


def test_equity_bench_prints_every_method_side_by_side():
    out = io.StringIO()
    rows = equity_bench.run(out, ("As Ks", "Qd Qc"), "2c 7h 9s 4d", samples=200)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("CPU: ") and "logical cores" in lines[0]
    assert lines[1] == "case: As Ks vs Qd Qc; board 2c 7h 9s 4d; 44 boards"
    names = [row.name for row in rows]
    assert names[0] == "equity.equity (exact)"
    assert any(n.startswith("pokerkit calculate_equities, 200 samples") for n in names)
    assert all(any(line.startswith(name) for line in lines) for name in names)
    by_name = {row.name: row for row in rows}
    assert by_name["naive: fast.strength per hand per board"].note == "full run, agrees exactly"
    assert by_name["treys enumeration"].note == "full run, agrees exactly"
    goals = [line for line in lines if line.startswith("goal: ")]
    assert len(goals) == 2
    assert all(line.split(": ")[2].split()[0] in ("met", "NOT") for line in goals)
