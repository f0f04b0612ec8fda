"""The engine's answer to a tournament question: its hands played again, in order, on the
engine's :class:`~tutor.engine.table.Table`, which says who was knocked out, the places and
the blind levels; and the runs of recent questions kept."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from threading import Lock

from tutor.engine.cards import DECK, Card
from tutor.engine.deal import deal_order
from tutor.engine.events import Event
from tutor.engine.hand import Hand, HandSetup
from tutor.engine.rules import Rules
from tutor.engine.table import Elimination, Table

from .question import Played, Question, rules_of


@dataclass(frozen=True)
class Told:
    """One hand as the engine played it."""

    number: int
    stacks: tuple[int | None, ...]  # at the start of the hand; None: knocked out before
    seats: tuple[int, ...]
    events: tuple[Event, ...]
    board: tuple[Card, ...]
    busted: tuple[tuple[int, int], ...]  # (seat, chips at the start), the engine's order


@dataclass(frozen=True)
class Run:
    """The engine's answer: every hand played, the eliminations and the places."""

    rules: Rules
    hands: tuple[Told, ...]
    eliminations: tuple[Elimination, ...]
    places: tuple[int, ...]  # by seat, 1 = first
    order: tuple[int, ...]  # seats from first place to last


def _setup(table: Table, played: Played) -> HandSetup:
    """The table's next hand, its deck stacked so that ``played.seats`` get their hole
    cards and the board comes out as played (the other cards in the deck's own order).
    Hole cards go one at a time from the left of the button (``deal_order``), then the
    board; :func:`play` checks that the engine dealt them so."""
    order = deal_order(table.stacks, table.button)
    slots: dict[int, Card] = {}
    for seat, hole in zip(played.seats, played.holes, strict=True):
        slots[order.index(seat)], slots[len(order) + order.index(seat)] = hole
    for k, card in enumerate(played.board):
        slots[2 * len(order) + k] = card
    used = {card.index for card in slots.values()}
    rest = iter([card for i, card in enumerate(DECK) if i not in used])  # DECK is by index
    deck = tuple(slots[i] if i in slots else next(rest) for i in range(len(DECK)))
    return replace(table.setup(seed=0), deck=deck)  # the table places button and blinds


def _act(hand: Hand, seats: Sequence[int]) -> None:
    """Play the hand: the first of ``seats`` to act goes all-in, and so does each of the
    others in turn, except the one with the most chips, who calls; everyone else folds."""
    stacks = hand.setup.stacks
    covering = max(seats, key=lambda s: (stacks[s] or 0, s)) if seats else None
    opened = False
    while not hand.is_over:
        seat, opts = hand.to_act, hand.options()
        if seat not in seats or (seat == covering and opened):
            if opts.can_check:
                hand.check()
            elif seat in seats:
                hand.call()
            else:
                hand.fold()
        else:
            hand.all_in()
            opened = True


def play(table: Table, played: Played) -> Told:
    """Play the next hand on ``table`` as ``played`` says, and end it there."""
    start, count = tuple(table.stacks), len(table.eliminations)
    hand = Hand(_setup(table, played))
    _act(hand, played.seats)
    if tuple(hand.holes[s] for s in played.seats) != played.holes or (
        played.board and tuple(hand.board) != played.board
    ):
        raise RuntimeError("the engine dealt other cards than were played")
    table.end_hand(hand)
    busted = table.eliminations[count].seats if len(table.eliminations) > count else ()
    return Told(
        hand.setup.hand_no, start, played.seats, tuple(hand.events), tuple(hand.board), busted
    )


def _result(question: Question, table: Table, told: Sequence[Told]) -> Run:
    places = table.places()
    return Run(
        rules=rules_of(question),
        hands=tuple(told),
        eliminations=tuple(table.eliminations),
        places=tuple(places[s] for s in range(question.players)),
        order=tuple(table.finishing_order()),
    )


#: The engine's runs of recent questions, kept per process. Key: the whole question (what
#: was played and the hand asked about, nothing of a learner); a run is made of frozen
#: dataclasses and tuples, so handing one to several requests is safe. Bounded: the
#: oldest goes first. The dealer puts in the run it played while dealing.
_RUNS: OrderedDict[Question, Run] = OrderedDict()
_RUNS_KEPT = 256
_RUNS_LOCK = Lock()


def _keep(question: Question, the_run: Run) -> Run:
    with _RUNS_LOCK:
        _RUNS[question] = the_run
        _RUNS.move_to_end(question)
        while len(_RUNS) > _RUNS_KEPT:
            _RUNS.popitem(last=False)
    return the_run


def run(question: Question) -> Run:
    """The engine's answer: the question's hands played on the engine's table, in order."""
    with _RUNS_LOCK:
        kept = _RUNS.get(question)
    if kept is not None:
        return kept
    table = Table(rules_of(question), [question.chips] * question.players, question.button)
    told = [play(table, played) for played in question.hands]
    return remember(question, table, told)


def remember(question: Question, table: Table, told: Sequence[Told]) -> Run:
    """Keep the run a dealer played while dealing ``question`` (``table`` at its end, and
    every hand as the engine played it), so that :func:`run` need not play it again."""
    return _keep(question, _result(question, table, told))
