"""Exact equity timed against the slow ways to get it: printed side by side, never asserted.

``run(sys.stdout)`` times, in one run, on the same hands and board (AsKs vs QdQc
pre-flop unless told otherwise): :func:`tutor.engine.equity.equity`; the naive
enumeration that calls ``fast.strength`` once per hand per board; ``pokerkit``'s
Monte Carlo ``calculate_equities``; and a ``treys`` enumeration. An enumeration whose
projected time passes ``budget`` seconds stops after ``probe`` seconds and is
extrapolated, and the output says so. ``treys`` and ``pokerkit`` are dev-only
comparisons, imported inside functions only when installed; the engine never needs them.

>>> cpu_model().endswith("logical cores)")
True
"""

from __future__ import annotations

import importlib
import os
import platform
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from types import ModuleType
from typing import TextIO

from . import fast
from .cards import DECK
from .equity import Deal, EquityResult, Winners, board_winners, clear_caches, deal, equity
from .equity import result_from_tally as tally_result

__all__ = ["DEFAULT_HANDS", "GOAL_SECONDS", "GOAL_SPEEDUP", "Row", "cpu_model", "run"]

DEFAULT_HANDS = ("As Ks", "Qd Qc")
GOAL_SECONDS = 0.5  # exact heads-up pre-flop, at most
GOAL_SPEEDUP = 10.0  # at least this many times the naive fast.strength enumeration


@dataclass(frozen=True, slots=True)
class Row:
    """One timed method; ``seconds`` is ``None`` when its library is not installed."""

    name: str
    seconds: float | None
    note: str


@dataclass(frozen=True, slots=True)
class _Timing:
    seconds: float  # measured, or projected for every board when ``done < total``
    done: int
    total: int
    tally: Counter[Winners]


def cpu_model() -> str:
    """The CPU model from ``/proc/cpuinfo`` (or what ``platform`` knows), with the cores."""
    model = platform.processor() or platform.machine() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                model = line.partition(":")[2].strip()
                break
    except OSError:
        pass
    return f"{model} ({os.cpu_count() or '?'} logical cores)"


def _enumerate(
    winners: Callable[[tuple[int, ...]], Winners],
    boards: Iterable[tuple[int, ...]],
    total: int,
    budget: float,
    probe: float,
) -> _Timing:
    """Count winners board by board; past ``probe`` seconds, stop if the projection > budget."""
    tally: Counter[Winners] = Counter()
    done = 0
    start = time.perf_counter()
    for extra in boards:
        tally[winners(extra)] += 1
        done += 1
        if not done & 1023:
            elapsed = time.perf_counter() - start
            if elapsed >= probe and elapsed / done * total > budget:
                return _Timing(elapsed / done * total, done, total, tally)
    return _Timing(time.perf_counter() - start, done, total, tally)


def _seconds(function: Callable[[], object]) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def _verdict(timing: _Timing, exact: EquityResult, players: int) -> str:
    if timing.done < timing.total:
        share = 100 * timing.done / timing.total
        return f"extrapolated from {timing.done:,} of {timing.total:,} boards ({share:.1f} %)"
    same = tally_result(timing.tally, players) == exact
    return "full run, agrees exactly" if same else "full run, DISAGREES with the exact count"


def _optional(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)  # dev-only comparison, absent in production
    except ModuleNotFoundError:
        return None


def _treys_row(d: Deal, exact: EquityResult, budget: float, probe: float) -> Row:
    treys = _optional("treys")
    name = "treys enumeration"
    if treys is None:
        return Row(name, None, "not installed")
    evaluator = treys.Evaluator()
    codes = [treys.Card.new(card.code) for card in DECK]
    holes = [[codes[i] for i in hole] for hole in d.holes]
    shown = [codes[i] for i in d.board]

    def winners(extra: tuple[int, ...]) -> Winners:
        full = shown + [codes[i] for i in extra]
        scores = [evaluator.evaluate(full, hole) for hole in holes]
        low = min(scores)  # treys: lower is stronger
        return tuple(i for i, s in enumerate(scores) if s == low)

    timing = _enumerate(winners, combinations(d.left, d.need), d.boards, budget, probe)
    return Row(name, timing.seconds, _verdict(timing, exact, len(d.holes)))


