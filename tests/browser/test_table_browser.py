"""The table in a real browser at a phone's and a desktop's width: 2, 6 and 10 seats,
mid-hand and at a side-pot showdown. Seats, bets, cards and the middle must stay inside
the table and must not overlap; the page must not scroll sideways."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from tests.table.pages import page

pytestmark = pytest.mark.browser

MEASURE = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const stage = document.querySelector('.poker-table__stage');
  const parts = [...stage.querySelectorAll('.poker-table__seat, .poker-table__bet, .poker-table__middle')];
  const overflowing = [...stage.querySelectorAll('.poker-table__seat, .poker-table__seat *')]
    .filter(e => e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflow !== 'visible')
    .map(e => e.className);
  return {
    stage: box(stage),
    parts: parts.map(e => [e.className, box(e)]),
    cards: [...stage.querySelectorAll('.card')].map(box),
    overflowing,
    wide: document.documentElement.scrollWidth > document.documentElement.clientWidth,
  };
}"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=["phone", "desktop"])
@pytest.mark.parametrize("seats", [2, 6, 10])
@pytest.mark.parametrize("state", ["mid", "showdown"])
def test_table_fits_without_overlap(
    new_tab: Callable[..., Any], live_server: Any, size: tuple[int, int], seats: int, state: str
) -> None:
    tab = new_tab(width=size[0], height=size[1])
    tab.set_content(page(live_server.url, seats, state))
    tab.wait_for_load_state("networkidle")
    found = tab.evaluate(MEASURE)
    assert not found["wide"], "the page scrolls sideways"
    left, top, right, bottom = found["stage"]
    for name, (a, b, c, d) in found["parts"]:
        assert a >= left - 0.5 and b >= top - 0.5 and c <= right + 0.5 and d <= bottom + 0.5, name
    clashes = [
        (x[0], y[0]) for x, y in itertools.combinations(found["parts"], 2) if _overlap(x[1], y[1])
    ]
    assert not clashes
    assert not found["overflowing"], "text spills out of a seat"
    cards = found["cards"]
    assert not [(a, b) for a, b in itertools.combinations(cards, 2) if _overlap(a, b)
                and not _same_hand(a, b)]  # fmt: skip


def _same_hand(a: list[float], b: list[float]) -> bool:
    """Two face-down cards of one seat are drawn fanned, partly over each other."""
    return abs(a[1] - b[1]) < 1 and abs(a[0] - b[0]) < 24
