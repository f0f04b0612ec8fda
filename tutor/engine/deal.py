"""How a hand starts: the rules, who sits where, the button and the deck.

The deck order is part of the setup, so a setup (or its seed) reproduces the
whole hand. Hole cards are dealt one at a time, starting left of the button.

>>> from .rules import Rules
>>> setup = HandSetup.stacked(Rules(), [1000, 1000, 1000], 0, {1: "As Ad"}, board="Kc Kd 2h 7s 9c")
>>> setup.deck[0], setup.deck[3], setup.deck[6]
(Card.parse('As'), Card.parse('Ad'), Card.parse('Kc'))
>>> HandSetup.from_dict(setup.to_dict()) == setup
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

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


@dataclass(frozen=True, slots=True)
class HandSetup:
    """Everything a hand starts from: rules, stacks (``None`` = empty seat), button, deck."""

    rules: Rules
    stacks: tuple[int | None, ...]
    button: int
    deck: tuple[Card, ...]
    hand_no: int = 1
    seed: int | str | None = None

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
        if isinstance(button, bool) or not isinstance(button, int):
            raise InvalidInput("bad_button", button=repr(button))
        if not 0 <= button < len(self.stacks) or self.stacks[button] is None:
            raise InvalidInput("bad_button", button=button)
        if len(self.deck) != 52 or set(self.deck) != set(DECK):
            raise InvalidCards("", code="bad_deck")
        if isinstance(self.hand_no, bool) or not isinstance(self.hand_no, int) or self.hand_no < 1:
            raise InvalidInput("bad_hand_no")

    @classmethod
    def new(
        cls,
        rules: Rules,
        stacks: Sequence[int | None],
        button: int = 0,
        seed: int | str = 0,
        hand_no: int = 1,
    ) -> HandSetup:
        """A setup whose deck is shuffled by ``seed`` (the seed reproduces the hand)."""
        return cls(rules, tuple(stacks), button, tuple(shuffled_deck(seed)), hand_no, seed)

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
    ) -> HandSetup:
        """A setup that deals the given hole cards and board (for examples and tests)."""
        probe = cls.new(rules, stacks, button, seed, hand_no)
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
        return cls(rules, probe.stacks, button, deck, hand_no, seed)

    @property
    def level(self) -> BlindLevel:
        return self.rules.level_for_hand(self.hand_no)

    def to_dict(self) -> SetupData:
        return {
            "rules": self.rules.to_dict(),
            "stacks": list(self.stacks),
            "button": self.button,
            "deck": " ".join(c.code for c in self.deck),
            "hand_no": self.hand_no,
            "seed": self.seed,
        }

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
            )
        except (KeyError, TypeError):
            raise InvalidInput("malformed_setup") from None


def clockwise(stacks: Sequence[int | None], start: int) -> list[int]:
    """Occupied seats clockwise after ``start``, ending with ``start`` if occupied."""
    n = len(stacks)
    return [(start + k) % n for k in range(1, n + 1) if stacks[(start + k) % n] is not None]


def deal_order(stacks: Sequence[int | None], button: int) -> list[int]:
    return clockwise(stacks, button)
