"""Dealing a showdown question: at random, with a close decision as often as the level
asks, and aimed at a concept.

Aimed, a builder places the cards the concept needs (at random ranks, suits and seats) and
deals everything else at random; ``target`` keeps the first question whose showdown
exercises the concept.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from tutor.engine.cards import DECK, Card, Rank, Suit, shuffled_deck
from tutor.engine.fast import category_of, strength
from tutor.engine.holdem import WHEEL, WRAPAROUNDS

from .concepts import concepts_of
from .question import SLUG, Question

# How often a level insists on a close decision (kicker, split, board plays, rank).
CLOSE_CALL_SHARE = {"easy": 0.0, "medium": 0.5, "hard": 0.85}
PLAYERS = {"easy": (2, 2), "medium": (3, 4), "hard": (4, 6)}
CLOSE = {"kicker", "tie", "board_plays", "rank"}
MAX_TRIES = 400


def _deal(rng: random.Random, players: int) -> Question:
    deck = shuffled_deck(rng.randrange(2**63))
    hands = tuple(tuple(deck[5 + 2 * i : 7 + 2 * i]) for i in range(players))
    return Question(tuple(deck[:5]), hands)


def close(question: Question) -> bool:
    """Whether the showdown is decided inside a category (``showdown(question).decided_by
    .kind in CLOSE``: a kicker, a rank, a tie, the board playing), read from the engine's
    strength integers alone, as a medium or hard question redeals until one is: the
    winners' category is the best losing hand's, or no hand loses.

    >>> from tutor.engine.cards import parse_cards
    >>> close(Question(parse_cards("Kh Kd 7c 4s 2h"), (parse_cards("As Qd"), parse_cards("Ac Jd"))))
    True
    """
    if len(question.hands) < 2:
        return False  # the only hand wins: decided by nothing
    board = [card.index for card in question.board]
    strengths = sorted(
        (strength([*board, *(c.index for c in h)]) for h in question.hands), reverse=True
    )
    best = strengths[0]
    runner_up = next((s for s in strengths if s != best), None)
    return runner_up is None or category_of(runner_up) == category_of(best)


def generate(seed: int, level: str) -> Question:
    rng = random.Random(f"{SLUG}/{level}/{seed}")
    players = rng.randint(*PLAYERS[level])
    want_close = rng.random() < CLOSE_CALL_SHARE[level]
    question = _deal(rng, players)
    for _attempt in range(MAX_TRIES if want_close else 0):
        if close(question):
            break
        question = _deal(rng, players)
    return question


# -- aimed at a concept ----------------------------------------------------------------

Builder = Callable[[random.Random, int], Question]
RANKS = tuple(Rank)
SUITS = tuple(Suit)
CARD = {(card.rank, card.suit): card for card in DECK}
#: Questions a target builds before it settles for the last (the tests hold each concept
#: to at least half of its aimed questions; most hit within a few).
TARGET_TRIES = 200


def _take(rng: random.Random, rank: int, taken: set[Card], suit: Suit | None = None) -> Card:
    """A card of ``rank`` (and ``suit``, if given) not taken yet; it is taken now."""
    card = rng.choice(
        [c for c in DECK if c.rank == rank and c not in taken and suit in (None, c.suit)]
    )
    taken.add(card)
    return card


def _takes(rng: random.Random, ranks: Sequence[int], taken: set[Card]) -> list[Card]:
    return [_take(rng, rank, taken) for rank in ranks]


def _complete(
    rng: random.Random, players: int, board: Sequence[Card], holes: Mapping[int, Sequence[Card]]
) -> Question:
    """The question with ``board`` and ``holes`` (seat -> hole cards) placed, the rest dealt
    at random and the board's order shuffled."""
    placed = {*board, *(card for hole in holes.values() for card in hole)}
    rest = [card for card in DECK if card not in placed]
    rng.shuffle(rest)
    full_board = [*board, *(rest.pop() for _ in range(5 - len(board)))]
    rng.shuffle(full_board)
    hands = []
    for seat in range(players):
        hole = [*holes.get(seat, ()), *(rest.pop() for _ in range(2 - len(holes.get(seat, ()))))]
        rng.shuffle(hole)
        hands.append(tuple(hole))
    return Question(tuple(full_board), tuple(hands))


def _any(rng: random.Random, players: int) -> Question:
    return _complete(rng, players, (), {})


def _same_pair(rng: random.Random, players: int) -> Question:
    """Two players pair the same board card; their other cards are the kickers."""
    a, b = rng.sample(range(players), 2)
    taken: set[Card] = set()
    pair, kicker_a, kicker_b = _takes(rng, rng.sample(RANKS, 3), taken)
    return _complete(
        rng,
        players,
        [_take(rng, pair.rank, taken)],
        {a: [pair, kicker_a], b: [_take(rng, pair.rank, taken), kicker_b]},
    )


