"""Texas Hold'em hand values: the best five of five, six or seven cards, and showdowns.

A :class:`HandValue` orders by category, then by its tie-break ranks; suits never
break ties. Everything it says is data (codes and integers) for the site to translate.

>>> v = evaluate("As Ks Qs Js Ts 2c 3d")
>>> v.code, " ".join(c.code for c in v.best_five)
('royal_flush', 'As Ks Qs Js Ts')
>>> wheel = evaluate("5d 4c 3h 2s Ad")
>>> wheel.category.code, wheel.ranks, " ".join(c.code for c in wheel.best_five)
('straight', (5,), '5d 4c 3h 2s Ad')
>>> evaluate("Kd Ac 2h 3s 4d").code  # K-A-2-3-4 does not go round the corner
'high_card'
>>> evaluate("Qh Jh Th 4h 2h") > evaluate("Th 9h 8h 4c 2c 3h 5h")
True
>>> s = showdown("Ah Kd 8c 7s 2h", ["As 9d", "Ac 9h", "Kc Qc"])
>>> s.winners, s.decided_by.kind
((0, 1), 'rank')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import cast

from .cards import Card, ensure_unique
from .errors import InvalidCards, InvalidInput
from .fast import strength
from .packing import ACE, Category, pack, straight_top, value_of_counts, value_of_suited

__all__ = [
    "MAIN_RANKS",
    "WHEEL",
    "WRAPAROUNDS",
    "Category",
    "Decision",
    "HandValue",
    "Showdown",
    "evaluate",
    "pack",
    "showdown",
    "straight_top",
    "strength",
    "value_of_counts",
    "value_of_suited",
]


#: The five-high straight's ranks (A-2-3-4-5): the ace counts as one, below the two.
WHEEL = (14, 2, 3, 4, 5)
#: Five ranks that would make a straight if a straight could turn the corner at the ace.
WRAPAROUNDS: tuple[tuple[int, ...], ...] = (
    (11, 12, 13, 14, 2),
    (12, 13, 14, 2, 3),
    (13, 14, 2, 3, 4),
)

#: How many leading entries of ``HandValue.ranks`` are the category's own ranks
#: (the pair, both pairs, the trips, the full house's trips and pair, the top card of a
#: straight, flush or high card). Later entries are kickers. For a flush and a high card
#: only the first (highest) card counts as the "rank"; the others are kickers.
MAIN_RANKS: dict[Category, int] = {
    Category.HIGH_CARD: 1,
    Category.ONE_PAIR: 1,
    Category.TWO_PAIR: 2,
    Category.THREE_OF_A_KIND: 1,
    Category.STRAIGHT: 1,
    Category.FLUSH: 1,
    Category.FULL_HOUSE: 2,
    Category.FOUR_OF_A_KIND: 1,
    Category.STRAIGHT_FLUSH: 1,
}

#: How many cards of each entry of ``ranks`` the best five holds (straights aside).
_SHAPES: dict[Category, tuple[int, ...]] = {
    Category.HIGH_CARD: (1, 1, 1, 1, 1),
    Category.ONE_PAIR: (2, 1, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.THREE_OF_A_KIND: (3, 1, 1),
    Category.FLUSH: (1, 1, 1, 1, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.FOUR_OF_A_KIND: (4, 1),
}


@dataclass(frozen=True, order=True)
class HandValue:
    """A totally ordered, hashable hand value; ``best_five`` does not take part in comparisons."""

    category: Category
    ranks: tuple[int, ...]
    best_five: tuple[Card, ...] = field(compare=False)

    @property
    def code(self) -> str:
        """The category code, but ``"royal_flush"`` for the ace-high straight flush."""
        if self.category is Category.STRAIGHT_FLUSH and self.ranks[0] == ACE:
            return "royal_flush"
        return self.category.code

    @property
    def strength(self) -> int:
        """The same integer as :func:`strength` of the same cards; higher is stronger."""
        return pack(self.category, self.ranks)


def evaluate(cards: str | Iterable[str | Card]) -> HandValue:
    """The value of the best five of 5, 6 or 7 cards (``Card`` objects or tokens).

    Raises :class:`InvalidCards`: a bad token, ``card_count`` for the wrong number of
    cards, ``duplicate`` for a card given twice.
    """
    return _evaluate(_parse(cards, 5, 7))


def _parse(cards: object, low: int, high: int) -> tuple[Card, ...]:
    tokens: Sequence[object]
    if isinstance(cards, str):
        tokens = cards.replace(",", " ").split()
    else:
        try:
            tokens = list(cast("Iterable[object]", cards))  # not iterable: TypeError
        except TypeError:
            raise InvalidCards(repr(cards)) from None
    parsed = []
    for token in tokens:
        if isinstance(token, Card):
            parsed.append(token)
        elif isinstance(token, str):
            parsed.append(Card.parse(token))
        else:
            raise InvalidCards(repr(token))
    ensure_unique(parsed)
    if not low <= len(parsed) <= high:
        raise InvalidCards("", code="card_count", min=low, max=high, got=len(parsed))
    return tuple(parsed)


def _display_order(card: Card) -> tuple[int, int]:
    return -card.rank, card.index  # high ranks first; within a rank, the suit order


def _evaluate(cards: tuple[Card, ...]) -> HandValue:
    ordered = sorted(cards, key=_display_order)
    by_suit: dict[object, list[Card]] = {}
    for card in ordered:
        by_suit.setdefault(card.suit, []).append(card)
    suited = next((group for group in by_suit.values() if len(group) >= 5), None)
    if suited is not None:
        category, ranks = value_of_suited(sum(1 << c.rank for c in suited))
        pool = suited
    else:
        counts = [0] * 15
        for card in ordered:
            counts[card.rank] += 1
        category, ranks = value_of_counts(counts)
        pool = ordered
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        top = ranks[0]
        wanted = [ACE if r == 1 else r for r in range(top, top - 5, -1)]
        best = tuple(next(c for c in pool if c.rank == r) for r in wanted)
    else:
        best = tuple(
            card
            for rank, count in zip(ranks, _SHAPES[category], strict=True)
            for card in [c for c in pool if c.rank == rank][:count]
        )
    return HandValue(category, ranks, best)


@dataclass(frozen=True)
class Decision:
    """Why the winners beat the best of the rest, as data.

    ``kind`` is ``"only_hand"``, ``"category"``, ``"rank"``, ``"kicker"``, ``"tie"`` or
    ``"board_plays"``. For ``"rank"`` and ``"kicker"``, ``position`` indexes ``ranks``
    (see :data:`MAIN_RANKS` for which positions are ranks and which kickers) and
    ``winner_rank`` / ``loser_rank`` are the ranks found there. ``runner_up`` is the
    best losing hand (the lowest index among equals) when some hand lost.
    """

    kind: str
    position: int | None = None
    winner_rank: int | None = None
    loser_rank: int | None = None
    runner_up: int | None = None


@dataclass(frozen=True)
class Showdown:
    values: tuple[HandValue, ...]
    winners: tuple[int, ...]
    decided_by: Decision


def showdown(
    board: str | Iterable[str | Card], hands: Sequence[str | Iterable[str | Card]]
) -> Showdown:
    """Compare any number of two-card hands over one five-card board.

    Raises :class:`InvalidCards` for bad tokens, wrong counts (``card_count``, with
    ``hand`` set to the hand's index) or a card used twice anywhere (``duplicate``);
    :class:`InvalidInput` (``no_hands``) when no hand is given.
    """
    known = _known(board, hands)
    if known is not None:
        board_cards, parsed = known
    else:
        board_cards, parsed = _parse_showdown(board, hands)
    values = tuple(_evaluate(board_cards + hand) for hand in parsed)
    best = max(values)
    winners = tuple(i for i, v in enumerate(values) if v == best)
    return Showdown(values, winners, _decide(values, winners, board_cards))


def _known(
    board: object, hands: object
) -> tuple[tuple[Card, ...], Sequence[tuple[Card, ...]]] | None:
    """``board`` and ``hands`` as they are when they are already what :func:`showdown`
    would parse them to (tuples of ``Card``, five on the board, two in each hand, none
    twice: a dealt question's), checked in one pass; ``None`` for anything else, which the
    full parse checks and names the fault of."""
    if type(board) is not tuple or len(board) != 5 or type(hands) is not tuple or not hands:
        return None
    cards = list(board)
    for hand in hands:
        if type(hand) is not tuple or len(hand) != 2:
            return None
        cards.extend(hand)
    if not all(type(card) is Card for card in cards) or len(set(cards)) != len(cards):
        return None
    return board, hands


def _parse_showdown(
    board: str | Iterable[str | Card], hands: Sequence[str | Iterable[str | Card]]
) -> tuple[tuple[Card, ...], list[tuple[Card, ...]]]:
    board_cards = _parse(board, 5, 5)
    if isinstance(hands, str | bytes) or not isinstance(hands, Iterable):
        raise InvalidInput("wrong_type", field="hands")
    parsed: list[tuple[Card, ...]] = []
    for i, hand in enumerate(hands):
        try:
            parsed.append(_parse(hand, 2, 2))
        except InvalidCards as error:
            error.details.setdefault("hand", i)
            raise
    if not parsed:
        raise InvalidInput("no_hands")
    ensure_unique(board_cards + tuple(c for hand in parsed for c in hand))
    return board_cards, parsed


def _decide(
    values: tuple[HandValue, ...], winners: tuple[int, ...], board: tuple[Card, ...]
) -> Decision:
    if len(values) == 1:
        return Decision("only_hand")
    best = values[winners[0]]
    losers = [i for i in range(len(values)) if i not in winners]
    if not losers:
        # Every hand ties. If the tie is the board's own value, the board plays.
        return Decision("board_plays" if best == _evaluate(board) else "tie")
    runner_up = max(losers, key=lambda i: (values[i], -i))
    second = values[runner_up]
    if best.category != second.category:
        return Decision("category", runner_up=runner_up)
    position = next(
        i for i, (a, b) in enumerate(zip(best.ranks, second.ranks, strict=True)) if a != b
    )
    kind = "rank" if position < MAIN_RANKS[best.category] else "kicker"
    return Decision(kind, position, best.ranks[position], second.ranks[position], runner_up)
