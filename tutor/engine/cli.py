"""The engine's command line, ``python -m tutor.engine``: a developer and scripting tool.

Readable subcommands (``rank``, ``showdown``, ``pots``, ``award``, ``settle``, ``rtp``,
each with ``--json``), ``batch`` (one JSON request per line in, one JSON answer per line
out, in order, never stopping on a bad line), ``bench`` and ``play``.

The short English error messages here are for developers and are built only in this
module, from the engine's error codes.

>>> answer({"op": "rank", "cards": ["As", "Ks", "Qs", "Js", "Ts"]})["category"]
'royal_flush'
>>> answer({"op": "pots", "contributions": [50, "x"]})["error"]["code"]
'not_integer'
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import fields, is_dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from enum import Enum
from fractions import Fraction
from typing import Any, BinaryIO, TextIO

from . import holdem, pots
from .cards import Card, ensure_unique
from .errors import EngineError, InvalidCards, InvalidInput

Request = dict[str, Any]
Reply = dict[str, Any]

MESSAGES = {
    "invalid_card": "not a card: {token}",
    "duplicate": "card given twice: {token}",
    "card_count": "expected {min} to {max} cards, got {got}",
    "invalid_json": "the line is not valid JSON",
    "invalid_encoding": "the line is not UTF-8",
    "empty_line": "empty line",
    "unknown_op": "unknown op {op}; ops are {choices}",
    "unknown_game": "unknown game {game}; games are {choices}",
    "missing_field": "missing field {field}",
    "wrong_type": "field {field} must be {expected}",
    "length_mismatch": "expected {expected} entries, got {got}",
    "not_integer": "seat {seat}: not an integer",
    "not_bool": "seat {seat}: folded must be true or false",
    "negative": "seat {seat}: negative amount {amount}",
    "too_large": "seat {seat}: more than {limit} chips",
    "bad_button": "button {button} is not a seat (there are {seats})",
    "no_hands": "no hands given",
    "missing_hand": "seat {seat} is still in the hand but has no cards",
    "no_eligible_hand": "no hand can win the pot of {amount}",
    "unknown_bet": "unknown bet {bet}",
    "invalid_stake": "bet {bet}: not an amount: {stake}",
    "negative_stake": "bet {bet}: negative stake {stake}",
    "stake_too_large": "bet {bet}: stake {stake} is above {maximum}",
    "too_many_decimals": "bet {bet}: stake {stake} has more than {places} decimal places",
    "unavailable": "module {module} is not installed",
    "internal_error": "internal error ({type})",
}


def message(error: EngineError) -> str:
    """A short English message for an engine error code (developer tool only)."""
    details = error.details
    if error.code == "card_count" and details.get("min") == details.get("max"):
        return "expected {min} cards, got {got}".format_map(_Blank(details))
    template = MESSAGES.get(error.code)
    if template is None:
        extra = ", ".join(f"{k}={v}" for k, v in details.items())
        return error.code.replace("_", " ") + (f" ({extra})" if extra else "")
    return template.format_map(_Blank(details))


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "?"


# ---------------------------------------------------------------- request helpers


def _get(req: Request, name: str, kind: type | tuple[type, ...], expected: str, default=...):
    if name not in req:
        if default is ...:
            raise InvalidInput("missing_field", field=name)
        return default
    value = req[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _tuple(kind)):
        raise InvalidInput("wrong_type", field=name, expected=expected)
    return value


def _tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _tokens(value: object, field: str) -> list[str]:
    """Cards as a list of strings (or one space-separated string)."""
    if isinstance(value, str):
        return value.replace(",", " ").split()
    if isinstance(value, list) and all(isinstance(t, str) for t in value):
        return value
    raise InvalidInput("wrong_type", field=field, expected="a list of card strings")


def _cards(value: object, field: str, count: int | None = None) -> tuple[Card, ...]:
    cards = tuple(Card.parse(t) for t in _tokens(value, field))
    if count is not None and len(cards) != count:
        raise InvalidCards("", code="card_count", min=count, max=count, got=len(cards), field=field)
    ensure_unique(cards)
    return cards


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def _data(value: Any) -> Any:
    """Dataclasses, enums, tuples, fractions and decimals as JSON-friendly data."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _data(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_data(v) for v in value]
    if isinstance(value, Fraction | Decimal):
        return str(value)
    return value


def _game(req: Request, choices: tuple[str, ...]) -> str:
    game = _get(req, "game", str, "a string", choices[0])
    if game not in choices:
        raise InvalidInput("unknown_game", game=game, choices=", ".join(choices))
    return game


