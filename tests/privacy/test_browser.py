"""In a real Chromium: an anonymous visitor of the home page gets no time-zone cookie;
the progress page, which shows dates, sets it (``site.js``)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def zone_cookies(page: Any) -> list[dict[str, Any]]:
    return [c for c in page.context.cookies() if c["name"] == "browser_zone"]


def test_the_time_zone_cookie_only_where_a_page_needs_it(tab: Any, site: Any) -> None:
    tab.goto(site("/en/"))
    tab.goto(site("/en/rules/"))
    assert zone_cookies(tab) == []
    tab.goto(site("/en/learn/progress/"))
    assert [c["value"] for c in zone_cookies(tab)] != []
    assert tab.problems == []
