"""The engine's command line, ``python -m tutor.engine``: a developer and scripting tool.

Readable subcommands (``rank``, ``showdown``, ``pots``, ``award``, ``settle``, ``rtp``,
each with ``--json``), ``batch`` (one JSON request per line in, one JSON answer per line
out, in order, never stopping on a bad line), ``bench`` and ``play``.

The short English error messages are for developers and are built only in
:mod:`tutor.engine.batch`, from the engine's error codes.

>>> answer({"op": "rank", "cards": ["As", "Ks", "Qs", "Js", "Ts"]})["category"]
'royal_flush'
>>> answer({"op": "pots", "contributions": [50, "x"]})["error"]["code"]
'not_integer'
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import ModuleType
from typing import Any

from . import bench, pots
from .batch import OPS, answer, answer_line, run_batch
from .errors import InvalidInput
from .ops import HandReply, PotsReply, Request, RtpReply, SettleReply, ShowdownReply

__all__ = ["OPS", "SUBCOMMANDS", "InvalidInput", "Subcommand", "answer", "answer_line", "main"]

_GAMES = ("holdem", "teenpatti", "six_card_bonus")


# ---------------------------------------------------------------- readable replies


def _label(code: str) -> str:
    return code.replace("_", " ").capitalize()


def _show_rank(reply: HandReply) -> str:
    cards = reply.get("best_five") or reply.get("cards") or []
    return f"{_label(reply['category'])}: {' '.join(cards)}  (strength {reply['strength']})"


def _show_showdown(reply: ShowdownReply) -> str:
    lines = []
    for i, hand in enumerate(reply["hands"]):
        mark = "  <- wins" if i in reply["winners"] else ""
        cards = " ".join(hand.get("best_five") or hand.get("cards") or [])
        lines.append(f"hand {i}: {_label(hand['category'])}: {cards}{mark}")
    why = {k: v for k, v in reply["decided_by"].items() if v is not None}
    lines.append("decided by: " + ", ".join(f"{k}={v}" for k, v in why.items()))
    return "\n".join(lines)


def _show_pots(reply: PotsReply) -> str:
    lines = []
    for i, pot in enumerate(reply["pots"]):
        name = "main pot" if i == 0 else f"side pot {i}"
        seats = ", ".join(map(str, pot["eligible"]))
        line = f"{name}: {pot['amount']} for seats {seats}"
        if "shares" in pot:
            line += " -> " + ", ".join(f"seat {s} gets {c}" for s, c in pot["shares"])
        lines.append(line)
    lines.extend(f"seat {s} gets back {n} uncalled" for s, n in enumerate(reply["returned"]) if n)
    if "payouts" in reply:
        lines.append("payouts: " + " ".join(map(str, reply["payouts"])))
    return "\n".join(lines)


def _show_settle(reply: SettleReply) -> str:
    lines = [f"result: {reply['result']}"]
    for line in reply["lines"]:
        row = f" ({line['row']} {line['odds']}:1)" if line["row"] else ""
        lines.append(f"{line['bet']}: {line['outcome']}{row}, returns {line['returned']}")
    lines.append(f"net: {reply['net']}")
    return "\n".join(lines)


def _show_equity(reply: dict[str, Any]) -> str:
    lines = [f"{reply['boards']:,} boards"]
    for i, hand in enumerate(reply["hands"], start=1):
        share = float(Fraction(hand["equity"])) * 100
        lines.append(
            f"hand {i}: {share:6.2f} %  wins {hand['wins']:,}  ties {hand['ties']:,}"
            f"  equity {hand['equity']}"
        )
    return "\n".join(lines)


def _show_rtp(reply: RtpReply) -> str:
    return "\n".join(f"{bet}: {x['decimal']} ({x['exact']})" for bet, x in reply["rtp"].items())


# ---------------------------------------------------------------- arguments -> requests


def _rank_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("cards", nargs="+")
    p.add_argument("--game", choices=_GAMES, default="holdem")


def _rank_request(args: argparse.Namespace) -> Request:
    return {"op": "rank", "game": args.game, "cards": args.cards}


def _showdown_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("hands", nargs="+", help='one quoted hand each, e.g. "As 9d"')
    p.add_argument("--board", help="five cards (Hold'em)")
    p.add_argument("--game", choices=_GAMES[:2], default="holdem")


def _showdown_request(args: argparse.Namespace) -> Request:
    req: Request = {"op": "showdown", "game": args.game, "hands": args.hands}
    if args.board is not None:
        req["board"] = args.board
    return req


def _pots_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("contributions", nargs="+", type=int)
    p.add_argument("--folded", nargs="*", type=int, default=[], metavar="SEAT")


def _pots_request(args: argparse.Namespace) -> Request:
    folded = [s in args.folded for s in range(len(args.contributions))]
    return {"op": "pots", "contributions": args.contributions, "folded": folded}


def _award_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--contributions", nargs="+", type=int, required=True)
    p.add_argument("--hands", nargs="+", required=True, help='"As Kd" per seat, or "fold"')
    p.add_argument("--board", help="five cards")
    p.add_argument("--button", type=int, required=True)
    p.add_argument("--odd-chip", choices=[r.value for r in pots.OddChipRule])


def _award_request(args: argparse.Namespace) -> Request:
    folded = [h.lower() in ("fold", "-") for h in args.hands]
    req: Request = {
        "op": "award",
        "contributions": args.contributions,
        "folded": folded,
        "hands": [None if f else h for h, f in zip(args.hands, folded, strict=True)],
        "button": args.button,
    }
    if args.board is not None:
        req["board"] = args.board
    if args.odd_chip:
        req["odd_chip"] = args.odd_chip
    return req


def _settle_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--hand-a", required=True)
    p.add_argument("--hand-b", required=True)
    p.add_argument("--bet", action="append", default=[], metavar="NAME=STAKE")


def _settle_request(args: argparse.Namespace) -> Request:
    bets = dict(b.partition("=")[::2] for b in args.bet)
    req: Request = {"op": "teenpatti_settle", "hand_a": args.hand_a, "hand_b": args.hand_b}
    return {**req, "bets": bets}


def _no_args(p: argparse.ArgumentParser) -> None:
    pass


def _equity_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("hands", nargs="+", help='one hand each: AsKs or "As Ks"')
    p.add_argument("--board", default="", help="0, 3, 4 or 5 cards")
    p.add_argument("--dead", default="", help="cards that cannot come")


def _equity_request(args: argparse.Namespace) -> Request:
    return {"op": "equity", "hands": args.hands, "board": args.board, "dead": args.dead}


def _rtp_request(args: argparse.Namespace) -> Request:
    return {"op": "rtp", "game": "teenpatti_20_20"}


@dataclass(frozen=True, slots=True)
class Subcommand:
    """A readable subcommand: its arguments, the batch request it sends (see
    :data:`tutor.engine.batch.OPS`) and how its reply reads. ``show`` takes that op's reply."""

    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    request: Callable[[argparse.Namespace], Request]
    show: Callable[[Any], str]


