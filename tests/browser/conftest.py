"""The browser tests' fixtures live in ``tests/browser/plugin.py``, a plugin of the whole
suite (named in ``tests/conftest.py``), so that tests in other folders share one Chromium
and one live server per pytest process."""