def _pokerkit_row(d: Deal, exact: EquityResult, samples: int) -> Row:
    pokerkit = _optional("pokerkit")
    name = f"pokerkit calculate_equities, {samples:,} samples"
    if pokerkit is None:
        return Row(name, None, "not installed")
    cards = {card.code: next(iter(pokerkit.Card.parse(card.code))) for card in DECK}
    ranges = [[tuple(cards[DECK[i].code] for i in hole)] for hole in d.holes]
    shown = tuple(cards[DECK[i].code] for i in d.board)
    start = time.perf_counter()
    found = pokerkit.calculate_equities(
        ranges,
        shown,
        2,
        5,
        pokerkit.Deck.STANDARD,
        (pokerkit.StandardHighHand,),
        sample_count=samples,
    )
    seconds = time.perf_counter() - start
    estimates = " / ".join(f"{x:.4f}" for x in found)
    truth = " / ".join(f"{float(h.equity):.4f}" for h in exact.hands)
    return Row(name, seconds, f"Monte Carlo {estimates} (exact {truth})")


def _print_rows(out: TextIO, rows: Sequence[Row], base: float) -> None:
    width = max(len(row.name) for row in rows)
    out.write(f"{'method':{width}}  {'seconds':>9}  {'x exact':>8}  note\n")
    for row in rows:
        if row.seconds is None:
            out.write(f"{row.name:{width}}  {'-':>9}  {'-':>8}  {row.note}\n")
            continue
        ratio = row.seconds / base
        out.write(f"{row.name:{width}}  {row.seconds:9.3f}  {ratio:7.1f}x  {row.note}\n")


def run(
    out: TextIO,
    hands: Sequence[str] = DEFAULT_HANDS,
    board: str = "",
    *,
    samples: int = 10_000,
    budget: float = 30.0,
    probe: float = 2.0,
) -> list[Row]:
    """Time the four ways on one case and print them side by side, with the goals.

    ``samples`` is pokerkit's sample count; an enumeration projected past ``budget``
    seconds is cut after ``probe`` seconds and extrapolated. Returns the rows printed.
    """
    d = deal(hands, board)
    players = len(d.holes)
    start = time.perf_counter()
    fast.build_tables()
    tables = time.perf_counter() - start
    case = " vs ".join(" ".join(DECK[i].code for i in hole) for hole in d.holes)
    shown = " ".join(DECK[i].code for i in d.board) or "none (pre-flop)"
    out.write(f"CPU: {cpu_model()}; Python {platform.python_version()}\n")
    out.write(f"case: {case}; board {shown}; {d.boards:,} boards\n")
    out.write(f"fast.strength tables built once in {tables:.3f} s (not counted below)\n")
    clear_caches()
    start = time.perf_counter()
    exact = equity(hands, board)
    cold = time.perf_counter() - start
    warm = min(_seconds(lambda: equity(hands, board)) for _ in range(3))
    wins = ", ".join(f"{h.wins:,} wins / {h.ties:,} ties" for h in exact.hands)
    boards = combinations(d.left, d.need)
    naive = _enumerate(lambda extra: board_winners(d, extra), boards, d.boards, budget, probe)
    rows = [
        Row("equity.equity (exact)", cold, wins),
        Row("equity.equity, best of 3 more runs", warm, "flush-strength cache warm"),
        Row(
            "naive: fast.strength per hand per board",
            naive.seconds,
            _verdict(naive, exact, players),
        ),
        _pokerkit_row(d, exact, samples),
        _treys_row(d, exact, budget, probe),
    ]
    _print_rows(out, rows, cold)
    _print_goals(out, cold, naive.seconds, players == 2 and not d.board)
    return rows


def _print_goals(out: TextIO, exact: float, naive: float, heads_up_preflop: bool) -> None:
    if not heads_up_preflop:
        out.write("(the goals are set for heads-up pre-flop; this case is not one)\n")
    met = "met" if exact <= GOAL_SECONDS else "NOT met"
    out.write(f"goal: exact in at most {GOAL_SECONDS} s: {met} ({exact:.3f} s)\n")
    speedup = naive / exact
    met = "met" if speedup >= GOAL_SPEEDUP else "NOT met"
    out.write(f"goal: at least {GOAL_SPEEDUP:.0f}x the naive enumeration: {met} ({speedup:.1f}x)\n")