#: The readable subcommands, in ``--help`` order. A new one is one entry here.
SUBCOMMANDS: dict[str, Subcommand] = {
    "rank": Subcommand(
        "the value of one hand, e.g. rank As Ks Qs Js Ts 2c 3d",
        _rank_args, _rank_request, _show_rank,
    ),
    "showdown": Subcommand(
        'compare hands: showdown --board "Ah Kd 8c 7s 2h" "As 9d" "Kc Qc"',
        _showdown_args, _showdown_request, _show_showdown,
    ),
    "pots": Subcommand(
        "main and side pots: pots 50 100 200 200 --folded 1",
        _pots_args, _pots_request, _show_pots,
    ),
    "award": Subcommand(
        "award the pots of a Hold'em showdown", _award_args, _award_request, _show_pots
    ),
    "settle": Subcommand(
        "settle a Teen Patti 20-20 bet slip", _settle_args, _settle_request, _show_settle
    ),
    "rtp": Subcommand(
        "the exact return to player of each Teen Patti 20-20 bet",
        _no_args, _rtp_request, _show_rtp,
    ),
    "equity": Subcommand(
        "exact Hold'em equity: equity AsKs QdQc [--board 'Qs Js 2d'] [--dead Ts]",
        _equity_args, _equity_request, _show_equity,
    ),
}  # fmt: skip


# ---------------------------------------------------------------- parsing and dispatch


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tutor.engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, command in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=command.help)
        p.add_argument("--json", action="store_true", help="print the JSON answer")
        command.arguments(p)
    sub.add_parser("batch", help="JSON lines in, JSON lines out")
    sub.add_parser("bench", help="evaluator speed figures", add_help=False)
    sub.add_parser("play", help="play a hand at the table", add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] == "play":
        return _play(argv[1:])
    if argv and argv[0] == "bench":
        return bench.main(argv[1:])
    args = _parser().parse_args(argv)
    if args.command == "batch":
        return run_batch(sys.stdin.buffer, sys.stdout)
    command = SUBCOMMANDS[args.command]
    reply = answer(command.request(args))
    if "error" in reply:
        print(f"error [{reply['error']['code']}]: {reply['error']['message']}", file=sys.stderr)
        return 2
    print(json.dumps(reply, indent=2, default=str) if args.json else command.show(reply))
    return 0


def _module(name: str) -> ModuleType:
    """``tutor.engine.<name>``, looked up when needed; :class:`InvalidInput` if it is missing."""
    try:
        return importlib.import_module(f"tutor.engine.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"tutor.engine.{name}":
            raise
        raise InvalidInput("unavailable", module=name) from None


def _play(argv: list[str]) -> int:
    try:
        playcmd = _module("playcmd")
    except InvalidInput:
        print("play is not available: tutor/engine/playcmd.py is missing", file=sys.stderr)
        return 2
    status: int = playcmd.main(argv)
    return status