def _twins(rng: random.Random, players: int) -> Question:
    """Two players hold the same ranks in other suits."""
    a, b = rng.sample(range(players), 2)
    hole = rng.sample(DECK, 2)
    taken = set(hole)
    return _complete(rng, players, (), {a: hole, b: _takes(rng, [c.rank for c in hole], taken)})


def _made_board(rng: random.Random, players: int) -> Question:
    """A board that is a made hand (a straight, a flush, a full house, four of a kind, or
    two pair and a fifth card), which the players' cards may or may not improve."""
    shape = rng.randrange(5)
    taken: set[Card] = set()
    if shape == 0:
        top = rng.randint(5, 14)
        board = _takes(rng, [14 if r == 1 else r for r in range(top - 4, top + 1)], taken)
    elif shape == 1:
        suit = rng.choice(SUITS)
        board = [CARD[rank, suit] for rank in rng.sample(RANKS, 5)]
    else:
        first, second, third = rng.sample(RANKS, 3)
        counts = {2: (3, 2, 0), 3: (4, 1, 0), 4: (2, 2, 1)}[shape]
        ranks = [r for r, n in zip((first, second, third), counts, strict=True) for _ in range(n)]
        board = _takes(rng, ranks, taken)
    return _complete(rng, players, board, {})


def _run(ranks: Sequence[int]) -> Builder:
    """Five ranks split between the board (three or four) and one player's hole cards."""

    def build(rng: random.Random, players: int) -> Question:
        order = list(ranks)
        rng.shuffle(order)
        on_board = rng.choice((3, 4))
        cards = _takes(rng, order, set())
        holes = {rng.randrange(players): cards[on_board:]}
        return _complete(rng, players, cards[:on_board], holes)

    return build


def _wheel(rng: random.Random, players: int) -> Question:
    return _run(WHEEL)(rng, players)


def _wrap(rng: random.Random, players: int) -> Question:
    return _run(rng.choice(WRAPAROUNDS))(rng, players)


def _flushes(rng: random.Random, players: int) -> Question:
    """Three or four cards of a suit on the board, the rest of two flushes in two hands."""
    a, b = rng.sample(range(players), 2)
    suit = rng.choice(SUITS)
    on_board = rng.choice((3, 4))
    cards = [CARD[rank, suit] for rank in rng.sample(RANKS, 5 + 5 - on_board)]
    each = 5 - on_board
    return _complete(
        rng,
        players,
        cards[:on_board],
        {a: cards[on_board : on_board + each], b: cards[on_board + each :]},
    )


def _two_pairs(rng: random.Random, players: int) -> Question:
    """A paired board (usually its top pair); two players each pair one of its other cards."""
    a, b = rng.sample(range(players), 2)
    ranks = sorted(rng.sample(RANKS, 4), reverse=True)
    pair = ranks.pop(0 if rng.random() < 0.7 else rng.randrange(4))
    taken: set[Card] = set()
    board = _takes(rng, [pair, pair, *ranks], taken)
    holes = {seat: [_take(rng, rng.choice(ranks), taken)] for seat in (a, b)}
    return _complete(rng, players, board, holes)


def _full_houses(rng: random.Random, players: int) -> Question:
    """Two players make full houses with the board: trips on the board and a pair each, two
    pair on the board and trips each, or a pair on the board and a pocket pair each."""
    a, b = rng.sample(range(players), 2)
    t, x, y, z = rng.sample(RANKS, 4)
    board_ranks, hole_ranks = rng.choice(
        (
            ((t, t, t, x, y), ((x,), (y,))),
            ((t, t, x, x, y), ((t,), (x,))),
            ((t, t, x, y, z), ((x, x), (y, y))),
        )
    )
    taken: set[Card] = set()
    board = _takes(rng, board_ranks, taken)
    holes = {
        seat: _takes(rng, ranks, taken) for seat, ranks in zip((a, b), hole_ranks, strict=True)
    }
    return _complete(rng, players, board, holes)


#: Concept id -> how a question aimed at it is built (``concepts.TESTS`` judges it).
BUILDERS: dict[str, Builder] = {
    "hand-rankings": _any,
    "best-five-of-seven": _any,
    "kickers": _same_pair,
    "board-plays": _made_board,
    "split-pot": _twins,
    "wheel-straight": _wheel,
    "no-wraparound": _wrap,
    "flush-vs-flush": _flushes,
    "two-pair-kicker": _two_pairs,
    "full-house-ranks": _full_houses,
}


def target(seed: int, level: str, concept: str) -> Question:
    """A question aimed at ``concept``: the first built that exercises it (the last built if
    none does)."""
    build = BUILDERS[concept]
    rng = random.Random(f"{SLUG}/{level}/{concept}/{seed}")
    players = rng.randint(*PLAYERS[level])
    question = build(rng, players)
    for _attempt in range(TARGET_TRIES):
        if concept in concepts_of(question):
            break
        question = build(rng, players)
    return question
