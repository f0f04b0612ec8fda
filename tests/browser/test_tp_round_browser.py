"""The Teen Patti 20-20 round at its casino layout, played with the keyboard alone at phone
and desktop widths: pick a chip in the rack, press two bet spots, deal, read the result.
Nothing may stick out of the page or out of its box at either width."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from tutor.engine import tp2020

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True, scope="module")
def exact_returns() -> None:
    """Count the engine's exact returns once before the pages ask for them (the live
    server runs in this process): on a busy machine the first count outlasts a page load."""
    tp2020.return_to_player()


#: Elements of the layout that are wider than their box, and the page's own overflow.
OVERFLOW = """() => {
  const found = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth}`);
  for (const el of document.querySelectorAll('#tp-table *')) {
    const box = el.parentElement;
    if (!box || getComputedStyle(box).overflowX !== 'visible') continue;
    if (getComputedStyle(el).position === 'absolute') continue;
    const r = el.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (r.width && (r.right > b.right + 1 || r.left < b.left - 1)) {
      found.push(`${el.tagName}.${el.className} by ${Math.round(r.right - b.right)}px`);
    }
  }
  return found;
}"""


def focused_id(page: Page) -> str:
    return str(page.evaluate("document.activeElement && document.activeElement.id"))


def tab_to(page: Page, element_id: str) -> None:
    """Press Tab until ``element_id`` has the focus (a keyboard user's way there)."""
    for _ in range(60):
        if focused_id(page) == element_id:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{element_id}")


def amount(text: str) -> Decimal:
    match = re.search(r"[+\u2212-]?[\d,]+\.\d\d", text)
    assert match, f"no amount in {text!r}"
    return Decimal(match.group().replace(",", "").replace("\u2212", "-"))


@pytest.mark.parametrize(("width", "height"), [(360, 740), (1280, 800)])
def test_a_round_played_with_the_keyboard_alone(
    new_tab: Callable[..., Page], site: Callable[[str], str], width: int, height: int
) -> None:
    page = new_tab(width=width, height=height)
    page.goto(site("/en/drills/teenpatti-round/"))
    assert page.evaluate(OVERFLOW) == []
    page.locator("#tp-chip-10").focus()  # the rack: one tab stop, arrows choose
    page.keyboard.press("ArrowRight")
    expect(page.locator("#tp-chip-50")).to_be_checked()
    tab_to(page, "tp-add-player_a")
    page.keyboard.press("Enter")
    expect(page.locator("#bet-player_a")).to_have_value("50")
    expect(page.locator("#tp-announce")).to_have_text("Player A: your bet is now 50.00.")
    assert focused_id(page) == "tp-add-player_a"  # the swap keeps the keyboard's place
    tab_to(page, "tp-add-tie")
    page.keyboard.press("Space")
    expect(page.locator("#tp-add-tie")).to_have_accessible_name("Tie, pays 50 to 1, your bet 50.00")
    tab_to(page, "tp-deal")
    page.keyboard.press("Enter")
    result = page.locator("#feedback h2")
    expect(result).to_contain_text("Round 1:")
    expect(result).to_be_focused()
    net = amount(page.locator("#feedback .tp-result__net").inner_text())
    expect(page.locator("#tp-announce")).to_contain_text("Round 1:")
    assert amount(page.locator(".balance strong").inner_text()) == 1000 + net
    assert page.locator("#feedback tbody tr").count() == 2
    assert page.evaluate(OVERFLOW) == []
    assert page.problems == []  # type: ignore[attr-defined]


def test_enter_in_a_typed_bet_updates_it_and_never_deals(
    new_tab: Callable[..., Page], site: Callable[[str], str]
) -> None:
    page = new_tab(width=360, height=740)
    page.goto(site("/en/drills/teenpatti-round/"))
    page.locator("#bet-pair_plus_b").fill("0.01")
    page.keyboard.press("Enter")
    expect(page.locator("#tp-err-pair_plus_b")).to_contain_text("whole chips")
    page.locator("#bet-pair_plus_b").fill("30")
    page.keyboard.press("Enter")
    expect(page.locator("#tp-add-pair_plus_b")).to_contain_text("30.00")
    expect(page.locator("#feedback h2")).to_have_count(0)
    assert page.evaluate(OVERFLOW) == []
