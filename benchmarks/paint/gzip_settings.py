"""The benchmark's settings plus Django's ``GZipMiddleware`` on every reply, for
``python -m benchmarks.paint --gzip-html`` only: what compressing the HTML would change on a
slow network, measured before anyone decides to (the site's own settings do not compress
HTML; whitenoise compresses only the static files)."""

from benchmarks.bench_settings import *  # noqa: F403
from benchmarks.bench_settings import MIDDLEWARE as SITE_MIDDLEWARE

# First in the list, so the last to see the reply: it compresses the finished page.
MIDDLEWARE = ["django.middleware.gzip.GZipMiddleware", *SITE_MIDDLEWARE]
