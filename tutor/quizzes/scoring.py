"""What a right answer earns when the session gives a speed bonus.

Off by default: a right answer earns its question's points, as it always has. A teacher
who turns the bonus on when starting a session (``SessionSettings.speed_bonus``) adds to
every right answer a bonus that falls with the time the student took: as many points
again at 0 s, falling linearly to nothing at the question's time limit (a question
without one: a fixed window of :data:`SPEED_WINDOW_SECONDS`). So a right answer earns
between its points and twice its points, Kahoot's 500 to 1,000 on any scale.

The bonus is kept to the thousandth of a point (:data:`PLACES`), rounded half up: fine
enough that a quicker right answer never earns less, and one a second quicker earns more
on any question worth a point or more with a window of up to 1,000 s (a point's bonus
falls by a thousandth every second of such a window; an hour's window tells answers four
seconds apart). Whole points were too coarse: on a 2-point question of 20 s, answers at
0.6 s and 6.5 s both rounded to a bonus of 2, wherever the builder's weight was small.

The bonus is worked out once, when the answer is stored (``services.submit``), and stored
with it (``Response.bonus``, and inside ``Response.points``, both :class:`fields.ScoreField`);
nothing recomputes it, so turning the setting off later, or changing a time limit, changes
no stored score. A score reads back as :func:`score` makes it: whole points as an ``int``.

>>> speed_bonus(10, elapsed_ms=0, limit_seconds=20)
Decimal('10.000')
>>> speed_bonus(2, elapsed_ms=600, limit_seconds=20)  # 2 x 19.4/20
Decimal('1.940')
>>> speed_bonus(2, elapsed_ms=6_500, limit_seconds=20)  # 2 x 13.5/20
Decimal('1.350')
>>> speed_bonus(1, elapsed_ms=20_000, limit_seconds=None)  # the end of the 20 s window
Decimal('0.000')
>>> score(Decimal("4.000")), score(Decimal("4.850"))
(4, Decimal('4.85'))
"""

from __future__ import annotations

from decimal import Decimal

#: The window of a question without a time limit: answered after it, no bonus.
SPEED_WINDOW_SECONDS = 20

#: The decimal places of a stored score: thousandths of a point.
PLACES = 3

#: A score as it reads: whole points as an int, a score with a bonus's fraction as a Decimal.
type Score = int | Decimal


def speed_bonus(points: int, *, elapsed_ms: int | None, limit_seconds: int | None) -> Decimal:
    """The bonus of a right answer earning ``points``, given ``elapsed_ms`` after the
    question opened, of a question with a time limit of ``limit_seconds`` (None: no
    limit). In thousandths, exact integer arithmetic (no float rounding at the edges)."""
    if points <= 0 or elapsed_ms is None:
        return Decimal(0).scaleb(-PLACES)
    window = (limit_seconds or SPEED_WINDOW_SECONDS) * 1000
    left = min(window, max(0, window - elapsed_ms))
    unit = 10**PLACES
    return Decimal((2 * unit * points * left + window) // (2 * window)).scaleb(-PLACES)


def score(value: Decimal | int) -> Score:
    """A stored score as it reads: an ``int`` if whole (so a session without the bonus
    shows, exports and counts its plurals exactly as before), else the ``Decimal`` without
    its trailing zeros."""
    number = Decimal(value)
    whole = number.to_integral_value()
    return int(whole) if number == whole else number.normalize()
