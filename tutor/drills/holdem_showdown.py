"""Pick the winner, Texas Hold'em: a board and 2-6 players' hole cards; who wins the pot,
or who splits it?

Aimed at a concept, a question is built around it (a board that plays, two flushes, a wheel
...) with every other card random; the engine's showdown decides, and ``concepts_of`` reads
what the question exercises from that showdown alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutor.core.numbers import whole_number
from tutor.engine import holdem
from tutor.engine.cards import DECK, Card, Rank, Suit, parse_cards, shuffled_deck
from tutor.engine.errors import InvalidInput
from tutor.words.showdowns import ShowdownRow, chosen, explain_holdem, holdem_rows
from tutor.words.terms import player_name

from .answers import indexes, values
from .base import LEVELS, AnswerError
from .codec import Record
from .drill import Answer, QuestionDrill

# How often a level insists on a close decision (kicker, split, board plays, rank).
CLOSE_CALL_SHARE = {"easy": 0.0, "medium": 0.5, "hard": 0.85}
PLAYERS = {"easy": (2, 2), "medium": (3, 4), "hard": (4, 6)}
CLOSE = {"kicker", "tie", "board_plays", "rank"}
MAX_TRIES = 400

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Question(Record):
    board: Cards
    hands: tuple[Cards, ...]


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    rows: tuple[ShowdownRow, ...]
    explanation: str
    split: bool


def _deal(rng: random.Random, players: int) -> Question:
    deck = shuffled_deck(rng.randrange(2**63))
    hands = tuple(tuple(deck[5 + 2 * i : 7 + 2 * i]) for i in range(players))
    return Question(tuple(deck[:5]), hands)


def generate(seed: int, level: str) -> Question:
    rng = random.Random(f"holdem-showdown/{level}/{seed}")
    players = rng.randint(*PLAYERS[level])
    want_close = rng.random() < CLOSE_CALL_SHARE[level]
    question = _deal(rng, players)
    for _attempt in range(MAX_TRIES if want_close else 0):
        if holdem.showdown(question.board, question.hands).decided_by.kind in CLOSE:
            break
        question = _deal(rng, players)
    return question


def _names(question: Question) -> list[str]:
    return [player_name(i) for i in range(len(question.hands))]


def grade(question: Question, answer: Answer) -> Grade:
    picked = indexes(answer, "winners", len(question.hands), _("Choose among the players shown."))
    if not picked:
        raise AnswerError(
            _("Tick at least one player: the winner, or every player who splits the pot.")
        )
    result = holdem.showdown(question.board, question.hands)
    names = _names(question)
    return Grade(
        correct=picked == set(result.winners),
        rows=chosen(holdem_rows(result, question.hands, names), picked),
        explanation=explain_holdem(result, names),
        split=len(result.winners) > 1,
    )


def for_class(right: Grade) -> Grade:
    """The right answer as a whole class sees it: nobody's choice is marked."""
    return replace(right, rows=chosen(right.rows, set()))


def answer_key(question: Question) -> dict[str, list[str]]:
    winners = holdem.showdown(question.board, question.hands).winners
    return {"winners": [str(i) for i in sorted(winners)]}


def answer_label(question: Question, answer: Answer) -> str:
    picked = sorted({n for v in values(answer, "winners") if (n := whole_number(v, 2)) is not None})
    return " + ".join(player_name(i) for i in picked)


def custom(params: Mapping[str, str], level: str) -> Question:
    """``board=Kh Kd 7c 4s 2h&hands=As Qd|Ac Jd`` (checked by the engine)."""
    board = parse_cards(params.get("board", ""))
    hands = tuple(parse_cards(h) for h in params.get("hands", "").split("|"))
    if not 2 <= len(hands) <= 9:
        raise InvalidInput("hand_count", min=2, max=9, got=len(hands))
    holdem.showdown(board, hands)  # validates counts and duplicates
    return Question(board, hands)


# What a question exercises, read from the engine's showdown: its decision, each hand's
# value and best five. A "deciding" hand is a winner or the best losing hand.

Category = holdem.Category
Test = Callable[[Question, holdem.Showdown], bool]

#: Five ranks that would make a straight if a straight could turn the corner at the ace.
WRAPS: tuple[tuple[int, ...], ...] = ((11, 12, 13, 14, 2), (12, 13, 14, 2, 3), (13, 14, 2, 3, 4))
WHEEL = (14, 2, 3, 4, 5)
STRAIGHTS = (Category.STRAIGHT, Category.STRAIGHT_FLUSH)


