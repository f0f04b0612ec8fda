"""``python -m tutor.engine play``: seeded bot hands printed for quick checks."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.engine import playcmd
from tutor.engine.bots import bench_bot_hands
from tutor.engine.hand import Hand


def test_playcmd_doctests():
    assert doctest.testmod(playcmd).failed == 0


def test_play_prints_every_event_of_each_hand(capsys):
    assert playcmd.main(["--seed", "5", "--players", "4", "--hands", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("hand_start") == 3 and out.count("hand_end") == 3
    assert "post_blind" in out and "deal_hole" in out


def test_play_is_reproducible_from_the_seed(capsys):
    playcmd.main(["--seed", "abc", "--hands", "2", "--structure", "pot_limit"])
    first = capsys.readouterr().out
    playcmd.main(["--seed", "abc", "--hands", "2", "--structure", "pot_limit"])
    assert capsys.readouterr().out == first


def test_play_json_lines_are_replayable_hands(capsys):
    playcmd.main(["--seed", "1", "--hands", "2", "--json", "--structure", "fixed_limit"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    for line in lines:
        hand = Hand.from_dict(json.loads(line))
        assert hand.is_over and hand.rules.structure.value == "fixed_limit"


@pytest.mark.parametrize(
    "argv",
    [["--players", "1"], ["--players", "11"], ["--blinds", "fifty"], ["--styles", "wild"],
     ["--hands", "0"], ["--blinds", "0/0"]],
)  # fmt: skip
def test_play_refuses_bad_arguments(argv, capsys):
    assert playcmd.main(argv) == 2
    assert "error" in capsys.readouterr().out


def test_python_dash_m_tutor_engine_play_dispatches_here():
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-m", "tutor.engine", "play", "--seed", "2", "--players", "3"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("hand 1 ") and "hand_end" in result.stdout


def test_bench_bot_hands_reports_seconds():
    seconds = bench_bot_hands(n=5, seed=1)
    assert isinstance(seconds, float) and seconds > 0
