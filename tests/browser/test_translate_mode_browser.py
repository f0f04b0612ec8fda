"""The translators' in-context mode in a real browser, JavaScript off: moving to a segment
with the Tab key shows its catalog file and msgid in a panel, and the page keeps its
width at 360 and 1280 px. The screenshots go to ``$SHOTS_DIR`` when it is set (else none
are taken: no check reads them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils.html import escape

from tutor.drills.registry import DRILLS

from .test_layout_shots import shots_folder

if TYPE_CHECKING:
    from playwright._impl._api_structures import SetCookieParam
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

FOCUSED_IN_MAIN = "document.activeElement.matches('main .tr-seg')"
PANEL = "getComputedStyle(document.activeElement, '::after')"
SLUG = next(iter(DRILLS))


def staff_cookies(url: str) -> list[SetCookieParam]:
    user = get_user_model().objects.create_user("editor", password="x", is_staff=True)
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    return [{"name": cookie.key, "value": cookie.value, "url": url}]


def tab_to_a_segment(page: Page) -> None:
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_IN_MAIN):
            return
    raise AssertionError("no segment in <main> took the keyboard focus")


@pytest.mark.parametrize("language", ["ja", "hi"])
def test_a_segment_reached_by_keyboard_shows_its_msgid(
    new_tab: Callable[..., Page],
    site: Callable[[str], str],
    language: str,
) -> None:
    shots = shots_folder()
    cookies = staff_cookies(site("/"))
    for width, height in ((360, 740), (1280, 800)):
        page = new_tab(java_script_enabled=False, width=width, height=height)
        page.context.add_cookies(cookies)
        page.goto(site(f"/{language}/drills/{SLUG}/?level=easy&seed=1&translate=1"))
        assert page.locator(".tr-banner").is_visible()
        assert page.evaluate(f"{PANEL}.content") == "none"  # nothing before focus
        tab_to_a_segment(page)
        msgid = page.evaluate("document.activeElement.dataset.msgid")
        shown = page.evaluate(f"{PANEL}.content")
        assert msgid and escape(msgid)[:20].replace("&#x27;", "'") in shown.replace('\\"', '"')
        assert f"locale/{language}/LC_MESSAGES/" in shown
        assert page.evaluate(f"{PANEL}.position") == "fixed"
        if shots is not None:
            page.screenshot(path=str(shots / f"translate-mode-{language}-{width}.png"))
        overflow = "document.documentElement.scrollWidth > document.documentElement.clientWidth"
        assert not page.evaluate(overflow)
        page.context.close()
