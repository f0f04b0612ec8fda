"""A table that plays hand after hand: seats, the moving button, busted players,
tournament blind levels and the finishing order.

The hand itself is :class:`tutor.engine.hand.Hand` (re-exported here).

* The button moves one occupied seat clockwise after each hand (Japanese guide,
  Czech text); busted players leave, and the button and blinds skip empty
  seats: the simple moving button (:attr:`ButtonRule.MOVING`).
* The TDA dead button (:attr:`ButtonRule.DEAD`): the big blind moves to the
  next player, the small blind to last hand's big-blind seat and the button to
  last hand's small-blind seat, even when the player there has busted (a dead
  small blind nobody posts, a button on an empty seat); heads-up, the other
  player has the button and the small blind (:func:`dead_button`).
* In a tournament the blinds rise on the rules' schedule (every
  ``hands_per_level`` hands), and the finishing order is the reverse of the
  elimination order (Czech text); players busted in the same hand place by
  their stacks at the start of that hand, larger first (TDA), equal stacks tie.

>>> from .rules import Rules
>>> table = Table(Rules.no_limit(50, 100), [1000, None, 1000, 1000], button=0)
>>> hand = table.new_hand()
>>> hand.small_blind_seat, hand.big_blind_seat
(2, 3)
>>> while not hand.is_over:
...     _ = hand.check_or_call()
>>> table.end_hand(hand)
>>> table.button, table.hand_no
(2, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict

from .betting import Action
from .errors import InvalidInput
from .hand import Hand, HandSetup, Street
from .rules import MAX_SEATS, BlindLevel, ButtonRule, Mode, Rules, RulesData

__all__ = [
    "Elimination",
    "EliminationData",
    "Hand",
    "HandSetup",
    "Street",
    "Table",
    "TableData",
    "dead_button",
]


class EliminationData(TypedDict):
    """The JSON form of an :class:`Elimination`: ``seats`` are ``[seat, starting stack]``."""

    hand_no: int
    seats: list[list[int]]


class TableData(TypedDict):
    """The JSON form of a :class:`Table`."""

    rules: RulesData
    stacks: list[int | None]
    button: int
    hand_no: int
    seed: int | str
    eliminations: list[EliminationData]
    blinds: NotRequired[list[int]]


@dataclass(frozen=True, slots=True)
class Elimination:
    """Seats busted in hand ``hand_no``, each with its stack at the start of that hand."""

    hand_no: int
    seats: tuple[tuple[int, int], ...]  # (seat, starting stack)


@dataclass
class Table:
    """Seats with stacks (``None`` = empty), the button, and the number of the next hand.

    ``blinds``: under the dead button, the next hand's (small blind, big blind) seats,
    placed at the end of each hand; ``None`` before the first hand and under the moving
    button (the blinds then follow the button).
    """

    rules: Rules
    stacks: list[int | None]
    button: int = 0
    hand_no: int = 1
    seed: int | str = 0
    eliminations: list[Elimination] = field(default_factory=list)
    blinds: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        self.stacks = list(self.stacks)
        if not 2 <= len(self.stacks) <= MAX_SEATS:
            raise InvalidInput("seat_count", seats=len(self.stacks), maximum=MAX_SEATS)
        if self.blinds is not None:
            small, big = self.blinds
            self.blinds = (small, big)
        if self.blinds is None and self.stacks[self.button] is None:
            self.button = self._next_occupied(self.button)

    # -- reading -------------------------------------------------------------
    @property
    def players(self) -> list[int]:
        return [s for s, stack in enumerate(self.stacks) if stack is not None]

    @property
    def level(self) -> BlindLevel:
        """Blinds and ante of the next hand."""
        return self.rules.level_for_hand(self.hand_no)

    @property
    def level_index(self) -> int:
        return self.rules.level_index(self.hand_no)

    @property
    def is_finished(self) -> bool:
        """Fewer than two players left: no more hands (a tournament has its winner)."""
        return len(self.players) < 2

    def _next_occupied(self, seat: int) -> int:
        n = len(self.stacks)
        for k in range(1, n + 1):
            if self.stacks[(seat + k) % n] is not None:
                return (seat + k) % n
        raise InvalidInput("no_players")

    # -- hands ---------------------------------------------------------------
    def positions(self) -> tuple[int, tuple[int, int] | None]:
        """The next hand's button and, under the dead button, its (small, big) blind seats.

        A big blind whose player has left since moves on to the next player; a layout a
        seating change has broken (the button on the big blind) falls back to the moving
        button's.
        """
        if self.blinds is None:
            return self.button, None
        small, big = self.blinds
        if self.stacks[big] is None:
            big = self._next_occupied(big)
        if len(self.players) == 2:
            other = self._next_occupied(big)
            return other, (other, big)
        if big in (small, self.button):
            button = self.button
            return (
                button if self.stacks[button] is not None else self._next_occupied(button)
            ), None
        return self.button, (small, big)

    def setup(self, seed: int | str | None = None) -> HandSetup:
        if self.is_finished:
            raise InvalidInput("too_few_players", minimum=2)
        seed = f"{self.seed}:{self.hand_no}" if seed is None else seed
        button, blinds = self.positions()
        return HandSetup.new(self.rules, self.stacks, button, seed, self.hand_no, blinds)

    def new_hand(self, seed: int | str | None = None) -> Hand:
        """Deal the next hand (seeded from the table's seed and the hand number by default)."""
        return Hand(self.setup(seed))

    def end_hand(self, hand: Hand) -> None:
        """Take the stacks from a finished hand, remove busted players, move the button."""
        if not hand.is_over:
            raise InvalidInput("hand_not_over")
        if hand.setup.hand_no != self.hand_no or list(hand.setup.stacks) != self.stacks:
            raise InvalidInput("hand_not_from_this_table", hand_no=hand.setup.hand_no)
        busted = []
        for seat, start in enumerate(hand.setup.stacks):
            if start is None:
                continue
            stack = hand.stacks[seat]
            if stack == 0:
                busted.append((seat, start))
                self.stacks[seat] = None
            else:
                self.stacks[seat] = stack
        if busted:
            busted.sort(key=lambda item: (item[1], item[0]))
            self.eliminations.append(Elimination(self.hand_no, tuple(busted)))
        self.hand_no += 1
        if self.rules.button_rule is ButtonRule.DEAD and not self.is_finished:
            self.button, self.blinds = dead_button(
                self.stacks, hand.small_blind_seat, hand.big_blind_seat
            )
        elif any(s is not None for s in self.stacks):
            self.button = self._next_occupied(self.button)

    # -- cash-game seating ----------------------------------------------------
    def sit(self, seat: int, stack: int) -> None:
        """A player takes an empty seat between hands (cash games: buying in again)."""
        if self.rules.mode is Mode.TOURNAMENT:
            raise InvalidInput("tournament_seating_closed")
        if not 0 <= seat < len(self.stacks) or self.stacks[seat] is not None:
            raise InvalidInput("seat_taken", seat=seat)
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
            raise InvalidInput("bad_stack", seat=seat)
        self.stacks[seat] = stack

    def leave(self, seat: int) -> None:
        """A cash-game player leaves between hands, taking the chips."""
        if self.rules.mode is Mode.TOURNAMENT:
            raise InvalidInput("tournament_seating_closed")
        if self.stacks[seat] is None:
            raise InvalidInput("seat_empty", seat=seat)
        self.stacks[seat] = None
        if seat == self.button and not self.is_finished and self.blinds is None:
            self.button = self._next_occupied(seat)

    # -- tournament results ---------------------------------------------------
    def places(self) -> dict[int, int]:
        """Seat -> finishing place (1 = first). Players still in place by stack.

        Busted players place in reverse order of elimination; those busted in
        the same hand by starting stack (larger better); equal stacks share a place.
        """
        groups: list[list[tuple[int, int]]] = []
        alive = sorted(((s, st) for s, st in enumerate(self.stacks) if st is not None),
                       key=lambda item: -item[1])  # fmt: skip
        for seat, stack in alive:
            if groups and groups[-1][0][1] == stack:
                groups[-1].append((seat, stack))
            else:
                groups.append([(seat, stack)])
        for elimination in reversed(self.eliminations):
            ordered = sorted(elimination.seats, key=lambda item: -item[1])
            previous = None
            for seat, start in ordered:
                if previous is not None and previous == start:
                    groups[-1].append((seat, start))
                else:
                    groups.append([(seat, start)])
                previous = start
        places: dict[int, int] = {}
        place = 1
        for group in groups:
            for seat, _ in group:
                places[seat] = place
            place += len(group)
        return places

    def finishing_order(self) -> list[int]:
        """Seats from first place to last (ties by seat number)."""
        places = self.places()
        return sorted(places, key=lambda seat: (places[seat], seat))

    # -- JSON ------------------------------------------------------------------
    def to_dict(self) -> TableData:
        out: TableData = {
            "rules": self.rules.to_dict(),
            "stacks": list(self.stacks),
            "button": self.button,
            "hand_no": self.hand_no,
            "seed": self.seed,
            "eliminations": [
                {"hand_no": e.hand_no, "seats": [list(s) for s in e.seats]}
                for e in self.eliminations
            ],
        }
        if self.blinds is not None:  # only then: a stored table writes back as it was
            out["blinds"] = list(self.blinds)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Table:
        try:
            eliminations = [
                Elimination(int(e["hand_no"]), tuple((int(s), int(st)) for s, st in e["seats"]))
                for e in data.get("eliminations", [])
            ]
            return cls(
                Rules.from_dict(data["rules"]),
                list(data["stacks"]),
                data["button"],
                data["hand_no"],
                data.get("seed", 0),
                eliminations,
                _seat_pair(data.get("blinds")),
            )
        except (KeyError, TypeError, ValueError):
            raise InvalidInput("malformed_table") from None


def _seat_pair(value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    small, big = value
    return int(small), int(big)


def dead_button(stacks: Sequence[int | None], small: int, big: int) -> tuple[int, tuple[int, int]]:
    """The next hand's button and (small, big) blind seats under the TDA dead button, from
    the last hand's blind seats: the big blind moves to the next player, the small blind
    and the button follow onto the seats the blinds held, empty or not.

    >>> dead_button([1000, 1000, None, 1000], small=1, big=2)  # the big blind busted
    (1, (2, 3))
    >>> dead_button([1000, None, 1000, 1000], small=1, big=2)  # the small blind busted
    (1, (2, 3))
    >>> dead_button([None, 1000, None, 1000], small=2, big=3)  # heads-up
    (3, (3, 1))
    """
    n = len(stacks)
    after = [(big + k) % n for k in range(1, n + 1)]
    new_big = next(s for s in after if stacks[s] is not None)
    if sum(s is not None for s in stacks) == 2:  # heads-up: the other player has both
        other = next(s for s in after if stacks[s] is not None and s != new_big)
        return other, (other, new_big)
    return small, (big, new_big)


def play_through(hand: Hand, actions: Sequence[str]) -> Hand:
    """Play actions written like ``"raise 300"``, ``"call"``, ``"fold"`` (a helper for examples)."""
    for text in actions:
        hand.do(Action.parse(text))
    return hand
