"""Immutable events: every deal and every action of a hand, in order.

Each event is a frozen dataclass with a ``kind`` code and a JSON form; the
hand's history is a tuple of them and replays to the same state.

>>> e = Raise(seat=3, to=300, added=300, all_in=False, full=True)
>>> e.to_dict()
{'kind': 'raise', 'seat': 3, 'to': 300, 'added': 300, 'all_in': False, 'full': True}
>>> event_from_dict(e.to_dict()) == e
True
>>> event_from_dict(DealHole(seat=1, cards=parse_cards("As Kd")).to_dict()).cards
(Card.parse('As'), Card.parse('Kd'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, NotRequired, TypedDict, cast

from .cards import Card, parse_cards
from .errors import InvalidInput

#: Event kinds that are a player's decision (the rest follow from the rules and the deck).
ACTION_KINDS = frozenset({"fold", "check", "call", "bet", "raise"})


class EventData(TypedDict):
    """The JSON form of any event: ``kind`` and that event class's fields.

    Cards are codes; tuples are lists. In another seat's view (:func:`hide_cards`)
    ``cards`` are ``None`` and a burnt ``card`` is ``None``.
    """

    kind: str
    hand_no: NotRequired[int]
    button: NotRequired[int]
    small_blind_seat: NotRequired[int]
    big_blind_seat: NotRequired[int]
    small_blind: NotRequired[int]
    big_blind: NotRequired[int]
    ante: NotRequired[int]
    stacks: NotRequired[list[int | None]]
    seat: NotRequired[int]
    amount: NotRequired[int]
    all_in: NotRequired[bool]
    blind: NotRequired[str]
    cards: NotRequired[list[str] | list[None]]
    card: NotRequired[str | None]
    street: NotRequired[str]
    betting: NotRequired[bool]
    to: NotRequired[int]
    added: NotRequired[int]
    full: NotRequired[bool]
    category: NotRequired[str]
    best_five: NotRequired[list[str]]
    pot: NotRequired[int]
    eligible: NotRequired[list[int]]
    winners: NotRequired[list[int]]
    shares: NotRequired[list[list[int]]]
    odd_chips: NotRequired[int]
    payouts: NotRequired[list[int]]


@dataclass(frozen=True, slots=True)
class Event:
    """Base class. ``kind`` is the stable code the site translates."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> EventData:
        out: dict[str, object] = {"kind": self.kind}
        for f in fields(self):
            out[f.name] = _encode(getattr(self, f.name))
        return cast(EventData, out)  # the keys are this class's fields: see EventData

    @property
    def is_action(self) -> bool:
        return self.kind in ACTION_KINDS


def _encode(value: object) -> object:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class HandStart(Event):
    """Who sits where and the forced bets in force; ``stacks`` is ``None`` for empty seats."""

    kind: ClassVar[str] = "hand_start"
    hand_no: int
    button: int
    small_blind_seat: int
    big_blind_seat: int
    small_blind: int
    big_blind: int
    ante: int
    stacks: tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class PostAnte(Event):
    kind: ClassVar[str] = "post_ante"
    seat: int
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class PostBlind(Event):
    """``blind`` is ``"small"`` or ``"big"``; the amount counts toward the first round's bet."""

    kind: ClassVar[str] = "post_blind"
    seat: int
    blind: str
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class DealHole(Event):
    kind: ClassVar[str] = "deal_hole"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Burn(Event):
    kind: ClassVar[str] = "burn"
    card: Card


@dataclass(frozen=True, slots=True)
class DealBoard(Event):
    """``street`` is ``"flop"``, ``"turn"`` or ``"river"``; ``betting`` is False on a run-out."""

    kind: ClassVar[str] = "deal_board"
    street: str
    cards: tuple[Card, ...]
    betting: bool


@dataclass(frozen=True, slots=True)
class Fold(Event):
    kind: ClassVar[str] = "fold"
    seat: int


@dataclass(frozen=True, slots=True)
class Check(Event):
    kind: ClassVar[str] = "check"
    seat: int


@dataclass(frozen=True, slots=True)
class Call(Event):
    """``added``: chips put in by the call (less than owed when all-in)."""

    kind: ClassVar[str] = "call"
    seat: int
    added: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class Bet(Event):
    """First bet of a round, to ``to`` chips. ``full`` is False for an all-in below the minimum."""

    kind: ClassVar[str] = "bet"
    seat: int
    to: int
    added: int
    all_in: bool
    full: bool


@dataclass(frozen=True, slots=True)
class Raise(Event):
    """A raise to ``to`` chips in this round. ``full`` is False for a short all-in
    that does not count as a full raise (it does not reopen the betting)."""

    kind: ClassVar[str] = "raise"
    seat: int
    to: int
    added: int
    all_in: bool
    full: bool


@dataclass(frozen=True, slots=True)
class ReturnUncalled(Event):
    kind: ClassVar[str] = "return_uncalled"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class ShowHand(Event):
    """A hand tabled at showdown: its category code and best five cards."""

    kind: ClassVar[str] = "show_hand"
    seat: int
    cards: tuple[Card, ...]
    category: str
    best_five: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Muck(Event):
    kind: ClassVar[str] = "muck"
    seat: int


@dataclass(frozen=True, slots=True)
class AwardPot(Event):
    """Pot ``pot`` (0 = main pot) of ``amount`` chips; ``shares`` are (seat, chips)."""

    kind: ClassVar[str] = "award_pot"
    pot: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]
    odd_chips: int


@dataclass(frozen=True, slots=True)
class HandEnd(Event):
    """``payouts``: chips each seat won from the pots (uncalled bets came back
    earlier as :class:`ReturnUncalled`); ``stacks``: stacks after the hand."""

    kind: ClassVar[str] = "hand_end"
    payouts: tuple[int, ...]
    stacks: tuple[int | None, ...]


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        HandStart, PostAnte, PostBlind, DealHole, Burn, DealBoard, Fold, Check, Call, Bet,
        Raise, ReturnUncalled, ShowHand, Muck, AwardPot, HandEnd,
    )
}  # fmt: skip

_CARD_FIELDS = frozenset({"cards", "best_five"})


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Rebuild an event from :meth:`Event.to_dict`; :class:`InvalidInput` if malformed."""
    try:
        cls = EVENT_TYPES[data["kind"]]
    except (KeyError, TypeError):
        raise InvalidInput("unknown_event") from None
    kwargs: dict[str, Any] = {}
    try:
        for f in fields(cls):
            value = data[f.name]
            if f.name in _CARD_FIELDS:
                value = parse_cards(value, unique=True)
            elif f.name == "card":
                value = Card.parse(value)
            elif f.name == "shares":
                value = tuple((int(s), int(c)) for s, c in value)
            elif isinstance(value, list):
                value = tuple(value)
            kwargs[f.name] = value
    except (KeyError, TypeError, ValueError):
        raise InvalidInput("malformed_event", event=data.get("kind")) from None
    return cls(**kwargs)


def hide_cards(event: Event) -> EventData:
    """The JSON form of an event with its cards hidden (for another seat's view)."""
    out = event.to_dict()
    if "cards" in out:
        out["cards"] = [None] * len(out["cards"])
    if "card" in out:
        out["card"] = None
    return out
