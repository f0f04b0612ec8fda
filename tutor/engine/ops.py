"""The batch ops: each turns one JSON request object into one JSON reply with the engine.

A request is a JSON object as parsed (numbers with a fraction arrive as
:class:`~decimal.Decimal`); every field is checked here and bad input raises an
:class:`~tutor.engine.errors.EngineError` with a code. The replies are plain JSON data.
:data:`tutor.engine.batch.OPS` is the table that names them.

>>> op_pots({"contributions": [50, 100, 200, 200]})["returned"]
[0, 0, 0, 0]
>>> op_rank({"game": "teenpatti", "cards": "Ah Kh Qh"})["category"]
'pure_sequence'
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from enum import Enum
from fractions import Fraction
from typing import Any, NotRequired, TypedDict

from . import holdem, pots, sixcard, teenpatti, tp2020
from .cards import Card, ensure_unique
from .errors import InvalidCards, InvalidInput

__all__ = [
    "HandReply",
    "PotReply",
    "PotsReply",
    "Request",
    "RtpReply",
    "SettleLineReply",
    "SettleReply",
    "ShowdownReply",
    "json_data",
    "op_award",
    "op_pots",
    "op_rank",
    "op_rtp",
    "op_showdown",
    "op_teenpatti_settle",
]

#: A request as parsed from JSON: nothing about its fields is known until checked.
Request = dict[str, Any]


class HandReply(TypedDict):
    """One hand's value: Hold'em (``best_five``, ``ranks``), Teen Patti (``cards``,
    ``ranks``, ``three_aces``) or the 6 Card Bonus (``best_five``)."""

    category: str
    three_aces: NotRequired[bool]
    cards: NotRequired[list[str]]
    best_five: NotRequired[list[str]]
    ranks: NotRequired[list[int]]
    strength: int


class ShowdownReply(TypedDict):
    """``result`` for Teen Patti only; ``decided_by`` is the decision's fields."""

    result: NotRequired[str]
    winners: list[int]
    hands: list[HandReply]
    decided_by: dict[str, Any]


class PotReply(TypedDict):
    """A pot; the ``award`` op adds who won it and the shares."""

    amount: int
    eligible: list[int]
    level: int
    layer: int
    contributors: list[int]
    winners: NotRequired[list[int]]
    shares: NotRequired[list[list[int]]]
    odd_chips: NotRequired[int]


class PotsReply(TypedDict):
    """The ``pots`` op; the ``award`` op adds ``payouts`` and the ``hands``."""

    payouts: NotRequired[list[int]]
    pots: list[PotReply]
    returned: list[int]
    hands: NotRequired[list[HandReply | None]]


class SettleLineReply(TypedDict):
    """One bet of a settled slip; amounts and odds as exact decimal strings."""

    bet: str
    stake: str
    outcome: str
    row: str | None
    odds: str | None
    returned: str


class SettleReply(TypedDict):
    result: str
    returns: dict[str, str]
    net: str
    staked: str
    returned: str
    lines: list[SettleLineReply]


class RtpFigure(TypedDict):
    exact: str
    decimal: str


class RtpReply(TypedDict):
    game: str
    rtp: dict[str, RtpFigure]


# ---------------------------------------------------------------- request fields


def _get(
    req: Request, name: str, kind: type | tuple[type, ...], expected: str, default: object = ...
) -> Any:
    """The field ``name`` if it is a ``kind`` (a bool is not an int), else the default."""
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


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [c.code for c in cards]


