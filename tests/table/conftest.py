"""The browser fixtures of ``tests/browser`` (Debian's Chromium, the live server), for the
table's browser check."""

from tests.browser.conftest import chromium, live_server, new_tab, site

__all__ = ["chromium", "live_server", "new_tab", "site"]
