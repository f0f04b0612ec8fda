"""What a right answer earns when the session gives a speed bonus.

Off by default: a right answer earns its question's points, as it always has. A teacher
who turns the bonus on when starting a session (``SessionSettings.speed_bonus``) adds to
every right answer a bonus that falls with the time the student took: as many points
again at 0 s, falling linearly to nothing at the question's time limit (a question
without one: a fixed window of :data:`SPEED_WINDOW_SECONDS`), rounded half up to whole
points. So a right answer earns between its points and twice its points, Kahoot's 500 to
1,000 on any scale; the bonus is a whole share of the points, not half of them, so that
a question worth the default single point still tells the quick answers (+1 in the first
half of the window) from the slow ones.

The bonus is worked out once, when the answer is stored (``services.submit``), and stored
with it (``Response.bonus``, and inside ``Response.points``); nothing recomputes it, so
turning the setting off later, or changing a time limit, changes no stored score.

>>> speed_bonus(10, elapsed_ms=0, limit_seconds=20)
10
>>> speed_bonus(10, elapsed_ms=5_000, limit_seconds=20)  # 10 x 15/20 = 7.5
8
>>> speed_bonus(10, elapsed_ms=20_000, limit_seconds=20)
0
>>> speed_bonus(1, elapsed_ms=9_000, limit_seconds=None)  # 1 x 11/20, of the 20 s window
1
>>> speed_bonus(1, elapsed_ms=11_000, limit_seconds=None)
0
"""

from __future__ import annotations

#: The window of a question without a time limit: answered after it, no bonus.
SPEED_WINDOW_SECONDS = 20


def speed_bonus(points: int, *, elapsed_ms: int | None, limit_seconds: int | None) -> int:
    """The bonus of a right answer earning ``points``, given ``elapsed_ms`` after the
    question opened, of a question with a time limit of ``limit_seconds`` (None: no
    limit). Whole points, exact integer arithmetic (no float rounding at the edges)."""
    if points <= 0 or elapsed_ms is None:
        return 0
    window = (limit_seconds or SPEED_WINDOW_SECONDS) * 1000
    left = min(window, max(0, window - elapsed_ms))
    return (2 * points * left + window) // (2 * window)
