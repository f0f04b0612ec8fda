"""The command line: every op through ``answer``, bad input as error lines, and the
real ``python -m tutor.engine`` process for batch and the readable subcommands."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
import types
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine import cli
from tutor.engine.cli import answer, answer_line

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "tutor.engine", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        check=False,
    )


def error_code(reply: dict) -> str:
    assert set(reply["error"]) >= {"code", "message"}
    assert reply["error"]["message"]
    return reply["error"]["code"]


def test_cli_doctests():
    assert doctest.testmod(cli).failed == 0


# ---------------------------------------------------------------- ops


def test_rank_holdem():
    reply = answer(
        {"op": "rank", "game": "holdem", "cards": ["Ah", "2c", "3d", "4s", "5h", "9c", "9d"]}
    )
    assert reply["category"] == "straight"
    assert reply["best_five"] == ["5h", "4s", "3d", "2c", "Ah"]
    assert isinstance(reply["strength"], int)
    royal = answer({"op": "rank", "cards": ["Ts", "Js", "Qs", "Ks", "As"]})
    assert royal["category"] == "royal_flush"
    assert royal["strength"] > reply["strength"]


def test_rank_teenpatti_and_six_card_bonus():
    trail = answer({"op": "rank", "game": "teenpatti", "cards": ["As", "Ad", "Ac"]})
    assert trail["category"] == "trail" and trail["three_aces"] is True
    sequence = answer({"op": "rank", "game": "teenpatti", "cards": ["Ah", "2d", "3c"]})
    assert sequence["category"] == "sequence"
    assert trail["strength"] > sequence["strength"]
    bonus = answer(
        {"op": "rank", "game": "six_card_bonus", "cards": ["As", "Ad", "Ac", "Ks", "Kd", "2c"]}
    )
    assert bonus["category"] == "full_house"
    assert sorted(bonus["best_five"]) == sorted(["As", "Ad", "Ac", "Ks", "Kd"])
    weak = answer(
        {"op": "rank", "game": "six_card_bonus", "cards": ["As", "Ad", "7c", "5s", "3d", "2c"]}
    )
    assert weak["category"] == "none"
    assert bonus["strength"] > weak["strength"]


def test_showdown_holdem_counterfeit():
    reply = answer(
        {
            "op": "showdown",
            "board": ["8h", "8d", "5s", "5c", "Ks"],
            "hands": [["2c", "2d"], ["Ah", "3c"]],
        }
    )
    assert reply["winners"] == [1]
    assert [h["category"] for h in reply["hands"]] == ["two_pair", "two_pair"]
    assert reply["decided_by"] == {
        "kind": "kicker",
        "position": 2,
        "winner_rank": 14,
        "loser_rank": 13,
        "runner_up": 0,
    }


def test_showdown_teenpatti():
    reply = answer({"op": "showdown", "game": "teenpatti", "hands": ["Ah Kh Qh", "2c 2d 9s"]})
    assert reply["result"] == "player_a" and reply["winners"] == [0]
    assert [h["category"] for h in reply["hands"]] == ["pure_sequence", "pair"]
    assert reply["decided_by"]["kind"] == "category"


def test_pots_ja_example():
    reply = answer({"op": "pots", "contributions": [50, 100, 200, 200], "folded": [False] * 4})
    assert [(p["amount"], p["eligible"]) for p in reply["pots"]] == [
        (200, [0, 1, 2, 3]),
        (150, [1, 2, 3]),
        (200, [2, 3]),
    ]
    assert reply["returned"] == [0, 0, 0, 0]


def test_award_side_pots_with_real_hands():
    reply = answer(
        {
            "op": "award",
            "contributions": [50, 100, 200, 200],
            "folded": [False, False, False, True],
            "button": 3,
            "board": ["2c", "7d", "9h", "Js", "Qc"],
            "hands": [["As", "Ad"], ["Ks", "Kd"], ["3s", "4d"], None],
        }
    )
    # The guide's example: aces win the main pot, kings the first side pot, and the
    # last side pot has only seat 2 left in it; seat 3 folded and its chips stay in.
    assert [p["winners"] for p in reply["pots"]] == [[0], [1], [2]]
    assert reply["payouts"] == [200, 150, 200, 0]
    assert [h and h["category"] for h in reply["hands"]] == [
        "one_pair",
        "one_pair",
        "high_card",
        None,
    ]


def test_award_split_with_odd_chip():
    request = {
        "op": "award",
        "contributions": [25, 25, 25, 1],
        "folded": [False, False, False, True],
        "button": 0,
        "board": ["Ah", "Kh", "Qh", "Jh", "Th"],
        "hands": [["2c", "3d"], ["4c", "5d"], ["6c", "7d"], None],
    }
    reply = answer(request)
    assert reply["payouts"] == [25, 26, 25, 0]  # 76 / 3: the odd chip left of the button
    assert reply["pots"][0]["odd_chips"] == 1
    reply = answer({**request, "odd_chip": "right_of_button"})
    assert reply["payouts"] == [25, 25, 26, 0]


def test_award_everyone_folded_needs_no_board():
    reply = answer(
        {"op": "award", "contributions": [50, 100], "folded": [True, False], "button": 0,
         "hands": [None, None]}
    )  # fmt: skip
    assert reply["payouts"] == [0, 150]


def test_teenpatti_settle_source_paytable():
    # Three aces against a pure sequence: A wins at 0.95:1, Pair Plus pays 50:1 for three
    # aces and 30:1 for a pure sequence; AAA + KQJ make three of a kind for the 6 Card
    # Bonus, 7:1. All from the Teen Patti 20-20 document's tables.
    reply = answer(
        {
            "op": "teenpatti_settle",
            "hand_a": ["Ah", "Ad", "Ac"],
            "hand_b": ["Ks", "Qs", "Js"],
            "bets": {"player_a": 100, "player_b": "20", "tie": 5, "pair_plus_a": 10,
                     "pair_plus_b": Decimal("2.50"), "six_card_bonus": 1},
        }
    )  # fmt: skip
    assert reply["result"] == "player_a"
    assert {k: Decimal(v) for k, v in reply["returns"].items()} == {
        "player_a": 100 + Decimal("0.95") * 100,
        "player_b": 0,
        "tie": 0,
        "pair_plus_a": 10 * 51,
        "pair_plus_b": Decimal("2.50") * 31,
        "six_card_bonus": 1 * 8,
    }
    staked = 100 + 20 + 5 + 10 + Decimal("2.50") + 1
    assert Decimal(reply["net"]) == sum(Decimal(v) for v in reply["returns"].values()) - staked


def test_rtp_teenpatti_20_20():
    reply = answer({"op": "rtp", "game": "teenpatti_20_20"})
    rtp = reply["rtp"]
    assert set(rtp) == {"player_a", "player_b", "tie", "pair_plus_a", "pair_plus_b",
                        "six_card_bonus"}  # fmt: skip
    for entry in rtp.values():
        exact = Fraction(entry["exact"])
        assert abs(
            Decimal(entry["decimal"]) - Decimal(exact.numerator) / exact.denominator
        ) < Decimal("1e-10")
    assert rtp["player_a"] == rtp["player_b"]
    # The document: "maximum RTP 97.50 %".
    assert max(round(Fraction(e["exact"]) * 100, 2) for e in rtp.values()) == Fraction("97.50")


def test_id_is_echoed():
    assert answer({"id": 7, "op": "rank", "cards": ["As", "Ks", "Qs", "Js", "Ts"]})["id"] == 7
    assert answer({"id": "x", "op": "nope"})["id"] == "x"


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ([1, 2], "wrong_type"),
        ({}, "missing_field"),
        ({"op": 3}, "wrong_type"),
        ({"op": "fly"}, "unknown_op"),
        ({"op": "rank"}, "missing_field"),
        ({"op": "rank", "cards": 5}, "wrong_type"),
        ({"op": "rank", "cards": [1, 2, 3, 4, 5]}, "wrong_type"),
        ({"op": "rank", "cards": ["As", "Ks", "Qs", "Js"]}, "card_count"),
        ({"op": "rank", "cards": ["As", "Ks", "Qs", "Js", "As"]}, "duplicate"),
        ({"op": "rank", "cards": ["As", "Ks", "Qs", "Js", "Zz"]}, "invalid_card"),
        ({"op": "rank", "game": "bridge", "cards": ["As"]}, "unknown_game"),
        ({"op": "rank", "game": "teenpatti", "cards": ["As", "Ks"]}, "card_count"),
        ({"op": "showdown", "board": "Ah Kd 8c 7s 2h", "hands": "As Kd"}, "wrong_type"),
        ({"op": "showdown", "board": "Ah Kd 8c 7s 2h", "hands": [None]}, "wrong_type"),
        ({"op": "showdown", "board": "Ah Kd 8c 7s 2h", "hands": [["Ah", "2c"]]}, "duplicate"),
        ({"op": "showdown", "hands": [["Ah", "2c"]]}, "missing_field"),
        ({"op": "showdown", "game": "teenpatti", "hands": ["Ah Kh Qh"]}, "length_mismatch"),
        ({"op": "pots", "contributions": [10**30, 5]}, "too_large"),
        ({"op": "pots", "contributions": [Decimal("50.5"), 5]}, "not_integer"),
        ({"op": "pots", "contributions": [50, -5]}, "negative"),
        ({"op": "pots", "contributions": [50, 5], "folded": [False]}, "length_mismatch"),
        ({"op": "pots", "contributions": [50, 5], "folded": ["no", False]}, "not_bool"),
        ({"op": "award", "contributions": [5, 5], "button": 0, "hands": [None]}, "length_mismatch"),
        ({"op": "award", "contributions": [5, 5], "button": 9, "hands": [None, None]},
         "missing_hand"),
        ({"op": "award", "contributions": [5, 5], "folded": [True, False], "button": 9,
          "hands": [None, None]}, "bad_button"),
        ({"op": "award", "contributions": [5, 5], "button": True, "hands": [None, None]},
         "wrong_type"),
        ({"op": "award", "contributions": [5, 5], "button": 0, "odd_chip": "middle",
          "hands": [None, None]}, "wrong_type"),
        ({"op": "award", "contributions": [5, 5], "button": 0, "board": "2c 3c 4c 5c 7d",
          "hands": [["As", "Ad"], ["As", "Kd"]]}, "duplicate"),
        ({"op": "teenpatti_settle", "hand_a": "Ah Ad Ac", "hand_b": "Ks Qs Js",
          "bets": {"player_c": 5}}, "unknown_bet"),
        ({"op": "teenpatti_settle", "hand_a": "Ah Ad Ac", "hand_b": "Ks Qs Js",
          "bets": {"tie": 1.5}}, "invalid_stake"),
        ({"op": "teenpatti_settle", "hand_a": "Ah Ad Ac", "hand_b": "Ks Qs Js",
          "bets": {"tie": "1.555"}}, "too_many_decimals"),
        ({"op": "teenpatti_settle", "hand_a": "Ah Ad Ac", "hand_b": "Ks Qs Js",
          "bets": {"tie": 10**13}}, "stake_too_large"),
        ({"op": "teenpatti_settle", "hand_a": "Ah Ad Ac", "hand_b": "Ac Qs Js",
          "bets": {"tie": 1}}, "duplicate"),
        ({"op": "rtp", "game": "blackjack"}, "unknown_game"),
    ],
)  # fmt: skip
def test_bad_requests_become_error_replies(request_, code):
    assert error_code(answer(request_)) == code


@pytest.mark.parametrize(
    ("line", "code"),
    [
        (b"{not json", "invalid_json"),
        (b"", "empty_line"),
        (b"   ", "empty_line"),
        (b'{"op": "rank", "cards": ["\xff"]}', "invalid_encoding"),
        (b'{"op": "pots", "contributions": [NaN]}', "invalid_json"),
        (b'{"op": "pots", "contributions": [1' + b"0" * 5000 + b"]}", "invalid_json"),
        (b"[" * 100_000 + b"]" * 100_000, "invalid_json"),
        (b'{"op": "pots", "contributions": [50.0, 5]}', "not_integer"),
        (b'"rank"', "wrong_type"),
    ],
)
def test_bad_lines_become_error_lines(line, code):
    assert error_code(json.loads(answer_line(line))) == code


def test_unexpected_exception_is_an_error_reply(monkeypatch):
    def boom(request):
        raise ZeroDivisionError

    monkeypatch.setitem(cli.OPS, "pots", boom)
    assert answer({"op": "pots"}) == {
        "error": {"code": "internal_error", "message": "internal error (ZeroDivisionError)",
                  "details": {"type": "ZeroDivisionError"}}
    }  # fmt: skip


# ---------------------------------------------------------------- processes


def test_batch_process_answers_every_line_in_order():
    lines = [
        b'{"id": 1, "op": "rank", "game": "holdem", "cards": ["As","Ks","Qs","Js","Ts"]}',
        b"{broken",
        b'{"id": 3, "op": "pots", "contributions": [50, 100, 200, 200], '
        b'"folded": [false, false, false, false]}',
        b"",
        b'{"id": 5, "op": "rank", "cards": ["As", "As", "Qs", "Js", "Ts"]}',
        b'{"id": 6, "op": "unknown"}',
        b'{"id": 7, "op": "rank", "game": "teenpatti", "cards": ["Ah", "Kh", "Qh"]}',
    ]
    result = run("batch", stdin=b"\n".join(lines) + b"\n")
    assert result.returncode == 0
    assert result.stderr == b""
    replies = [json.loads(x) for x in result.stdout.decode().splitlines()]
    assert len(replies) == len(lines)
    assert replies[0] == {
        "id": 1,
        "category": "royal_flush",
        "best_five": ["As", "Ks", "Qs", "Js", "Ts"],
        "ranks": [14],
        "strength": replies[0]["strength"],
    }
    assert error_code(replies[1]) == "invalid_json"
    assert [p["amount"] for p in replies[2]["pots"]] == [200, 150, 200]
    assert error_code(replies[3]) == "empty_line"
    assert error_code(replies[4]) == "duplicate"
    assert error_code(replies[5]) == "unknown_op"
    assert replies[6]["category"] == "pure_sequence"


def test_readable_subcommands():
    result = run("rank", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d")
    assert result.returncode == 0 and b"Royal flush" in result.stdout
    result = run("pots", "50", "100", "200", "200")
    assert result.stdout.decode().splitlines()[:3] == [
        "main pot: 200 for seats 0, 1, 2, 3",
        "side pot 1: 150 for seats 1, 2, 3",
        "side pot 2: 200 for seats 2, 3",
    ]
    result = run("showdown", "--board", "8h 8d 5s 5c Ks", "2c 2d", "Ah 3c", "--json")
    assert json.loads(result.stdout)["winners"] == [1]
    result = run(
        "award", "--contributions", "100", "100", "--button", "0", "--board",
        "2c 7d 9h Js Qc", "--hands", "As Ad", "fold",
    )  # fmt: skip
    assert result.returncode == 0 and "payouts: 200 0" in result.stdout.decode()


def test_readable_subcommand_errors_are_short_and_without_traceback():
    for args in (("rank", "As", "As"), ("rank", "Xq", "Ks", "Qs", "Js", "Ts"), ("pots", "x")):
        result = run(*args)
        assert result.returncode == 2
        assert b"Traceback" not in result.stderr and result.stderr


def test_settle_and_rtp_subcommands():
    result = run("settle", "--hand-a", "Ah Ad Ac", "--hand-b", "Ks Qs Js", "--bet", "tie=5")
    assert result.returncode == 0 and "net: -5" in result.stdout.decode()


def test_play_dispatches_to_playcmd(monkeypatch, capsys):
    seen = []
    fake = types.ModuleType("tutor.engine.playcmd")
    fake.main = lambda argv: seen.append(argv) or 0
    monkeypatch.setitem(sys.modules, "tutor.engine.playcmd", fake)
    assert cli.main(["play", "--seats", "3"]) == 0
    assert seen == [["--seats", "3"]]


def test_play_without_playcmd_is_a_clear_message(monkeypatch, capsys):
    def missing(name):
        raise cli.InvalidInput("unavailable", module=name)

    monkeypatch.setattr(cli, "_module", missing)
    assert cli.main(["play"]) == 2
    assert "playcmd" in capsys.readouterr().err


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4) | st.sampled_from(["As", "Kd"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=20,
)
fields = st.sampled_from(
    ["game", "cards", "board", "hands", "contributions", "folded", "button", "odd_chip",
     "hand_a", "hand_b", "bets"]
)  # fmt: skip


@given(st.sampled_from([*cli.OPS, "x"]), st.dictionaries(fields, json_values))
def test_any_request_gets_one_json_reply_property(op, extra):
    line = json.dumps({"op": op, **extra})
    reply = json.loads(answer_line(line))
    assert isinstance(reply, dict)
    if "error" in reply:
        assert reply["error"]["code"] != "internal_error", reply


@given(st.binary(max_size=40))
def test_any_bytes_get_one_json_reply_property(line):
    assert isinstance(json.loads(answer_line(line)), dict)
