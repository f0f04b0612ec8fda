"""The table's settings: the chips in the rack, the limits of a bet spot, the bankroll.

The engine settles any stake of whole cents; a casino table is stricter, and so is this
one: stakes are whole chips of the smallest denomination, from the table minimum to the
table maximum on each spot, and all of them together no more than the balance.

>>> chip_stack(Decimal(160))
(100, 50, 10)
>>> chip_stack(Decimal(0))
()
"""

from __future__ import annotations

from decimal import Decimal

#: The chips in the rack, smallest first (play-money units). Every stake is a multiple of
#: the smallest, so a 0.95 to 1 win is always whole cents (10 x 0.95 = 9.50).
CHIPS = (10, 50, 100, 500)
SMALLEST_CHIP = CHIPS[0]
#: The least and the most one bet spot takes.
TABLE_MIN = Decimal(10)
TABLE_MAX = Decimal(1000)
#: What a new table (and "Start again") gives the learner.
START_BALANCE = Decimal(1000)
#: Rounds kept in the history table (the round counter keeps counting past it).
HISTORY_KEEP = 20
#: Chips drawn in one stack on a spot; a larger bet shows its amount, not more discs.
STACK_SHOWN = 6


def chip_stack(amount: Decimal) -> tuple[int, ...]:
    """The chips that make ``amount``, largest first (fewest chips), for the picture of a
    stack; at most :data:`STACK_SHOWN` of them."""
    left = int(amount)
    chips: list[int] = []
    for chip in reversed(CHIPS):
        count, left = divmod(left, chip)
        chips.extend([chip] * count)
    return tuple(chips[:STACK_SHOWN])
