"""What the writers share: the weight of each choice and numbers written for a machine.

Moodle imports a choice's weight only when it is one of its grade options, within
0.00001 (``match_grade_options`` in ``question/format.php``); 1/n of 100 % for n from 1 to
10 are all options (33.33333 %, 14.28571 % ...), and so is −100 %. Several right choices
share 100 %; each wrong one is worth −100 %, so a wrong tick costs the whole question
(Moodle never goes below zero). Moodle gives a share for each right choice ticked, so a
question of this site's that is all or nothing comes back from Moodle, or from an import
of its own file, with those weights as partial credit (``gift_reader._credit``).
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal

from .snapshot import MULTIPLE, Part

HUNDRED = Decimal(100)
PLACES = Decimal("0.00001")


def plain_number(value: Decimal) -> str:
    """A number with a ``.`` decimal point and no exponent, whatever the page language.

    >>> plain_number(Decimal("1E+3")), plain_number(Decimal("12.50")), plain_number(Decimal("-0.5"))
    ('1000', '12.5', '-0.5')
    """
    text = format(value.normalize(), "f")
    return "0" if text in ("-0", "") else text


def percent(value: Decimal) -> str:
    """A weight in percent with at most five decimals (Moodle's own precision).

    >>> percent(HUNDRED / 3), percent(HUNDRED / 8), percent(Decimal(-100))
    ('33.33333', '12.5', '-100')
    """
    return plain_number(value.quantize(PLACES, rounding=ROUND_HALF_EVEN))


def weights(part: Part) -> list[str]:
    """Each choice's weight in percent: the teacher's partial credit if the question has
    any, else 100 for the right one of a single choice, an equal share of 100 for each
    right one and −100 for each wrong one of several."""
    if part.credit:
        return [percent(weight) for weight in part.credit]
    right = set(part.right)
    if part.kind != MULTIPLE:
        return ["100" if i in right else "0" for i in range(len(part.choices))]
    share = percent(HUNDRED / max(1, len(right)))
    return [share if i in right else "-100" for i in range(len(part.choices))]


def part_marks(points: int, parts: int) -> list[int]:
    """The marks of each part of a several-part question (Moodle's cloze adds them up for
    the question's mark): ``points`` shared as evenly as whole numbers allow, the first
    parts taking the rest; one each when there are fewer points than parts.

    >>> part_marks(3, 2), part_marks(4, 2), part_marks(1, 3)
    ([2, 1], [2, 2], [1, 1, 1])
    """
    if points < parts:
        return [1] * parts
    base, rest = divmod(points, parts)
    return [base + (1 if i < rest else 0) for i in range(parts)]
