"""Speed figures for the evaluators, printed, never asserted: ``python -m tutor.engine bench``.

Every evaluator gets the same seeded random 7-card hands and is called once per hand in
a plain loop. ``treys`` and ``pokerkit`` are dev-only comparisons, imported here only if
installed; the engine never needs them.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from . import fast, holdem
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


def _treys() -> Callable[[Any], object] | None:
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

    call.prepare = prepare  # type: ignore[attr-defined]
    return call


def _pokerkit() -> Callable[[Any], object] | None:
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

    call.prepare = prepare  # type: ignore[attr-defined]
    return call


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
        call = make()
        if call is None:
            figures[name] = None
        else:
            figures[name] = _rate(call, [call.prepare(h) for h in few])  # type: ignore[attr-defined]
    return figures


def bench_tables() -> float:
    """Seconds to build the fast path's tables from scratch."""
    start = time.perf_counter()
    fast._NONFLUSH.clear()
    fast._FLUSH.clear()
    fast.build_tables()
    return time.perf_counter() - start


def bench_rtp() -> float | None:
    """Seconds to compute the Teen Patti 20-20 return-to-player table on a fresh cache."""
    try:
        tp2020 = importlib.import_module("tutor.engine.tp2020")
    except ModuleNotFoundError:
        return None
    for name in ("tutor.engine.tp2020", "tutor.engine.tp_rtp", "tutor.engine.teenpatti"):
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError:
            continue
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()
    start = time.perf_counter()
    tp2020.return_to_player()
    return time.perf_counter() - start


def bench_bot_hands(n: int = 1000) -> dict[str, float] | None:
    """Hook for the table and bots: ``n`` seeded bot-played hands, timed.

    Uses ``tutor.engine.bots.bench_bot_hands(n)`` (seconds taken); returns ``None``
    (skipped) while that module or function is missing.
    """
    try:
        bots = importlib.import_module("tutor.engine.bots")
    except ModuleNotFoundError:
        return None
    run = getattr(bots, "bench_bot_hands", None)
    if run is None:
        return None
    seconds = run(n)
    return {"hands": n, "seconds": seconds, "hands_per_second": n / seconds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.engine bench", description=__doc__)
    parser.add_argument("-n", type=int, default=200_000, help="hands for the fast path")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--no-rtp", action="store_true", help="skip the Teen Patti RTP timing")
    parser.add_argument("--bot-hands", type=int, default=1000, help="bot hands to time (0: skip)")
    args = parser.parse_args(argv)
    if args.n < 1:
        parser.error("-n must be positive")

    print(f"fast tables built in {bench_tables():.3f} s; entries {fast.table_sizes()}")
    figures = bench_holdem(args.n, args.seed)
    fast_rate = figures["fast.strength"]
    print(f"7-card evaluations per second (seed {args.seed}, single calls):")
    for name, rate in figures.items():
        if rate is None:
            print(f"  {name:16} not installed")
            continue
        ratio = "" if name == "fast.strength" else f"  (fast path is {fast_rate / rate:.1f}x)"
        print(f"  {name:16} {rate:12,.0f}{ratio}")
    if not args.no_rtp:
        seconds = bench_rtp()
        shown = "skipped: tutor.engine.tp2020 missing" if seconds is None else f"{seconds:.3f} s"
        print(f"Teen Patti 20-20 RTP table, fresh cache: {shown}")
    bots = bench_bot_hands(args.bot_hands) if args.bot_hands > 0 else None
    if bots is None:
        print("bot hands: skipped")
    else:
        print(
            f"bot hands: {bots['hands']:,.0f} in {bots['seconds']:.2f} s, "
            f"{bots['hands_per_second']:,.1f} per second"
        )
    return 0
