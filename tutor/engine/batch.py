"""The JSON batch protocol: one request object per line in, one reply object per line out.

:data:`OPS` is the one table of ops: a request's ``"op"`` names an entry, and a new op
is one function (see :mod:`tutor.engine.ops`) and one line there. Bad input never stops
a batch: it becomes ``{"error": {"code", "message", "details"}}``, and an ``"id"`` in
the request is echoed in its reply.

The short English error messages here are for developers and are built only in this
module, from the engine's error codes.

>>> answer({"op": "rank", "cards": ["As", "Ks", "Qs", "Js", "Ts"]})["category"]
'royal_flush'
>>> answer({"op": "pots", "contributions": [50, "x"]})["error"]["code"]
'not_integer'
>>> answer_line('{"id": 7, "op": "nope"}')[:45]
'{"id": 7, "error": {"code": "unknown_op", "me'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any, BinaryIO, TextIO, TypedDict

from .equity import equity_op
from .errors import EngineError, InvalidInput
from .ops import (
    Request,
    json_data,
    op_award,
    op_pots,
    op_rank,
    op_rtp,
    op_showdown,
    op_teenpatti_settle,
)

__all__ = [
    "MESSAGES",
    "OPS",
    "ErrorBody",
    "Reply",
    "answer",
    "answer_line",
    "error_reply",
    "handle",
    "message",
    "run_batch",
]

#: A reply: one of the ops' reply types, or ``{"error": ErrorBody}``, with ``"id"`` echoed.
Reply = Mapping[str, Any]

#: Every op of the batch protocol and of the readable subcommands, by request ``"op"``.
OPS: dict[str, Callable[[Request], Reply]] = {
    "rank": op_rank,
    "showdown": op_showdown,
    "pots": op_pots,
    "award": op_award,
    "teenpatti_settle": op_teenpatti_settle,
    "rtp": op_rtp,
    "equity": equity_op,
}

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
    "hand_count": "expected {min} to {max} hands, got {got}",
    "hand_size": "hand {hand}: expected {expected} cards, got {got}",
    "board_size": "a board has 0, 3, 4 or 5 cards, got {got}",
    "too_few_cards": "{needed} board cards needed, only {left} left",
    "unavailable": "module {module} is not installed",
    "internal_error": "internal error ({type})",
}


class ErrorBody(TypedDict, total=False):
    """``code`` and ``message`` always; ``details`` when the error has numbers."""

    code: str
    message: str
    details: Any


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


class _Blank(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


def handle(request: object) -> Reply:
    """Answer one request object; raises :class:`EngineError` for bad input."""
    if not isinstance(request, dict):
        raise InvalidInput("wrong_type", field="request", expected="a JSON object")
    if "op" not in request:
        raise InvalidInput("missing_field", field="op")
    op = request["op"]
    if not isinstance(op, str):
        raise InvalidInput("wrong_type", field="op", expected="a string")
    if op not in OPS:
        raise InvalidInput("unknown_op", op=op, choices=", ".join(OPS))
    return OPS[op](request)


def error_reply(error: EngineError) -> dict[str, ErrorBody]:
    body: ErrorBody = {"code": error.code, "message": message(error)}
    if error.details:
        body["details"] = json_data(error.details)
    return {"error": body}


def answer(request: object) -> dict[str, Any]:
    """Like :func:`handle`, but errors become ``{"error": {...}}``; an ``id`` is echoed."""
    reply: Reply
    try:
        reply = handle(request)
    except EngineError as error:
        reply = error_reply(error)
    except Exception as error:  # a bug must not stop a batch; report it as data
        reply = error_reply(EngineError("internal_error", type=type(error).__name__))
    if isinstance(request, dict) and "id" in request:
        return {"id": request["id"], **reply}
    return dict(reply)


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