def _deciding(result: holdem.Showdown) -> tuple[int, ...]:
    runner_up = result.decided_by.runner_up
    return result.winners if runner_up is None else (*result.winners, runner_up)


def _decided_by(kind: str) -> Test:
    def test(question: Question, result: holdem.Showdown) -> bool:
        return result.decided_by.kind == kind

    return test


def _against_itself(category: Category) -> Test:
    """The winning hand and the best losing hand are both of ``category``: their ranks
    decided (a split of equal hands compares nothing)."""

    def test(question: Question, result: holdem.Showdown) -> bool:
        runner_up = result.decided_by.runner_up
        return runner_up is not None and all(
            result.values[i].category is category for i in (result.winners[0], runner_up)
        )

    return test


def _split(question: Question, result: holdem.Showdown) -> bool:
    return len(result.winners) > 1


def _hole_card_sits_out(question: Question, result: holdem.Showdown) -> bool:
    """A deciding hand leaves out of its best five a hole card that outranks a card the best
    five uses: a hand is the best five of seven, not the highest cards held."""
    for i in _deciding(result):
        best = result.values[i].best_five
        lowest = min(card.rank for card in best)
        if any(card not in best and card.rank > lowest for card in question.hands[i]):
            return True
    return False


def _wheel_in_play(question: Question, result: holdem.Showdown) -> bool:
    """A deciding hand is a five-high straight (or straight flush): the ace counts as one."""
    return any(
        result.values[i].category in STRAIGHTS and result.values[i].ranks[0] == 5
        for i in _deciding(result)
    )


def _wrap_is_no_straight(question: Question, result: holdem.Showdown) -> bool:
    """A losing hand holds five ranks round the corner (Q-K-A-2-3), and any straight would
    have won: judging it a straight picks the wrong winner."""
    if result.values[result.winners[0]].category >= Category.STRAIGHT:
        return False
    return any(
        any(set(wrap) <= {int(c.rank) for c in question.board + hand} for wrap in WRAPS)
        for i, hand in enumerate(question.hands)
        if i not in result.winners
    )


def _two_pair_kicker(question: Question, result: holdem.Showdown) -> bool:
    """Two pair against two pair, decided by the lower pair or the kicker (positions 1 and
    2 of the ranks; a position is only given when both hands are of the same category)."""
    winner = result.values[result.winners[0]]
    return winner.category is Category.TWO_PAIR and result.decided_by.position in (1, 2)


#: Concept id -> whether a question's showdown exercises it.
TESTS: dict[str, Test] = {
    "hand-rankings": _decided_by("category"),
    "best-five-of-seven": _hole_card_sits_out,
    "kickers": _decided_by("kicker"),
    "board-plays": _decided_by("board_plays"),
    "split-pot": _split,
    "wheel-straight": _wheel_in_play,
    "no-wraparound": _wrap_is_no_straight,
    "flush-vs-flush": _against_itself(Category.FLUSH),
    "two-pair-kicker": _two_pair_kicker,
    "full-house-ranks": _against_itself(Category.FULL_HOUSE),
}


def concepts_of(question: Question) -> frozenset[str]:
    result = holdem.showdown(question.board, question.hands)
    return frozenset(concept for concept, test in TESTS.items() if test(question, result))


# Questions aimed at a concept: a builder places the cards the concept needs (at random
# ranks, suits and seats) and deals everything else at random; ``target`` keeps the first
# question whose showdown exercises the concept.

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
    return _run(rng.choice(WRAPS))(rng, players)


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


#: Concept id -> how a question aimed at it is built (``TESTS`` judges it).
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
    rng = random.Random(f"holdem-showdown/{level}/{concept}/{seed}")
    players = rng.randint(*PLAYERS[level])
    question = build(rng, players)
    for _attempt in range(TARGET_TRIES):
        if concept in concepts_of(question):
            break
        question = build(rng, players)
    return question


DRILL = QuestionDrill(
    slug="holdem-showdown",
    title=gettext_lazy("Pick the winner — Texas Hold'em"),
    summary=gettext_lazy(
        "A board and the players' hole cards: who wins the pot, or who splits it?"
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    answer_key=answer_key,
    answer_label=answer_label,
    situation=("board", "hands"),
    custom=custom,
    for_class=for_class,
    concepts={concept: LEVELS for concept in TESTS},
    concepts_of=concepts_of,
    target=target,
)
