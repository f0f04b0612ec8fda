"""A session's scores, best first, and the leaderboard read from them.

Once a session has ended its scores cannot change, and every student of the class asks
for them in the same seconds (their end screen: their own score, the leaderboard). So
each process keeps the ended board, read once, as immutable values (:class:`Board`: the
rows, each student's points by id, the leaderboard's top ranks), handed out as they are:
no copy per request. A board of 2,000 kept in ``LocMemCache`` was unpickled whole by each
of the 2,000 requests.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from types import MappingProxyType
from typing import Any, NamedTuple

from tutor.core.kept_awhile import KeptAWhile

from .models import Participant, Session
from .querysets import ParticipantQuerySet
from .scoring import Score

LEADERBOARD_TOP = 10  # the ranks a leaderboard shows (a tie at the last shown whole)
KEPT_BOARDS = 16  # ended sessions whose board a process keeps (the least recent goes)
KEPT_SECONDS = 600.0  # and for how long: a class reads its end screens in a few minutes
#: Below the last place shown, the points still read as a possible tie with it (a
#: database may add the speed bonus's thousandths as floats).
TIE_MARGIN = Decimal("0.0005")


class Entrant(NamedTuple):
    """A student as the leaderboard names them."""

    pk: int
    nickname: str


Row = tuple[Entrant, Score, int]  # (student, points, right answers)


@dataclass(frozen=True)
class Standing:
    """A place on the leaderboard: students with the same points share a rank (1, 2, 2, 4)."""

    rank: int
    participant: Entrant
    points: Score
    correct: int


@dataclass(frozen=True)
class Board:
    """A session's scores: ``rows`` best first, ``places`` each student's (points, right
    answers) by id, ``top`` the leaderboard to :data:`LEADERBOARD_TOP`. Immutable: a kept
    board is handed to every request as it is."""

    rows: tuple[Row, ...]
    places: Mapping[int, tuple[Score, int]]
    top: tuple[Standing, ...]

    @classmethod
    def of(cls, rows: tuple[Row, ...]) -> Board:
        places = MappingProxyType({entrant.pk: (points, right) for entrant, points, right in rows})
        return cls(rows, places, tuple(ranked(rows, LEADERBOARD_TOP)))

    def place(self, pk: int) -> tuple[Score, int]:
        """(points, right answers) of the student with id ``pk``; (0, 0) when not on it."""
        return self.places.get(pk, (0, 0))


# Kept per process, the least recent dropped past KEPT_BOARDS or after KEPT_SECONDS. Key:
# the session's id, its random join code (an id can come back after a delete) and its
# version (a rename or a removal bumps it); the value is the whole class's board, the same
# for everyone who asks, immutable. Only ended sessions' boards: no answer changes them.
_kept = KeptAWhile[tuple[int, str, int], Board](KEPT_BOARDS, KEPT_SECONDS)


def _scored(session: Session) -> ParticipantQuerySet[Any, Any]:
    return (
        Participant.objects.filter(session_id=session.pk, removed=False)
        .only("pk", "nickname", "joined")
        .with_scores()
    )


def _rows(participants: Iterable[Any]) -> tuple[Row, ...]:
    """The board's rows of ``participants`` (with their scores), best first: by points,
    then who joined first."""
    best = sorted(participants, key=lambda p: (-p.total, p.joined, p.pk))
    return tuple((Entrant(p.pk, p.nickname), p.total, p.right) for p in best)


def _read(session: Session) -> Board:
    return Board.of(_rows(_scored(session)))


def board(session: Session) -> Board:
    """The session's board: one query for the whole class, kept once it has ended."""
    if session.state != Session.State.ENDED:
        return _read(session)
    # Made outside the lock: two threads may both read it once.
    return _kept.get((session.pk, session.code, session.version), lambda: _read(session))


def top(session: Session) -> tuple[Standing, ...]:
    """The leaderboard of ``session``: kept once it has ended; before that (homework, where
    every answer changes it), read without the whole class: the rows down to the last
    rank shown, and those tied with it."""
    if session.state == Session.State.ENDED:
        return board(session).top
    best = _scored(session).order_by("-total", "joined", "pk")
    rows = list(best[:LEADERBOARD_TOP])
    if len(rows) == LEADERBOARD_TOP:
        # Everyone tied with the last place shown ranks with it. The database may add the
        # speed bonus's thousandths as floats, a tie then a hair apart: half a thousandth
        # below the last place takes in every tie (read back exact, and sorted here).
        floor = Decimal(rows[-1].total) - TIE_MARGIN
        rows = list(best.filter(total__gte=floor))
    return tuple(ranked(_rows(rows), LEADERBOARD_TOP))


def forget() -> None:
    """Drop every kept board (tests)."""
    _kept.clear()


def scores(session: Session) -> tuple[Row, ...]:
    """(student, points, right answers), best first: the leaderboard's rows."""
    return board(session).rows


def ranked(rows: tuple[Row, ...], top: int) -> list[Standing]:
    """The students of ``rows`` ranked by points, ties sharing a rank, down to rank
    ``top`` (a tie at the last rank shown is shown whole)."""
    standings: list[Standing] = []
    for place, (participant, points, correct) in enumerate(rows, start=1):
        tied = standings and standings[-1].points == points
        rank = standings[-1].rank if tied else place
        if rank > top:
            break
        standings.append(Standing(rank, participant, points, correct))
    return standings


def leaderboard(
    session: Session, top: int = LEADERBOARD_TOP, kept: Board | None = None
) -> list[Standing]:
    """The leaderboard of ``session`` to rank ``top``; ``kept``: its board, if read."""
    read = board(session) if kept is None else kept
    return list(read.top) if top == LEADERBOARD_TOP else ranked(read.rows, top)
