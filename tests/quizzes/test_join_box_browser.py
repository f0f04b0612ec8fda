"""The join box shows a whole class code (ten characters) on a phone, in every language
(issue 25, item 9: at 390 px it cut the sixth)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from tests.conftest import LANGUAGES

pytestmark = pytest.mark.browser
CODES = ["WMWMWMWMWM", "WMWM-WMWM-WM"]  # the widest letters; as typed with dashes


@pytest.mark.parametrize("width", [360, 390])
def test_the_join_box_shows_a_whole_class_code(
    new_tab: Callable[..., Page], site: Callable[[str], str], width: int
) -> None:
    page = new_tab(width=width, height=740)
    for language in LANGUAGES:
        page.goto(site(f"/{language}/join/"))
        box = page.locator("#id_code")
        for code in CODES:
            box.fill(code)
            box.press("End")
            shown = box.evaluate(
                "b => ({scroll: b.scrollWidth, client: b.clientWidth,"
                " right: b.getBoundingClientRect().right, page: document.documentElement.clientWidth})"
            )
            assert shown["scroll"] <= shown["client"], (language, code, shown)
            assert shown["right"] <= shown["page"], (language, code, shown)
