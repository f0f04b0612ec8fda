"""Play a hand with the keyboard alone: deal, act until the hand is over, read the review,
then open the hand from the last hands and step through it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser


def tab_to(page: Page, target: Locator, limit: int = 200) -> None:
    """Press Tab until ``target`` has the focus (a keyboard user's way there)."""
    for _ in range(limit):
        if target.evaluate("element => element === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {target}")


def press_enter(page: Page, target: Locator) -> None:
    """Tab to ``target``, press Enter and wait for the page's answer to be swapped in."""
    tab_to(page, target)
    with page.expect_response(lambda r: "/drills/play-holdem/" in r.url):
        page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling')")


@pytest.mark.parametrize(("width", "height"), [(360, 740), (1280, 800)])
def test_a_hand_played_and_reviewed_with_the_keyboard_alone(
    new_tab: Callable[..., Page], site: Callable[[str], str], width: int, height: int
) -> None:
    page = new_tab(width=width, height=height)
    page.goto(site("/en/drills/play-holdem/"))
    page.locator("#opponents").select_option("1")
    press_enter(page, page.locator("section.new-game button[type=submit]"))
    for _ in range(30):
        act = page.locator("button[name=act]:is([value=check], [value=call])")
        if act.count():
            expect(page.locator(".poker-price")).to_contain_text("Pot: ")
            press_enter(page, act.first)
        elif page.locator(".poker-review__item").count():
            break
        else:  # the hand ended before the learner's turn: deal the next one
            press_enter(page, page.locator("form:has(input[value=next]) button[type=submit]"))
    expect(page.locator("#you-title")).to_be_focused()
    expect(page.locator(".poker-review__verdict").first).not_to_be_empty()
    press_enter(page, page.locator(".poker-kept__list a").first)
    expect(page.locator("#replay-title")).to_be_focused()
    expect(page.locator("#replay-title")).to_contain_text("step 1 of")
    press_enter(page, page.locator(".poker-replay__steps a[rel=next]"))
    expect(page.locator(".poker-replay__steps a[rel=next]")).to_be_focused()
    expect(page.locator("#play-status")).to_contain_text("step 2 of")
    assert "step=1" in page.url
    # ← and → step too, away from a form field, and the status region says where.
    expect(page.locator(".poker-replay [data-keys-hint]")).to_be_visible()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#play-status")).to_contain_text("step 3 of")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#play-status")).to_contain_text("step 2 of")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-title")).to_contain_text("step 1 of")
    assert "step=0" in page.url
    assert page.problems == []  # type: ignore[attr-defined]
