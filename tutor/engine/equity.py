"""Exact Texas Hold'em equity: every completion of the board is counted, none is sampled.

:func:`equity` takes 2 to 6 two-card hands, a board of 0, 3, 4 or 5 cards and dead cards,
and counts per hand the boards it wins, the boards it ties for best and its share of those
ties (1/k of a k-way tie); the equity is an exact fraction.

A board that gives nobody a flush is decided by ranks alone, so boards are counted by the
ranks they add, each multiset weighted by its number of suit choices (a product of
binomials). Then, suit by suit, the boards where someone makes a flush are walked by their
suited cards and the ranks of the rest, and moved from the rank-only outcome to the true
one. :func:`equity_naive` is the reference: one ``fast.strength`` call per hand per board.

>>> result = equity(["As Ks", "Qd Qc"])
>>> result.boards, [h.wins for h in result.hands], [h.ties for h in result.hands]
(1712304, [787966, 917606], [6732, 6732])
>>> equity(["AhAd", "7c8c"], board="2c 9c Kd Ks").to_json()
{'boards': 44, 'hands': [{'wins': 37, 'ties': 0, 'equity': '37/44'}, {'wins': 7, 'ties': 0, 'equity': '7/44'}]}
>>> equity(["As Ks", "Ad Kd"], board="Qh Jh 2c 3c 4d").hands[0].equity
Fraction(1, 2)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

from .cards import DECK, Card, ensure_unique, parse_cards
from .errors import InvalidCards, InvalidInput
from .fast import strength

__all__ = [
    "BOARD_SIZES",
    "MAX_HANDS",
    "MIN_HANDS",
    "Deal",
    "EquityResult",
    "HandEquity",
    "Winners",
    "board_winners",
    "clear_caches",
    "deal",
    "equity",
    "equity_naive",
    "equity_op",
    "result_from_tally",
]

MIN_HANDS = 2
MAX_HANDS = 6
BOARD_SIZES = (0, 3, 4, 5)

Cards = str | Iterable[str | Card]
#: The indices of the hands that share the best value on one board.
Winners = tuple[int, ...]

# A 3-bit counter per rank index (0 = two .. 12 = ace); seven cards never carry.
_RANK_KEY = tuple(1 << 3 * r for r in range(13))
_TOKEN = re.compile(r"(?:10|\S)\S")  # one card inside "AsKs" or "10hJh"


@dataclass(frozen=True, slots=True)
class HandEquity:
    """One hand's count: ``share`` is the sum of 1/k over its k-way ties."""

    wins: int
    ties: int
    share: Fraction
    equity: Fraction


