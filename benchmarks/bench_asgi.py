"""The ASGI application of the load test's event streams (``benchmarks/bench_events.py``):
the production settings and URLs of ``bench_settings`` under uvicorn. Production code never
loads this module."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchmarks.bench_settings")
application = get_asgi_application()
