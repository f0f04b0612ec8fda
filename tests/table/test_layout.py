"""The table's geometry: every seat count fits, nothing overlaps, the learner sits at the
bottom, and table.css holds exactly the rules the layout function writes."""

from __future__ import annotations

import itertools

import pytest

from tutor.table import layout
from tutor.table.layout import MAX_SEATS, MIN_SEATS, SHAPES, Shape

COUNTS = range(MIN_SEATS, MAX_SEATS + 1)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
@pytest.mark.parametrize("n", COUNTS)
def test_layout_boxes_stay_inside_the_table(shape: Shape, n: int) -> None:
    width = shape.min_width * layout.REM
    height = width * shape.aspect
    for box in layout.boxes(n, shape):
        assert box.left >= 0 and box.top >= 0, box
        assert box.right <= width and box.bottom <= height, box


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
@pytest.mark.parametrize("n", COUNTS)
def test_layout_no_two_boxes_overlap(shape: Shape, n: int) -> None:
    found = [
        (a.name, b.name)
        for a, b in itertools.combinations(layout.boxes(n, shape), 2)
        if a.overlaps(b)
    ]
    assert not found


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
@pytest.mark.parametrize("n", COUNTS)
def test_layout_learner_at_the_bottom_centre(shape: Shape, n: int) -> None:
    seats = layout.seat_points(n, shape)
    assert seats[0].x == 50
    assert seats[0].y == max(p.y for p in seats)
    assert len(set(seats)) == n


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_layout_goes_clockwise_from_the_learners_left(shape: Shape) -> None:
    seats = layout.seat_points(6, shape)
    assert seats[1].x < 50 and seats[5].x > 50  # the next seat is on the learner's left
    assert seats[3].x == 50 and seats[3].y == min(p.y for p in seats)  # opposite


def test_layout_refuses_impossible_tables() -> None:
    with pytest.raises(ValueError):
        layout.seat_points(11, layout.WIDE)
    with pytest.raises(ValueError):
        layout.seat_points(1, layout.TALL)


def test_layout_boxes_detect_an_overlap() -> None:
    a = layout.Box("a", 0, 0, 10, 10)
    assert a.overlaps(layout.Box("b", 9, 9, 20, 20))
    assert not a.overlaps(layout.Box("c", 10, 0, 20, 10))


def test_table_css_is_in_step_with_the_layout() -> None:
    text = layout.STYLESHEET.read_text(encoding="utf-8")
    assert layout.css() in text, "run `python -m tutor.table.layout` to rewrite table.css"


def test_rewrite_puts_the_block_between_the_markers(tmp_path) -> None:
    sheet = tmp_path / "table.css"
    sheet.write_text(f"a {{}}\n{layout.BEGIN}\nold\n{layout.END}\nb {{}}\n", encoding="utf-8")
    assert layout.rewrite(sheet)
    text = sheet.read_text(encoding="utf-8")
    assert "old" not in text and layout.css() in text and text.endswith("b {}\n")
    assert not layout.rewrite(sheet)