@dataclass(frozen=True, slots=True)
class EquityResult:
    boards: int
    hands: tuple[HandEquity, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"boards": N, "hands": [{"wins": W, "ties": T, "equity": "p/q"}, ...]}``."""
        return {
            "boards": self.boards,
            "hands": [
                {"wins": h.wins, "ties": h.ties, "equity": _ratio(h.equity)} for h in self.hands
            ],
        }


@dataclass(frozen=True, slots=True)
class Deal:
    """Checked input as card indices (``Card.index``); ``left`` can still come, in deck order."""

    holes: tuple[tuple[int, int], ...]
    board: tuple[int, ...]
    left: tuple[int, ...]

    @property
    def need(self) -> int:  # cards still to come
        return 5 - len(self.board)

    @property
    def boards(self) -> int:  # completions of the board
        return comb(len(self.left), self.need)


def _ratio(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def _parse(value: object) -> tuple[Card, ...]:
    """Cards from ``"As Ks"``, ``"AsKs"``, ``["As", "Ks"]`` or ``Card`` objects."""
    if isinstance(value, str):
        items: list[object] = [value]
    elif isinstance(value, Iterable):
        items = list(value)
    else:
        raise InvalidCards(repr(value))
    tokens: list[str | Card] = []
    for item in items:
        if isinstance(item, Card):
            tokens.append(item)
        elif isinstance(item, str):
            for chunk in item.replace(",", " ").split():
                pieces = _TOKEN.findall(chunk)
                tokens.extend(pieces if "".join(pieces) == chunk else [chunk])
        else:
            raise InvalidCards(repr(item))
    return parse_cards(tokens, unique=False)


def deal(hands: Iterable[Cards], board: Cards = (), dead: Cards = ()) -> Deal:
    """Check and index the input.

    Raises :class:`InvalidCards` for a bad token (with ``hand`` set inside a hand) or a
    card given twice anywhere (``duplicate``), and :class:`InvalidInput` with the codes
    ``wrong_type`` (hands not a list), ``hand_count`` (``min``, ``max``, ``got``),
    ``hand_size`` (``hand``, ``expected``, ``got``), ``board_size`` (``got``) and
    ``too_few_cards`` (``needed``, ``left``).
    """
    if isinstance(hands, str) or not isinstance(hands, Iterable):
        raise InvalidInput("wrong_type", field="hands", expected="a list of hands")
    given = list(hands)
    if not MIN_HANDS <= len(given) <= MAX_HANDS:
        raise InvalidInput("hand_count", min=MIN_HANDS, max=MAX_HANDS, got=len(given))
    holes: list[tuple[Card, ...]] = []
    for i, hand in enumerate(given):
        try:
            cards = _parse(hand)
        except InvalidCards as error:
            error.details.setdefault("hand", i)
            raise
        if len(cards) != 2:
            raise InvalidInput("hand_size", hand=i, expected=2, got=len(cards))
        holes.append(cards)
    shown = _parse(board)
    if len(shown) not in BOARD_SIZES:
        raise InvalidInput("board_size", got=len(shown))
    used = [c for hole in holes for c in hole] + list(shown) + list(_parse(dead))
    ensure_unique(used)
    gone = set(used)
    left = tuple(c.index for c in DECK if c not in gone)
    if len(left) < 5 - len(shown):
        raise InvalidInput("too_few_cards", needed=5 - len(shown), left=len(left))
    return Deal(tuple((a.index, b.index) for a, b in holes), tuple(c.index for c in shown), left)


def equity(hands: Iterable[Cards], board: Cards = (), dead: Cards = ()) -> EquityResult:
    """Exact equity of every hand over every completion of the board (see the module)."""
    d = deal(hands, board, dead)
    return result_from_tally(_count(d), len(d.holes))


def equity_naive(hands: Iterable[Cards], board: Cards = (), dead: Cards = ()) -> EquityResult:
    """The same numbers the slow way: one ``fast.strength`` call per hand per board."""
    d = deal(hands, board, dead)
    tally = Counter(board_winners(d, extra) for extra in combinations(d.left, d.need))
    return result_from_tally(tally, len(d.holes))


def board_winners(d: Deal, extra: tuple[int, ...]) -> Winners:
    """The winners when ``extra`` (card indices) completes the board, by direct evaluation."""
    full = d.board + extra
    strengths = [strength((a, b, *full)) for a, b in d.holes]
    best = max(strengths)
    return tuple(i for i, s in enumerate(strengths) if s == best)


def result_from_tally(tally: Mapping[Winners, int], players: int) -> EquityResult:
    """Wins, ties, shares and equities from a count of boards per set of winners."""
    boards = sum(tally.values())
    wins, ties, share = [0] * players, [0] * players, [Fraction(0)] * players
    for winners, count in tally.items():
        if len(winners) == 1:
            wins[winners[0]] += count
            continue
        part = Fraction(count, len(winners))
        for i in winners:
            ties[i] += count
            share[i] += part
    return EquityResult(
        boards,
        tuple(
            HandEquity(w, t, s, (w + s) / boards if boards else Fraction(0))
            for w, t, s in zip(wins, ties, share, strict=True)
        ),
    )


def _plain_strength(ranks: Sequence[int]) -> int:
    """The strength of seven cards of these rank indices, suited in turn once sorted: the
    cards of a rank get distinct suits and no suit more than two, so none flush."""
    return strength([r << 2 | p & 3 for p, r in enumerate(sorted(ranks))])


# Keyed on a 13-bit set of rank indices of one suit (5 to 7 of them): at most 8,192 ints,
# so it never evicts; nothing about any particular deal is in it.
@lru_cache(maxsize=1 << 13)
def _flush_strength(mask: int) -> int:
    """The strength of a hand whose flush suit holds these ranks (a flush settles it)."""
    return strength([r << 2 for r in range(13) if mask >> r & 1])


def clear_caches() -> None:
    """Empty the flush-strength cache (for a cold timing)."""
    _flush_strength.cache_clear()


def _rank_boards(avail: Sequence[int], need: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """(rank key, number of ways, rank indices) for each multiset of ``need`` ranks that
    can be drawn from ``avail`` (cards left per rank index)."""
    done: list[tuple[int, int, int, tuple[int, ...]]] = []
    states: list[tuple[int, int, int, tuple[int, ...]]] = [(0, 0, 1, ())]
    for r, a in enumerate(avail):
        if a and states:
            grown = [
                (n + c, key + c * _RANK_KEY[r], ways * comb(a, c), ranks + (r,) * c)
                for n, key, ways, ranks in states
                for c in range(1, min(a, need - n) + 1)
            ]
            done.extend(s for s in grown if s[0] == need)
            states += [s for s in grown if s[0] < need]  # c = 0 keeps every state
    if need == 0:
        done = states
    return [(key, ways, ranks) for n, key, ways, ranks in done]


def _count(d: Deal) -> Counter[Winners]:
    """Boards per set of winners: by rank multiset first, then the flush corrections."""
    avail = [0] * 13
    for i in d.left:
        avail[i >> 2] += 1
    fixed = [(a >> 2, b >> 2, *(i >> 2 for i in d.board)) for a, b in d.holes]
    tally: Counter[Winners] = Counter()
    table: dict[int, tuple[int, Winners]] = {}  # rank key of the added cards -> best, winners
    for key, ways, ranks in _rank_boards(avail, d.need):
        strengths = [_plain_strength(known + ranks) for known in fixed]
        best = max(strengths)
        winners = tuple(i for i, s in enumerate(strengths) if s == best)
        table[key] = (best, winners)
        tally[winners] += ways
    for suit in range(4):
        _correct_flushes(d, suit, avail, table, tally)
    return tally


def _correct_flushes(
    d: Deal,
    suit: int,
    avail: Sequence[int],
    table: Mapping[int, tuple[int, Winners]],
    tally: Counter[Winners],
) -> None:
    """Move the boards where someone makes a flush in ``suit`` to their true winners.

    With seven cards a flush excludes a full house and quads, and a hand's rank-only
    value is never a flush, so the best rank-only value ``best`` and the best flush
    ``top`` never tie: above ``top`` the rank-only winners stand, below it the best
    flushes win.
    """
    board_mask = _mask(i for i in d.board if i & 3 == suit)
    holes = [_mask(i for i in hole if i & 3 == suit) for hole in d.holes]
    on_board = board_mask.bit_count()
    suited = [i >> 2 for i in d.left if i & 3 == suit]
    rest = list(avail)
    for r in suited:
        rest[r] -= 1
    most = max(m.bit_count() for m in holes)
    for drawn in range(max(0, 5 - on_board - most), min(d.need, len(suited)) + 1):
        others = _rank_boards(rest, d.need - drawn)
        flushing = [i for i, m in enumerate(holes) if on_board + drawn + m.bit_count() >= 5]
        for ranks in combinations(suited, drawn):
            mask = board_mask | _mask(r << 2 for r in ranks)
            key = sum(_RANK_KEY[r] for r in ranks)
            flushes = [_flush_strength(mask | holes[i]) for i in flushing]
            top = max(flushes)
            true = tuple(i for i, v in zip(flushing, flushes, strict=True) if v == top)
            moved = 0
            for other, ways, _ in others:
                best, winners = table[key + other]
                if best < top and winners != true:
                    moved += ways
                    tally[winners] -= ways
            tally[true] += moved


def _mask(indices: Iterable[int]) -> int:
    """The set of rank indices of some card indices, as bits."""
    mask = 0
    for i in indices:
        mask |= 1 << (i >> 2)
    return mask


def _card_list(value: object, field: str) -> str | list[str]:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(t, str) for t in value):
        return [str(t) for t in value]
    raise InvalidInput("wrong_type", field=field, expected="a list of card strings")


def equity_op(request: Mapping[str, Any]) -> dict[str, Any]:
    """The batch op ``{"op": "equity", "hands": [["As", "Ks"], ...], "board": [], "dead": []}``.

    >>> equity_op({"op": "equity", "hands": ["As Ks", "Ad Kd"], "board": "Qh Jh 2c 3c 4d"})
    {'boards': 1, 'hands': [{'wins': 0, 'ties': 1, 'equity': '1/2'}, {'wins': 0, 'ties': 1, 'equity': '1/2'}]}
    """
    if "hands" not in request:
        raise InvalidInput("missing_field", field="hands")
    hands = request["hands"]
    if not isinstance(hands, list):
        raise InvalidInput("wrong_type", field="hands", expected="a list of hands")
    board = _card_list(request.get("board", []), "board")
    dead = _card_list(request.get("dead", []), "dead")
    return equity([_card_list(h, "hands") for h in hands], board, dead).to_json()