def json_data(value: object) -> Any:
    """Dataclasses, enums, tuples, fractions and decimals as JSON-friendly data.

    >>> json_data((Fraction(19, 20), holdem.Decision("tie")))
    ['19/20', {'kind': 'tie', 'position': None, 'winner_rank': None, 'loser_rank': None, 'runner_up': None}]
    """
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: json_data(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [json_data(v) for v in value]
    if isinstance(value, Fraction | Decimal):
        return str(value)
    return value


def _game(req: Request, choices: tuple[str, ...]) -> str:
    game: str = _get(req, "game", str, "a string", choices[0])
    if game not in choices:
        raise InvalidInput("unknown_game", game=game, choices=", ".join(choices))
    return game


def _holdem_hand(value: holdem.HandValue) -> HandReply:
    return {
        "category": value.code,
        "best_five": _codes(value.best_five),
        "ranks": list(value.ranks),
        "strength": value.strength,
    }


def _tp_hand(value: teenpatti.TPHandValue) -> HandReply:
    return {
        "category": value.code,
        "three_aces": value.is_three_aces,
        "cards": _codes(value.cards),
        "ranks": list(value.ranks),
        "strength": value.strength,
    }


# ---------------------------------------------------------------- hands


def op_rank(req: Request) -> HandReply:
    game = _game(req, ("holdem", "teenpatti", "six_card_bonus"))
    cards = _tokens(_get(req, "cards", (list, str), "a list of card strings"), "cards")
    if game == "holdem":
        return _holdem_hand(holdem.evaluate(cards))
    if game == "teenpatti":
        return _tp_hand(teenpatti.evaluate(cards))
    bonus = sixcard.evaluate_bonus(cards)
    return {
        "category": bonus.code,
        "best_five": _codes(bonus.best_five),
        "strength": holdem.evaluate(cards).strength,
    }


def op_showdown(req: Request) -> ShowdownReply:
    game = _game(req, ("holdem", "teenpatti"))
    hands = [_tokens(h, "hands") for h in _get(req, "hands", list, "a list of hands")]
    if game == "teenpatti":
        if len(hands) != 2:
            raise InvalidInput("length_mismatch", field="hands", expected=2, got=len(hands))
        tp_shown = teenpatti.showdown(hands[0], hands[1])
        winners = {"player_a": [0], "player_b": [1]}.get(tp_shown.result, [0, 1])
        return {
            "result": tp_shown.result,
            "winners": winners,
            "hands": [_tp_hand(v) for v in tp_shown.values],
            "decided_by": json_data(tp_shown.decided_by),
        }
    board = _tokens(_get(req, "board", (list, str), "a list of card strings"), "board")
    shown = holdem.showdown(board, hands)
    return {
        "winners": list(shown.winners),
        "hands": [_holdem_hand(v) for v in shown.values],
        "decided_by": json_data(shown.decided_by),
    }


# ---------------------------------------------------------------- pots


def _seats(req: Request) -> tuple[list[int], list[bool]]:
    contributions: list[int] = _get(req, "contributions", list, "a list of integers")
    folded: list[bool] = _get(
        req, "folded", list, "a list of booleans", [False] * len(contributions)
    )
    return contributions, folded


def _pot(pot: pots.Pot) -> PotReply:
    return {
        "amount": pot.amount,
        "eligible": list(pot.eligible),
        "level": pot.level,
        "layer": pot.layer,
        "contributors": list(pot.contributors),
    }


def op_pots(req: Request) -> PotsReply:
    breakdown = pots.build_pots(*_seats(req))
    return {"pots": [_pot(p) for p in breakdown.pots], "returned": list(breakdown.returned)}


def _odd_chip(req: Request) -> pots.OddChipRule:
    rule = _get(req, "odd_chip", str, "a string", pots.OddChipRule.LEFT_OF_BUTTON.value)
    try:
        return pots.OddChipRule(rule)
    except ValueError:
        choices = ", ".join(r.value for r in pots.OddChipRule)
        raise InvalidInput("wrong_type", field="odd_chip", expected=f"one of {choices}") from None


def _awarded(award: pots.PotAward) -> PotReply:
    return {
        **_pot(award.pot),
        "winners": list(award.winners),
        "shares": [list(share) for share in award.shares],
        "odd_chips": award.odd_chips,
    }


def op_award(req: Request) -> PotsReply:
    contributions, folded = _seats(req)
    pots.build_pots(contributions, folded)  # validates the seats first
    button: int = _get(req, "button", int, "a seat number")
    odd_chip = _odd_chip(req)
    raw_hands = _get(req, "hands", list, "a list of hands (null for folded seats)")
    if len(raw_hands) != len(contributions):
        raise InvalidInput("length_mismatch", expected=len(contributions), got=len(raw_hands))
    live = [s for s, f in enumerate(folded) if not f]
    hands = [None if h is None else _cards(h, f"hands[{s}]", 2) for s, h in enumerate(raw_hands)]
    given = tuple(c for h in hands if h for c in h)
    ensure_unique(given)
    values: list[holdem.HandValue | None] = [None] * len(hands)
    if len(live) > 1:  # a showdown: every seat still in needs its cards
        holes: dict[int, tuple[Card, ...]] = {}
        for s in live:
            hole = hands[s]
            if hole is None:
                raise InvalidInput("missing_hand", seat=s)
            holes[s] = hole
        board = _cards(_get(req, "board", (list, str), "a list of card strings"), "board", 5)
        ensure_unique(board + given)
        for s, hole in holes.items():
            values[s] = holdem.evaluate(board + hole)
    strengths = [v.strength if v else None for v in values]
    result = pots.award(contributions, folded, strengths, button, odd_chip=odd_chip)
    return {
        "payouts": list(result.payouts),
        "pots": [_awarded(a) for a in result.pots],
        "returned": list(result.returned),
        "hands": [_holdem_hand(v) if v else None for v in values],
    }


# ---------------------------------------------------------------- Teen Patti 20-20


def _settle_line(line: tp2020.SettlementLine) -> SettleLineReply:
    return {
        "bet": line.bet,
        "stake": str(line.stake),
        "outcome": line.outcome,
        "row": line.row,
        "odds": None if line.odds is None else str(line.odds),
        "returned": str(line.returned),
    }


def op_teenpatti_settle(req: Request) -> SettleReply:
    hand_a = _cards(_get(req, "hand_a", (list, str), "a list of card strings"), "hand_a", 3)
    hand_b = _cards(_get(req, "hand_b", (list, str), "a list of card strings"), "hand_b", 3)
    bets: dict[str, object] = _get(req, "bets", dict, "an object of bet: stake")
    stakes: dict[str, int | str | Decimal] = {}
    for bet, stake in bets.items():
        if isinstance(stake, bool) or not isinstance(stake, int | str | Decimal):
            raise InvalidInput("invalid_stake", bet=bet, stake=repr(stake))
        stakes[bet] = stake
    settlement = tp2020.settle(hand_a, hand_b, stakes)
    return {
        "result": settlement.result,
        "returns": {line.bet: str(line.returned) for line in settlement.lines},
        "net": str(settlement.net),
        "staked": str(settlement.total_staked),
        "returned": str(settlement.total_returned),
        "lines": [_settle_line(line) for line in settlement.lines],
    }


def op_rtp(req: Request) -> RtpReply:
    game = _game(req, ("teenpatti_20_20",))
    rtp = tp2020.return_to_player()
    return {
        "game": game,
        "rtp": {bet: {"exact": _fraction(x), "decimal": _decimal(x)} for bet, x in rtp.items()},
    }


def _fraction(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def _decimal(x: Fraction, places: int = 10) -> str:
    value = Decimal(x.numerator) / Decimal(x.denominator)
    return str(value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN))
