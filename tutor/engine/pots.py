"""Main and side pots from each seat's total contribution, and awarding them.

Seats are numbered clockwise. Chips are integers and are never created or lost:
``sum(award(...).payouts) == sum(contributions)``.

The Japanese guide's example: 50 all-in, 100 all-in, 200 and 200.

>>> b = build_pots([50, 100, 200, 200], [False, False, False, False])
>>> [(p.amount, p.eligible) for p in b.pots]
[(200, (0, 1, 2, 3)), (150, (1, 2, 3)), (200, (2, 3))]

An uncalled top bet goes back to its owner; chips of a seat that folded stay in the pot.

>>> b = build_pots([100, 300, 40], [False, False, True])
>>> [(p.amount, p.eligible) for p in b.pots], b.returned
([(240, (0, 1))], (0, 200, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, unique

from .errors import InvalidInput

__all__ = [
    "MAX_CHIPS",
    "Award",
    "OddChipRule",
    "Pot",
    "PotAward",
    "PotBreakdown",
    "award",
    "build_pots",
]

#: The largest contribution accepted for one seat; anything bigger is refused as absurd.
MAX_CHIPS = 10**12


@dataclass(frozen=True)
class Pot:
    """One pot. ``level`` is the cumulative contribution it reaches; ``layer`` its depth
    per full contributor (``level`` minus the level below). ``contributors`` includes seats
    that folded; a folded seat that paid less than ``layer`` makes ``amount`` smaller than
    ``layer * len(contributors)``."""

    amount: int
    eligible: tuple[int, ...]
    level: int
    layer: int
    contributors: tuple[int, ...]


@dataclass(frozen=True)
class PotBreakdown:
    pots: tuple[Pot, ...]  # main pot first
    returned: tuple[int, ...]  # per seat: uncalled chips given back


def build_pots(contributions: Sequence[int], folded: Sequence[bool]) -> PotBreakdown:
    """Split the seats' total contributions into a main pot and side pots.

    The part of the highest contribution that no other seat matched is returned. Pot
    boundaries are the contributions of seats still in the hand (all-in caps); adjacent
    layers that the same seats can win are one pot. Chips that folded seats put in above
    the last live seat's contribution join the top pot.

    Raises :class:`InvalidInput`: ``length_mismatch``, ``not_integer``, ``not_bool``,
    ``negative``, ``too_large`` (with the ``seat``).
    """
    amounts, folds = _check(contributions, folded)
    returned = [0] * len(amounts)
    if amounts:
        top = max(amounts)
        rest = sorted(amounts)[-2] if len(amounts) > 1 else 0
        if top > rest:
            seat = amounts.index(top)
            returned[seat] = top - rest
            amounts[seat] = rest
    pots: list[Pot] = []
    previous = 0
    for level in sorted({a for a in amounts if a > 0}):
        contributors = tuple(s for s, a in enumerate(amounts) if a > previous)
        eligible = tuple(s for s in contributors if not folds[s])
        amount = sum(min(amounts[s], level) - previous for s in contributors)
        if pots and (not eligible or eligible == pots[-1].eligible):
            last = pots[-1]
            merged = tuple(sorted(set(last.contributors) | set(contributors)))
            level_layer = last.layer + level - previous
            pots[-1] = Pot(last.amount + amount, last.eligible, level, level_layer, merged)
        else:
            pots.append(Pot(amount, eligible, level, level - previous, contributors))
        previous = level
    return PotBreakdown(tuple(pots), tuple(returned))


def _check(contributions: Sequence[int], folded: Sequence[bool]) -> tuple[list[int], list[bool]]:
    for name, value in (("contributions", contributions), ("folded", folded)):
        if isinstance(value, str | bytes | dict) or not isinstance(value, Sequence):
            raise InvalidInput("wrong_type", field=name)
    if len(contributions) != len(folded):
        raise InvalidInput("length_mismatch", expected=len(contributions), got=len(folded))
    for seat, amount in enumerate(contributions):
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise InvalidInput("not_integer", seat=seat)
        if amount < 0:
            raise InvalidInput("negative", seat=seat, amount=amount)
        if amount > MAX_CHIPS:
            raise InvalidInput("too_large", seat=seat, limit=MAX_CHIPS)
    for seat, flag in enumerate(folded):
        if not isinstance(flag, bool):
            raise InvalidInput("not_bool", seat=seat)
    return list(contributions), list(folded)


@unique
class OddChipRule(Enum):
    """Who gets the chips left over when a pot does not split evenly."""

    #: One chip at a time to the tied winners, starting with the first winner clockwise
    #: (left) of the button; the button itself comes last. Japanese guide, TDA.
    LEFT_OF_BUTTON = "left_of_button"
    #: The whole remainder to the tied winner nearest the button counter-clockwise (to
    #: its right), the button itself coming last. Czech rules text.
    RIGHT_OF_BUTTON = "right_of_button"


@dataclass(frozen=True)
class PotAward:
    pot: Pot
    winners: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]  # (seat, chips) per winner, by seat
    odd_chips: int  # the remainder handed out by the odd-chip rule


@dataclass(frozen=True)
class Award:
    pots: tuple[PotAward, ...]
    returned: tuple[int, ...]
    payouts: tuple[int, ...]  # per seat: pot shares plus returned chips


def award(
    contributions: Sequence[int],
    folded: Sequence[bool],
    strengths: Sequence[int | None],
    button: int,
    *,
    odd_chip: OddChipRule = OddChipRule.LEFT_OF_BUTTON,
) -> Award:
    """Give each pot to its best eligible hand(s); higher ``strengths`` win.

    ``strengths`` has one entry per seat, ``None`` for a folded seat or a seat without a
    hand. A pot that only one seat can win goes to it whatever its strength.

    >>> a = award([50, 50, 50], [False, False, True], [7, 7, None], button=0)
    >>> a.payouts, a.pots[0].odd_chips
    ((75, 75, 0), 0)
    >>> award([51, 50, 50], [False, False, False], [7, 7, 7], button=0).payouts
    (51, 50, 50)
    >>> award([50, 50, 1], [False, False, True], [7, 7, None], button=0).payouts
    (50, 51, 0)
    """
    breakdown = build_pots(contributions, folded)
    seats = len(breakdown.returned)
    if isinstance(strengths, str | bytes | dict) or not isinstance(strengths, Sequence):
        raise InvalidInput("wrong_type", field="strengths")
    if len(strengths) != seats:
        raise InvalidInput("length_mismatch", expected=seats, got=len(strengths))
    for seat, value in enumerate(strengths):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidInput("not_integer", seat=seat, field="strengths")
    if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < seats:
        raise InvalidInput("bad_button", button=repr(button), seats=seats)
    if not isinstance(odd_chip, OddChipRule):
        raise InvalidInput("unknown_odd_chip_rule", rule=repr(odd_chip))

    payouts = list(breakdown.returned)
    awards = []
    for pot in breakdown.pots:
        winners = _winners(pot, strengths)
        base, odd = divmod(pot.amount, len(winners))
        extra = dict.fromkeys(winners, 0)
        order = sorted(winners, key=lambda s: _odd_chip_distance(s, button, seats, odd_chip))
        if odd_chip is OddChipRule.LEFT_OF_BUTTON:
            for seat in order[:odd]:
                extra[seat] = 1
        else:
            extra[order[0]] = odd
        shares = tuple((seat, base + extra[seat]) for seat in winners)
        for seat, chips in shares:
            payouts[seat] += chips
        awards.append(PotAward(pot, winners, shares, odd))
    return Award(tuple(awards), breakdown.returned, tuple(payouts))


def _winners(pot: Pot, strengths: Sequence[int | None]) -> tuple[int, ...]:
    if len(pot.eligible) == 1:
        return pot.eligible
    shown = {s: value for s in pot.eligible if (value := strengths[s]) is not None}
    if not shown:
        raise InvalidInput("no_eligible_hand", eligible=list(pot.eligible), amount=pot.amount)
    best = max(shown.values())
    return tuple(s for s, value in shown.items() if value == best)


def _odd_chip_distance(seat: int, button: int, seats: int, rule: OddChipRule) -> int:
    """Steps from the button to the seat in the rule's direction; the button itself is last."""
    if rule is OddChipRule.LEFT_OF_BUTTON:
        return (seat - button - 1) % seats
    return (button - 1 - seat) % seats
