"""Pages in a real browser: rule pages and their table of contents, a phone-width layout
without sideways scrolling, the skip link, and the site's own stylesheet and script."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.conf import settings
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

LANGUAGES = [code for code, _ in settings.LANGUAGES]
PHONE_WIDTH = 360


def stylesheet_applied(page: Page) -> bool:
    """site.css hides the skip link off-screen until it is focused."""
    return page.locator(".skip-link").evaluate("a => getComputedStyle(a).position") == "absolute"


# --- 6. Rule pages and their table of contents --------------------------------------------


@pytest.mark.parametrize(
    "path", ["/en/rules/texas-holdem/", "/ja/rules/teen-patti-20-20/"], ids=["en-holdem", "ja-tp"]
)
def test_rule_page_shows_a_working_table_of_contents(
    tab: Page, site: Callable[[str], str], path: str
) -> None:
    response = tab.goto(site(path))
    assert response is not None and response.status == 200
    assert tab.locator("html").get_attribute("lang") == path.split("/")[1]
    # Rendered twice (folded for phones, open for wide screens); CSS shows one.
    toc = tab.locator("nav.toc").locator("visible=true")
    assert toc.is_visible()
    links = toc.locator("a")
    assert links.count() >= 5
    anchors = links.evaluate_all("links => links.map(a => a.hash.slice(1))")
    missing = tab.evaluate(
        "ids => ids.filter(id => !document.querySelector('article.doc').querySelector("
        "'#' + CSS.escape(id)))",
        anchors,
    )
    assert missing == [], f"table of contents entries with no heading: {missing}"
    # Following the last entry brings its section into view.
    links.last.click()
    tab.wait_for_url(f"**#{anchors[-1]}")
    # Waits (up to 5 s) rather than reads once: the scroll lands a frame after the URL.
    tab.wait_for_function(
        "id => { const r = document.getElementById(id).getBoundingClientRect();"
        " return r.top >= -1 && r.top < window.innerHeight; }",
        arg=anchors[-1],
        timeout=5000,
    )


PHONE_PAGES = {
    "home": "/{lang}/",
    "drill": "/{lang}/drills/holdem-showdown/?level=hard&seed=5",
    "side-pots": "/{lang}/drills/side-pots/?level=hard&seed=5",  # a wide table
    "rules": "/{lang}/rules/texas-holdem/",
}


def overflow(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def wide_elements(page: Page) -> list[str]:
    """What sticks out to the right (for the failure message), tables' own scrollers aside."""
    return page.evaluate(
        """width => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > width + 1 && !e.closest('.table-scroll'))
        .slice(0, 5).map(e => e.tagName.toLowerCase() + '.' + e.className + ' '
            + Math.round(e.getBoundingClientRect().right))""",
        PHONE_WIDTH,
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list(PHONE_PAGES))
def test_no_sideways_scrolling_at_phone_width(
    new_tab: Callable[..., Page], site: Callable[[str], str], name: str, lang: str
) -> None:
    page = new_tab(width=PHONE_WIDTH, height=740)
    response = page.goto(site(PHONE_PAGES[name].format(lang=lang)))
    assert response is not None and response.status == 200
    assert stylesheet_applied(page), "site.css is not applied: an unstyled page proves nothing"
    assert overflow(page) <= PHONE_WIDTH + 1, wide_elements(page)


def test_no_sideways_scrolling_at_phone_width_after_answering(
    new_tab: Callable[..., Page], site: Callable[[str], str]
) -> None:
    """The feedback (cards, best five, explanation) fits too."""
    page = new_tab(width=PHONE_WIDTH, height=740)
    page.goto(site("/en/drills/holdem-showdown/?level=hard&seed=5"))
    page.locator("form.answer-form input[name=winners]").first.check()
    page.locator("form.answer-form button[type=submit]").click()
    page.locator("#feedback .feedback__verdict").wait_for()
    assert stylesheet_applied(page), "site.css is not applied: an unstyled page proves nothing"
    assert overflow(page) <= PHONE_WIDTH + 1, wide_elements(page)


# --- 7. Keyboard: the skip link -------------------------------------------------------------


def test_skip_link_is_the_first_tab_stop_and_moves_focus_to_main(
    tab: Page, site: Callable[[str], str]
) -> None:
    tab.goto(site("/en/drills/holdem-showdown/?level=easy&seed=5"))
    tab.keyboard.press("Tab")
    first = tab.evaluate(
        "() => ({cls: document.activeElement.className, href: document.activeElement.getAttribute('href')})"
    )
    assert first == {"cls": "skip-link", "href": "#main"}
    tab.keyboard.press("Enter")
    tab.wait_for_url("**#main")
    assert tab.evaluate("document.activeElement.id") == "main"
    # The next Tab continues inside the main content, not back in the header.
    tab.keyboard.press("Tab")
    assert tab.evaluate("!!document.activeElement.closest('#main')")


# --- The site's own stylesheet and script ---------------------------------------------------


@pytest.mark.parametrize("path", ["/en/", "/en/drills/holdem-showdown/?level=easy&seed=5"])
def test_page_loads_its_stylesheets_and_scripts(
    tab: Page, site: Callable[[str], str], path: str
) -> None:
    failed: list[str] = []
    tab.on(
        "response",
        lambda r: (
            failed.append(f"{r.status} {r.url}")
            if r.request.resource_type in ("stylesheet", "script") and r.status >= 400
            else None
        ),
    )
    tab.goto(site(path))
    tab.wait_for_load_state("load")
    assert failed == []
    assert stylesheet_applied(tab)