def _module(name: str) -> Any:
    import importlib

    try:
        return importlib.import_module(f"tutor.engine.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"tutor.engine.{name}":
            raise
        raise InvalidInput("unavailable", module=name) from None


def _holdem_hand(value: holdem.HandValue) -> Reply:
    return {
        "category": value.code,
        "best_five": _codes(value.best_five),
        "ranks": list(value.ranks),
        "strength": value.strength,
    }


def _tp_hand(value: Any) -> Reply:
    return {
        "category": value.code,
        "three_aces": value.is_three_aces,
        "cards": _codes(value.cards),
        "ranks": list(value.ranks),
        "strength": value.strength,
    }


# ---------------------------------------------------------------- operations


def op_rank(req: Request) -> Reply:
    game = _game(req, ("holdem", "teenpatti", "six_card_bonus"))
    cards = _tokens(_get(req, "cards", (list, str), "a list of card strings"), "cards")
    if game == "holdem":
        return _holdem_hand(holdem.evaluate(cards))
    if game == "teenpatti":
        return _tp_hand(_module("teenpatti").evaluate(cards))
    bonus = _module("sixcard").evaluate_bonus(cards)
    return {
        "category": bonus.code,
        "best_five": _codes(bonus.best_five),
        "strength": holdem.evaluate(cards).strength,
    }


def op_showdown(req: Request) -> Reply:
    game = _game(req, ("holdem", "teenpatti"))
    hands = [_tokens(h, "hands") for h in _get(req, "hands", list, "a list of hands")]
    if game == "teenpatti":
        if len(hands) != 2:
            raise InvalidInput("length_mismatch", field="hands", expected=2, got=len(hands))
        shown = _module("teenpatti").showdown(hands[0], hands[1])
        winners = {"player_a": [0], "player_b": [1]}.get(shown.result, [0, 1])
        return {
            "result": shown.result,
            "winners": winners,
            "hands": [_tp_hand(v) for v in shown.values],
            "decided_by": _data(shown.decided_by),
        }
    board = _tokens(_get(req, "board", (list, str), "a list of card strings"), "board")
    shown = holdem.showdown(board, hands)
    return {
        "winners": list(shown.winners),
        "hands": [_holdem_hand(v) for v in shown.values],
        "decided_by": _data(shown.decided_by),
    }


def _seats(req: Request) -> tuple[list[int], list[bool]]:
    contributions = _get(req, "contributions", list, "a list of integers")
    folded = _get(req, "folded", list, "a list of booleans", [False] * len(contributions))
    return contributions, folded


def _pot(pot: pots.Pot) -> Reply:
    return {
        "amount": pot.amount,
        "eligible": list(pot.eligible),
        "level": pot.level,
        "layer": pot.layer,
        "contributors": list(pot.contributors),
    }


def op_pots(req: Request) -> Reply:
    breakdown = pots.build_pots(*_seats(req))
    return {"pots": [_pot(p) for p in breakdown.pots], "returned": list(breakdown.returned)}


def op_award(req: Request) -> Reply:
    contributions, folded = _seats(req)
    pots.build_pots(contributions, folded)  # validates the seats first
    button = _get(req, "button", int, "a seat number")
    rule = _get(req, "odd_chip", str, "a string", pots.OddChipRule.LEFT_OF_BUTTON.value)
    try:
        odd_chip = pots.OddChipRule(rule)
    except ValueError:
        choices = ", ".join(r.value for r in pots.OddChipRule)
        raise InvalidInput("wrong_type", field="odd_chip", expected=f"one of {choices}") from None
    raw_hands = _get(req, "hands", list, "a list of hands (null for folded seats)")
    if len(raw_hands) != len(contributions):
        raise InvalidInput("length_mismatch", expected=len(contributions), got=len(raw_hands))
    live = [s for s, f in enumerate(folded) if not f]
    hands = [None if h is None else _cards(h, f"hands[{s}]", 2) for s, h in enumerate(raw_hands)]
    given = tuple(c for h in hands if h for c in h)
    ensure_unique(given)
    values: list[holdem.HandValue | None] = [None] * len(hands)
    if len(live) > 1:  # a showdown: every seat still in needs its cards
        for s in live:
            if hands[s] is None:
                raise InvalidInput("missing_hand", seat=s)
        board = _cards(_get(req, "board", (list, str), "a list of card strings"), "board", 5)
        ensure_unique(board + given)
        for s in live:
            values[s] = holdem.evaluate(board + hands[s])  # type: ignore[operator]
    strengths = [v.strength if v else None for v in values]
    result = pots.award(contributions, folded, strengths, button, odd_chip=odd_chip)
    return {
        "payouts": list(result.payouts),
        "pots": [
            {
                **_pot(a.pot),
                "winners": list(a.winners),
                "shares": [list(share) for share in a.shares],
                "odd_chips": a.odd_chips,
            }
            for a in result.pots
        ],
        "returned": list(result.returned),
        "hands": [_holdem_hand(v) if v else None for v in values],
    }


def op_teenpatti_settle(req: Request) -> Reply:
    hand_a = _cards(_get(req, "hand_a", (list, str), "a list of card strings"), "hand_a", 3)
    hand_b = _cards(_get(req, "hand_b", (list, str), "a list of card strings"), "hand_b", 3)
    bets = _get(req, "bets", dict, "an object of bet: stake")
    for bet, stake in bets.items():
        if isinstance(stake, bool) or not isinstance(stake, int | str | Decimal):
            raise InvalidInput("invalid_stake", bet=bet, stake=repr(stake))
    settlement = _module("tp2020").settle(hand_a, hand_b, bets)
    return {
        "result": settlement.result,
        "returns": {line.bet: str(line.returned) for line in settlement.lines},
        "net": str(settlement.net),
        "staked": str(settlement.total_staked),
        "returned": str(settlement.total_returned),
        "lines": [_data(line) for line in settlement.lines],
    }


def op_rtp(req: Request) -> Reply:
    game = _game(req, ("teenpatti_20_20",))
    rtp = _module("tp2020").return_to_player()
    return {
        "game": game,
        "rtp": {bet: {"exact": _fraction(x), "decimal": _decimal(x)} for bet, x in rtp.items()},
    }


def _fraction(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def _decimal(x: Fraction, places: int = 10) -> str:
    value = Decimal(x.numerator) / Decimal(x.denominator)
    return str(value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN))


OPS: dict[str, Callable[[Request], Reply]] = {
    "rank": op_rank,
    "showdown": op_showdown,
    "pots": op_pots,
    "award": op_award,
    "teenpatti_settle": op_teenpatti_settle,
    "rtp": op_rtp,
}


def handle(request: object) -> Reply:
    """Answer one request object; raises :class:`EngineError` for bad input."""
    if not isinstance(request, dict):
        raise InvalidInput("wrong_type", field="request", expected="a JSON object")
    op = _get(request, "op", str, "a string")
    if op not in OPS:
        raise InvalidInput("unknown_op", op=op, choices=", ".join(OPS))
    return OPS[op](request)


def error_reply(error: EngineError) -> Reply:
    body: Reply = {"code": error.code, "message": message(error)}
    if error.details:
        body["details"] = _data(error.details)
    return {"error": body}


def answer(request: object) -> Reply:
    """Like :func:`handle`, but errors become ``{"error": {...}}``; an ``id`` is echoed."""
    try:
        reply = handle(request)
    except EngineError as error:
        reply = error_reply(error)
    except Exception as error:  # a bug must not stop a batch; report it as data
        reply = error_reply(EngineError("internal_error", type=type(error).__name__))
    if isinstance(request, dict) and "id" in request:
        reply = {"id": request["id"], **reply}
    return reply


def _reject_constant(name: str) -> None:
    raise ValueError(name)


def answer_line(line: bytes | str) -> str:
    """One batch line in, one JSON line out (without the newline)."""
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
    except UnicodeDecodeError:
        return json.dumps(error_reply(EngineError("invalid_encoding")))
    if not text.strip():
        return json.dumps(error_reply(EngineError("empty_line")))
    try:
        request = json.loads(text, parse_float=Decimal, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        return json.dumps(error_reply(EngineError("invalid_json")))
    return json.dumps(answer(request), default=str)


def run_batch(stdin: BinaryIO, stdout: TextIO) -> int:
    for line in stdin:
        stdout.write(answer_line(line.rstrip(b"\r\n")) + "\n")
        stdout.flush()
    return 0


# ---------------------------------------------------------------- readable subcommands


def _label(code: str) -> str:
    return code.replace("_", " ").capitalize()


def _show_rank(reply: Reply) -> str:
    cards = reply.get("best_five") or reply.get("cards")
    return f"{_label(reply['category'])}: {' '.join(cards)}  (strength {reply['strength']})"


def _show_showdown(reply: Reply) -> str:
    lines = []
    for i, hand in enumerate(reply["hands"]):
        mark = "  <- wins" if i in reply["winners"] else ""
        cards = " ".join(hand.get("best_five") or hand["cards"])
        lines.append(f"hand {i}: {_label(hand['category'])}: {cards}{mark}")
    why = {k: v for k, v in reply["decided_by"].items() if v is not None}
    lines.append("decided by: " + ", ".join(f"{k}={v}" for k, v in why.items()))
    return "\n".join(lines)


def _show_pots(reply: Reply) -> str:
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


def _show_settle(reply: Reply) -> str:
    lines = [f"result: {reply['result']}"]
    for line in reply["lines"]:
        row = f" ({line['row']} {line['odds']}:1)" if line["row"] else ""
        lines.append(f"{line['bet']}: {line['outcome']}{row}, returns {line['returned']}")
    lines.append(f"net: {reply['net']}")
    return "\n".join(lines)


def _show_rtp(reply: Reply) -> str:
    return "\n".join(f"{bet}: {x['decimal']} ({x['exact']})" for bet, x in reply["rtp"].items())


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tutor.engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    games = ("holdem", "teenpatti", "six_card_bonus")

    def add(name: str, help_text: str) -> argparse.ArgumentParser:
        command = sub.add_parser(name, help=help_text)
        command.add_argument("--json", action="store_true", help="print the JSON answer")
        return command

    p = add("rank", "the value of one hand, e.g. rank As Ks Qs Js Ts 2c 3d")
    p.add_argument("cards", nargs="+")
    p.add_argument("--game", choices=games, default="holdem")
    p = add("showdown", 'compare hands: showdown --board "Ah Kd 8c 7s 2h" "As 9d" "Kc Qc"')
    p.add_argument("hands", nargs="+", help='one quoted hand each, e.g. "As 9d"')
    p.add_argument("--board", help="five cards (Hold'em)")
    p.add_argument("--game", choices=games[:2], default="holdem")
    p = add("pots", "main and side pots: pots 50 100 200 200 --folded 1")
    p.add_argument("contributions", nargs="+", type=int)
    p.add_argument("--folded", nargs="*", type=int, default=[], metavar="SEAT")
    p = add("award", "award the pots of a Hold'em showdown")
    p.add_argument("--contributions", nargs="+", type=int, required=True)
    p.add_argument("--hands", nargs="+", required=True, help='"As Kd" per seat, or "fold"')
    p.add_argument("--board", help="five cards")
    p.add_argument("--button", type=int, required=True)
    p.add_argument("--odd-chip", choices=[r.value for r in pots.OddChipRule])
    p = add("settle", "settle a Teen Patti 20-20 bet slip")
    p.add_argument("--hand-a", required=True)
    p.add_argument("--hand-b", required=True)
    p.add_argument("--bet", action="append", default=[], metavar="NAME=STAKE")
    add("rtp", "the exact return to player of each Teen Patti 20-20 bet")
    sub.add_parser("batch", help="JSON lines in, JSON lines out")
    sub.add_parser("bench", help="evaluator speed figures", add_help=False)
    sub.add_parser("play", help="play a hand at the table", add_help=False)
    return parser


def _request(args: argparse.Namespace) -> tuple[Request, Callable[[Reply], str]]:
    if args.command == "rank":
        return {"op": "rank", "game": args.game, "cards": args.cards}, _show_rank
    if args.command == "showdown":
        req = {"op": "showdown", "game": args.game, "hands": args.hands}
        if args.board is not None:
            req["board"] = args.board
        return req, _show_showdown
    if args.command == "pots":
        folded = [s in args.folded for s in range(len(args.contributions))]
        return {"op": "pots", "contributions": args.contributions, "folded": folded}, _show_pots
    if args.command == "award":
        folded = [h.lower() in ("fold", "-") for h in args.hands]
        req = {
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
        return req, _show_pots
    if args.command == "settle":
        bets = dict(b.partition("=")[::2] for b in args.bet)
        req = {"op": "teenpatti_settle", "hand_a": args.hand_a, "hand_b": args.hand_b}
        return {**req, "bets": bets}, _show_settle
    return {"op": "rtp", "game": "teenpatti_20_20"}, _show_rtp


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] == "play":
        return _play(argv[1:])
    if argv and argv[0] == "bench":
        from .bench import main as bench_main

        return bench_main(argv[1:])
    args = _parser().parse_args(argv)
    if args.command == "batch":
        return run_batch(sys.stdin.buffer, sys.stdout)
    request, show = _request(args)
    reply = answer(request)
    if "error" in reply:
        print(f"error [{reply['error']['code']}]: {reply['error']['message']}", file=sys.stderr)
        return 2
    print(json.dumps(reply, indent=2, default=str) if args.json else show(reply))
    return 0


def _play(argv: list[str]) -> int:
    try:
        playcmd = _module("playcmd")
    except InvalidInput:
        print("play is not available: tutor/engine/playcmd.py is missing", file=sys.stderr)
        return 2
    return playcmd.main(argv)
