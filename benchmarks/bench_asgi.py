"""The ASGI application of the load test's uvicorns, which serve the site's event streams
(``tutor/quizzes/stream_views.py``) as ``tutor/asgi.py`` does, with the settings and URLs
of ``bench_settings`` (``/bare/``, to see that the server is up). Production code never
loads this module."""

import os

import django

from tutor.core.one_hop import OneHopASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchmarks.bench_settings")
django.setup(set_prefix=False)

application = OneHopASGIHandler()
