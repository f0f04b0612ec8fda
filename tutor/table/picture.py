"""What the poker table shows: a frozen picture built from the engine, drawn by
``templates/table/_table.html``.

Every fact comes from the engine: the per-seat view (:meth:`Hand.view`, which never holds
another seat's hole cards before they are shown), the order of play (the engine's
``clockwise``), the pots (:func:`tutor.engine.pots.build_pots`). The sentences of the text
equivalent come from :mod:`tutor.words.table`.

>>> from tutor.engine.deal import HandSetup
>>> from tutor.engine.hand import Hand
>>> from tutor.engine.rules import Rules
>>> hand = Hand(HandSetup.stacked(Rules(), [1000] * 3, 0, {0: "As Ad", 1: "Kc Kd", 2: "2c 7d"}))
>>> picture = from_hand(hand, 0, lambda seat: f"Seat {seat + 1}", "en")
>>> [(s.seat, s.position, s.cards) for s in picture.seats]
[(0, 0, ('As', 'Ad')), (1, 1, (None, None)), (2, 2, (None, None))]
>>> picture.order  # before the flop: the seat after the big blind first
(0, 1, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from tutor.engine.deal import clockwise
from tutor.engine.handstate import HandState
from tutor.engine.pots import build_pots
from tutor.engine.seatview import SeatInfo, public_view
from tutor.words.table import SeatFacts, pot_name, seat_sentence, status_label

from .layout import MAX_SEATS, MIN_SEATS

__all__ = ["BOARD_SLOTS", "PotPicture", "SeatPicture", "TablePicture", "from_hand", "pots_of"]

BOARD_SLOTS = 5

type Namer = Callable[[int], str]


@dataclass(frozen=True, slots=True)
class SeatPicture:
    """One seat as drawn. ``cards``: codes, ``None`` for a face-down card, empty for no
    cards; ``bet``: the chips in front of the seat (this round's bet, or in a side-pot
    picture everything it put in)."""

    seat: int
    position: int  # place around the table: 0 at the bottom, then clockwise
    name: str
    stack: int | None  # None: not known (a rule page's example)
    bet: int
    cards: tuple[str | None, ...]
    sentence: str  # the text equivalent, one sentence
    status: str  # the one word on the plate ('' when simply in the hand)
    folded: bool = False
    all_in: bool = False
    to_act: bool = False
    you: bool = False
    button: bool = False
    small_blind: bool = False
    big_blind: bool = False
    best: tuple[str, ...] = ()  # cards to highlight (part of a winning best five)
    won: int = 0  # chips won from the pots (a finished hand)
    order_before: int = 0
    order_after: int = 0


@dataclass(frozen=True, slots=True)
class PotPicture:
    name: str
    amount: int


@dataclass(frozen=True, slots=True)
class TablePicture:
    """The whole table. ``order``: seat numbers in the order of play on this street, the
    order of the text list."""

    seats: tuple[SeatPicture, ...]
    board: tuple[str, ...]
    pots: tuple[PotPicture, ...]
    order: tuple[int, ...]
    caption: str = ""
    best: tuple[str, ...] = ()  # board cards to highlight
    show_board: bool = True
    bet_is_total: bool = False
    labels: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            raise ValueError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats")

    @property
    def size(self) -> int:
        return len(self.seats)

    @property
    def empty_slots(self) -> range:
        return range(BOARD_SLOTS - len(self.board))

    @property
    def in_order(self) -> tuple[SeatPicture, ...]:
        """The seats in the order of play (the text list)."""
        by_seat = {s.seat: s for s in self.seats}
        return tuple(by_seat[seat] for seat in self.order)


def positions(seated: Sequence[int], anchor: int | None) -> dict[int, int]:
    """Each seated seat's place around the table: the ``anchor`` seat (the learner; the
    first seat for a spectator) at 0, then clockwise."""
    first = anchor if anchor in seated else seated[0]
    start = seated.index(first)
    ordered = list(seated[start:]) + list(seated[:start])
    return {seat: k for k, seat in enumerate(ordered)}


def play_order(hand: HandState) -> tuple[int, ...]:
    """Seats in the order they act on this street: before the flop from the seat after
    the big blind, then from the seat after the button (the engine's rounds)."""
    stacks = hand.setup.stacks
    start = hand.big_blind_seat if hand.street.value == "preflop" else hand.button
    return tuple(clockwise(stacks, start))


def pots_of(hand: HandState) -> tuple[PotPicture, ...]:
    """The pots in the middle: chips of earlier rounds (this round's bets are still in
    front of the seats), split into main and side pots by the engine; once the hand is
    over, the pots as the engine awarded them."""
    if hand.result is not None:
        return tuple(PotPicture(pot_name(i), a.pot.amount) for i, a in enumerate(hand.result.pots))
    bets = hand.bets
    earlier = [c - b for c, b in zip(hand.committed, bets, strict=True)]
    earlier[hand.big_blind_seat] -= hand.dead_ante
    pots = [p.amount for p in build_pots(earlier, list(hand.folded)).pots]
    if hand.dead_ante:
        pots = [pots[0] + hand.dead_ante, *pots[1:]] if pots else [hand.dead_ante]
    return tuple(PotPicture(pot_name(i), amount) for i, amount in enumerate(pots) if amount)


def from_hand(
    hand: HandState,
    viewer: int | None,
    name: Namer,
    language: str,
    *,
    show_to_act: bool = True,
    best: Mapping[int, tuple[str, ...]] | None = None,
    orders: Mapping[int, tuple[int, int]] | None = None,
    caption: str = "",
) -> TablePicture:
    """The table as ``viewer`` sees it (``None``: a spectator, no hole cards shown).

    ``show_to_act`` off hides who is to act (a drill that asks it); ``best`` highlights
    cards per seat (a winning best five, board cards under the key ``-1``); ``orders``
    numbers seats in the order of action before and after the flop."""
    view = public_view(hand, viewer)
    seated = [s["seat"] for s in view["seats"] if s["seated"]]
    places = positions(seated, viewer)
    won = [0] * hand.seats
    for pot in hand.result.pots if hand.result else ():
        for seat, chips in pot.shares:
            won[seat] += chips
    best = best or {}
    orders = orders or {}
    seats = []
    for info in view["seats"]:
        seat = info["seat"]
        if not info["seated"]:
            continue
        # An order-of-action diagram gives the plate's room to its two numbers.
        cards = () if seat in orders else _seat_cards(info, seat in hand.shown)
        before, after = orders.get(seat, (0, 0))
        facts = SeatFacts(
            name=name(seat),
            stack=info["stack"],
            bet=info["bet"],
            cards=cards,
            folded=info["folded"],
            all_in=info["all_in"],
            to_act=show_to_act and seat == view["to_act"],
            button=seat == view["button"],
            small_blind=seat == view["small_blind_seat"],
            big_blind=seat == view["big_blind_seat"],
            won=won[seat],
            order_before=before,
            order_after=after,
        )
        seats.append(_seat_picture(facts, seat, places[seat], seat == viewer, best, language))
    return TablePicture(
        seats=tuple(seats),
        board=tuple(view["board"]),
        pots=pots_of(hand),
        order=tuple(s for s in play_order(hand) if s in places),
        caption=caption,
        best=best.get(-1, ()),
    )


def _seat_cards(info: SeatInfo, shown: bool) -> tuple[str | None, ...]:
    """A seat's hole cards as its view shows them: codes, face down (None) or none."""
    if info["cards"] is not None and (info["has_cards"] or shown):
        return tuple(info["cards"])
    return (None, None) if info["has_cards"] else ()


def _seat_picture(
    facts: SeatFacts,
    seat: int,
    position: int,
    you: bool,
    best: Mapping[int, tuple[str, ...]],
    language: str,
) -> SeatPicture:
    return SeatPicture(
        seat=seat,
        position=position,
        name=facts.name,
        stack=facts.stack,
        bet=facts.bet,
        cards=facts.cards,
        sentence=seat_sentence(facts, language),
        status=status_label(facts.folded, facts.all_in, facts.to_act),
        folded=facts.folded,
        all_in=facts.all_in,
        to_act=facts.to_act,
        you=you,
        button=facts.button,
        small_blind=facts.small_blind,
        big_blind=facts.big_blind,
        best=best.get(seat, ()),
        won=facts.won,
        order_before=facts.order_before,
        order_after=facts.order_after,
    )


def from_contributions(
    contributions: Sequence[int],
    stacks: Sequence[int] | None,
    folded: Sequence[bool],
    all_in: Sequence[bool],
    button: int | None,
    name: Namer,
    language: str,
    *,
    pots: Sequence[int] = (),
    caption: str = "",
) -> TablePicture:
    """A side-pot picture: each seat's whole contribution in front of it, no cards; the
    ``pots`` (engine amounts, main first) in the middle when the picture may show them."""
    seats = []
    for seat, chips in enumerate(contributions):
        facts = SeatFacts(
            name=name(seat),
            stack=stacks[seat] if stacks is not None else None,
            bet=chips,
            cards=(),
            folded=folded[seat],
            all_in=all_in[seat],
            button=seat == button,
            bet_is_total=True,
        )
        seats.append(_seat_picture(facts, seat, seat, False, {}, language))
    return TablePicture(
        seats=tuple(seats),
        board=(),
        pots=tuple(PotPicture(pot_name(i), amount) for i, amount in enumerate(pots)),
        order=tuple(range(len(seats))),
        caption=caption,
        show_board=False,
        bet_is_total=True,
    )
