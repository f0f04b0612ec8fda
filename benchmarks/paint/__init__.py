"""What a learner on a slow phone feels: first contentful paint of every page type and an
answer's round trip (click to feedback painted), with Chromium's CPU slowed and a slow-4G
network, against the site's own gunicorn. ``python -m benchmarks.paint --help``.

Modules: ``throttle`` (the profiles and the DevTools protocol calls), ``measure`` (one
visit, one answer), ``targets`` (which pages, from the browser tests' list), ``report``
(medians, the table, ``--json``), ``__main__`` (the command line and the order of things).
"""
