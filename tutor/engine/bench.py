"""Speed figures for the evaluators, printed, never asserted: ``python -m tutor.engine bench``.

Every evaluator gets the same seeded random 7-card hands and is called once per hand in
a plain loop. ``treys`` and ``pokerkit`` are dev-only comparisons, imported inside a
function and only if installed; the engine never needs them.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from . import bots, equity_bench, fast, holdem, teenpatti, tp2020, tp_rtp
from .cards import DECK

__all__ = ["bench_bot_hands", "bench_holdem", "bench_rtp", "main", "random_hands"]


def random_hands(n: int, seed: int = 2024) -> list[list[int]]:
    """``n`` seeded random hands of seven distinct card indices."""
    rng = random.Random(seed)
    cards = range(52)
    return [rng.sample(cards, 7) for _ in range(n)]


def _rate(function: Callable[[Any], object], items: Sequence[Any]) -> float:
    """Single calls per second over ``items``."""
    start = time.perf_counter()
    for item in items:
        function(item)
    return len(items) / (time.perf_counter() - start)


@dataclass(frozen=True, slots=True)
class _Library:
    """Another evaluator: ``prepare`` turns card indices into its input, untimed; ``call``
    evaluates one prepared hand, timed."""

    prepare: Callable[[list[int]], Any]
    call: Callable[[Any], object]


def _treys() -> _Library | None:
    try:
        from treys import Card as TreysCard  # dev-only comparison
        from treys import Evaluator
    except ImportError:
        return None
    evaluator = Evaluator()
    new = TreysCard.new
    codes = [new(card.code) for card in DECK]

    def prepare(hand: list[int]) -> tuple[list[int], list[int]]:
        cards = [codes[i] for i in hand]
        return cards[:2], cards[2:]

    def call(item: tuple[list[int], list[int]]) -> object:
        return evaluator.evaluate(item[0], item[1])

    return _Library(prepare, call)


def _pokerkit() -> _Library | None:
    try:
        from pokerkit import Card as KitCard  # dev-only comparison
        from pokerkit import StandardHighHand
    except ImportError:
        return None
    cards = [next(iter(KitCard.parse(card.code))) for card in DECK]
    from_game = StandardHighHand.from_game

    def prepare(hand: list[int]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        kit = tuple(cards[i] for i in hand)
        return kit[:2], kit[2:]

    def call(item: tuple[tuple[Any, ...], tuple[Any, ...]]) -> object:
        return from_game(item[0], item[1])

    return _Library(prepare, call)


def bench_holdem(n: int = 200_000, seed: int = 2024) -> dict[str, float | None]:
    """7-card evaluations per second: fast path, exact evaluator, treys, pokerkit.

    The slower evaluators run over the first tenth of the same hands (at least 1,000).
    ``None`` marks a library that is not installed.
    """
    hands = random_hands(n, seed)
    few = hands[: max(1_000, n // 10)]
    fast.build_tables()  # table building is a one-off cost, not part of the rate
    figures: dict[str, float | None] = {"fast.strength": _rate(fast.strength, hands)}
    figures["holdem.evaluate"] = _rate(holdem.evaluate, [[DECK[i] for i in h] for h in few])
    for name, make in (("treys", _treys), ("pokerkit", _pokerkit)):
        library = make()
        if library is None:
            figures[name] = None
        else:
            figures[name] = _rate(library.call, [library.prepare(h) for h in few])
    return figures


def bench_tables() -> float:
    """Seconds to build the fast path's tables from scratch."""
    start = time.perf_counter()
    fast._NONFLUSH.clear()
    fast._FLUSH.clear()
    fast.build_tables()
    return time.perf_counter() - start


def _clear_caches(module: ModuleType) -> None:
    for value in vars(module).values():
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            clear()


def bench_rtp() -> float:
    """Seconds to compute the Teen Patti 20-20 return-to-player table on a fresh cache."""
    for module in (tp2020, tp_rtp, teenpatti):
        _clear_caches(module)
    start = time.perf_counter()
    tp2020.return_to_player()
    return time.perf_counter() - start


def bench_bot_hands(n: int = 1000) -> dict[str, float]:
    """``n`` seeded bot-played hands (:func:`tutor.engine.bots.bench_bot_hands`), timed."""
    seconds = bots.bench_bot_hands(n)
    return {"hands": n, "seconds": seconds, "hands_per_second": n / seconds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.engine bench", description=__doc__)
    parser.add_argument("-n", type=int, default=200_000, help="hands for the fast path")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--no-rtp", action="store_true", help="skip the Teen Patti RTP timing")
    parser.add_argument("--bot-hands", type=int, default=1000, help="bot hands to time (0: skip)")
    parser.add_argument("--no-equity", action="store_true", help="skip the exact equity row")
    parser.add_argument(
        "--equity-samples", type=int, default=10_000, help="pokerkit's Monte Carlo samples"
    )
    parser.add_argument(
        "--equity-budget",
        type=float,
        default=30.0,
        help="seconds an enumeration may take before it is cut and extrapolated",
    )
    args = parser.parse_args(argv)
    if args.n < 1:
        parser.error("-n must be positive")
    if args.equity_samples < 1 or not args.equity_budget > 0:
        parser.error("--equity-samples and --equity-budget must be positive")

    print(f"fast tables built in {bench_tables():.3f} s; entries {fast.table_sizes()}")
    figures = bench_holdem(args.n, args.seed)
    fast_rate = figures["fast.strength"] or 0.0
    print(f"7-card evaluations per second (seed {args.seed}, single calls):")
    for name, rate in figures.items():
        if rate is None:
            print(f"  {name:16} not installed")
            continue
        ratio = "" if name == "fast.strength" else f"  (fast path is {fast_rate / rate:.1f}x)"
        print(f"  {name:16} {rate:12,.0f}{ratio}")
    if not args.no_rtp:
        print(f"Teen Patti 20-20 RTP table, fresh cache: {bench_rtp():.3f} s")
    timed = bench_bot_hands(args.bot_hands) if args.bot_hands > 0 else None
    if timed is None:
        print("bot hands: skipped")
    else:
        print(
            f"bot hands: {timed['hands']:,.0f} in {timed['seconds']:.2f} s, "
            f"{timed['hands_per_second']:,.1f} per second"
        )
    if not args.no_equity:
        budget = args.equity_budget
        equity_bench.run(
            sys.stdout, samples=args.equity_samples, budget=budget, probe=min(2.0, budget / 4)
        )
    return 0
