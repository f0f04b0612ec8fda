"""A PHH file (the open Poker Hand History format, TOML) read into a :class:`History`.

Players ``p1`` … ``pN`` sit in order from the small blind; the last one has the button
(heads-up, ``p2`` has the button and posts the small blind). Actions: ``d dh p1 AsKd``
(hole cards, ``????`` unknown), ``d db 7c5d4h`` (board), ``p3 f`` (fold), ``p3 cc`` (check
or call), ``p3 cbr 300`` (bet or raise to 300), ``p3 sm AsKd`` (show, ``????`` mucked).
Hold'em variants only: ``NT`` (no-limit), ``FT`` (fixed-limit), ``PT`` (pot-limit).
A ``.phhs`` file of several hands (``[1]``, ``[2]`` …) reads with :func:`read_all`.

>>> h = read("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
...          "starting_stacks = [200, 200]\\nactions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']")
>>> h.button, h.blinds, [m.kind.value for m in h.moves]
(1, (1, 0), ['fold'])
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ..cards import Card
from ..rules import MAX_SEATS, Structure
from .cardtext import CardLedger, read_cards
from .record import History, HistoryError, Move, MoveKind, Where, decimals, read_amount

VARIANTS = {"NT": Structure.NO_LIMIT, "FT": Structure.FIXED_LIMIT, "PT": Structure.POT_LIMIT}
_AT = re.compile(r"at line (\d+), column (\d+)")
_PLAYER = re.compile(r"^p(\d+)$")
_MOVES = {"f": MoveKind.FOLD, "cc": MoveKind.CHECK_OR_CALL, "cbr": MoveKind.BET_OR_RAISE}


def _load(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = _AT.search(str(error))
        line, column = (int(found[1]), int(found[2])) if found else (1, None)
        lines = text.splitlines() or [""]
        shown = lines[min(line, len(lines)) - 1]
        raise HistoryError("toml_syntax", Where(line, column, shown)) from None


def read(text: str) -> History:
    """Read one hand (a ``.phh`` file, or the first hand of a ``.phhs`` file)."""
    return read_all(text, limit=1)[0]


def read_all(text: str, limit: int | None = None) -> list[History]:
    data = _load(text)
    if "variant" in data or not data:
        return [_hand(data, text, 0)]
    hands = []
    for key, table in data.items():
        if not isinstance(table, dict):
            raise HistoryError("missing_field", _find(text, key, 0), field="variant")
        start = text.find(f"[{key}]")
        hands.append(_hand(table, text, max(start, 0)))
        if limit is not None and len(hands) >= limit:
            break
    return hands


def _find(text: str, needle: str, start: int) -> Where:
    """The place of ``needle`` at or after ``start`` (the file's start when absent)."""
    at = text.find(needle, start)
    at = max(at, 0)
    line_start = text.rfind("\n", 0, at) + 1
    line_end = text.find("\n", at)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    return Where(text.count("\n", 0, at) + 1, at - line_start + 1, line)


def _field(data: Mapping[str, Any], name: str, text: str, start: int, kind: type) -> Any:
    if name not in data:
        raise HistoryError("missing_field", _find(text, "[", start) if start else None, field=name)
    value = data[name]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise HistoryError("bad_field", _find(text, name, start), field=name)
    return value


def _numbers(data: Mapping[str, Any], name: str, text: str, start: int, size: int) -> list[str]:
    values = _field(data, name, text, start, list)
    where = _find(text, name, start)
    if len(values) != size or any(
        isinstance(v, bool) or not isinstance(v, int | float) for v in values
    ):
        raise HistoryError("bad_field", where, field=name)
    return [str(Decimal(str(v))) for v in values]


def _hand(data: Mapping[str, Any], text: str, start: int) -> History:
    variant = _field(data, "variant", text, start, str)
    if variant not in VARIANTS:
        raise HistoryError("not_holdem", _find(text, "variant", start), game=variant[:20])
    size = _size(data, text, start)
    fields = {
        n: _numbers(data, n, text, start, size)
        for n in ("starting_stacks", "antes", "blinds_or_straddles")
    }
    winnings = _numbers(data, "winnings", text, start, size) if "winnings" in data else None
    bets = [str(Decimal(str(data[n]))) for n in ("small_bet", "big_bet") if n in data]
    every = [t for values in fields.values() for t in values] + (winnings or []) + bets
    actions = [a for a in _field(data, "actions", text, start, list)]
    for action in actions:
        if not isinstance(action, str):
            raise HistoryError("bad_field", _find(text, "actions", start), field="actions")
        every += [p for p in action.split("#")[0].split()[2:] if p[:1].isdigit()]
    unit = 10 ** max((decimals(t) for t in every), default=0)
    where = _find(text, "starting_stacks", start)
    stacks = [read_amount(t, unit, where) for t in fields["starting_stacks"]]
    if any(s == 0 for s in stacks):
        raise HistoryError("bad_field", where, field="starting_stacks")
    antes = {read_amount(t, unit, where) for t in fields["antes"]}
    blinds = [read_amount(t, unit, where) for t in fields["blinds_or_straddles"]]
    if len(antes) != 1 or any(blinds[2:]) or not blinds[1] or blinds[0] > blinds[1]:
        raise HistoryError("blinds_unsupported", _find(text, "blinds_or_straddles", start))
    names = data.get("players")
    if not (
        isinstance(names, list) and len(names) == size and all(isinstance(n, str) for n in names)
    ):
        names = [f"p{i + 1}" for i in range(size)]
    moves, holes = _moves(actions, text, _find(text, "actions", start), size, unit)
    shown = {m.seat for m in moves if m.kind is MoveKind.SHOW}
    dealt = {seat for seat in holes if seat not in shown or _dealt_known(actions, seat)}
    heads_up = size == 2
    return History(
        source="phh",
        structure=VARIANTS[variant],
        small_blind=blinds[0],
        big_blind=blinds[1],
        ante=antes.pop(),
        stacks=tuple(stacks),
        names=tuple(names),
        button=1 if heads_up else size - 1,
        blinds=(1, 0) if heads_up else (0, 1),
        moves=tuple(moves),
        holes=holes,
        collected=tuple(read_amount(t, unit, where) for t in winnings) if winnings else None,
        unit=unit,
        currency=str(data.get("currency_symbol", ""))[:3],
        label=str(data.get("hand", ""))[:40],
        bets=_bets(bets, unit, where) if variant == "FT" else None,
        dealt=frozenset(dealt),
    )


def _size(data: Mapping[str, Any], text: str, start: int) -> int:
    """How many players the hand has: two to ten."""
    size = len(_field(data, "starting_stacks", text, start, list))
    where = _find(text, "starting_stacks", start)
    if size > MAX_SEATS:
        raise HistoryError("too_many_seats", where, seats=size, maximum=MAX_SEATS)
    if size < 2:
        raise HistoryError("too_few_players", where)
    return size


def _bets(bets: list[str], unit: int, where: Where) -> tuple[int, int] | None:
    if len(bets) != 2:
        return None
    small, big = (read_amount(t, unit, where) for t in bets)
    return small, big


def _moves(
    actions: list[str], text: str, start: Where, size: int, unit: int
) -> tuple[list[Move], dict[int, tuple[Card, ...]]]:
    ledger = CardLedger()
    moves: list[Move] = []
    holes: dict[int, tuple[Card, ...]] = {}
    offset = text.find("actions")
    for action in actions:
        found = text.find(action, max(offset, 0))
        offset = found + len(action) if found >= 0 else offset
        place = _find(text, action, max(found, 0)) if found >= 0 else start
        where = Where(place.line, place.column, action)
        words = action.split("#")[0].split()
        if len(words) >= 3 and words[0] == "d":
            _dealer(words, where, size, ledger, moves, holes)
            continue
        seat = _seat(words[0] if words else "", where, size)
        verb = words[1] if len(words) > 1 else ""
        if verb == "sm" and len(words) == 3:
            cards = () if "?" in words[2] else read_cards(words[2], where)
            if cards:
                ledger.hole(holes, seat, cards, where)
            moves.append(Move(MoveKind.SHOW if cards else MoveKind.MUCK, seat, where, cards=cards))
        elif verb in _MOVES and len(words) == (3 if verb == "cbr" else 2):
            amount = read_amount(words[2], unit, where) if verb == "cbr" else None
            moves.append(Move(_MOVES[verb], seat, where, amount))
        else:
            raise HistoryError("bad_action", where, name=words[0] if words else "")
    return moves, holes


def _dealt_known(actions: list[str], seat: int) -> bool:
    """Whether the file gives ``seat``'s hole cards at the deal (``d dh p1 AsKd``)."""
    prefix = f"d dh p{seat + 1} "
    return any(a.startswith(prefix) and "?" not in a for a in actions)


def _seat(word: str, where: Where, size: int) -> int:
    match = _PLAYER.match(word)
    if match is None or not 1 <= int(match[1]) <= size:
        raise HistoryError("unknown_player", where, name=word[:20])
    return int(match[1]) - 1


def _dealer(
    words: list[str],
    where: Where,
    size: int,
    ledger: CardLedger,
    moves: list[Move],
    holes: dict[int, tuple[Card, ...]],
) -> None:
    if words[1] == "dh" and len(words) == 4:
        seat = _seat(words[2], where, size)
        if "?" not in words[3]:
            ledger.hole(holes, seat, read_cards(words[3], where), where)
    elif words[1] == "db" and len(words) == 3:
        cards = read_cards(words[2], where)
        ledger.add(cards, where)
        moves.append(Move(MoveKind.BOARD, None, where, cards=cards))
    else:
        raise HistoryError("bad_action", where, name="d")
