"""How a hand starts: the rules, who sits where, the button and the deck.

The deck order is part of the setup, so a setup (or its seed) reproduces the
whole hand. Hole cards are dealt one at a time, starting left of the button.

>>> from .rules import Rules
>>> setup = HandSetup.stacked(Rules(), [1000, 1000, 1000], 0, {1: "As Ad"}, board="Kc Kd 2h 7s 9c")
>>> setup.deck[0], setup.deck[3], setup.deck[6]
(Card.parse('As'), Card.parse('Ad'), Card.parse('Kc'))
>>> HandSetup.from_dict(setup.to_dict()) == setup
True

Under the dead-button rule the table places the blinds itself: ``blinds`` is the
(small blind, big blind) seats, and the small blind or the button may be an empty
seat (nobody posts a dead small blind):

>>> dead = HandSetup.new(Rules(), [1000, None, 1000, 1000], button=1, blinds=(1, 2))
>>> dead.to_dict()["blinds"], "blinds" in setup.to_dict()
([1, 2], False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict

from .cards import DECK, Card, parse_cards, shuffled_deck
from .errors import InvalidCards, InvalidInput
from .rules import MAX_SEATS, BlindLevel, Rules, RulesData


class SetupData(TypedDict):
    """The JSON form of a :class:`HandSetup`; ``deck`` is the 52 card codes, space-separated."""

    rules: RulesData
    stacks: list[int | None]
    button: int
    deck: str
    hand_no: int
    seed: int | str | None
    blinds: NotRequired[list[int]]


@dataclass(frozen=True, slots=True)
class HandSetup:
    """Everything a hand starts from: rules, stacks (``None`` = empty seat), button, deck.

    ``blinds`` (small blind seat, big blind seat) when the table places them (the
    dead button); ``None``: the two players after the button (heads-up, the button
    and the other player).
    """

    rules: Rules
    stacks: tuple[int | None, ...]
    button: int
    deck: tuple[Card, ...]
    hand_no: int = 1
    seed: int | str | None = None
    blinds: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise InvalidInput("rules_missing")
        if not 2 <= len(self.stacks) <= MAX_SEATS:
            raise InvalidInput("seat_count", seats=len(self.stacks), maximum=MAX_SEATS)
        for seat, stack in enumerate(self.stacks):
            if stack is None:
                continue
            if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
                raise InvalidInput("bad_stack", seat=seat)
        if sum(s is not None for s in self.stacks) < 2:
            raise InvalidInput("too_few_players", minimum=2)
        button = self.button
        if not _is_seat(button, len(self.stacks)):
            raise InvalidInput("bad_button", button=repr(button))
        if self.blinds is None and self.stacks[button] is None:
            raise InvalidInput("bad_button", button=button)
        if self.blinds is not None:
            self._check_blinds(self.blinds)
        if len(self.deck) != 52 or set(self.deck) != set(DECK):
            raise InvalidCards("", code="bad_deck")
        if isinstance(self.hand_no, bool) or not isinstance(self.hand_no, int) or self.hand_no < 1:
            raise InvalidInput("bad_hand_no")

    def _check_blinds(self, blinds: object) -> None:
        """Two different seats, the big blind's occupied (the small blind's may be empty)."""
        n = len(self.stacks)
        if not isinstance(blinds, tuple) or len(blinds) != 2:
            raise InvalidInput("malformed_setup")
        small, big = blinds
        if not (_is_seat(small, n) and _is_seat(big, n)) or small == big:
            raise InvalidInput("malformed_setup")
        if self.stacks[big] is None:
            raise InvalidInput("malformed_setup")

    @classmethod
    def new(
        cls,
        rules: Rules,
        stacks: Sequence[int | None],
        button: int = 0,
        seed: int | str = 0,
        hand_no: int = 1,
        blinds: tuple[int, int] | None = None,
    ) -> HandSetup:
        """A setup whose deck is shuffled by ``seed`` (the seed reproduces the hand)."""
        deck = tuple(shuffled_deck(seed))
        return cls(rules, tuple(stacks), button, deck, hand_no, seed, blinds)

    @classmethod
    def stacked(
        cls,
        rules: Rules,
        stacks: Sequence[int | None],
        button: int,
        holes: Mapping[int, str],
        board: str = "",
        seed: int | str = 0,
        hand_no: int = 1,
        blinds: tuple[int, int] | None = None,
    ) -> HandSetup:
        """A setup that deals the given hole cards and board (for examples and tests)."""
        probe = cls.new(rules, stacks, button, seed, hand_no, blinds)
        order = deal_order(probe.stacks, button)
        slots: dict[int, Card] = {}
        for seat, text in holes.items():
            first, second = parse_cards(text)
            slots[order.index(seat)] = first
            slots[len(order) + order.index(seat)] = second
        burn = 1 if rules.burn_cards else 0
        position = 2 * len(order)
        board_slots: list[int] = []
        for count in (3, 1, 1):
            position += burn
            board_slots += range(position, position + count)
            position += count
        for slot, card in zip(board_slots, parse_cards(board), strict=False):
            slots[slot] = card
        chosen = list(slots.values())
        parse_cards(chosen)  # duplicates -> InvalidCards
        rest = iter(c for c in probe.deck if c not in set(chosen))
        deck = tuple(slots[i] if i in slots else next(rest) for i in range(52))
        return cls(rules, probe.stacks, button, deck, hand_no, seed, blinds)

    @property
    def level(self) -> BlindLevel:
        return self.rules.level_for_hand(self.hand_no)

    def to_dict(self) -> SetupData:
        out: SetupData = {
            "rules": self.rules.to_dict(),
            "stacks": list(self.stacks),
            "button": self.button,
            "deck": " ".join(c.code for c in self.deck),
            "hand_no": self.hand_no,
            "seed": self.seed,
        }
        if self.blinds is not None:  # only then: a stored hand writes back as it was
            out["blinds"] = list(self.blinds)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandSetup:
        try:
            return cls(
                Rules.from_dict(data["rules"]),
                tuple(data["stacks"]),
                data["button"],
                parse_cards(data["deck"]),
                data.get("hand_no", 1),
                data.get("seed"),
                _blinds(data.get("blinds")),
            )
        except (KeyError, TypeError):
            raise InvalidInput("malformed_setup") from None


def _is_seat(value: object, seats: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats


def _blinds(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise InvalidInput("malformed_setup")
    return value[0], value[1]


def clockwise(stacks: Sequence[int | None], start: int) -> list[int]:
    """Occupied seats clockwise after ``start``, ending with ``start`` if occupied."""
    n = len(stacks)
    return [(start + k) % n for k in range(1, n + 1) if stacks[(start + k) % n] is not None]


def deal_order(stacks: Sequence[int | None], button: int) -> list[int]:
    return clockwise(stacks, button)
