"""Where each seat, bet and the middle of the poker table go: pure geometry, no Django.

The table is drawn by the server as HTML and CSS. The site's Content Security Policy
forbids inline ``style=`` attributes, so positions cannot be written into the markup;
instead every (seat count, position) pair gets a class, and this module writes the CSS
rules for those classes (the generated block of ``tutor/static/tutor/table.css``). A test
fails when that block is out of step with :func:`css`; ``python -m tutor.table.layout``
rewrites it.

Positions are percentages of the table's box. Position 0 is the learner's seat (or seat
0 for a spectator), at the bottom centre; positions go on clockwise, which on the screen
is to the learner's left, up the left side, across the top and down the right side.
Seats are spread evenly by distance along the oval (not by angle, which would crowd the
ends of a long oval); the learner's seat gets a wider share because it shows large cards.

Two shapes: ``wide`` for a table box at least :data:`WIDE_FROM` wide, ``tall`` (an
upright oval with smaller seats) below that, down to a phone's 18 rem. The choice is a
container query, so the table fits whatever column it is placed in.

>>> [(p.x, p.y) for p in seat_points(2, WIDE)]
[(50.0, 88.0), (50.0, 12.0)]
>>> len(seat_points(10, TALL)), seat_points(10, TALL)[0]
(10, Point(x=50.0, y=90.0))
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = [
    "MAX_SEATS",
    "MIN_SEATS",
    "SHAPES",
    "TALL",
    "WIDE",
    "WIDE_FROM",
    "Box",
    "Point",
    "Shape",
    "Size",
    "bet_points",
    "boxes",
    "css",
    "seat_points",
]

MIN_SEATS, MAX_SEATS = 2, 10
#: Container width (rem) from which the wide shape is used.
WIDE_FROM = 40.0
REM = 16.0  # px per rem, for the overlap checks
GAP = 4.0  # px between a seat and its bet
_SAMPLES = 2048


@dataclass(frozen=True, slots=True)
class Point:
    """A centre in percent of the table box's width (``x``) and height (``y``)."""

    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Size:
    """A box's width and height in rem."""

    width: float
    height: float


@dataclass(frozen=True, slots=True)
class Shape:
    """One layout of the table: the box's proportions, the oval seats sit on and the sizes
    of what is drawn (the CSS takes the sizes from here too, so the checks measure what
    the browser draws)."""

    name: str
    aspect: float  # height / width of the table box
    rx: float  # the seats' oval: half-width, % of the box width
    ry: float  # half-height, % of the box height
    you_share: float  # the learner's seat's share of the oval, other seats having 1
    squareness: float  # 2: seats on an ellipse; more: on a rounded rectangle (more room)
    seat: Size
    you: Size
    bet_box: Size
    middle: Size  # the board and the pots
    min_width: float  # the narrowest box (rem) this shape serves


WIDE = Shape(
    name="wide",
    aspect=0.7,
    rx=40.0,
    ry=38.0,
    you_share=1.6,
    squareness=2.0,
    seat=Size(7.75, 3.75),
    you=Size(7.5, 6.5),
    bet_box=Size(4.5, 1.4),
    middle=Size(12.5, 5.5),
    min_width=WIDE_FROM,
)
TALL = Shape(
    name="tall",
    aspect=1.6,
    rx=39.0,
    ry=40.0,
    you_share=1.3,
    squareness=4.0,
    seat=Size(4.0, 4.5),
    you=Size(6.5, 5.75),
    bet_box=Size(3.25, 1.25),
    middle=Size(9.0, 4.25),
    min_width=18.5,
)
SHAPES = (WIDE, TALL)


@cache
def _arc(shape: Shape) -> tuple[float, ...]:
    """Cumulative length along the oval (in a box ``aspect`` high per 1 wide), sampled
    clockwise on the screen from the bottom centre; the last entry is the whole length."""
    out = [0.0]
    prev = _on_oval(shape, 0.0)
    for i in range(1, _SAMPLES + 1):
        here = _on_oval(shape, 2 * math.pi * i / _SAMPLES)
        out.append(out[-1] + math.hypot(here[0] - prev[0], (here[1] - prev[1]) * shape.aspect))
        prev = here
    return tuple(out)


