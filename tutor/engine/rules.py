"""The named rules a hand of Texas Hold'em is played under.

Every rule choice the sources leave open sits in one frozen :class:`Rules`
value with a ``name``, so a page can say which rules a hand was played under.

>>> rules = Rules.no_limit(50, 100)
>>> rules.name, rules.structure.code, rules.blinds_label
('no_limit_50_100', 'no_limit', '50/100')
>>> Rules.from_dict(rules.to_dict()) == rules
True
>>> limit = Rules.fixed_limit(10, 20)
>>> limit.bet_sizes(limit.level_for_hand(1))  # small bet = big blind, big bet = twice that
(20, 40)

Rules added after hands were first stored are written only when they differ from
their default, so a stored hand reads back and writes back byte for byte:

>>> "button_rule" in rules.to_dict(), Rules.from_dict(rules.to_dict()).button_rule
(False, <ButtonRule.MOVING: 'moving'>)
>>> Rules(button_rule=ButtonRule.DEAD).to_dict()["button_rule"]
'dead'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum, unique
from typing import Any, NotRequired, TypedDict, cast

from .errors import InvalidInput
from .pots import OddChipRule

MAX_SEATS = 10


class LevelData(TypedDict):
    """The JSON form of a :class:`BlindLevel`."""

    small: int
    big: int
    ante: int


class RulesSummary(TypedDict):
    """Codes and numbers naming the rules (:meth:`Rules.summary`), for a page to translate."""

    name: str
    structure: str
    blinds: str
    ante: int
    ante_mode: str
    raise_cap: int | None
    reopen: str
    odd_chip: str
    burn_cards: bool
    mode: str


class RulesData(TypedDict):
    """The JSON form of :class:`Rules`: every field, enums as their values."""

    name: str
    structure: str
    small_blind: int
    big_blind: int
    ante: int
    ante_mode: str
    big_blind_ante_order: str
    small_bet: int | None
    big_bet: int | None
    raise_cap: int | None
    uncapped_heads_up: bool
    reopen: str
    odd_chip: str
    burn_cards: bool
    muck_losing_hands: bool
    mode: str
    schedule: list[LevelData]
    hands_per_level: int
    free_fold: NotRequired[str]
    button_rule: NotRequired[str]


class _Coded(Enum):
    @property
    def code(self) -> str:
        return str(self.value)


@unique
class Structure(_Coded):
    """Betting structure (Czech text: limit, pot limit, no limit)."""

    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"
    FIXED_LIMIT = "fixed_limit"


@unique
class AnteMode(_Coded):
    """Antes are dead money, unlike blinds (Czech text)."""

    NONE = "none"
    EACH = "each"  # every player posts ``ante`` before the deal
    BIG_BLIND = "big_blind"  # the big blind posts ``ante`` once for the whole table


@unique
class BigBlindAnteOrder(_Coded):
    """Which a short big blind pays first under the big-blind ante."""

    BLIND_FIRST = "blind_first"  # TDA 2024 and WSOP
    ANTE_FIRST = "ante_first"  # TDA 2019-2022


@unique
class ReopenRule(_Coded):
    """When an all-in for less than a full raise reopens the betting.

    ``CUMULATIVE``: several short all-ins that together make a full raise
    reopen it for a player who faces at least a full raise since acting
    (TDA 47, WSOP 96a). ``SINGLE_RAISE``: only one wager that is itself a full
    raise reopens it (each short all-in judged on its own, WSOP 96 alone).
    """

    CUMULATIVE = "cumulative"
    SINGLE_RAISE = "single_raise"


@unique
class FreeFold(_Coded):
    """Whether a player may fold when checking costs nothing."""

    NOT_OFFERED = "not_offered"  # Japanese guide: fold only when facing a bet
    BINDING = "binding"  # TDA (non-standard folds), Robert's Rules: allowed and binding


@unique
class ButtonRule(_Coded):
    """How the button and blinds move when a player between them busts.

    ``MOVING``: the button moves one occupied seat clockwise, the blinds are the
    next two players (Japanese guide, Czech text). ``DEAD``: the big blind moves
    to the next player; the small blind and the button take the seats last
    hand's blinds held, even an empty one (TDA dead button).
    """

    MOVING = "moving"
    DEAD = "dead"


@unique
class Mode(_Coded):
    """Cash game or tournament (Czech text)."""

    CASH = "cash"
    TOURNAMENT = "tournament"


@dataclass(frozen=True, slots=True)
class BlindLevel:
    """The forced bets in force for a hand: ``small``/``big`` blinds and the ``ante``."""

    small: int
    big: int
    ante: int = 0

    def __post_init__(self) -> None:
        for name in ("small", "big", "ante"):
            _check_int(name, getattr(self, name), 0)
        if self.big < 1:
            raise InvalidInput("big_blind_not_positive", big=self.big)

    @property
    def label(self) -> str:
        """The usual notation, e.g. ``"50/100"``."""
        return f"{self.small}/{self.big}"

    def to_dict(self) -> LevelData:
        return {"small": self.small, "big": self.big, "ante": self.ante}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BlindLevel:
        return cls(int(data["small"]), int(data["big"]), int(data.get("ante", 0)))


def _check_int(name: str, value: object, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput("not_an_integer", field=name)
    if value < minimum:
        raise InvalidInput("below_minimum", field=name, value=value, minimum=minimum)


@dataclass(frozen=True, slots=True)
class Rules:
    """All rule choices for a table. Defaults follow the Japanese guide (50/100 no-limit).

    * ``raise_cap``: fixed-limit only, raises allowed after the bet (Czech text:
      three); ``None`` for no cap. No-limit and pot-limit are never capped.
    * ``uncapped_heads_up``: no cap while play is heads-up: at most two players in
      the hand still have chips (all-in players do not count). The raise that
      reaches the cap with more players closes raising for the round; a later
      fold does not reopen it (Robert's Rules).
    * ``small_bet``/``big_bet``: fixed-limit sizes; ``None`` means the big blind
      and twice the big blind (Czech text). A tournament with a schedule always
      follows its blind level.
    * ``muck_losing_hands``: at a showdown without an all-in, a player who
      cannot win any pot mucks instead of showing (Czech text).
    * ``free_fold``: whether folding is allowed when a check is free (:class:`FreeFold`).
    * ``button_rule``: the moving button or the dead button (:class:`ButtonRule`).
    """

    name: str = "no_limit_50_100"
    structure: Structure = Structure.NO_LIMIT
    small_blind: int = 50
    big_blind: int = 100
    ante: int = 0
    ante_mode: AnteMode = AnteMode.NONE
    big_blind_ante_order: BigBlindAnteOrder = BigBlindAnteOrder.BLIND_FIRST
    small_bet: int | None = None
    big_bet: int | None = None
    raise_cap: int | None = 3
    uncapped_heads_up: bool = False
    reopen: ReopenRule = ReopenRule.CUMULATIVE
    odd_chip: OddChipRule = OddChipRule.LEFT_OF_BUTTON
    burn_cards: bool = False
    muck_losing_hands: bool = True
    mode: Mode = Mode.CASH
    schedule: tuple[BlindLevel, ...] = field(default=())
    hands_per_level: int = 10
    free_fold: FreeFold = FreeFold.NOT_OFFERED
    button_rule: ButtonRule = ButtonRule.MOVING

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise InvalidInput("rules_name_missing")
        BlindLevel(self.small_blind, self.big_blind, self.ante)  # validates the numbers
        for name in ("small_bet", "big_bet", "raise_cap"):
            value = getattr(self, name)
            if value is not None:
                _check_int(name, value, 1 if name != "raise_cap" else 0)
        _check_int("hands_per_level", self.hands_per_level, 1)
        if self.ante_mode is AnteMode.NONE and self.ante:
            raise InvalidInput("ante_without_mode", ante=self.ante)
        if not all(isinstance(level, BlindLevel) for level in self.schedule):
            raise InvalidInput("bad_schedule")

    # -- presets -------------------------------------------------------------
    @classmethod
    def no_limit(cls, small: int = 50, big: int = 100, **changes: Any) -> Rules:
        base: dict[str, Any] = {"name": f"no_limit_{small}_{big}"}
        return cls(**base | {"small_blind": small, "big_blind": big} | changes)

    @classmethod
    def pot_limit(cls, small: int = 50, big: int = 100, **changes: Any) -> Rules:
        base: dict[str, Any] = {"name": f"pot_limit_{small}_{big}"}
        base["structure"] = Structure.POT_LIMIT
        return cls(**base | {"small_blind": small, "big_blind": big} | changes)

    @classmethod
    def fixed_limit(cls, small: int = 50, big: int = 100, **changes: Any) -> Rules:
        base: dict[str, Any] = {"name": f"fixed_limit_{small}_{big}"}
        base["structure"] = Structure.FIXED_LIMIT
        return cls(**base | {"small_blind": small, "big_blind": big} | changes)

    def with_changes(self, **changes: Any) -> Rules:
        return replace(self, **changes)

    # -- derived values ------------------------------------------------------
    @property
    def code(self) -> str:
        return self.name

    @property
    def blinds_label(self) -> str:
        return f"{self.small_blind}/{self.big_blind}"

    @property
    def base_level(self) -> BlindLevel:
        return BlindLevel(self.small_blind, self.big_blind, self.ante)

    def level_index(self, hand_no: int) -> int:
        """The tournament level (0-based) of hand ``hand_no`` (1-based); 0 in cash games."""
        if self.mode is not Mode.TOURNAMENT or not self.schedule:
            return 0
        return min((max(hand_no, 1) - 1) // self.hands_per_level, len(self.schedule) - 1)

    def level_for_hand(self, hand_no: int) -> BlindLevel:
        """Blinds and ante of hand ``hand_no``: the schedule in a tournament, else the base."""
        if self.mode is not Mode.TOURNAMENT or not self.schedule:
            return self.base_level
        return self.schedule[self.level_index(hand_no)]

    def bet_sizes(self, level: BlindLevel) -> tuple[int, int]:
        """Fixed-limit (small bet, big bet) at a blind level."""
        if self.small_bet is not None and (self.mode is Mode.CASH or not self.schedule):
            small = self.small_bet
        else:
            small = level.big
        if self.big_bet is not None and (self.mode is Mode.CASH or not self.schedule):
            big = self.big_bet
        else:
            big = 2 * small
        return small, big

    def summary(self) -> RulesSummary:
        """Codes and numbers naming the rules, for a page to translate."""
        return {
            "name": self.name,
            "structure": self.structure.code,
            "blinds": self.blinds_label,
            "ante": self.ante,
            "ante_mode": self.ante_mode.code,
            "raise_cap": self.raise_cap if self.structure is Structure.FIXED_LIMIT else None,
            "reopen": self.reopen.code,
            "odd_chip": self.odd_chip.value,
            "burn_cards": self.burn_cards,
            "mode": self.mode.code,
        }

    # -- JSON ----------------------------------------------------------------
    def to_dict(self) -> RulesData:
        out: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _LATER_FIELDS and value == f.default:
                continue  # as stored before the field existed
            if isinstance(value, Enum):
                value = value.value
            elif f.name == "schedule":
                value = [level.to_dict() for level in value]
            out[f.name] = value
        return cast(RulesData, out)  # a key per field: tests/engine/test_payloads.py

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            enum_type = _ENUM_FIELDS.get(f.name)
            if enum_type is not None:
                try:
                    value = enum_type(value)
                except ValueError:
                    raise InvalidInput("unknown_rule_value", field=f.name, value=value) from None
            elif f.name == "schedule":
                value = tuple(BlindLevel.from_dict(level) for level in value)
            kwargs[f.name] = value
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise InvalidInput("unknown_rule_field", field=sorted(unknown)[0])
        return cls(**kwargs)


#: Fields added after hands were stored: written only when not at their default.
_LATER_FIELDS = frozenset({"free_fold", "button_rule"})

_ENUM_FIELDS: dict[str, type[Enum]] = {
    "structure": Structure,
    "ante_mode": AnteMode,
    "big_blind_ante_order": BigBlindAnteOrder,
    "reopen": ReopenRule,
    "odd_chip": OddChipRule,
    "mode": Mode,
    "free_fold": FreeFold,
    "button_rule": ButtonRule,
}

#: Named presets the site can offer.
PRESETS: dict[str, Rules] = {
    rules.name: rules
    for rules in (
        Rules.no_limit(50, 100),
        Rules.pot_limit(50, 100),
        Rules.fixed_limit(50, 100),
        Rules(
            name="tournament_no_limit",
            small_blind=25,
            big_blind=50,
            mode=Mode.TOURNAMENT,
            schedule=(
                BlindLevel(25, 50),
                BlindLevel(50, 100),
                BlindLevel(75, 150, 150),
                BlindLevel(100, 200, 200),
                BlindLevel(150, 300, 300),
                BlindLevel(200, 400, 400),
            ),
            ante_mode=AnteMode.BIG_BLIND,
        ),
    )
}
