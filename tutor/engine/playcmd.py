"""``python -m tutor.engine play``: seeded hands between bots, history printed.

A developer tool for quick checks. Lines are event codes with their numbers
(``seat 3 raise to=300 added=300``), the bots' reasons in brackets.

>>> main(["--seed", "3", "--players", "3", "--hands", "1"])  # doctest: +ELLIPSIS
hand 1 rules=no_limit_50_100 blinds=50/100 button=0
  hand_start ...
0
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from . import events as ev
from .bots import Decision, Style, decide
from .errors import EngineError
from .rules import Rules, Structure
from .table import Table


def format_event(event: ev.Event, decision: Decision | None = None) -> str:
    """One event as ``kind key=value ...`` (cards as codes); a bot's reason appended."""
    data: dict[str, object] = dict(event.to_dict())
    kind = data.pop("kind")
    seat = data.pop("seat", None)
    parts = [f"seat {seat} {kind}" if seat is not None else str(kind)]
    for key, value in data.items():
        if isinstance(value, list):
            value = " ".join("-" if v is None else str(v) for v in _flat(value))
        parts.append(f"{key}={value}")
    line = " ".join(parts)
    if decision is not None:
        odds = "-" if decision.pot_odds is None else f"{decision.pot_odds}%"
        line += (
            f"  [{decision.style.value}: {decision.reason.value} "
            f"equity={decision.equity}% pot_odds={odds}]"
        )
    return line


def _flat(values: list[object]) -> list[object]:
    out: list[object] = []
    for v in values:
        out.extend(_flat(v) if isinstance(v, list) else [v])
    return out


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tutor.engine play", description="Play seeded hands between bots."
    )
    parser.add_argument("--seed", default="0", help="seed of the table (default 0)")
    parser.add_argument("--players", type=int, default=6, help="2 to 10 (default 6)")
    parser.add_argument(
        "--structure", choices=[s.value for s in Structure], default=Structure.NO_LIMIT.value
    )
    parser.add_argument("--hands", type=int, default=1, help="number of hands (default 1)")
    parser.add_argument("--blinds", default="50/100", help='small/big, e.g. "50/100"')
    parser.add_argument("--stack", type=int, default=10_000, help="starting stack")
    parser.add_argument(
        "--styles",
        default=",".join(s.value for s in Style),
        help="bot styles given to the seats in turn (tight, loose, aggressive, passive)",
    )
    parser.add_argument("--json", action="store_true", help="print each hand as JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(list(argv) if argv is not None else None)
    try:
        small, big = (int(x) for x in args.blinds.split("/"))
        styles = [Style(s.strip()) for s in args.styles.split(",") if s.strip()]
    except ValueError:
        print("error: --blinds must be like 50/100 and --styles from "
              + ", ".join(s.value for s in Style))  # fmt: skip
        return 2
    if not 2 <= args.players <= 10 or args.hands < 1 or not styles:
        print("error: --players must be 2 to 10, --hands at least 1, --styles not empty")
        return 2
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    try:
        structure = Structure(args.structure)
        rules = Rules(
            name=f"{structure.value}_{small}_{big}",
            structure=structure,
            small_blind=small,
            big_blind=big,
        )
        table = Table(rules, [args.stack] * args.players, seed=seed)
    except EngineError as error:
        print(f"error: {error.code} {error.details}")
        return 2
    seats = {s: styles[s % len(styles)] for s in range(args.players)}
    for _ in range(args.hands):
        if table.is_finished:
            break
        hand = table.new_hand()
        decisions: dict[int, Decision] = {}
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None  # the hand is not over
            decision = decide(hand, seats[seat])
            decisions[len(hand.events)] = decision
            hand.do(decision.action)
        if args.json:
            print(json.dumps(hand.to_dict()))
        else:
            print(f"hand {hand.setup.hand_no} rules={rules.name} blinds={hand.level.label} "
                  f"button={hand.button}")  # fmt: skip
            for index, event in enumerate(hand.events):
                print("  " + format_event(event, decisions.get(index)))
        table.end_hand(hand)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