def _on_oval(shape: Shape, angle: float) -> tuple[float, float]:
    """The oval point at ``angle`` from the bottom, clockwise on the screen (leftwards).
    With ``squareness`` above 2 the "oval" is a superellipse, fuller at the corners."""
    power = 2 / shape.squareness
    sin, cos = math.sin(angle), math.cos(angle)
    x = math.copysign(abs(sin) ** power, sin)
    y = math.copysign(abs(cos) ** power, cos)
    return 50 - shape.rx * x, 50 + shape.ry * y


def _at_length(shape: Shape, fraction: float) -> Point:
    arc = _arc(shape)
    target = fraction * arc[-1]
    lo, hi = 0, len(arc) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if arc[mid] < target:
            lo = mid + 1
        else:
            hi = mid
    x, y = _on_oval(shape, 2 * math.pi * lo / _SAMPLES)
    return Point(round(x, 2) + 0.0, round(y, 2) + 0.0)


def seat_points(n: int, shape: Shape) -> tuple[Point, ...]:
    """The centres of ``n`` seats, position 0 (the learner) first, then clockwise."""
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise ValueError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {n}")
    total = n - 1 + shape.you_share
    fractions = [0.0] + [(shape.you_share / 2 + k - 0.5) / total for k in range(1, n)]
    return tuple(_seat_point(shape, f) for f in fractions)


def _seat_point(shape: Shape, fraction: float) -> Point:
    """The point ``fraction`` of the way round; the right half mirrors the left exactly."""
    if fraction <= 0:
        return Point(50.0, round(50 + shape.ry, 2))
    if abs(fraction - 0.5) < 1e-9:
        return Point(50.0, round(50 - shape.ry, 2))
    if fraction > 0.5:
        left = _at_length(shape, 1 - fraction)
        return Point(round(100 - left.x, 2), left.y)
    return _at_length(shape, fraction)


