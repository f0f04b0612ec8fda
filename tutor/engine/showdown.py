"""The end of a hand: showdown order, showing or mucking, and the awards.

* Showdown order (Czech text; TDA 17): the last player to bet or raise on the
  river shows first; if nobody bet, the first player left of the button; then
  clockwise.
* A player who cannot win any pot may muck (Czech text); folded hands are never
  shown. When a player is all-in, every hand still in is tabled (TDA 16); when
  that ends the betting before the river, face up before the rest of the board
  is dealt (:func:`table_hands`).
* Pots, the uncalled bet and odd chips come from :mod:`tutor.engine.pots`.
* The big-blind ante is dead money that goes whole into the main pot (TDA big
  blind ante; anyone can win all of it), so it stays out of the side-pot
  layers and is split among the main pot's winners by the odd-chip rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import events as ev
from .cards import Card
from .handstate import HandState
from .holdem import evaluate
from .pots import Award, OddChipRule, Pot, PotAward, award, build_pots


@dataclass(frozen=True, slots=True)
class Outcome:
    events: tuple[ev.Event, ...]
    shown: tuple[tuple[int, tuple[Card, ...]], ...]
    award: Award


@dataclass(frozen=True, slots=True)
class ShowdownTurns:
    """A showdown as a hand's events tell it: the seats in the order they showed or
    mucked, the seats that mucked, whether the hands were turned face up before the rest
    of the board (an all-in), and where in the events the showdown starts."""

    order: tuple[int, ...]
    mucked: frozenset[int]
    face_up: bool
    start: int


def showdown_turns(events: Sequence[ev.Event]) -> ShowdownTurns:
    """The showdown of a hand's history (an empty order when nobody showed).

    >>> from .deal import HandSetup
    >>> from .hand import Hand
    >>> from .rules import Rules
    >>> hand = Hand(HandSetup.stacked(Rules(), [500, 500], 0, {0: "As Ad", 1: "Kc Kd"}))
    >>> _ = hand.all_in(), hand.call()
    >>> showdown_turns(hand.events)
    ShowdownTurns(order=(1, 0), mucked=frozenset(), face_up=True, start=7)
    """
    turns = [(i, e) for i, e in enumerate(events) if isinstance(e, ev.ShowHand | ev.Muck)]
    start = turns[0][0] if turns else len(events)
    return ShowdownTurns(
        order=tuple(e.seat for _, e in turns),
        mucked=frozenset(e.seat for _, e in turns if isinstance(e, ev.Muck)),
        face_up=any(isinstance(e, ev.DealBoard) for e in events[start:]),
        start=start,
    )


def showdown_order(
    live: list[int], button: int, seats: int, river_aggressor: int | None
) -> list[int]:
    """Seats in the order they show: the river aggressor first, else left of the button.

    >>> showdown_order([0, 2, 3], button=3, seats=4, river_aggressor=2)
    [2, 3, 0]
    >>> showdown_order([0, 2, 3], button=3, seats=4, river_aggressor=None)
    [0, 2, 3]
    """
    if river_aggressor is not None and river_aggressor in live:
        start = river_aggressor
    else:
        start = next(s for s in ((button + k) % seats for k in range(1, seats + 1)) if s in live)
    return [s for s in ((start + k) % seats for k in range(seats)) if s in live]


def table_hands(hand: HandState) -> tuple[ev.ShowHand, ...]:
    """Every hand still in, face up before the rest of the board is dealt: betting is
    over because players are all-in (TDA 16). The board is not complete, so no
    category nor best five yet; clockwise from the button's left.

    >>> from .deal import HandSetup
    >>> from .hand import Hand
    >>> from .rules import Rules
    >>> hand = Hand(HandSetup.stacked(Rules(), [500, 500], 0, {0: "As Ad", 1: "Kc Kd"}))
    >>> [e.kind for e in hand.all_in() + hand.call()][:5]
    ['raise', 'call', 'show_hand', 'show_hand', 'deal_board']
    """
    live = hand.in_hand()
    order = showdown_order(live, hand.button, hand.seats, None)
    return tuple(ev.ShowHand(seat, hand.holes[seat], "", ()) for seat in order)


def settle(hand: HandState, showdown_needed: bool) -> Outcome:
    """The showing, mucking and award events that end ``hand``."""
    n = hand.seats
    live = hand.in_hand()
    contributions = list(hand.committed)
    contributions[hand.big_blind_seat] -= hand.dead_ante
    folded = list(hand.folded)
    strengths: list[int | None] = [None] * n
    out: list[ev.Event] = []
    shown: list[tuple[int, tuple[Card, ...]]] = []
    if not showdown_needed:
        strengths[live[0]] = 0  # everyone else folded: no cards are shown
    else:
        pots = build_pots(contributions, folded).pots
        shown, out = _show_down(hand, pots, strengths)
    result = award(contributions, folded, strengths, hand.button, odd_chip=hand.rules.odd_chip)
    if hand.dead_ante:
        rule = hand.rules.odd_chip
        result = _add_dead_money(result, hand.dead_ante, strengths, hand.button, rule)
    for seat, amount in enumerate(result.returned):
        if amount:
            out.append(ev.ReturnUncalled(seat, amount))
    for index, pot_award in enumerate(result.pots):
        pot = pot_award.pot
        out.append(
            ev.AwardPot(
                index, pot.amount, pot.eligible, pot_award.winners, pot_award.shares,
                pot_award.odd_chips,
            )
        )  # fmt: skip
    return Outcome(tuple(out), tuple(shown), result)


def _show_down(
    hand: HandState, pots: tuple[Pot, ...], strengths: list[int | None]
) -> tuple[list[tuple[int, tuple[Card, ...]]], list[ev.Event]]:
    """Who shows and who mucks, in showdown order (filling ``strengths``); hands
    already tabled for an all-in (:func:`table_hands`) are not shown again."""
    live = hand.in_hand()
    board = tuple(hand.board)
    values = {s: evaluate(board + hand.holes[s]) for s in live}
    everyone_shows = not hand.rules.muck_losing_hands or any(hand.stacks[s] == 0 for s in live)
    best: dict[int, int] = {}
    shown = list(hand.shown.items())
    out: list[ev.Event] = []
    for seat in showdown_order(live, hand.button, hand.seats, hand.river_aggressor):
        value = values[seat]
        mine = [i for i, pot in enumerate(pots) if seat in pot.eligible]
        can_win = any(i not in best or value.strength >= best[i] for i in mine)
        if seat in hand.shown or everyone_shows or can_win:
            strengths[seat] = value.strength
            for i in mine:
                best[i] = max(best.get(i, value.strength), value.strength)
            if seat not in hand.shown:
                shown.append((seat, hand.holes[seat]))
                out.append(ev.ShowHand(seat, hand.holes[seat], value.code, value.best_five))
        else:
            out.append(ev.Muck(seat))
    return shown, out


def split(
    amount: int, winners: list[int], button: int, seats: int, rule: OddChipRule
) -> dict[int, int]:
    """Share ``amount`` among ``winners`` with the odd-chip rule of :mod:`tutor.engine.pots`.

    >>> split(11, [0, 2, 3], button=2, seats=4, rule=OddChipRule.LEFT_OF_BUTTON)
    {3: 4, 0: 4, 2: 3}
    >>> split(11, [0, 2, 3], button=2, seats=4, rule=OddChipRule.RIGHT_OF_BUTTON)
    {0: 5, 3: 3, 2: 3}
    """
    if rule is OddChipRule.LEFT_OF_BUTTON:
        order = sorted(winners, key=lambda s: (s - button - 1) % seats)
    else:
        order = sorted(winners, key=lambda s: (button - 1 - s) % seats)
    base, odd = divmod(amount, len(order))
    shares = dict.fromkeys(order, base)
    if rule is OddChipRule.LEFT_OF_BUTTON:
        for seat in order[:odd]:
            shares[seat] += 1
    else:
        shares[order[0]] += odd
    return shares


def _add_dead_money(
    result: Award, dead: int, strengths: list[int | None], button: int, rule: OddChipRule
) -> Award:
    """Put the big-blind ante into the main pot and share that pot again among its winners."""
    seats = len(result.payouts)
    if result.pots:
        main = result.pots[0]
        winners = list(main.winners)
    else:  # nothing but the ante was posted: the best hand still in takes it
        known = {s: value for s in range(seats) if (value := strengths[s]) is not None}
        live = list(known)
        top = max(known.values())
        winners = [s for s in live if known[s] == top]
        main = PotAward(Pot(0, tuple(live), 0, 0, ()), tuple(winners), (), 0)
    pot = main.pot
    total = pot.amount + dead
    shares = split(total, winners, button, seats, rule)
    payouts = list(result.payouts)
    for seat, chips in main.shares:
        payouts[seat] -= chips
    for seat, chips in shares.items():
        payouts[seat] += chips
    merged = PotAward(
        Pot(total, pot.eligible, pot.level, pot.layer, pot.contributors),
        main.winners,
        tuple(sorted(shares.items())),
        total % len(winners),
    )
    return Award((merged, *result.pots[1:]), result.returned, tuple(payouts))
