"""ASGI entry point: the live quiz's event streams (``quizzes/stream_views.py``) under
uvicorn; ``make serve`` routes ``/<language>/play/<code>/events/`` here and every other
request to gunicorn (``tutor/wsgi.py``), docs/deploying.md says why. Django's ASGI handler
with the middleware and the view run in one worker thread (``tutor/core/one_hop.py``)."""

import os

import django

from tutor.core.one_hop import OneHopASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
django.setup(set_prefix=False)

application = OneHopASGIHandler()