def bet_points(n: int, shape: Shape) -> tuple[Point, ...]:
    """Where each seat's bet sits: just in front of the seat, towards the middle.

    Straight towards the middle when that is clear; else straight up or down (a seat
    at the side of a crowded table), else towards a point above or below the middle,
    else sideways. Checked at the narrowest width the
    shape serves; wider tables only have more room."""
    width = shape.min_width * REM
    height = width * shape.aspect
    taken = [_box("middle", Point(50.0, 50.0), shape.middle, width, height)]
    seats = seat_points(n, shape)
    taken += [_box("seat", p, _seat_size(shape, k), width, height) for k, p in enumerate(seats)]
    out: dict[int, Point] = {}
    for k in range(n // 2 + 1):  # the left half; the right half is its mirror image
        point, mirror = seats[k], (n - k) % n
        dx, dy = (50 - point.x) * width / 100, (50 - point.y) * height / 100
        candidates = [
            (dx, dy),  # towards the middle
            (0.0, math.copysign(1.0, dy)),  # straight up or down
            *(((50 - point.x) * width / 100, (y - point.y) * height / 100) for y in (25, 75)),
            (math.copysign(1.0, dx), 0.0),  # sideways
        ]
        options = [_bet_at(shape, k, point, d, width, height) for d in candidates]
        pairs = [(p, Point(round(100 - p.x, 2), p.y)) for p in options]
        clear = [pair for pair in pairs if _fits(pair, mirror != k, taken, shape, width, height)]
        chosen, mirrored = (clear or pairs)[0]
        out[k] = chosen
        taken.append(_bet_box(shape, chosen, width, height))
        if mirror != k:
            out[mirror] = mirrored
            taken.append(_bet_box(shape, mirrored, width, height))
    return tuple(out[k] for k in range(n))


def _fits(
    pair: tuple[Point, Point],
    both: bool,
    taken: list[Box],
    shape: Shape,
    width: float,
    height: float,
) -> bool:
    """Whether a bet (and its mirror image, with ``both``) overlaps nothing placed yet."""
    boxes = [_bet_box(shape, p, width, height) for p in (pair if both else pair[:1])]
    if both and boxes[0].overlaps(boxes[1]):
        return False
    return not any(b.overlaps(t) for b in boxes for t in taken)


def _seat_size(shape: Shape, k: int) -> Size:
    return shape.you if k == 0 else shape.seat


def _bet_box(shape: Shape, point: Point, width: float, height: float) -> Box:
    return _box("bet", point, shape.bet_box, width, height)


def _bet_at(
    shape: Shape, k: int, seat: Point, direction: tuple[float, float], width: float, height: float
) -> Point:
    """The bet just clear of seat ``k`` (with a small gap), in ``direction`` (px)."""
    length = math.hypot(*direction) or 1.0
    ux, uy = direction[0] / length, direction[1] / length
    size = _seat_size(shape, k)
    half_w = (size.width + shape.bet_box.width) / 2 * REM + GAP
    half_h = (size.height + shape.bet_box.height) / 2 * REM + GAP
    t = min(half_w / abs(ux) if abs(ux) > 1e-9 else math.inf,
            half_h / abs(uy) if abs(uy) > 1e-9 else math.inf)  # fmt: skip
    x = seat.x + ux * t / width * 100
    y = seat.y + uy * t / height * 100
    return Point(round(x, 2) + 0.0, round(y, 2) + 0.0)


@dataclass(frozen=True, slots=True)
class Box:
    """A drawn box in px, for the overlap checks."""

    name: str
    left: float
    top: float
    right: float
    bottom: float

    def overlaps(self, other: Box) -> bool:
        return (
            self.left < other.right
            and other.left < self.right
            and self.top < other.bottom
            and other.top < self.bottom
        )


def _box(name: str, centre: Point, size: Size, width: float, height: float) -> Box:
    cx, cy = centre.x / 100 * width, centre.y / 100 * height
    w, h = size.width * REM, size.height * REM
    return Box(name, cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def boxes(n: int, shape: Shape, width_rem: float | None = None) -> list[Box]:
    """Every drawn box of an ``n``-seat table ``width_rem`` wide (default: the narrowest
    the shape serves), in px: the seats, their bets and the middle."""
    width = (width_rem or shape.min_width) * REM
    height = width * shape.aspect
    out = [_box("middle", Point(50.0, 50.0), shape.middle, width, height)]
    for k, point in enumerate(seat_points(n, shape)):
        out.append(_box(f"seat{k}", point, _seat_size(shape, k), width, height))
    for k, point in enumerate(bet_points(n, shape)):
        out.append(_box(f"bet{k}", point, shape.bet_box, width, height))
    return out


def _rules(shape: Shape) -> list[str]:
    lines = [
        f".poker-table__stage {{ aspect-ratio: 1 / {shape.aspect}; }}",
        f".poker-table__seat {{ width: {shape.seat.width}rem; height: {shape.seat.height}rem; }}",
        f".poker-table__seat--you {{ width: {shape.you.width}rem; height: {shape.you.height}rem; }}",
        f".poker-table__bet {{ width: {shape.bet_box.width}rem; height: {shape.bet_box.height}rem; }}",
        f".poker-table__middle {{ width: {shape.middle.width}rem; min-height: {shape.middle.height}rem; }}",
    ]
    for n in range(MIN_SEATS, MAX_SEATS + 1):
        seats, bets = seat_points(n, shape), bet_points(n, shape)
        for k in range(n):
            base = f".poker-table--n{n} .poker-table__"
            lines.append(f"{base}seat--p{k} {{ left: {seats[k].x}%; top: {seats[k].y}%; }}")
            lines.append(f"{base}bet--p{k} {{ left: {bets[k].x}%; top: {bets[k].y}%; }}")
    return lines


BEGIN = "/* BEGIN generated by `python -m tutor.table.layout`: do not edit by hand. */"
END = "/* END generated */"


def css() -> str:
    """The generated block of table.css: sizes and positions for both shapes."""
    wide = "\n".join(_rules(WIDE))
    tall = "\n".join("  " + line for line in _rules(TALL))
    query = f"@container poker-table (max-width: {WIDE_FROM - 0.01}rem) {{\n{tall}\n}}"
    return f"{BEGIN}\n{wide}\n{query}\n{END}"


STYLESHEET = Path(__file__).resolve().parent.parent / "static" / "tutor" / "table.css"


def rewrite(path: Path = STYLESHEET) -> bool:
    """Put :func:`css` between the markers of ``path`` (appended when missing); whether
    the file changed."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    block = css()
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        new = head + block + rest.split(END, 1)[1]
    else:
        new = text.rstrip("\n") + ("\n\n" if text else "") + block + "\n"
    if new == text:
        return False
    path.write_text(new, encoding="utf-8")
    return True


if __name__ == "__main__":  # pragma: no cover
    changed = rewrite()
    sys.stdout.write(f"{STYLESHEET}: {'rewritten' if changed else 'already up to date'}\n")
