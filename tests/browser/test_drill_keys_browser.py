"""The drill keys in a real browser at 360 px: 2 picks the second choice, Enter answers,
N goes to the next question, and focus lands on the verdict, then on the new question's
heading. Without JavaScript the keys' hint stays hidden and a question's link, opened
again after answering, shows the answer without counting it twice."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

Site = Callable[[str], str]
DRILL = "/en/drills/teenpatti-showdown/?level=easy&seed=7"
ANSWERED = ".progress__stats div:first-child dd"


def test_keys_answer_and_move_on_at_360_px(new_tab: Callable[..., Page], site: Site) -> None:
    page = new_tab(width=360, height=740)
    page.goto(site(DRILL))
    expect(page.locator("[data-keys-hint]")).to_be_visible()
    second = page.locator("form.answer-form input[name=result]").nth(1)
    expect(second).to_have_attribute("aria-keyshortcuts", "2")
    page.keyboard.press("2")
    expect(second).to_be_checked()
    expect(second).to_be_focused()
    with page.expect_response(lambda r: r.request.method == "POST") as posted:
        page.keyboard.press("Enter")
    assert posted.value.request.headers.get("hx-request") == "true"
    verdict = page.locator("#feedback .feedback__verdict")
    expect(verdict).to_be_focused()
    expect(page.locator("#feedback")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#feedback a[data-next]")).to_have_attribute("aria-keyshortcuts", "N")
    with page.expect_navigation():
        page.keyboard.press("n")
    assert page.url.endswith("#question-title")
    expect(page.locator("#feedback .feedback__verdict")).to_have_count(0)
    expect(page.locator("#question-title")).to_be_focused()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # Script errors and refusals only (a missing favicon is no concern here).
    problems = page.problems  # type: ignore[attr-defined]
    assert [p for p in problems if p.startswith("uncaught") or "Refused to" in p] == []


def test_keys_leave_typing_alone(new_tab: Callable[..., Page], site: Site) -> None:
    page = new_tab(width=360, height=740)
    page.goto(site("/en/drills/betting/?level=easy&seed=3"))
    field = page.locator("#min_to")
    field.click()
    page.keyboard.type("12")
    expect(field).to_have_value("12")
    expect(page.locator("form.answer-form input[name=next]:checked")).to_have_count(0)
    page.keyboard.press("Control+1")
    expect(page.locator("form.answer-form input[name=next]:checked")).to_have_count(0)


def test_without_javascript_the_link_shows_the_answer_once(
    new_tab: Callable[..., Page], site: Site
) -> None:
    page = new_tab(java_script_enabled=False, width=360, height=740)
    page.goto(site(DRILL))
    expect(page.locator("[data-keys-hint]")).to_be_hidden()
    page.locator("form.answer-form input[name=result][value=tie]").check()
    with page.expect_navigation():
        page.locator("form.answer-form button[type=submit]").click()
    expect(page.locator(ANSWERED)).to_have_text("1")
    page.goto(site(page.locator(".permalink a").first.get_attribute("href") or ""))
    expect(page.locator("#feedback .feedback__verdict")).to_have_text(
        re.compile("Correct|Not quite")
    )
    expect(page.locator("input[name=result][value=tie]")).to_be_checked()
    expect(page.locator("#feedback")).to_contain_text("not counted a second time")
    expect(page.locator(ANSWERED)).to_have_text("1")
    with page.expect_navigation():
        page.locator("form.answer-form button[type=submit]").click()
    expect(page.locator(ANSWERED)).to_have_text("1")
