"""The visual system (issue 15, item 6) in a real browser: one content grid shared by the
header and every page, drills whose question stays put when the feedback appears, a
favicon, and print styles without the site's chrome.

The browser fixtures are those of ``tests/browser/plugin.py`` (Debian's Chromium through
Playwright; skipped when Chromium is missing)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

Site = Callable[[str], str]
NewTab = Callable[..., Page]
SIZES = [(1280, 800), (360, 740)]
SIZE_IDS = ["desktop", "phone"]

# A sample of page types, each with the first panel of its content: the site name, the
# h1 and that panel must start at one x (within a pixel).
GRID_PAGES = {
    "home": ("/en/", ".tile"),
    "drills": ("/en/drills/", ".tiles"),
    "drill": ("/ja/drills/name-the-hand/?level=easy&seed=5", ".question"),
    "play": ("/en/drills/play-holdem/", "main section"),
    "rules": ("/hi/rules/", "main h1"),
    "rule-page": ("/en/rules/texas-holdem/", ".toc"),
    "join": ("/en/join/", "main form"),
    "login": ("/ja/accounts/login/", "main form"),
}


def left(page: Page, selector: str) -> float:
    """The left edge of the first element matching ``selector`` that is shown (a page may
    hold one variant for phones and one for desktops)."""
    value = page.evaluate(
        "s => { const e = [...document.querySelectorAll(s)].find(e => e.getClientRects().length);"
        " return e ? e.getBoundingClientRect().left : null; }",
        selector,
    )
    assert value is not None, f"nothing matches {selector} on {page.url}"
    return float(value)


@pytest.mark.browser
@pytest.mark.parametrize(("width", "height"), SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("name", GRID_PAGES)
def test_grid_header_title_and_first_panel_share_one_left_edge(
    new_tab: NewTab,
    site: Site,
    name: str,
    width: int,
    height: int,
) -> None:
    path, panel = GRID_PAGES[name]
    page = new_tab(width=width, height=height)
    response = page.goto(site(path))
    assert response is not None and response.status == 200
    edge = left(page, ".site-name")
    edges = {"panel " + panel: left(page, panel)}
    # Beside the rule page's contents sidebar the title starts its own column.
    if not (name == "rule-page" and width > 1000):
        edges["main h1"] = left(page, "main h1")
    if page.locator("main .breadcrumb").count():
        edges["breadcrumb"] = left(page, "main .breadcrumb")
    off = {what: x for what, x in edges.items() if abs(x - edge) > 1}
    assert off == {}, f"{name} at {width}px: site name at {edge}, but {off}"
    assert page.evaluate("document.documentElement.scrollWidth") <= width


# The columns of a drill: where the question and the progress panel stand and how wide
# they are. The progress may move down (the feedback appears above it), never sideways.
COLUMNS = (
    "() => ['.question', '.progress'].map(s => { const r = document.querySelector("
    "'.drill-layout > ' + s).getBoundingClientRect(); return [Math.round(r.left), "
    "Math.round(r.width)]; })"
)


@pytest.mark.browser
@pytest.mark.parametrize(("width", "height"), SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("slug", ["name-the-hand", "holdem-showdown"])
def test_feedback_appears_without_moving_the_question(
    new_tab: NewTab,
    site: Site,
    slug: str,
    width: int,
    height: int,
) -> None:
    page = new_tab(width=width, height=height)
    page.goto(site(f"/en/drills/{slug}/?level=easy&seed=3"))
    before = page.evaluate(COLUMNS)
    page.locator("form.answer-form :is(input[type=radio], input[type=checkbox])").first.check()
    page.locator("form.answer-form button[type=submit]").click()
    expect(page.locator("#feedback .feedback__verdict")).to_have_count(1)
    after = page.evaluate(COLUMNS)
    assert after == before, (
        f"(x, width) of question, progress: {before} became {after} at {width}px"
    )


def test_favicon_is_linked_and_served(client: Client) -> None:
    page = client.get("/en/").content.decode()
    for name in ("favicon.svg", "favicon-32.png", "apple-touch-icon.png"):
        assert f"/static/tutor/{name}" in page, name
        served = client.get(f"/static/tutor/{name}")
        assert served.status_code == 200, name
        assert served["Content-Type"].startswith("image/"), name
        b"".join(served.streaming_content)  # type: ignore[attr-defined]
    legacy = client.get("/favicon.ico")
    assert legacy.status_code == 302
    assert legacy["Location"].endswith("tutor/favicon-32.png")


@pytest.mark.browser
def test_print_styles_hide_the_chrome_and_keep_the_rules(
    new_tab: NewTab,
    site: Site,
) -> None:
    page = new_tab()
    page.goto(site("/en/rules/texas-holdem/"))
    chrome = [".site-nav", ".language-switcher", ".toc", ".site-footer"]
    shown = "s => [...document.querySelectorAll(s)].some(e => e.getClientRects().length)"
    for selector in chrome:
        assert page.evaluate(shown, selector), f"{selector} not shown on screen"
    page.emulate_media(media="print")
    for selector in chrome:
        assert not page.evaluate(shown, selector), f"{selector} printed"
    expect(page.locator("article.doc h1")).to_be_visible()
    # The article takes the paper's width once the sidebar is gone.
    assert left(page, "article.doc") <= left(page, "main") + 1
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and len(pdf) > 10_000
