"""The replayer on a phone and a desktop: the step, the table and what happened at that
step are on one screen, and the steps' links stay in reach (and the keys step too)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

IN_VIEW = """() => {
  const box = (el) => el.getBoundingClientRect();
  const title = box(document.getElementById('step-title'));
  const line = box(document.querySelector('.replay__story li'));
  const nav = box(document.querySelector('.replay__nav'));
  return {title: title.top, line: line.bottom, navTop: nav.top, navBottom: nav.bottom,
          height: window.innerHeight};
}"""


@pytest.mark.parametrize(("width", "height"), [(360, 740), (1280, 800)])
def test_a_step_and_what_happened_share_one_screen(
    new_tab: Callable[..., Page], site: Callable[[str], str], width: int, height: int
) -> None:
    page = new_tab(width=width, height=height)
    page.goto(site("/en/drills/replay-hand/?example=side_pot"))
    for _ in range(3):
        title = page.locator("#step-title").inner_text()
        page.keyboard.press("ArrowRight")
        expect(page.locator("#step-title")).not_to_have_text(title)
    page.evaluate("document.getElementById('step-title').scrollIntoView({block: 'start'})")
    seen = page.evaluate(IN_VIEW)
    # What happened ends on the screen, above the steps' links, which are on it too.
    assert seen["line"] <= seen["height"] and seen["navBottom"] <= seen["height"], seen
    if width < 960:
        assert seen["line"] <= seen["navTop"], seen
    page.locator(".replay__nav a[rel=next]").click()
    expect(page.locator("#step-title")).to_contain_text("4")
    assert page.problems == []  # type: ignore[attr-defined]
